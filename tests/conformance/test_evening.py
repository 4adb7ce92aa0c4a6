"""Kit: a whole evening at the table in every ruleset (issue 24), through the real
commands, as a GM's script would run it.

From each example battle: the party's characters go on a campaign's roster
(``character add``), the battle is mustered from the roster (``battle new``) and
played to its end with the engine on every side (``battle enemy-phase
--any-side``: every call moves the battle on or is refused with exit 2; the round
cap ends an undecided battle in a draw, never a hang). The aftermath reaches the
roster (``character show`` in words, ``character history``); ``battle undo --to 0``
takes the battle and its aftermath back, ``battle redo --all`` puts both back on
the same dice (the same chain head), and ``battle replay`` verifies it.

The fast variant caps every battle at one round; the whole evening, on the
ruleset's own round cap, is slow.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tactician.rulesets.contract import Capability, ExampleBattle, RulesetContract
from tests.conformance.evening import (
    Evening,
    aftermath_text,
    battle_state,
    evening,
    party,
    play_out,
    start_battle,
    stored_battle,
    unit_name,
)

# what a Python value printed as it is looks like (issue 24 item 4: the aftermath as
# dicts): braces, brackets, quotes around keys, Python's constants
NOT_WORDS = re.compile(r"[{}\[\]]|'\w+':|\b(True|False|None)\b")


def _battles(contract: RulesetContract) -> tuple[ExampleBattle, ...]:
    if not contract.has(Capability.BATTLES) or not contract.has(Capability.AI):
        pytest.skip(f"{contract.id} plays no battle with the engine")
    return contract.examples().battles


def _evening(contract: RulesetContract, example: ExampleBattle, folder: Path,
             *options: str) -> str:
    """One evening of ``example``; returns how the battle ended."""
    folder.mkdir()
    night = evening(folder, contract)
    names = [unit_name(path) for _, path in party(contract, example)]
    for _, path in party(contract, example):
        night.run("character", "add", str(path))
    before = {n: night.json("character", "show", n) for n in names}
    start_battle(night, example, *options)
    play_out(night, example.name, example.step_bound)
    state = battle_state(night, example.name)
    result = str(state.result)
    assert result in ("victory", "defeat", "draw"), (example.name, result)
    if "round_cap=1" in options:
        assert state.round <= 2, (example.name, state.round)
    _aftermath_reached(night, contract, example.name, state, names)
    battle = stored_battle(night, example.name)
    head = battle.log[-1].hash
    night.run("battle", "undo", "--to", "0", "--yes")
    assert stored_battle(night, example.name).log == []
    for name in names:  # the aftermath is taken back with the battle
        assert night.json("character", "show", name) == before[name], name
    night.run("battle", "redo", "--all")
    assert stored_battle(night, example.name).log[-1].hash == head
    _aftermath_reached(night, contract, example.name, state, names, shown=False)
    replayed = night.run("battle", "replay")
    assert "Replay matches" in replayed.stdout and head in replayed.stdout
    return result


def _aftermath_reached(night: Evening, contract: RulesetContract, battle: str, state: object,
                       names: list[str], shown: bool = True) -> None:
    """Each character carries what the ruleset's aftermath says, shown in words by
    ``character show`` and recorded in ``character history`` (``shown``: the text
    commands too, not only ``--json``)."""
    carried = contract.aftermath(state)
    result = str(getattr(state, "result", ""))
    for name in names:
        sheet = night.json("character", "show", name)
        assert sheet["last_battle"] == {"name": battle, "result": result}, name
        assert sheet["carried"] == {k: v for k, v in carried[name].items() if k != "unit"}
        rows = night.json("character", "history", name)
        assert rows[-1]["who"] == "battle" and battle in rows[-1]["what"], (name, rows[-1])
        if not shown:
            continue
        text = night.run("character", "show", name).stdout
        assert f"After battle {battle} ({result}):" in text, (name, text)
        lines = aftermath_text(text)
        assert lines, (name, text)
        for line in lines:
            assert not NOT_WORDS.search(line), (contract.id, name, line)
        history = night.run("character", "history", name).stdout
        assert f"battle '{battle}' ({result})" in history, (name, history)


def test_an_evening_capped_at_one_round(contract: RulesetContract, tmp_path: Path) -> None:
    """The fast evening: the ruleset's first example battle capped at one round ends
    in a draw (or sooner) and goes through roster, aftermath, undo, redo and replay."""
    for example in _battles(contract)[:1]:
        result = _evening(contract, example, tmp_path / example.name, "round_cap=1")
        assert result in ("draw", "victory", "defeat")


@pytest.mark.slow
def test_a_whole_evening(contract: RulesetContract, tmp_path: Path) -> None:
    """The whole evening, each example battle on the ruleset's own round cap."""
    for example in _battles(contract):
        _evening(contract, example, tmp_path / example.name)
