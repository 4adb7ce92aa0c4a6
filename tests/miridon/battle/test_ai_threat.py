"""The tactical AI preset's threat term (gap M28, ``battle/ai_threat.py``)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.ai import Candidate, decide
from tactician.rulesets.miridon.battle.ai_threat import (
    THREAT_WEIGHT,
    apply_threat,
    foe_threat,
    threat,
)
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.geometry import in_melee
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import battle, unit

BOOK = load_compendium()
OPTIONS = BattleOptions(ai_preset="tactical")


def _brute(at: tuple[int, int] = (3, 2), speed: int = 10) -> MiridonBattle:
    """``speed`` 2 pays for one attack (Melee 1/2, Gun 0/2) but not a move before it."""
    me = unit("me", "enemy", at=(0, 2), controller="ai")
    brute = unit("brute", "player", at=at, weapons=("Greatsword", "Revolver"),
                 to_hit={"Greatsword": 20, "Revolver": 0}, talents={"Melee Boost": 4},
                 speed=speed)
    return battle(me, brute)


def _sword_from(state: MiridonBattle, tile: tuple[int, int]) -> float:
    moved = state.replace_units(state.unit("brute").model_copy(update={"position": tile}))
    plan, _ = plan_attack(BOOK, OPTIONS, moved, {"type": "attack", "unit": "brute",
                                                 "target": "me", "weapon": "Greatsword"})
    return odds(plan.spec).expected_damage


def test_threat_is_the_best_forecast_attack_of_each_foe_in_reach() -> None:
    state = _brute(at=(1, 2))
    me, brute = state.unit("me"), state.unit("brute")
    each = [odds(plan_attack(BOOK, OPTIONS, state, {"type": "attack", "unit": "brute",
                                                    "target": "me", "weapon": w})[0].spec)
            .expected_damage for w in ("Greatsword", "Revolver")]
    assert foe_threat(BOOK, OPTIONS, state, brute, me) == max(each) > 0
    assert threat(BOOK, OPTIONS, state, me) == max(each)
    far = _brute(at=(11, 2))  # 55 ft: the Revolver reaches (60 ft), the sword does not
    assert 0 < threat(BOOK, OPTIONS, far, far.unit("me")) < max(each)
    down = state.replace_units(brute.model_copy(update={"status": "unconscious"}))
    assert threat(BOOK, OPTIONS, down, me) == 0


def test_the_threat_counts_a_foe_that_moves_first_and_can_pay_for_it() -> None:
    """The brute 15 ft away: with 10 speed it sidesteps in and swings (its next block: one
    movement and one offensive action); with 2 it can only shoot from where it stands."""
    mobile, tired = _brute(), _brute(speed=2)
    shot = odds(plan_attack(BOOK, OPTIONS, tired, {"type": "attack", "unit": "brute",
                                                   "target": "me", "weapon": "Revolver"}
                            )[0].spec).expected_damage
    assert foe_threat(BOOK, OPTIONS, tired, tired.unit("brute"), tired.unit("me")) == shot
    swing = foe_threat(BOOK, OPTIONS, mobile, mobile.unit("brute"), mobile.unit("me"))
    assert swing == _sword_from(mobile, (1, 2)) > shot


def test_a_move_pays_for_the_threat_it_walks_into() -> None:
    state = _brute(speed=2)
    me = state.unit("me")
    into = Candidate({"type": "move", "unit": "me", "to": [2, 2]}, 5.0, "in", tile=(2, 2))
    away = Candidate({"type": "move", "unit": "me", "to": [0, 0]}, 5.0, "out", tile=(0, 0))
    apply_threat(BOOK, OPTIONS, state, me, [into, away])
    moved = state.replace_units(me.model_copy(update={"position": (2, 2)}))
    there = threat(BOOK, OPTIONS, moved, moved.unit("me"))
    assert into.score == 5.0 - THREAT_WEIGHT * (there - threat(BOOK, OPTIONS, state, me))
    assert away.score == 5.0 and into.score < away.score


def test_knocking_a_foe_out_removes_its_threat() -> None:
    state = _brute(at=(1, 2))
    hit = Candidate({"type": "attack", "unit": "me", "target": "brute"}, 3.0, "x",
                    target="brute", defeat=0.5)
    apply_threat(BOOK, OPTIONS, state, state.unit("me"), [hit])
    removed = 0.5 * foe_threat(BOOK, OPTIONS, state, state.unit("brute"), state.unit("me"))
    assert hit.score == 3.0 + THREAT_WEIGHT * removed > 3.0


def test_tactical_keeps_out_of_the_brutes_reach_where_standard_walks_in() -> None:
    state = _brute(speed=2)
    chosen = {}
    for preset in ("standard", "tactical"):
        rules = MiridonBattleRules([f"ai_preset={preset}"])
        action = decide(rules, state, state.unit("me"))["actions"][0]
        assert action["type"] == "move"
        chosen[preset] = tuple(action["to"])
    options = BattleOptions()
    assert in_melee(chosen["standard"], (3, 2), options)
    assert not in_melee(chosen["tactical"], (3, 2), options)


def test_a_shoot_through_removes_the_threat_of_each_foe_it_may_knock_out() -> None:
    """A line attack names several targets ("f1, f2"): the threat it removes is each foe's
    P(out) x that foe's threat (it used to look the joined names up as one unit)."""
    from tactician.rulesets.miridon.battle import shoot_through as st

    shooter = unit("g", weapons=("Shotgun",), to_hit={"Shotgun": 3}, at=(0, 2),
                   flairs=("Shoot Through", st.SURPRISE, st.PIERCING, st.ADVANCED))
    near = unit("f1", "enemy", at=(1, 2), hp=4, weapons=("Greatsword",),
                to_hit={"Greatsword": 5})
    far = unit("f2", "enemy", at=(2, 2), hp=4, weapons=("Greatsword",),
               to_hit={"Greatsword": 5})
    state = battle(shooter, near, far)
    line = Candidate({"type": "attack", "unit": "g", "target": "f1",
                      "modifiers": ["shoot_through"]}, 1.0, "x", target="f1, f2", defeat=0.7,
                     defeats={"f1": 0.5, "f2": 0.2})
    me = state.unit("g")
    apply_threat(BOOK, OPTIONS, state, me, [line])
    removed = 0.5 * foe_threat(BOOK, OPTIONS, state, state.unit("f1"), me) + \
        0.2 * foe_threat(BOOK, OPTIONS, state, state.unit("f2"), me)
    assert removed > 0
    assert line.score == 1.0 + THREAT_WEIGHT * removed
    decided = decide(MiridonBattleRules(["ai_preset=tactical"]), state, me)  # no lookup error
    assert decided["actions"][0]["type"] in ("attack", "move", "end_turn")
