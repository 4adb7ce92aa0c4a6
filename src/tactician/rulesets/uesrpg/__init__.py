"""UESRPG Wounds & Conditions (rules text 003) on the smallest UESRPG 3e v4 core it
needs: d100 tests with degrees and criticals, damage types and AR, hit
locations, wounds and shock tests, death tests, healing and 22 conditions.

Public API (see each module):

- ``character``: ``load_profile(path)``, ``build_profile(Character)``, ``Profile``
- ``state``: ``CombatState`` (frozen, hashable), ``start_state(profile)``, ``Record``
- ``turns``: ``start_of_round``, ``end_of_turn``, ``roll_initiative``
- ``wounds``: ``apply_damage``, ``first_aid``, ``treat_wound``, ``treat_bleeding``
- ``healing``: ``apply_healing``, ``long_rest``, ``days_pass``
- ``death``: ``death_test``, ``stabilise``
- ``conditions``: ``add_condition``, ``remove_condition``, ``extinguish``, ...
- ``attack``: ``plan_attack``, ``forecast``, ``resolve``
- ``options``: ``UesrpgOptions`` (the rulings)

Battles on the map (the ``battle_*`` modules; docs/rulings.md) and everything
the table layer asks go through the contract (``contract_impl.UesrpgContract``),
imported on first use: registering the ruleset imports nothing of its rules.
"""

from __future__ import annotations

from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import Ruleset

RULESET = Ruleset(
    id="uesrpg",
    title="UESRPG Wounds & Conditions",
    source="003_1bed61d1ae70171f.txt",
    summary="d100 tests, hit locations, AR by damage type, wounds, death tests, conditions",
    implementation="tactician.rulesets.uesrpg.contract_impl:UesrpgContract",
    actions="tactician.rulesets.uesrpg.action_schema:ACTION_SCHEMA",
    capabilities=frozenset({
        Capability.COMPENDIUM,
        Capability.FIGHTS,
        Capability.REACTIONS,
        Capability.HIT_LOCATIONS,
        Capability.BATTLES,
        Capability.AI,
        Capability.CARE,
    }),
)
