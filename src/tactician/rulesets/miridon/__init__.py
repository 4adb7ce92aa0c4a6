"""Miridon (rules text 004): the compendium, characters and their build ledger, and
battles in action blocks (``battle/``).

The contract (``contract_impl.MiridonContract``) is imported on first use;
registering the ruleset imports nothing of its rules.
"""

from __future__ import annotations

from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import Ruleset

RULESET = Ruleset(
    id="miridon",
    title="Miridon",
    source="004_948b164a6dd986f5.txt",
    summary="Classes and dual classes, talents, 121 flairs, skill-point ledger, GM grants; "
            "battles in action blocks with the strength/speed economy and exact 2d6 odds",
    implementation="tactician.rulesets.miridon.contract_impl:MiridonContract",
    actions="tactician.rulesets.miridon.action_schema:ACTION_SCHEMA",
    capabilities=frozenset({Capability.ADVANCEMENT, Capability.CREATION, Capability.COMPENDIUM,
                            Capability.FIGHTS, Capability.REACTIONS, Capability.BATTLES,
                            Capability.AI}),
)
