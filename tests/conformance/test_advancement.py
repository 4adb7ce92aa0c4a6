"""Kit: an advancement never chooses for the player. A step that needs a choice the
request does not give (and has nobody to ask) is refused with ``NeedChoice`` naming
choices the ruleset declares (``advancement_choices``; "a|b": one of them); given the example's
``advance_choices`` the same step on the same dice advances."""

from __future__ import annotations

import pytest

from tactician.dice.source import SeededDice
from tactician.errors import NeedChoice
from tactician.rulesets.contract import AdvanceRequest, Capability, RulesetContract


def test_a_missing_choice_is_refused_by_a_declared_name(contract: RulesetContract) -> None:
    if not contract.has(Capability.ADVANCEMENT):
        pytest.skip(f"{contract.id} declares no advancement")
    declared = {c.name for c in contract.advancement_choices()}
    unit = contract.examples().units[0]
    chosen = contract.examples().advance_choices
    assert set(chosen) <= declared
    for seed in range(8):
        try:
            contract.advance(unit, AdvanceRequest(), SeededDice(seed))
        except NeedChoice as refused:
            # a name "a|b" is one of several choices
            named = {part for name in refused.names for part in name.split("|")}
            assert refused.names and named <= declared, refused.names
        assert contract.advance(unit, AdvanceRequest(chosen), SeededDice(seed)).unit
