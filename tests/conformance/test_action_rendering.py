"""Kit: every action kind a ruleset declares renders (issue 24, "Every action kind
renders"): its text and ``--json`` output, after a use on the battle's seeded dice and
after one on the table's physical dice (``--rolls``), print without error, and the
log still replays. A crash like issue 24 item 2's (an fe-tabletop attack in text mode:
``KeyError: 'target'`` after the attack was saved) is caught here for every kind.

Each ruleset gives, in ``Examples.actions``, a case per kind: a battle where it applies
(``ActionCase``); a kind the schema declares without a case fails the kit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.rulesets.contract import Capability, RulesetContract
from tactician.rulesets.registry import all_rulesets, get
from tests.conformance.kit import act_args, case_action, case_battle

runner = CliRunner()

CASES = [pytest.param(r.id, number, id=f"{r.id}-{case.kind}-{number}")
         for r in all_rulesets() if r.has(Capability.BATTLES)
         for number, case in enumerate(r.contract().examples().actions)]


def _run(*args: Any) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, (args, result.output[-2000:])
    return result.stdout


def test_every_declared_kind_has_a_case(contract: RulesetContract) -> None:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    declared = set(contract.action_schema().names())
    cased = {case.kind for case in contract.examples().actions}
    assert declared - cased == set(), f"{contract.id}: kinds without an action case"
    assert cased - declared == set(), f"{contract.id}: cases of undeclared kinds"


@pytest.mark.parametrize(("ruleset", "number"), CASES)
def test_the_kind_renders_in_text_and_json_on_seeded_and_physical_dice(
        ruleset: str, number: int, tmp_path: Path) -> None:
    contract = get(ruleset).contract()
    case = contract.examples().actions[number]
    path = case_battle(contract, case, tmp_path / "battle.json")
    action = case_action(contract, case)
    send = [*act_args(action), "--battle", path]
    seq = len(case.before) + 1

    text = _run(*send)  # seeded, as a person reads it
    assert f"#{seq} " in text, text
    entry = json.loads(_run("battle", "log", "--json", "--battle", path))["entries"][-1]
    assert entry["seq"] == seq and not entry["physical"]
    rolls = ",".join(str(d["value"]) for d in entry["dice"]) or "1"
    _run("battle", "undo", "--battle", path)

    shown = json.loads(_run(*send, "--json"))  # seeded, for a machine
    assert shown["entry"]["seq"] == seq and shown["entry"]["action"]["type"] == case.kind
    _run("battle", "undo", "--battle", path)

    text = _run(*send, "--rolls", rolls)  # the table's own dice, the same faces
    assert f"#{seq} " in text, text
    _run("battle", "undo", "--battle", path)

    shown = json.loads(_run(*send, "--rolls", rolls, "--json"))
    assert shown["entry"]["physical"] and shown["entry"]["summary"]
    _run("battle", "replay", "--battle", path)
