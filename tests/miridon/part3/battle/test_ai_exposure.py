"""The AI's moves weigh the insanity the foes' next hits would cause (004 L3015, L3039;
spec §3.23, DEFAULT design, docs/miridon-ai.md "Insanity exposure")."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.ai import decide, move_candidates
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.magic.ai_hooks import attack_insanity_cost
from tactician.rulesets.miridon.spirit_battle.ai_threats import apply_exposure, exposure
from tests.miridon.battle.helpers import battle, unit

BOOK = load_compendium()
OPTIONS = BattleOptions()


def _field(ghost: int) -> object:
    # 35 HP against 30 ghosts: a hit of 6 or more calls for an insanity roll (L3015)
    haunt = unit("haunt", "enemy", at=(0, 1), controller="ai", ghost=ghost, hp=35,
                 weapons=("Revolver",))
    sable = unit("sable", at=(4, 1), facing="w", talents={"Melee Boost": 4})
    return battle(haunt, sable, order=("haunt", "sable"))


def _independent(state: object, at: tuple[int, int]) -> float:
    haunt = state.unit("haunt").model_copy(update={"position": at})  # type: ignore[attr-defined]
    there = state.replace_units(haunt)  # type: ignore[attr-defined]
    try:
        plan, _ = plan_attack(BOOK, OPTIONS, there, {"type": "attack", "unit": "sable",
                                                     "target": "haunt", "weapon": "Longsword"})
    except RulesError:
        return 0.0  # out of the foe's reach
    lost: dict[int, float] = {}
    for dealt, p in odds(plan.spec).damage.items():
        lost[min(dealt, haunt.hp)] = lost.get(min(dealt, haunt.hp), 0.0) + p
    # the hit's insanity cost (``attack_insanity_cost``, checked against the whole Table 7.1
    # distribution in test_ai_hooks)
    return attack_insanity_cost(BOOK, haunt.hp, haunt.ghost, 0, lost)[1]


def test_exposure_is_the_insanity_cost_of_the_foes_best_hit_where_the_unit_stands() -> None:
    state = _field(30)
    assert exposure(BOOK, OPTIONS, state, state.unit("haunt")) == 0  # out of reach
    near = state.replace_units(state.unit("haunt").model_copy(update={"position": (3, 1)}))
    value = exposure(BOOK, OPTIONS, near, near.unit("haunt"))
    assert value > 0 and value == pytest.approx(_independent(state, (3, 1)))


def test_a_move_into_the_reach_that_would_trigger_insanity_costs_it() -> None:
    state = _field(30)
    haunt = state.unit("haunt")
    moves = move_candidates(BOOK, OPTIONS, state, haunt, 0.0)
    before = {tuple(c.action["to"]): c.score for c in moves}
    apply_exposure(BOOK, OPTIONS, state, haunt, moves)
    after = {tuple(c.action["to"]): c.score for c in moves}
    for tile, score in after.items():
        expected = before[tile] - 0.5 * _independent(state, tile)  # type: ignore[arg-type]
        assert score == pytest.approx(expected)
    assert any(after[t] < before[t] for t in after)
    # a unit whose ghosts a hit cannot bring above its HP is not held back
    calm = _field(0)
    moves = move_candidates(BOOK, OPTIONS, calm, calm.unit("haunt"), 0.0)
    scores = [c.score for c in moves]
    apply_exposure(BOOK, OPTIONS, calm, calm.unit("haunt"), moves)
    assert [c.score for c in moves] == scores


def test_the_planner_reads_the_exposure() -> None:
    state = _field(30)
    found = decide(MiridonBattleRules(), state, state.unit("haunt"))
    exposed = [r for r in found["best"] if "insanity exposure" in r["why"]]
    assert found["candidates_scored"] > 0 and (exposed or found["actions"][0]["type"] != "move"
                                               or "insanity" not in found["reason"])
