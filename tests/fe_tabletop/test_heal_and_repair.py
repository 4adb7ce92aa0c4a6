"""The Heal skill and the Artisan's repair, usable at last (issue 24 item 12).

001 L100: "Heal: 3d6+Skill. Can be used to negate poison, or heal up to half HP as a
standard action once per day." L94: "Artisan (Sword, Axe, Lance, or Bow): Can be used
to repair weaponry, however it can only bring the weapon to a maximum of half its
durability. Damage scales down by 1 point with each repair done to it." Rulings
G1-45, G1-46: Normal (20) checks; a battle is one day."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.battle_units import fighter
from tactician.rulesets.fe_tabletop.numbers import hit_damage
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tests.fe_tabletop.battle_kit import act, battle, variant

ROOT = Path(__file__).resolve().parents[2]


def healing(tmp_path: Path) -> TabletopBattle:
    """Moulder (a Priest with the Heal skill) next to Lute at 3 of 14 HP."""
    return battle(tmp_path, "....\n....\n", [
        {"id": "moulder", "file": variant(tmp_path, "moulder", "moulder",
                                          skills=["Heal", "Awareness"]), "at": [0, 0]},
        {"id": "lute", "at": [1, 0], "hp": 3},
        {"id": "oneill", "at": [3, 1], "side": "enemy"}])


def test_heal_restores_up_to_half_the_max_hp(tmp_path: Path) -> None:
    state = healing(tmp_path)
    # 6+6+6 + Skl 1 = 19 misses Normal 20: Moulder (Skl 1) never succeeds
    failed, out = act(state, {"type": "heal_skill", "unit": "moulder", "target": "lute"},
                      [6, 6, 6])
    assert failed.unit("lute").hp == 3 and "Heal fails" in out.summary
    assert failed.unit("moulder").heal_used and failed.unit("moulder").acted
    skilled = state.unit("moulder").character.model_copy(update={
        "stats": state.unit("moulder").character.stats.with_values(skl=8)})
    able = state.replace_units(state.unit("moulder").with_character(skilled))
    healed, out = act(able, {"type": "heal_skill", "unit": "moulder", "target": "lute"},
                      [4, 4, 4])  # 12 + 8 = 20: meets Normal
    assert healed.unit("lute").hp == 3 + 14 // 2  # "up to half HP": Lute's max 14
    record = next(r for r in out.records if r["type"] == "heal_skill")
    assert record["success"] and record["total"] == 20 and record["healed"] == 7
    less, _ = act(able, {"type": "heal_skill", "unit": "moulder", "target": "lute",
                         "amount": 2}, [4, 4, 4])
    assert less.unit("lute").hp == 5
    with pytest.raises(RulesError, match="1 to 7 HP"):
        act(able, {"type": "heal_skill", "unit": "moulder", "target": "lute", "amount": 8},
            [4, 4, 4])


def test_once_a_day_and_only_with_the_skill(tmp_path: Path) -> None:
    state = healing(tmp_path)
    used, _ = act(state, {"type": "heal_skill", "unit": "moulder", "target": "lute"},
                  [1, 1, 1])
    fresh = used.replace_units(used.unit("moulder").model_copy(
        update={"acted": False, "done": False}))  # a Dance gives the turn back, not the day
    with pytest.raises(RulesError, match="once per day"):
        act(fresh, {"type": "heal_skill", "unit": "moulder", "target": "lute"}, [6, 6, 6])
    with pytest.raises(RulesError, match="Lute has no Heal skill"):
        act(state, {"type": "heal_skill", "unit": "lute", "target": "moulder"}, [6, 6, 6])
    with pytest.raises(RulesError, match="full HP"):
        act(state, {"type": "heal_skill", "unit": "moulder"}, [6, 6, 6])
    anyone, _ = act(state, {"type": "heal_skill", "unit": "lute"}, [6, 6, 6], "skill_checks=any")
    assert anyone.unit("lute").hp == 3 + 7  # herself: 18 + Skl 3 = 21


def test_a_repaired_weapon_deals_one_less(tmp_path: Path) -> None:
    """L94 "Damage scales down by 1 point with each repair done to it"."""
    kyle = variant(tmp_path, "kyle", "worn-kyle", repairs={"Iron Lance": 2})
    worn = battle(tmp_path, "..\n", [{"id": "kyle", "file": kyle, "at": [0, 0]},
                                      {"id": "oneill", "at": [1, 0], "side": "enemy"}])
    whole = battle(tmp_path, "..\n", [{"id": "kyle", "at": [0, 0]},
                                       {"id": "oneill", "at": [1, 0], "side": "enemy"}])
    lance, options = load_content().weapon("Iron Lance"), TabletopOptions()

    def damage(state: TabletopBattle) -> int:
        me = fighter(state, state.unit("kyle"), lance, options)
        foe = fighter(state, state.unit("oneill"), None, options)
        return hit_damage(me, foe, 6, False, options)

    assert damage(worn) == damage(whole) - 2


def cli(db: Path, *args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"TACTICIAN_DB": str(db)})


def test_the_artisan_repairs_on_the_roster(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    kyle = variant(tmp_path, "kyle", "kyle", skills=["Artisan (Lance)", "Athletics"])
    assert cli(db, "campaign", "new", "castle", "--ruleset", "fe-tabletop").exit_code == 0
    assert cli(db, "character", "add", kyle).exit_code == 0
    whole = cli(db, "character", "repair", "Kyle", "Iron Lance", "--rolls", "6,6,6")
    assert whole.exit_code == 2 and "half its durability (22)" in whole.stderr
    from tactician.store.campaigns import get_campaign, get_character, save_character
    from tactician.store.database import open_database

    opened = open_database(str(db))
    try:
        where = get_campaign(opened, "castle")
        stored = get_character(opened, where, "Kyle")
        save_character(opened, where, "Kyle", {**stored, "carried": {"uses": {"Iron Lance": 5}}},
                       "battle", "a battle wore the lance")
    finally:
        opened.close()
    failed = cli(db, "character", "repair", "Kyle", "Iron Lance", "--rolls", "1,1,1", "--json")
    assert failed.exit_code == 0 and json.loads(failed.stdout)["passed"] is False
    done = cli(db, "character", "repair", "Kyle", "Iron Lance", "--rolls", "6,6,6", "--json")
    carried = json.loads(done.stdout)["carried"]
    assert carried["uses"]["Iron Lance"] == 22 and carried["unit"]["repairs"] == {"Iron Lance": 1}
    shown = json.loads(cli(db, "character", "show", "Kyle", "--json").stdout)
    assert shown["unit"]["repairs"] == {"Iron Lance": 1}
    refused = cli(db, "character", "repair", "Kyle", "Vulnerary", "--rolls", "6,6,6")
    assert refused.exit_code == 2 and "no sword, axe, lance or bow" in refused.stderr
    history = json.loads(cli(db, "character", "history", "Kyle", "--json").stdout)
    assert [h["what"] for h in history][-2:] == ["repair (d6 1, d6 1, d6 1)",
                                                 "repair (d6 6, d6 6, d6 6)"]
