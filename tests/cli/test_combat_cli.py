"""``tactician forecast``, ``attack`` and ``demo`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app

DEMO = Path(__file__).resolve().parents[2] / "src" / "tactician" / "rulesets" / "tropera" / "demo"
LYRA, GARREK = DEMO / "lyra.yaml", DEMO / "garrek.yaml"
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_forecast_json_has_the_documented_shape() -> None:
    code, out, _ = invoke(
        "forecast", "--ruleset", "tropera", "-a", str(LYRA), "-d", str(GARREK), "--json"
    )
    assert code == 0
    report = json.loads(out)
    for side in ("attacker", "defender"):
        assert {"hit", "crit", "damage", "strikes"} <= set(report[side])
    assert report["attacker"]["strikes"] == 2 and report["defender"]["strikes"] == 1
    assert report["order"] == ["Lyra", "Garrek", "Lyra"]
    outcome = report["outcome"]
    total = outcome["attacker_defeated"] + outcome["defender_defeated"] + outcome["both_stand"]
    assert total == pytest.approx(1.0)
    assert sum(report["hp"]["defender"].values()) == pytest.approx(1.0)
    # Lyra: Skl 7, Lck 3, Shamshir 75 -> Hit 92, +15 sword against axe;
    # Garrek: Spd 2, Lck 3 -> Avoid 7: 100
    assert report["attacker"]["hit"] == 100
    # Garrek: Skl 4, Lck 3, Iron Axe 75 -> 86, -15 axe against sword; Lyra Avoid 21
    assert report["defender"]["hit"] == 50
    # Shamshir Crit 35 + Skl 7 // 2 = 38, minus Garrek's Luck 3
    assert report["attacker"]["crit"] == 35
    # Str 6 + Mt 8 - Def 6
    assert report["attacker"]["damage"] == 8


def test_forecast_terrain_and_defend_change_the_odds() -> None:
    base = json.loads(invoke("forecast", "-a", str(LYRA), "-d", str(GARREK), "--json")[1])
    forest = json.loads(
        invoke(
            "forecast",
            "-a",
            str(LYRA),
            "-d",
            str(GARREK),
            "--json",
            "--defender-terrain",
            "forest",
            "--defending",
        )[1]
    )
    # forest: +20 avoid, +1 defense; Defend: + Skl 4 avoid
    assert forest["attacker"]["hit"] == base["attacker"]["hit"] - 24
    assert forest["attacker"]["damage"] == base["attacker"]["damage"] - 1


def test_attack_is_reproducible_and_shows_every_die() -> None:
    first = json.loads(
        invoke("attack", "-a", str(LYRA), "-d", str(GARREK), "--seed", "7", "--json")[1]
    )
    second = json.loads(
        invoke("attack", "-a", str(LYRA), "-d", str(GARREK), "--seed", "7", "--json")[1]
    )
    assert first == second
    dice_in_strikes = [v for s in first["strikes"] for r in s["rolls"] for v in r["dice"]]
    assert dice_in_strikes == [d["value"] for d in first["dice"]]


def test_attack_with_physical_dice() -> None:
    # Lyra's hit is 100 (True Hit, two dice); Garrek's 50 (one die)
    code, out, _ = invoke(
        "attack", "-a", str(LYRA), "-d", str(GARREK), "--rolls", "1,1,100,99,99", "--json"
    )
    assert code == 0
    report = json.loads(out)
    outcomes = [s["outcome"] for s in report["strikes"]]
    assert outcomes == ["crit", "miss", "hit"]
    assert [r["dice"] for s in report["strikes"] for r in s["rolls"]] == [[1, 1], [100], [99, 99]]
    assert report["hp"] == {"Lyra": 16, "Garrek": 0}
    assert report["critically_wounded"] == [
        {"name": "Garrek", "times_wounded": 1, "countdown_rounds": 2, "crippled": False}
    ]


def test_attack_names_the_missing_roll() -> None:
    code, out, _ = invoke("attack", "-a", str(LYRA), "-d", str(GARREK), "--rolls", "1,1", "--json")
    assert code == 2
    assert "roll #3 must be a d100" in json.loads(out)["error"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--defender-terrain", "swamp"], "no terrain named 'swamp'"),
        (["--distance", "2"], "reaches 1-1, not distance 2"),
        (["--attacker-weapon", "Excalibur"], "does not carry a weapon named 'Excalibur'"),
        (["--option", "true_hit_crit=sometimes"], "true_hit_crit takes one of"),
        (["--option", "nonsense=1"], "unknown option"),
        (["--rolls", "1,1,101"], "which a d100 cannot show"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(args: list[str], message: str) -> None:
    code, _, err = invoke("attack", "-a", str(LYRA), "-d", str(GARREK), "--seed", "1", *args)
    assert code == 2
    assert message in err


def test_missing_unit_file_is_named(tmp_path: Path) -> None:
    code, _, err = invoke("forecast", "-a", str(tmp_path / "nobody.yaml"), "-d", str(GARREK))
    assert code == 2 and "nobody.yaml" in err


def test_illegal_unit_is_refused_before_fighting(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(LYRA.read_text().replace("hp: 6", "hp: 16"))
    code, _, err = invoke("forecast", "-a", str(bad), "-d", str(GARREK))
    assert code == 2 and "45 assigned" in err


def test_demo_runs() -> None:
    code, out, _ = invoke("demo", "--json")
    assert code == 0
    data = json.loads(out)
    assert [s["name"] for s in data["sheets"]] == ["Lyra", "Garrek"]
    assert data["attack"]["strikes"]


def test_rulesets_lists_tropera() -> None:
    code, out, _ = invoke("rulesets", "--json")
    assert code == 0 and "tropera" in [r["id"] for r in json.loads(out)]
