"""Berserk played (FE8; ruling "Berserk" in docs/rulings.md): the engine plays a berserk
unit at its phase's end, attacking the nearest unit, friend or foe."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.fe_classic.battle_ai import planner
from tactician.rulesets.fe_classic.battle_rules import ClassicBattleRules
from tactician.rulesets.fe_classic.battle_state import ClassicBattle
from tests.fe_classic.test_battle import EIRIKA, FOE, _battle, _unit

RULES = ClassicBattleRules()
GARCIA = {"id": "garcia", "file": "garcia_fighter.yaml", "side": "player", "at": [0, 0]}


def _berserk(tmp_path: Path, grid: str, eirika: int, foe: int, turns: int = 5
             ) -> ClassicBattle:
    state = _battle(tmp_path, grid, [dict(GARCIA), EIRIKA | {"at": [eirika, 0]},
                                     {**FOE, "at": [foe, 0]}])
    garcia = _unit(state, "garcia").model_copy(update={"statuses": {"berserk": turns}})
    return state.replace_units(garcia)


def test_a_berserk_unit_strikes_its_nearest_ally_at_the_phase_end(tmp_path: Path) -> None:
    state = _berserk(tmp_path, "......\n", eirika=1, foe=5)
    before = _unit(state, "eirika").hp
    after, outcome = RULES.apply(state, {"type": "end_phase"}, SeededDice(3))
    attack = next(r for r in outcome.records if r.get("type") == "berserk")
    assert any("Garcia is berserk: Garcia attacks Eirika" in line for line in attack["lines"])
    eirika = _unit(after, "eirika")
    strikes_on_eirika = [line for line in attack["lines"] if "attacks Eirika" in line]
    assert strikes_on_eirika and (eirika.hp < before or "0 land" in strikes_on_eirika[0])
    assert _unit(after, "garcia").statuses == {"berserk": 4}  # one of its turns spent


def test_a_berserk_unit_walks_to_the_nearest_unit_even_a_foe(tmp_path: Path) -> None:
    # the foe 2 tiles away is nearer than Eirika 5 tiles away: Garcia attacks the foe
    state = _berserk(tmp_path, "......\n", eirika=5, foe=2)
    _, outcome = RULES.apply(state, {"type": "end_phase"}, SeededDice(3))
    lines = next(r for r in outcome.records if r.get("type") == "berserk")["lines"]
    assert any("attacks Fighter" in line for line in lines), lines


def test_a_berserk_unit_takes_no_orders_and_the_ai_leaves_it(tmp_path: Path) -> None:
    state = _berserk(tmp_path, "......\n", eirika=1, foe=5)
    with pytest.raises(RulesError, match="Garcia is berserk"):
        RULES.apply(state, {"type": "wait", "unit": "garcia"}, SeededDice(1))
    decision = planner(True).next(state)
    assert decision is not None and decision["unit"] == "eirika"


def test_berserk_wears_off_after_its_turns(tmp_path: Path) -> None:
    state = _berserk(tmp_path, "......\n", eirika=4, foe=5, turns=1)
    garcia = _unit(state, "garcia").model_copy(update={"acted": True})
    after, _ = RULES.apply(state.replace_units(garcia), {"type": "end_phase"}, SeededDice(1))
    assert "berserk" not in _unit(after, "garcia").statuses
