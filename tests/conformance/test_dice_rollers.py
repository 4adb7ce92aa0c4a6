"""Kit: whose roll each die is (issue 25, dice authority). Every die a battle draws is
named the roll of one of its units, or of no unit (``DieDraw.roller`` None: the GM's);
an attack's dice include its attacker's own; a die whose purpose names one unit alone
is that unit's. A seat that may enter only its own units' dice gets the stream's dice
for every other die, recorded so, and the battle's chain still re-derives them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tactician.dice.source import SEEDED, EnteredDice
from tactician.engine.battle import act
from tactician.engine.chain import verify
from tactician.rulesets.contract import Capability, RulesetContract
from tests.conformance.kit import opening, start

OPENING = 40


def _units(contract: RulesetContract, state: Any) -> dict[str, str]:
    return {str(u["id"]): str(u["name"]) for u in contract.board_view(state)["units"]}


def test_every_die_is_a_units_roll_or_no_ones(contract: RulesetContract) -> None:
    steps = opening(contract, OPENING)
    battle, _, state = steps[-1]
    names = _units(contract, state)
    unique = {name: unit for unit, name in names.items()
              if list(names.values()).count(name) == 1}
    attacks = 0
    for entry in battle.log:
        rollers = [die.roller for die in entry.dice]
        assert {r for r in rollers if r is not None} <= set(names), (entry.seq, rollers)
        if entry.action.get("type") == "attack" and entry.dice:
            attacks += 1
            assert entry.action.get("unit") in rollers, (entry.seq, entry.summary, rollers)
        for die in entry.dice:
            named = [unit for name, unit in unique.items()
                     if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", die.purpose)]
            if len(named) == 1 and not any(
                    n in die.purpose for n in names.values() if n not in unique):
                assert die.roller == named[0], (entry.seq, die.purpose, die.roller)
    assert attacks, f"{contract.id}'s opening attacks no one"


def test_a_seat_enters_only_its_own_units_dice(contract: RulesetContract) -> None:
    """The opening played with the acting unit's seat entering ones for its own unit's
    dice: every other die comes from the battle's stream, marked ``seed``, and the log
    still verifies (the chain re-derives those)."""
    if not contract.has(Capability.BATTLES) or not contract.has(Capability.AI):
        pytest.skip(f"{contract.id} plays no battle")
    mixed = 0
    for example in contract.examples().battles:
        battle, rules, state = start(contract, example)
        planner = contract.planner(rules, every_side=True)
        while getattr(state, "result", "ongoing") == "ongoing" and len(battle.log) < OPENING:
            decision = planner.next(state)
            actions = [{"type": "end_phase"}] if decision is None else decision["actions"]
            for action in actions:
                actor = action.get("unit")
                dice = EnteredDice([1] * 500, "p1",
                                   lambda unit, actor=actor: unit is not None and unit == actor)
                battle, logged, state = act(battle, rules, action, dice, state)
                for die in logged.dice:
                    mine = die.roller is not None and die.roller == actor
                    assert die.by == ("p1" if mine else SEEDED), (logged.seq, die)
                mixed += len({die.by for die in logged.dice}) == 2
        verify(battle)
    assert mixed, f"{contract.id}'s opening has no action with another unit's die"
