"""Fire Emblem Tabletop (rules text 001): the rules as a library, registered
as the ``fe-tabletop`` ruleset for characters and single fights.

Character rules (creation, d100 growths with carried remainders, weapon ranks
by use, EXP, promotion, inventory and Supply, supports, 3d6 skill checks),
combat (001's hit, dice damage, crit, doubling, counters, durability, with an
exact forecast over every damage value), terrain, fog of war and storms.

The contract (``contract_impl.FeTabletopContract``) is imported on first use;
registering the ruleset imports nothing of its rules. Battles run on the shared
Fire Emblem battle layer (``fe_common.battle``), with the enemy AI.
Rulings are options in ``options.py``, listed in ``docs/rulings.md``.
"""

from __future__ import annotations

from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import Ruleset

RULESET = Ruleset(
    id="fe-tabletop",
    title="Fire Emblem Tabletop",
    source="001_7a322c96887a0726.txt",
    summary="FE8 classes, d100 growths with carried remainders, dice damage, terrain",
    implementation="tactician.rulesets.fe_tabletop.contract_impl:FeTabletopContract",
    actions="tactician.rulesets.fe_tabletop.action_schema:ACTION_SCHEMA",
    capabilities=frozenset({
        Capability.ADVANCEMENT,
        Capability.CREATION,
        Capability.CHECKS,
        Capability.SUPPLY,
        Capability.COMPENDIUM,
        Capability.FIGHTS,
        Capability.TERRAIN_BONUSES,
        Capability.BATTLES,
        Capability.AI,
        Capability.FOG,
    }),
)
