"""``tactician battle ... --ruleset uesrpg`` and ``tactician forecast|attack --ruleset
uesrpg``: the example skirmish played to its end from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "uesrpg"
SKIRMISH = EXAMPLES / "skirmish"
runner = CliRunner()


def tactician(*args: Any) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout + result.stderr


def battle_json(*args: Any) -> Any:
    code, out = tactician("battle", *args, "--json")
    assert code == 0, out
    return json.loads(out)


def new_skirmish(path: Path, seed: int) -> None:
    """``battle new`` for the example skirmish."""
    battle_json(
        "new",
        "--ruleset",
        "uesrpg",
        "--map",
        SKIRMISH / "map.yaml",
        "--units",
        SKIRMISH / "party.yaml",
        "--units",
        SKIRMISH / "bandits.yaml",
        "--seed",
        seed,
        "--out",
        path,
    )


def manhattan(a: list[int], b: list[int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def play_skirmish(path: Path, seed: int) -> list[str]:
    """Play the skirmish as a simple player would; return the commands run.

    A player's unit attacks the standing foe in reach with the best chance to drop
    it (``battle attack --yes``) while it has AP; with no foe in reach it moves once
    toward the nearest one; then ``battle end-phase`` ends its Turn. NPC Turns are
    ``battle enemy-phase``.
    """
    commands = [
        f"battle new --ruleset uesrpg --map {SKIRMISH / 'map.yaml'} "
        f"--units {SKIRMISH / 'party.yaml'} --units {SKIRMISH / 'bandits.yaml'} "
        f"--seed {seed} --out {path.name}"
    ]
    new_skirmish(path, seed)
    for _ in range(400):
        view = battle_json("show", "--battle", path)
        if view["result"] != "ongoing":
            return commands
        units = {u["id"]: u for u in view["units"]}
        acting = view["acting"]
        if not acting or units[acting[0]]["tier"] is not None:
            battle_json("enemy-phase", "--battle", path)
            commands.append("battle enemy-phase")
            continue
        me = units[acting[0]]
        foes = [u for u in view["units"] if u["side"] != me["side"] and u["down"] is None]
        odds = []
        for foe in foes if me["ap"] >= 1 else []:
            code, out = tactician("battle", "forecast", me["id"], foe["id"], "--battle", path,
                                  "--json")
            if code == 0:  # a foe out of reach is refused (exit 2)
                report = json.loads(out)
                odds.append((-report["kill"], -report["wound"], foe["id"]))
            else:
                assert code == 2 and "move closer first" in json.loads(out)["error"], out
        if odds:
            target = min(odds)[2]
            battle_json("attack", me["id"], target, "--yes", "--battle", path)
            commands.append(f"battle attack {me['id']} {target} --yes")
            continue
        if not me["moved"] and me["ap"] >= 2 and foes:
            reach = battle_json("show", "--battle", path, "--reach", me["id"])["reach"]["move"]
            spots = [f["position"] for f in foes]
            goal = min(reach, key=lambda t: (min(manhattan(t, s) for s in spots), t))
            if goal != me["position"]:
                battle_json("move", me["id"], goal[0], goal[1], "--battle", path)
                commands.append(f"battle move {me['id']} {goal[0]} {goal[1]}")
                continue
        battle_json("end-phase", "--battle", path)
        commands.append("battle end-phase")
    raise AssertionError("the skirmish did not end in 400 commands")


def test_the_example_skirmish_plays_to_its_end_with_a_wound_bleeding_and_a_death_test(
    tmp_path: Path,
) -> None:
    path = tmp_path / "skirmish.json"
    commands = play_skirmish(path, seed=3)
    view = battle_json("show", "--battle", path)
    assert view["result"] in ("victory", "defeat")
    log = battle_json("log", "--battle", path)["entries"]
    lines = [line for e in log for r in e["records"] for line in r.get("lines", [])]
    text = "\n".join([e["summary"] for e in log] + lines)
    assert "is wounded (wound" in text
    assert "Bleeding (2) ticks" in text
    assert "Death test (Endurance)" in text
    assert view["death_tests"]["last"]
    assert any(c.startswith("battle attack") for c in commands)
    assert "battle enemy-phase" in commands and "battle end-phase" in commands
    code, out = tactician("battle", "replay", "--battle", path)
    assert code == 0 and "Replay matches" in out
    # the human log shows the rolls and the death tests as they came
    code, out = tactician("battle", "log", "--battle", path)
    assert code == 0 and "Death test" in out


def test_enemy_phase_is_refused_on_a_players_turn_and_the_board_says_whose_turn(
    tmp_path: Path,
) -> None:
    path = tmp_path / "b.json"
    new_skirmish(path, 3)
    code, out = tactician("battle", "show", "--battle", path)
    assert code == 0 and "before initiative" in out
    code, out = tactician("battle", "enemy-phase", "--battle", path)  # rolls initiative
    assert code == 0 and "Initiative rolled" in out and "Now round 1, Brand's Turn" in out
    before = path.read_bytes()
    code, out = tactician("battle", "enemy-phase", "--battle", path)
    assert code == 2 and "commanded by players" in out
    assert path.read_bytes() == before
    code, out = tactician("battle", "attack", "brand", "captain", "--yes", "--battle", path)
    assert code == 2 and "tiles away" in out  # out of reach: refused before any dice
    code, out = tactician("battle", "show", "--battle", path)
    assert "Brand's Turn (brand, 3 AP)" in out
    bleeding = next(
        u for u in battle_json("show", "--battle", path)["units"] if u["id"] == "bandit-2"
    )
    assert "Bleeding (2)" in bleeding["effects"]


def test_forecast_and_attack_with_the_uesrpg_ruleset() -> None:
    args = [
        "--ruleset",
        "uesrpg",
        "-a",
        EXAMPLES / "aela.yaml",
        "-d",
        EXAMPLES / "bandit-captain.yaml",
    ]
    code, out = tactician("forecast", *args, "--defence", "parry")
    assert code == 0
    for word in ("Hit", "body", "head", "Wound", "Down (0 HP)", "ends at", "tries to parry"):
        assert word in out
    code, out = tactician("forecast", *args, "--json")
    report = json.loads(out)
    assert report["defence"] == "parry" and set(report["locations"]) >= {"body", "head"}
    code, out = tactician("attack", *args, "--seed", "4")
    assert code == 0 and "Aela → Bandit Captain" in out and "Result:" in out
    code, out = tactician("forecast", *args, "--defence", "block")
    assert code == 2 and "no shield" in out


def test_character_create_and_show_with_the_uesrpg_ruleset(tmp_path: Path) -> None:
    runner = CliRunner()
    aela = Path(__file__).resolve().parents[2] / "examples" / "uesrpg" / "aela.yaml"
    result = runner.invoke(app, ["character", "create", "--ruleset", "uesrpg", str(aela), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["valid"] and data["hp"] == 23 and data["wound_threshold"] == 11
    shown = runner.invoke(app, ["character", "show", "-r", "uesrpg", str(aela)])
    assert shown.exit_code == 0 and "Aela" in shown.stdout and "Wound Threshold: 11" in shown.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\ncharacteristics: {strength: 40}\n")
    refused = runner.invoke(app, ["character", "create", "-r", "uesrpg", str(bad)])
    assert refused.exit_code == 2
    assert "bad.yaml" in refused.stderr and "characteristics" in refused.stderr
