"""Healing Word, Guidance and Teleport (L2120-2140, L1975-1986)."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit


def test_l2124_healing_word_1d6_per_rank_capped_and_never_the_dead() -> None:
    healer = unit("h", specials={"Healing Word": 2})
    hurt = unit("f", at=(3, 0), hp=40).model_copy(update={"hp": 0, "status": "unconscious"})
    state, outcome, draws = act(battle(healer, hurt), {"type": "healing_word", "unit": "h",
                                                       "target": "f"}, rolls=[4, 5])
    assert state.unit("f").hp == 9 and state.unit("f").status == "ok"
    assert [d.purpose for d in draws] == ["Healing Word", "Healing Word"]
    nearly = hurt.model_copy(update={"hp": 38, "status": "ok"})
    state, _, _ = act(battle(healer, nearly), {"type": "healing_word", "unit": "h",
                                               "target": "f"}, rolls=[6, 6])
    assert state.unit("f").hp == 40
    dead = hurt.model_copy(update={"status": "dead"})
    with pytest.raises(RulesError, match="dead"):
        act(battle(healer, dead), {"type": "healing_word", "unit": "h", "target": "f"})
    with pytest.raises(RulesError, match="30 feet"):
        act(battle(healer, nearly.model_copy(update={"position": (7, 0)})),
            {"type": "healing_word", "unit": "h", "target": "f"})


def test_l2134_guidance_adds_rank_to_hit_for_the_block() -> None:
    guide = unit("g", specials={"Guidance": 2})
    ally = unit("a", at=(2, 0))
    foe = unit("e", "enemy", at=(3, 0))
    state, _, _ = act(battle(guide, ally, foe), {"type": "guidance", "unit": "g",
                                                 "target": "a"})
    state = state.model_copy(update={"turn": 1})
    plan, _ = plan_attack(load_compendium(), BattleOptions(), state,
                          {"type": "attack", "unit": "a", "target": "e", "dodge": "no",
                           "block": "none"})
    assert plan.spec.to_hit == 1 + 2
    with pytest.raises(RulesError, match="cannot target"):
        act(battle(guide, ally), {"type": "guidance", "unit": "g", "target": "g"})
    for _ in range(3):  # the block ends: Guidance is gone
        state, _, _ = act(state, {"type": "end_turn"})
    assert state.unit("a").condition("Guidance") is None


def test_l1984_teleport_through_obstacles_for_ghost_power() -> None:
    jumper = unit("j", specials={"Teleport": 3}, ghost=20)
    state, _, _ = act(battle(jumper, unit("x", at=(1, 0))),
                      {"type": "teleport", "unit": "j", "to": [3, 0], "face": "w"})
    j = state.unit("j")
    assert (j.position, j.facing, j.ghost, j.speed) == ((3, 0), "w", 5, 9)
    with pytest.raises(RulesError, match="up to 15 ft"):
        act(battle(jumper), {"type": "teleport", "unit": "j", "to": [4, 0]})
