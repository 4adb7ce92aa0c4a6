"""Part 3 in Miridon battles: the spell actions, the damage hook (spell drain, insanity
check) on the part-2 battle state (``rulesets/miridon/battle``). The rules themselves are
the library modules (``magic/``, ``insanity_*``, ``ghost``); these files only move values
between them and a ``UnitState``."""
