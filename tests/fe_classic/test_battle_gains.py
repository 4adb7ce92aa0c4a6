"""001's growth in a 002 battle: weapon-rank uses from hits (001 L5) and the party's EXP
by the chart (001 L123-128), applied after each fight and logged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.dice.source import PhysicalDice
from tactician.rulesets.fe_classic.battle_rules import ClassicBattleRules
from tactician.rulesets.fe_classic.battle_state import ClassicBattle
from tactician.rulesets.registry import contract
from tests.fe_classic.test_battle import EIRIKA, FOE, _battle, _unit

RULES = ClassicBattleRules()
GARCIA = {"id": "garcia", "file": "garcia_fighter.yaml", "side": "player", "at": [0, 0]}


def _setup(tmp_path: Path, foe_hp: int | None = None, *options: str, **card: Any
           ) -> ClassicBattle:
    state = _battle(tmp_path, "....\n", [dict(GARCIA), EIRIKA | {"at": [3, 0]},
                                         {**FOE, "at": [1, 0]}])
    garcia = _unit(state, "garcia")
    garcia = garcia.model_copy(update={"character": garcia.character.model_copy(update=card)})
    changed = [garcia]
    if foe_hp is not None:
        changed.append(_unit(state, "foe").with_hp(foe_hp))
    return state.replace_units(*changed).model_copy(update={"options": options})


def _attack(state: ClassicBattle, dice: list[int], unit: str = "garcia",
            target: str = "foe") -> tuple[ClassicBattle, list[dict[str, Any]]]:
    after, outcome = RULES.apply(state, {"type": "attack", "unit": unit, "target": target},
                                 PhysicalDice(dice))
    return after, list(outcome.records)


def test_a_killing_blow_counts_twice_and_the_party_gets_the_chart_award(tmp_path: Path) -> None:
    """001 L5 "If a unit lands a killing blow, that hit counts twice"; L125 "1-4 Units:
    10 EXP for the entire party" (exp_award = each: every standing member gets 10)."""
    # Garcia's Iron Axe: Atk 7 + 8 = 15 against Def 2 -> 13; the foe at 13 HP falls
    # to the first hit (face 1 of the 82% hit roll; crit rate 0: no crit die)
    after, records = _attack(_setup(tmp_path, 13), [1])
    garcia, eirika = _unit(after, "garcia"), _unit(after, "eirika")
    assert _unit(after, "foe").out
    assert garcia.character.rank_uses["axe"] == 2
    assert garcia.character.exp == 10 and eirika.character.exp == 10
    types = [r["type"] for r in records]
    assert "rank_uses" in types and "party_exp" in types
    assert next(r for r in records if r["type"] == "party_exp")["units"] == ["garcia",
                                                                             "eirika"]


def test_rank_rises_at_ten_uses_and_a_level_up_is_rolled_at_100_exp(tmp_path: Path) -> None:
    """001 L5 "from Rank E to Rank D, the unit must deal damage to a target 10 times";
    L123 100 EXP a level, the rest carried; the level-up's d100s come from the dice."""
    state = _setup(tmp_path, 13, exp=95, rank_uses={"axe": 9})
    # the kill (face 1), then Garcia's level-up d100s (PhysicalDice in order), then Eirika's
    after, records = _attack(state, [1, *[1] * 6, *[100] * 6])
    garcia = _unit(after, "garcia")
    assert garcia.character.ranks["axe"] == "D" and garcia.character.rank_uses["axe"] == 11
    assert garcia.character.level == 5 and garcia.character.exp == 5
    assert garcia.max_hp == garcia.character.max_hp == 20 and garcia.hp == 20
    rank_up = next(r for r in records if r["type"] == "rank_up")
    assert (rank_up["before"], rank_up["after"]) == ("E", "D")
    level = next(r for r in records if r["type"] == "level_up")
    assert level["unit"] == "garcia" and level["level"] == 5
    assert _unit(after, "eirika").character.exp == 10


def test_enemies_gain_nothing_and_a_defender_counts_its_counter_hits(tmp_path: Path) -> None:
    """Only the party grows (G1-61); the defender's damaging counters count (001 L5)."""
    state = _setup(tmp_path).model_copy(update={"phase": 1})
    before = _unit(state, "foe").character
    # foe hits (55%, face 1: 14 damage), Garcia counters twice (13 each): foe 27 -> 1
    after, records = _attack(state, [1, 1, 1], unit="foe", target="garcia")
    assert _unit(after, "foe").character.rank_uses == before.rank_uses
    assert _unit(after, "foe").character.exp == before.exp
    assert _unit(after, "garcia").character.rank_uses["axe"] == 2
    assert not any(r["type"] in ("party_exp", "exp") for r in records)


def test_exp_per_battle_gives_no_exp_in_battle_but_notes_it_due(tmp_path: Path) -> None:
    after, records = _attack(_setup(tmp_path, 13, "exp_per=battle"), [1])
    assert _unit(after, "garcia").character.exp == 0
    assert _unit(after, "garcia").character.rank_uses["axe"] == 2  # ranks still grow
    assert not any(r["type"] == "party_exp" for r in records)
    carried = contract("fe-classic").aftermath(after)
    assert carried["Garcia"]["exp_due"] == 10


def test_the_aftermath_carries_the_grown_card_and_muster_puts_it_back(tmp_path: Path) -> None:
    after, _ = _attack(_setup(tmp_path, 13, exp=95, rank_uses={"axe": 9}),
                       [1, *[1] * 6, *[100] * 6])
    carried = contract("fe-classic").aftermath(after)
    assert carried["Garcia"]["exp_due"] == 0  # given in battle (exp_per = fight)
    fresh = _battle(tmp_path, "...\n", [dict(GARCIA), {**FOE, "at": [1, 0]}])
    mustered = _unit(contract("fe-classic").muster(fresh, {"Garcia": carried["Garcia"]}),
                     "garcia")
    assert mustered.character.level == 5 and mustered.character.ranks["axe"] == "D"
    assert mustered.hp == mustered.max_hp == 20


def test_pvp_benched_a_fallen_unit_sits_out_the_next_battle(tmp_path: Path) -> None:
    """002 L56-58 "if in PvP, they may simply become unusable for a set time"."""
    state = _setup(tmp_path, None, "pvp_death=benched")
    fallen = state.replace_units(_unit(state, "eirika").with_hp(0))
    carried = contract("fe-classic").aftermath(fallen)["Eirika"]
    assert carried["dead"] is False and carried["sits_out_next_battle"] is True
    assert "PvP" in carried["why"]
    dead = contract("fe-classic").aftermath(fallen.model_copy(update={"options": ()}))
    assert dead["Eirika"]["dead"] is True and "sits_out_next_battle" not in dead["Eirika"]
