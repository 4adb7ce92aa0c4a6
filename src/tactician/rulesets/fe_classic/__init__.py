"""Fire Emblem Classic: rules text 002's combat on rules text 001's characters.

002 ("Fire Emblem Tabletop combat rules") is combat only: the GBA-style
formulas (its ten formula images lost, restored from FE8's battle code in
``numbers.py``), the weapon and arcane triangles, ranged combat, offensive
staves, critical failures with break checks and the 44-row terrain table by
seven unit types. It has no characters, so the characters are 001's
(``rulesets.fe_common.character``: creation, d100 growths with carried
remainders, ranks, EXP, supports), composed here (spec GC-01).

The contract (``contract_impl.FeClassicContract``) is imported on first use;
registering imports nothing of the rules. Rulings: ``options.ClassicOptions``,
listed in ``docs/rulings.md`` ("Fire Emblem Classic").
"""

from __future__ import annotations

from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import Ruleset

RULESET = Ruleset(
    id="fe-classic",
    title="Fire Emblem Classic (002 combat on 001 characters)",
    source="002_10b11cf74eb0cbda.txt",
    summary="combat 002 (GBA formulas, 44-row terrain table, staves, break checks), "
            "characters 001",
    implementation="tactician.rulesets.fe_classic.contract_impl:FeClassicContract",
    actions="tactician.rulesets.fe_classic.action_schema:ACTION_SCHEMA",
    capabilities=frozenset({
        Capability.ADVANCEMENT,
        Capability.CREATION,
        Capability.AI,
        Capability.BATTLES,
        Capability.COMPENDIUM,
        Capability.FIGHTS,
        Capability.TERRAIN_BONUSES,
    }),
)
