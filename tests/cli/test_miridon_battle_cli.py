"""Miridon battles from the command line: the example skirmish's ``play.sh`` (the
raiders played by the engine, the crew by typed commands) runs to the end of the battle;
the forecast shows the exact odds with the point economy; the AI explains itself; a
refused action changes nothing."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "examples" / "miridon" / "skirmish"
runner = CliRunner()


def commands(battle: Path) -> list[list[str]]:
    """The ``$T battle ...`` lines of play.sh (continuations joined), as argument lists."""
    text = (SKIRMISH / "play.sh").read_text(encoding="utf-8").replace("\\\n", " ")
    found = []
    for line in text.splitlines():
        if line.startswith("$T battle"):
            words = shlex.split(line.replace('"$B"', str(battle)))[1:]
            found.append(words)
    return found


def run(args: list[str]) -> str:
    result = runner.invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, (args, result.stdout)
    return result.stdout


def test_play_sh_plays_the_skirmish_to_its_end(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)
    battle = tmp_path / "skirmish.json"
    steps = commands(battle)
    assert steps[0][:2] == ["battle", "new"] and any(s[1] == "enemy-phase" for s in steps)
    for args in steps:
        run(args)
    board = json.loads(run(["battle", "show", "-b", str(battle), "--json"]))
    assert board["result"] in ("victory", "defeat"), board["result"]
    log = json.loads(run(["battle", "log", "-b", str(battle), "--json"]))
    entries = log["entries"] if isinstance(log, dict) else log
    assert len(entries) > 20
    replayed = runner.invoke(app, ["battle", "replay", "-b", str(battle)])
    assert replayed.exit_code == 0


def test_forecast_attack_explain_and_refusal(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)
    battle = tmp_path / "b.json"
    for args in commands(battle)[:2]:  # new, then the engine rolls the order
        run(args)
    forecast = json.loads(run(["battle", "forecast", "wren", "kessa", "-b", str(battle),
                               "--json"]))
    odds = forecast["miridon"]["odds"]
    assert abs(sum(odds["damage"].values()) - 1) < 1e-9
    assert forecast["miridon"]["economy"]["cost"] == {"strength": 0, "speed": 2}
    assert {"dodge", "block", "hit"} <= set(forecast["miridon"]["branches"][0])
    text = " ".join(run(["battle", "forecast", "wren", "kessa", "-b", str(battle)]).split())
    assert "Points: pays 0 str / 2 spd" in text and "the defender's policy" in text
    before = battle.read_bytes()
    refused = runner.invoke(app, ["battle", "act", "wren", "attack", "target=kessa",
                                  "kind=aimed", "modifiers=crushing_blow", "-b", str(battle)])
    assert refused.exit_code == 2 and battle.read_bytes() == before
    rest = commands(battle)[2:]
    upto = next(i for i, args in enumerate(rest) if args[1] == "enemy-phase")
    for args in rest[:upto]:  # the crew's first turns
        run(args)
    explained = run(["battle", "enemy-phase", "--explain", "-b", str(battle)])
    assert "candidates scored" in explained and "played by the engine" in explained


def test_explain_and_act_help_speak_miridons_words(tmp_path: Path) -> None:
    """Issue 24 item 8: ``--explain`` printed Tropera's legend ("the tier's priority (mob
    hit, army hit - counter, ...)") with hit/counter columns, and ``battle act --help``
    listed only Fire Emblem's actions, so Miridon's were found from error messages."""
    battle = tmp_path / "skirmish.json"
    run(["battle", "new", "-r", "miridon", "--map", str(SKIRMISH / "map.yaml"), "--units",
         str(SKIRMISH / "crew.yaml"), "--units", str(SKIRMISH / "raiders.yaml"), "--seed", "1",
         "--out", str(battle)])
    run(["battle", "enemy-phase", "-b", str(battle)])  # the turn order; Wren's turn
    for unit in ("wren", "sable", "brann"):
        run(["battle", "act", unit, "end_turn", "-b", str(battle)])
    out = " ".join(run(["battle", "enemy-phase", "--explain", "-b", str(battle)]).split())
    assert "tier's priority" not in out and "counter" not in out
    assert "out: the target is knocked out or killed" in out and "damage" in out
    help_text = " ".join(run(["battle", "act", "--help", "-r", "miridon"]).split())
    for action in ("cast_spell", "break_grapple", "mech_attack", "arm_trap"):
        assert f"{action}:" in help_text
    assert "e.g. battle act brann block tier=heavy shield=yes" in help_text
    assert "Actions of tropera" not in help_text


def test_show_reach_draws_the_squares_the_move_action_takes(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``battle show --reach`` read a reach's ``move`` and ``attack`` tiles, which
    Miridon's reach did not have (a KeyError); it now names the squares ``move`` takes,
    and for a unit whose turn it is not, why none."""
    monkeypatch.chdir(ROOT)
    battle = tmp_path / "b.json"
    for args in commands(battle)[:2]:  # new, then the engine rolls the order
        run(args)
    board = json.loads(run(["battle", "show", "-b", str(battle), "--json"]))
    mover = board["turn"]
    reach = json.loads(run(["battle", "show", "-b", str(battle), "--reach", mover,
                            "--json"]))["reach"]
    text = run(["battle", "show", "-b", str(battle), "--reach", mover])
    assert f"can move there ({len(reach['move'])} tiles)" in " ".join(text.split())
    other = next(u["id"] for u in board["units"] if u["id"] != mover)
    text = " ".join(run(["battle", "show", "-b", str(battle), "--reach", other]).split())
    assert "can move there (0 tiles): none now" in text and f"{mover}'s turn" in text
