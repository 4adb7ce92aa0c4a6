"""``character show`` says what a battle left on a roster character in words, never
Python's dicts (issue 24 item 4: "uses: {'Fire': 38, 'Vulnerary': 3}", "supports:
{'Eirika': {'fights': 3, 'rank': None}}", "wounds: []", "dead: False")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.cli.carried_words import carried_lines
from tests.conformance.evening import aftermath_text, evening, start_battle
from tests.conformance.test_evening import NOT_WORDS

# what each ruleset's aftermath carries (their campaign_aftermath), as stored
FE_TABLETOP = {"uses": {"Fire": 38, "Vulnerary": 3}, "fallen": False,
               "supports": {"Eirika": {"fights": 3, "rank": None},
                            "Moulder": {"fights": 5, "rank": "C"}}}
UESRPG = {"hp": 9, "sp": 2, "mp": 0,
          "wounds": [{"id": 1, "damage": 5, "location": "right_arm", "crippled": ["right_hand"],
                      "passive": True, "blood_loss": None, "treated": False, "cured_by": 0}],
          "lost": [], "conditions": [{"name": "Bleeding", "x": 2, "rounds": None,
                                      "where": None, "count": 1, "cause": ""}],
          "dead": False}
TROPERA = {"sits_out_next_battle": True, "why": "Crippled: cannot participate"}
FE_CLASSIC = {"dead": False, "inventory": ["Iron Sword", "Vulnerary"], "exp_due": 12}
MIRIDON = {"hp": 0, "dead": True}


@pytest.mark.parametrize("carried", [FE_TABLETOP, UESRPG, TROPERA, FE_CLASSIC, MIRIDON])
def test_every_rulesets_aftermath_reads_as_words(carried: dict[str, object]) -> None:
    lines = carried_lines(carried)
    assert lines and all(not NOT_WORDS.search(line) for line in lines), lines


def test_the_words_say_what_the_dicts_said() -> None:
    assert carried_lines(FE_TABLETOP) == [
        "Uses: Fire 38, Vulnerary 3",
        "Fallen: no",
        "Supports: Eirika (fights 3, rank none); Moulder (fights 5, rank C)",
    ]
    said = carried_lines(UESRPG)
    assert said[:3] == ["HP: 9", "SP: 2", "MP: 0"]
    assert ("Wounds: id 1, damage 5, location right arm, crippled right hand, passive yes, "
            "blood loss none, treated no, cured by 0") in said
    assert "Lost: none" in said and "Dead: no" in said
    assert carried_lines(TROPERA) == ["Sits out next battle: yes",
                                      "Why: Crippled: cannot participate"]
    assert carried_lines(FE_CLASSIC) == ["Dead: no", "Inventory: Iron Sword, Vulnerary",
                                         "EXP due: 12"]
    # nothing to say (Tropera's "why" when not Crippled) is left out
    assert carried_lines({"sits_out_next_battle": False, "why": ""}) == [
        "Sits out next battle: no"]


def test_character_show_after_a_battle(tmp_path: Path) -> None:
    """The real command, after an fe-tabletop battle capped at one round."""
    from tactician.rulesets.registry import get

    contract = get("fe-tabletop").contract()
    example = contract.examples().battles[0]
    night = evening(tmp_path, contract)
    night.run("character", "add", str(example.units[0].parent / "party" / "lute.yaml"))
    start_battle(night, example, "round_cap=1")
    for _ in range(10):
        if night.call("battle", "enemy-phase", "--any-side").exit_code == 2:
            break
    shown = night.run("character", "show", "Lute").stdout
    lines = aftermath_text(shown)
    assert any(line.startswith("  Uses: Fire ") for line in lines), shown
    assert all(not NOT_WORDS.search(line) for line in lines), lines
    # the sheet's weapon table says the uses the aftermath says, of the weapon's full
    fire = next(line for line in lines if line.startswith("  Uses: Fire "))
    left = fire.removeprefix("  Uses: Fire ").split(",")[0]
    assert "uses left" in shown and f"{left}/40" in shown, shown


def test_the_roster_sheet_shows_the_uses_the_battle_left() -> None:
    """Issue 24, noticed on the evening's roster: the unit file holds a weapon's full
    uses, so the sheet said 45 while the aftermath (and the next battle) said 43."""
    from tactician.table.roster import _with_uses_left

    sheet = {"sections": [
        {"title": "Weapons", "columns": ["weapon", "hit", "uses"],
         "table": [["Iron Lance", "87", "45"], ["Javelin", "70", "20"]]},
        {"title": "Inventory", "columns": [], "table": [], "lines": ["Iron Lance"]}]}
    shown = _with_uses_left(sheet, {"uses": {"Iron Lance": 43}})
    weapons = shown["sections"][0]
    assert weapons["columns"] == ["weapon", "hit", "uses left"]
    assert weapons["table"] == [["Iron Lance", "87", "43/45"], ["Javelin", "70", "20/20"]]
    assert shown["sections"][1] == sheet["sections"][1]
    assert _with_uses_left(sheet, {}) is sheet  # nothing carried: the sheet as it is
