"""Fire Emblem Tabletop (rules text 001): the rules as a library.

Character rules (creation, d100 growths with carried remainders, weapon ranks
by use, EXP, promotion, inventory and Supply, supports, 3d6 skill checks),
combat (001's hit, dice damage, crit, doubling, counters, durability, with an
exact forecast over every damage value), terrain, fog of war and storms.

Not registered as a ruleset yet: the typed ruleset contract wraps this later.
Rulings are options in ``options.py``, listed in ``docs/rulings.md``.
"""
