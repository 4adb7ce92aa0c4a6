"""Fire Emblem Tropera (rules text 000): point-buy characters, d20 growth
level-ups, feats, proficiency ranks, Attack Sequences with True Hit, enemy
tiers and critical wounds.

The contract (``contract_impl.TroperaContract``) is imported on first use;
registering the ruleset imports nothing of its rules.
"""

from __future__ import annotations

from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import Ruleset

RULESET = Ruleset(
    id="tropera",
    title="Fire Emblem Tropera",
    source="000_2214244d4b22f60c.txt",
    summary="Point-buy characters, d20 growths, feats, ranks D..S+4, True Hit",
    implementation="tactician.rulesets.tropera.contract_impl:TroperaContract",
    actions="tactician.rulesets.tropera.action_schema:ACTION_SCHEMA",
    capabilities=frozenset({
        Capability.ADVANCEMENT,
        Capability.COMPENDIUM,
        Capability.FIGHTS,
        Capability.MULTI_TARGET,
        Capability.TERRAIN_BONUSES,
        Capability.BATTLES,
        Capability.AI,
    }),
)
