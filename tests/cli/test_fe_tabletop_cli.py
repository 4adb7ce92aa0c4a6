"""``tactician character|forecast|attack|compendium --ruleset fe-tabletop``: 001's
units, d100 level-ups with carried remainders, and single fights, from the
command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.table.schemas import SCHEMA_DIR

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "fe_tabletop"
KYLE = EXAMPLES / "kyle_cavalier.yaml"
EIRIKA = EXAMPLES / "eirika_lord.yaml"
BRIGAND = EXAMPLES / "oneill_brigand.yaml"
runner = CliRunner()


def tactician(*args: Any) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout + result.stderr


def as_json(*args: Any) -> Any:
    code, out = tactician(*args, "--json")
    assert code == 0, out
    return json.loads(out)


def schema_errors(name: str, data: Any) -> list[str]:
    schema = json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return [e.message for e in Draft202012Validator(schema).iter_errors(data)]


def test_the_six_kinds_of_example_unit_are_legal_builds() -> None:
    classes = set()
    for path in sorted(EXAMPLES.glob("*.yaml")):
        code, out = tactician("character", "create", "--ruleset", "fe-tabletop", path)
        assert code == 0 and "legal build: " in out, out
        classes.add(yaml.safe_load(path.read_text(encoding="utf-8"))["class_name"])
    assert {"Lord (Eirika)", "Cavalier", "Pegasus Knight", "Mage (F)", "Priest",
            "Fighter"} <= classes


def test_create_refuses_an_unknown_class_naming_the_field(tmp_path: Path) -> None:
    data = yaml.safe_load(KYLE.read_text(encoding="utf-8"))
    data["class_name"] = "Nonesuch"
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, out = tactician("character", "create", "--ruleset", "fe-tabletop", bad, "--json")
    assert code == 2
    assert [v["field"] for v in json.loads(out)["violations"]] == ["class_name"]


def test_show_gives_the_stats_growths_carried_and_weapon_lines() -> None:
    sheet = as_json("character", "show", "--ruleset", "fe-tabletop", KYLE)
    assert sheet["ruleset"] == "fe-tabletop" and sheet["name"] == "Kyle"
    assert sheet["unit"]["growths"]["pow"] == 35
    assert [w["weapon"] for w in sheet["weapons"]] == ["Iron Lance"]
    code, out = tactician("character", "show", "--ruleset", "fe-tabletop", KYLE)
    assert code == 0 and "Iron Lance" in out and "carried" in out


ROLLS = "50,10,90,60,86,3"


def test_advance_shows_every_d100_and_carries_the_remainders() -> None:
    """001 L18-25: a failure carries its total; a success gains +1 and drops it.
    Kyle's growths 35/40/28/30/15/15: to beat 66/61/73/71/86/86."""
    data = as_json("character", "advance", "--ruleset", "fe-tabletop", KYLE, "--rolls", ROLLS)
    rolls = data["report"]["rolls"] if "report" in data else data["rolls"]
    assert [r["roll"] for r in rolls] == [50, 10, 90, 60, 86, 3]
    assert [r["gained"] for r in rolls] == [False, False, True, False, True, False]
    assert [r["carried_after"] for r in rolls] == [50, 10, 0, 60, 0, 3]
    code, out = tactician("character", "advance", "--ruleset", "fe-tabletop", KYLE,
                          "--rolls", ROLLS)
    assert code == 0
    assert "Str/Mag 50, Skl 10, Spd 0, Lck 60, Def 0, Res 3" in out
    for value in ("50", "90", "86"):
        assert value in out


def test_carried_remainders_reach_the_next_level(tmp_path: Path) -> None:
    """001 L20-22: the next roll adds the carried total (50 + 20 = 70 beats 66)."""
    out_file = tmp_path / "kyle2.yaml"
    code, out = tactician("character", "advance", "--ruleset", "fe-tabletop", KYLE,
                          "--rolls", ROLLS, "--out", out_file)
    assert code == 0, out
    unit = yaml.safe_load(out_file.read_text(encoding="utf-8"))
    assert unit["level"] == 2 and unit["carried"]["pow"] == 50 and unit["stats"]["spd"] == 6
    data = as_json("character", "advance", "--ruleset", "fe-tabletop", out_file,
                   "--rolls", "20,1,1,1,1,1")
    rolls = data["report"]["rolls"] if "report" in data else data["rolls"]
    assert (rolls[0]["total"], rolls[0]["gained"], rolls[0]["carried_after"]) == (70, True, 0)


def test_advance_with_too_few_rolls_names_the_next_die_and_writes_nothing(
    tmp_path: Path,
) -> None:
    out_file = tmp_path / "kyle2.yaml"
    code, out = tactician("character", "advance", "--ruleset", "fe-tabletop", KYLE,
                          "--rolls", "50,10", "--out", out_file)
    assert code == 2 and "Spd" in out and not out_file.exists()


def test_forecast_json_follows_the_published_schema() -> None:
    report = as_json("forecast", "--ruleset", "fe-tabletop", "-a", EIRIKA, "-d", BRIGAND)
    assert not schema_errors("forecast", report)
    assert report["attacker"]["name"] == "Eirika" and report["defender"]["name"] == "ONeill"
    assert abs(sum(report["hp"]["defender"].values()) - 1) < 1e-9
    code, out = tactician("forecast", "--ruleset", "fe-tabletop", "-a", EIRIKA, "-d", BRIGAND)
    assert code == 0 and "Eirika" in out and "Both stand" in out


def test_a_forest_under_the_defender_lowers_the_attackers_hit() -> None:
    """001 L72-76: a Forest takes 20 from enemies' hit (declared TERRAIN_BONUSES)."""
    open_ground = as_json("forecast", "-r", "fe-tabletop", "-a", KYLE, "-d", BRIGAND)
    forest = as_json("forecast", "-r", "fe-tabletop", "-a", KYLE, "-d", BRIGAND,
                     "--defender-terrain", "Forests")
    assert forest["attacker"]["hit"] < open_ground["attacker"]["hit"]


def test_attack_resolves_on_the_tables_rolls() -> None:
    """Dice order: the d100, then on a hit the damage dice (fight.py)."""
    report = as_json("attack", "--ruleset", "fe-tabletop", "-a", EIRIKA, "-d", BRIGAND,
                     "--rolls", "50,10,99,5")
    assert not schema_errors("attack", report)
    first, counter = report["strikes"]
    # Eirika hits 100% (crit 1%): 50 hits; the d10 shows 10 -> 11 damage, 18 -> 7 HP
    assert (first["outcome"], first["rolls"][0]["dice"], first["damage"]) == ("hit", [50], 11)
    # ONeill's counter hits 55%: 99 misses, and the 5 is left over
    assert counter["outcome"] == "miss"
    assert report["hp"] == {"Eirika": 16, "ONeill": 7} and report["unused_rolls"] == [5]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_a_seeded_attack_ends_on_a_forecast_hp(seed: int) -> None:
    forecast = as_json("forecast", "-r", "fe-tabletop", "-a", KYLE, "-d", BRIGAND)
    attack = as_json("attack", "-r", "fe-tabletop", "-a", KYLE, "-d", BRIGAND, "--seed", seed)
    assert forecast["hp"]["defender"][str(attack["hp"]["ONeill"])] > 0
    assert forecast["hp"]["attacker"][str(attack["hp"]["Kyle"])] > 0


def test_a_unit_without_a_damaging_weapon_cannot_attack() -> None:
    code, out = tactician("forecast", "-r", "fe-tabletop", "-a", EXAMPLES / "moulder_priest.yaml",
                          "-d", BRIGAND)
    assert code == 2 and "no weapon that deals damage" in out


def test_compendium_lists_and_shows_classes() -> None:
    code, out = tactician("compendium", "list", "--ruleset", "fe-tabletop", "classes")
    assert code == 0 and "Cavalier" in out and "Pegasus Knight" in out
    entry = as_json("compendium", "show", "--ruleset", "fe-tabletop", "classes", "cavalier")
    assert entry["name"] == "Cavalier" and entry["mov"] == 7
    code, out = tactician("compendium", "show", "--ruleset", "fe-tabletop", "classes", "Cavalir")
    assert code == 2 and "Cavalier" in out


# --- battles -----------------------------------------------------------------------------

CASTLE = EXAMPLES / "castle"
PLAY_SH = CASTLE / "play.sh"


def _new_castle(path: Path, seed: int = 4) -> None:
    code, out = tactician("battle", "new", "--ruleset", "fe-tabletop", "--map",
                          CASTLE / "map.yaml", "--units", CASTLE / "party.yaml", "--units",
                          CASTLE / "garrison.yaml", "--seed", seed, "--out", path, "--force")
    assert code == 0, out


def _script_commands() -> list[list[str]]:
    """The fixed commands of play.sh (between `battle new` and its loop), as arguments."""
    import shlex

    commands = []
    for line in PLAY_SH.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("$T battle ") and "new" not in line.split()[2:3] and "log" not in \
                line.split()[2:3]:
            words = shlex.split(line.replace('"$B"', "BATTLE"))[1:]
            commands.append(words)
    return commands


def test_the_castle_plays_to_its_end_as_play_sh_does(tmp_path: Path) -> None:
    """play.sh's session: fog, the players' d100s, a Move and a Wait by hand, then the
    engine plays every phase until the battle ends; the log shows a rank-up, a level-up
    with its growth d100s, support fights and a support gained, and the seize."""
    path = tmp_path / "castle.json"
    _new_castle(path)
    fixed = _script_commands()
    assert [c[:2] for c in fixed][:3] == [["battle", "show"], ["battle", "move"],
                                          ["battle", "act"]]
    for words in fixed:
        code, out = tactician(*[str(path) if w == "BATTLE" else w for w in words])
        assert code == 0, (words, out)
    for _ in range(80):
        if as_json("battle", "show", "--battle", path)["result"] != "ongoing":
            break
        code, out = tactician("battle", "enemy-phase", "--any-side", "--battle", path)
        assert code == 0, out
    view = as_json("battle", "show", "--battle", path)
    assert view["result"] == "victory" and "seized" in view["result_reason"]
    entries = as_json("battle", "log", "--battle", path)["entries"]
    kinds = {r["type"] for e in entries for r in e["records"]}
    assert {"turn_order", "rank_up", "level_up", "support_fight", "support", "seize",
            "exp", "end_turn", "end_phase"} <= kinds
    level = next(r for e in entries for r in e["records"] if r["type"] == "level_up")
    assert len(level["rolls"]) == 6 and all(1 <= r["roll"] <= 100 for r in level["rolls"])
    code, out = tactician("battle", "replay", "--battle", path)
    assert code == 0 and "Replay matches" in out
    code, out = tactician("battle", "log", "--battle", path)
    assert "rank rises E -> D" in out and "reaches level 2" in out
    assert "support conversation" in out and "Player turn order" in out


def test_battle_show_side_omits_what_the_side_cannot_see(tmp_path: Path) -> None:
    path = tmp_path / "castle.json"
    _new_castle(path)
    whole = as_json("battle", "show", "--battle", path)
    player = as_json("battle", "show", "--side", "player", "--battle", path)
    assert {u["id"] for u in whole["units"]} >= {"oneill", "brigand-1"}
    assert {u["side"] for u in player["units"]} == {"player"}  # the garrison is far
    assert "oneill" not in json.dumps(player) and player["fog"] is True
    assert not schema_errors("battle_show", player)
    code, out = tactician("battle", "show", "--side", "player", "--battle", path)
    assert code == 0 and "ONeill" not in out
    code, out = tactician("battle", "show", "--side", "green", "--battle", path)
    assert code == 2 and "no side 'green'" in out


def test_enemy_phase_waits_for_the_players_and_forecast_works_in_battle(tmp_path: Path) -> None:
    path = tmp_path / "castle.json"
    _new_castle(path)
    code, out = tactician("battle", "enemy-phase", "--battle", path)
    assert code == 2 and "commanded by players" in out
    code, out = tactician("battle", "forecast", "eirika", "oneill", "--battle", path)
    assert code == 2 and "squares away" in out


@pytest.mark.slow
def test_play_sh_runs_to_its_end(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    tool = Path(sys.executable).parent / "tactician"
    env = {**os.environ, "TACTICIAN": str(tool), "BATTLE": str(tmp_path / "castle.json")}
    done = subprocess.run(["sh", str(PLAY_SH)], env=env, capture_output=True, text=True,
                          timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "VICTORY" in done.stdout and "support conversation" in done.stdout


def test_an_attack_in_text_mode_prints_every_strike_and_reads_as_a_sentence(
        tmp_path: Path) -> None:
    """Issue 24 item 2: in text mode a battle attack crashed after it was saved
    (``KeyError: 'target'``, exit 1) and its summary read "Fighter miss -> HP 15/10".
    Now it prints each strike with its dice and says who attacked whom, what each
    strike did and both sides' HP after, as the other rulesets do."""
    path = tmp_path / "castle.json"
    _new_castle(path)
    for unit in ("eirika", "lute", "moulder"):
        assert tactician("battle", "act", unit, "wait", "--battle", path)[0] == 0
    assert tactician("battle", "end-phase", "--battle", path)[0] == 0  # Ben's turn
    assert tactician("battle", "move", "kyle", 6, 4, "--battle", path)[0] == 0
    code, out = tactician("battle", "attack", "kyle", "fighter-1", "--yes", "--rolls",
                          "30,6,95", "--battle", path)
    assert code == 0, out
    assert ("Kyle attacks Fighter with Iron Lance: Kyle hits for 9, Fighter misses; "
            "Kyle 15/15 HP, Fighter 10/19 HP") in out
    assert "1. Kyle → Fighter" in out and "2. Fighter → Kyle" in out
    assert "attack roll (Fighter): 95" in out
    assert "Result: Kyle 15 HP, Fighter 10 HP" in out
    entry = as_json("battle", "log", "--battle", path)["entries"][-1]
    assert [s["target"] for s in entry["records"][0]["strikes"]] == ["Fighter", "Kyle"]
