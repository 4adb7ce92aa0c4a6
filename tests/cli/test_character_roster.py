"""``tactician character ...`` on the current campaign's roster (issue 14: "Every
change to a character is recorded, so a sheet's history can be shown"), and
UESRPG's care between battles (issue 8: healing, treating wounds and the
Medicine test against Bleeding as ``character`` commands)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.store.campaigns import get_campaign, get_character, save_character
from tactician.store.database import open_database

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def cli(db: Path, *args: Any) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env={"TACTICIAN_DB": str(db)})
    return result.exit_code, result.stdout, result.stderr


def data(db: Path, *args: Any) -> Any:
    code, out, err = cli(db, *args, "--json")
    assert code == 0, out + err
    return json.loads(out)


@pytest.fixture
def tropera(tmp_path: Path) -> Path:
    db = tmp_path / "campaigns.sqlite"
    data(db, "campaign", "new", "westmarch", "--ruleset", "tropera")
    return db


def test_add_show_advance_and_the_history_of_a_roster_character(tropera: Path) -> None:
    added = data(tropera, "character", "add", EXAMPLES / "tropera" / "aria_sword_fighter.yaml")
    assert added == {"campaign": "westmarch", "name": "Aria"}
    sheet = data(tropera, "character", "show", "Aria")
    assert sheet["name"] == "Aria" and sheet["carried"] == {} and sheet["last_battle"] is None
    level = sheet["data"].get("level") if isinstance(sheet.get("data"), dict) else None
    advanced = data(tropera, "character", "advance", "Aria", "--seed", "3", "--pick",
                    "str,spd,def,res")
    assert advanced["written"] == "roster of 'westmarch'"
    after = data(tropera, "character", "show", "Aria")
    assert after != sheet
    if level is not None:
        assert after["data"]["level"] == level + 1
    history = data(tropera, "character", "history", "Aria")
    assert [h["what"] for h in history] == ["added from aria_sword_fighter.yaml",
                                            "advanced (seed 3)"]
    assert history[0]["before"] is None and history[1]["before"] == history[0]["after"]
    assert any(field.startswith("unit.") for field in history[1]["changed"])
    code, out, _ = cli(tropera, "character", "history", "Aria")
    assert code == 0 and "advanced (seed 3)" in out


def test_roster_refusals_change_nothing(tropera: Path, tmp_path: Path) -> None:
    aria = EXAMPLES / "tropera" / "aria_sword_fighter.yaml"
    data(tropera, "character", "add", aria)
    code, _, err = cli(tropera, "character", "add", aria)
    assert code == 2 and "already has a character named 'Aria'" in err
    assert data(tropera, "character", "add", aria, "--replace")["name"] == "Aria"
    bad = tmp_path / "bad.yaml"
    bad.write_text(aria.read_text().replace("name: Aria", "name: Bad\nlevel: many", 1))
    code, _, err = cli(tropera, "character", "add", bad)
    assert code == 2 and "bad.yaml" in err
    code, _, err = cli(tropera, "character", "show", "Nobody")
    assert code == 2 and "has no character named 'Nobody'" in err
    code, _, err = cli(tropera, "character", "heal", "Aria", "--amount", "3")
    assert code == 2 and "has no care" in err
    assert [c["name"] for c in data(tropera, "character", "list")] == ["Aria"]
    assert len(data(tropera, "character", "history", "Aria")) == 2


WOUND = {"id": 1, "damage": 6, "location": "right_leg", "crippled": [], "passive": True,
         "blood_loss": None, "treated": False, "cured_by": 0, "days_untreated": 0,
         "treat_tried": False, "maimed": False}
BLEEDING = {"name": "Bleeding", "x": 3, "rounds": None, "where": None, "count": 1, "cause": ""}


@pytest.fixture
def wounded(tmp_path: Path) -> Path:
    """A UESRPG roster whose Aela came back from a battle wounded and bleeding."""
    db = tmp_path / "campaigns.sqlite"
    data(db, "campaign", "new", "old-mill", "--ruleset", "uesrpg")
    data(db, "character", "add", EXAMPLES / "uesrpg" / "aela.yaml")
    opened = open_database(str(db))
    try:
        campaign = get_campaign(opened, "old-mill")
        sheet = get_character(opened, campaign, "Aela")
        carried = {"hp": 5, "sp": 4, "mp": 3, "wounds": [WOUND], "lost": [],
                   "conditions": [BLEEDING], "dead": False}
        save_character(opened, campaign, "Aela", {**sheet, "carried": carried}, "battle",
                       "carried back from battle 'ambush' (victory)")
    finally:
        opened.close()
    return db


def test_treating_a_wound_on_the_roster_shows_its_die_and_is_recorded(wounded: Path) -> None:
    code, out, err = cli(wounded, "character", "treat-wound", "Aela", "--rolls", "101")
    assert code == 2 and "101" in err
    done = data(wounded, "character", "treat-wound", "Aela", "--rolls", "5,9")
    assert done["passed"] is True and done["dice"][0]["value"] == 5
    assert done["unused_rolls"] == [9]
    assert done["carried"]["wounds"][0]["treated"] is True
    assert data(wounded, "character", "show", "Aela")["carried"]["wounds"][0]["treated"]
    code, out, _ = cli(wounded, "character", "treat-wound", "Aela", "--rolls", "5")
    assert code == 2
    history = data(wounded, "character", "history", "Aela")
    assert history[-1]["what"] == "treat-wound (d100 5)" and len(history) == 3


def test_a_failed_treatment_is_recorded_and_leaves_the_wound(wounded: Path) -> None:
    done = data(wounded, "character", "treat-wound", "Aela", "--rolls", "99")
    assert done["passed"] is False and not done["carried"]["wounds"][0]["treated"]
    code, out, _ = cli(wounded, "character", "treat-wound", "Aela", "--seed", "4")
    assert code == 0 and "Dice: d100:" in out and "seed 4" in out


def test_bleeding_and_healing_on_the_roster(wounded: Path) -> None:
    before = data(wounded, "character", "show", "Aela")["carried"]
    stopped = data(wounded, "character", "treat-bleeding", "Aela", "--rolls", "5")
    bleeding = [c for c in stopped["carried"]["conditions"] if c["name"] == "Bleeding"]
    assert stopped["passed"] and (not bleeding or bleeding[0]["x"] < BLEEDING["x"])
    code, _, err = cli(wounded, "character", "treat-bleeding", "Aela", "--no-kit",
                       "--rolls", "5")
    assert code == 2 and "kit" in err
    healed = data(wounded, "character", "heal", "Aela", "--amount", "3")
    assert healed["dice"] == [] and healed["carried"]["hp"] == before["hp"] + 3
    history = data(wounded, "character", "history", "Aela")
    assert [h["what"] for h in history[-2:]] == ["treat-bleeding (d100 5)", "heal (no dice)"]


FORD = EXAMPLES / "tropera" / "battle"


def _new_ford(db: Path, name: str, *extra: Any, units: Path = FORD / "party.yaml") -> Any:
    return cli(db, "battle", "new", name, "--map", FORD / "ford.yaml", "--units", units,
               "--units", FORD / "bandits.yaml", "--seed", "7", *extra, "--json")


def test_a_campaign_battle_starts_from_the_roster(tropera: Path) -> None:
    data(tropera, "character", "add", EXAMPLES / "tropera" / "aria_sword_fighter.yaml")
    code, out, err = _new_ford(tropera, "before")
    assert code == 0, out + err
    hp_before = next(u for u in json.loads(out)["view"]["units"] if u["id"] == "aria")["max_hp"]
    data(tropera, "character", "advance", "Aria", "--rolls", "14,3,20,9,11,7,18,2",
         "--pick", "hp,skl,spd,def")
    code, out, err = _new_ford(tropera, "after")
    assert code == 0, out + err
    aria = next(u for u in json.loads(out)["view"]["units"] if u["id"] == "aria")
    assert aria["max_hp"] == hp_before + 1  # the roster's level-up, not the file's sheet


def _sits_out(db: Path, name: str) -> None:
    opened = open_database(str(db))
    try:
        campaign = get_campaign(opened, "westmarch")
        sheet = get_character(opened, campaign, name)
        carried = {"sits_out_next_battle": True, "why": "Crippled"}
        save_character(opened, campaign, name, {**sheet, "carried": carried}, "battle",
                       "carried back from battle 'ford' (victory)")
    finally:
        opened.close()


def test_who_sits_out_is_kept_out_unless_fielded(tropera: Path, tmp_path: Path) -> None:
    data(tropera, "character", "add", EXAMPLES / "tropera" / "aria_sword_fighter.yaml")
    data(tropera, "character", "add", EXAMPLES / "tropera" / "lute_mage.yaml")
    _sits_out(tropera, "Aria")
    _sits_out(tropera, "Lute")
    code, out, _ = _new_ford(tropera, "second")
    assert code == 2
    assert "sits out this battle: Aria (Crippled); Lute (Crippled)" in json.loads(out)["error"]
    assert data(tropera, "battle", "list") == []
    # Lute stays home; Aria's player has no alternates, so the GM fields her
    party = tmp_path / "party.yaml"
    text = (FORD / "party.yaml").read_text().replace("../", f"{FORD.parent}/")
    party.write_text("\n".join(line for line in text.splitlines() if "lute" not in line))
    code, out, err = _new_ford(tropera, "second", "--field", "Aria", units=party)
    assert code == 0, out + err
    assert [h["what"] for h in data(tropera, "character", "history", "Lute")][-1] == (
        "sat out battle 'second'")
    assert [h["what"] for h in data(tropera, "character", "history", "Aria")][-1] == (
        "fielded in battle 'second' though due to sit out")
    listed = {c["name"]: c["sits_out_next_battle"] for c in data(tropera, "character", "list")}
    assert listed == {"Aria": False, "Lute": False}
