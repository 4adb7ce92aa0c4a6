"""The AI acts with a mech through its parts (004 L3641, L3647; spec §3.23, DEFAULT design,
docs/miridon-ai.md "Mechs"): part attacks scored from the same plan ``mech_attack``
resolves, part moves scored by the attack they open, each part once a block."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.rulesets.miridon.battle.ai import Planner, decide
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.economy import FULL, point_value
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.mechs.mech import disable
from tactician.rulesets.miridon.spirit_battle.ai_mechs import mech_candidates
from tactician.rulesets.miridon.spirit_battle.mech_units import board, mech_of, with_mech
from tests.miridon.battle.helpers import act, battle, unit
from tests.miridon.part3.battle.test_mech_battle import frame

BOOK = load_compendium()
OPTIONS = BattleOptions()
BLADE = "Training Frame Blade"


def _state(ogre_at: tuple[int, int]) -> Any:
    pilot = board(unit("rill", "enemy", specials={"Mech Training": 2}, controller="ai"),
                  "frame")
    mech = frame(at=(1, 1), pilot="rill").model_copy(update={"side": "enemy",
                                                             "controller": "ai"})
    return battle(mech, pilot, unit("ogre", at=ogre_at, facing="w"),
                  order=("frame", "rill", "ogre"))


def test_a_part_attack_is_scored_from_the_plan_mech_attack_resolves() -> None:
    state = _state((2, 1))
    found = mech_candidates(BOOK, OPTIONS, state, state.unit("frame"))
    blade = next(c for c in found if c.action.get("part") == BLADE)
    plan, _ = plan_attack(BOOK, OPTIONS, state, {**blade.action, "weapon": "Longsword",
                                                 "kind": "melee"})
    chance = odds(plan.spec)
    # 2 of the blade's 4 speed points: its regeneration (2, L3621) gives both back
    expected = chance.expected_damage + 12 * chance.unconscious + 6 * chance.dead - 2 * FULL
    assert blade.score == pytest.approx(expected)
    choice = decide(MiridonBattleRules(), state, state.unit("frame"))["actions"][0]
    assert choice["type"] == "mech_attack" and choice["target"] == "ogre"


def test_the_ai_moves_the_mech_to_open_an_attack() -> None:
    state = _state((4, 1))  # 15 ft: the blade does not reach; a 10 ft move makes it adjacent
    planner = Planner(MiridonBattleRules())
    taken = []
    for _ in range(6):
        step = planner.next(state)
        assert step is not None
        action = step["actions"][0]
        if action["type"] == "end_turn":
            break
        taken.append(action)
        state, _, _ = act(state, action)
    kinds = [(a["type"], a["part"]) for a in taken]
    move = kinds.index(("mech_move", "Training Frame Body"))
    assert kinds.index(("mech_attack", BLADE)) > move  # another part acts after it (L3641)
    assert state.unit("frame").position == (3, 1)


def test_a_disabled_mech_only_ends_its_turn() -> None:
    state = _state((2, 1))
    mech, _ = disable(mech_of(state.unit("frame")))
    state = state.replace_units(with_mech(state.unit("frame"), mech))
    assert mech_candidates(BOOK, OPTIONS, state, state.unit("frame")) == []
    assert decide(MiridonBattleRules(), state, state.unit("frame"))["actions"] == \
        [{"type": "end_turn", "unit": "frame"}]


def test_the_planner_plays_the_mechs_turn_each_part_at_most_once() -> None:
    state = _state((4, 1))
    rules = MiridonBattleRules()
    planner = Planner(rules)
    used: list[str] = []
    for _ in range(6):
        step = planner.next(state)
        assert step is not None
        action = step["actions"][0]
        state, _, _ = act(state, action)
        if action["type"] == "end_turn":
            break
        used.append(action["part"])
    assert len(used) == len(set(used)) >= 2
    assert state.current is not None and state.current.id != "frame"


def test_a_parts_points_beyond_its_regeneration_cost_as_a_characters() -> None:
    from tactician.rulesets.miridon.mechs.mech import PartState
    from tactician.rulesets.miridon.spirit_battle.part_points import part_cost_value

    part = PartState("Core", "spell_core", 6, 1, 6)
    assert part_cost_value(part, 1) == pytest.approx(FULL)
    assert part_cost_value(part, 3) == pytest.approx(FULL + 2 * point_value(3, 6))
