"""Piece B tests 14-16 (spec 004 §6): Table 6.6, the Break / Maintain contest, the speed
drain and the unreduced Grapple Attack."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.grapple_rules import (
    break_chance,
    max_grapple_strength,
    table_invest,
)
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()


def test_l2975_table_6_6_and_the_contest_derived() -> None:
    """14 current strength points allow 2 (+ Grapple Boost rank + the weapon's); the
    target breaks only if its power exceeds: P(3 vs 2) = 7/12, P(2 vs 2) = 5/12."""
    assert [table_invest(BOOK, p) for p in (0, 9, 10, 14, 15, 39, 40, 99)] == \
        [1, 1, 2, 2, 3, 7, 8, 8]
    grappler = unit("g", weapons=("Gauntlet",), talents={"Grapple Boost": 2}, strength=14)
    assert max_grapple_strength(BOOK, grappler) == 2 + 2 + 1
    assert Fraction(break_chance(3, 2)).limit_denominator(100) == Fraction(7, 12)
    assert Fraction(break_chance(2, 2)).limit_denominator(100) == Fraction(5, 12)


@pytest.mark.parametrize(("weapon", "drains"), [("Unarmed", [4, 5, 6]),
                                                ("Gauntlet", [5, 6, 7])])
def test_l2985_speed_drain_grows_each_block(weapon: str, drains: list[int]) -> None:
    """1, 2, 3 ... plus the grappler's weapon's Grapple Speed Damage (Unarmed 3, L3486;
    Gauntlet 4, L3488)."""
    grappler = unit("g", weapons=(weapon,), talents={"Grapple Boost": 1}, strength=30,
                    to_hit={weapon: 0})
    target = unit("t", "enemy", at=(1, 0), speed=40, hp=300)
    state = battle(grappler, target)
    speeds = [40]
    state, _, _ = act(state, {"type": "grapple", "unit": "g", "target": "t", "dodge": "no"},
                      rolls=[6, 6, 1, 1, 1])
    assert state.unit("g").grappling == ("t",) and state.unit("t").grappled_by == "g"
    speeds.append(state.unit("t").speed)
    state, _, _ = act(state, {"type": "end_turn"})  # the target's turn in block 1: no drain
    assert state.unit("t").speed == speeds[-1]
    for _ in range(2):  # its turns in blocks 2 and 3
        state, _, _ = act(state, {"type": "end_turn"})
        state, _, _ = act(state, {"type": "end_turn"})
        speeds.append(state.unit("t").speed)
    assert [a - b for a, b in zip(speeds, speeds[1:], strict=False)] == drains


def test_l1885_grapple_attack_is_not_reduced() -> None:
    grappler = unit("g", weapons=("Unarmed",), talents={"Grapple Boost": 2},
                    to_hit={"Unarmed": 0})
    target = unit("t", "enemy", at=(1, 0), pdr=30, hp=100)
    state, outcome, _ = act(battle(grappler, target),
                            {"type": "grapple", "unit": "g", "target": "t", "dodge": "no"},
                            rolls=[6, 6, 4, 5])
    assert state.unit("t").hp == 100 - 9  # 2d6 (Grapple Boost 2) = 4 + 5, PDR 30 ignored
    assert outcome.records[1]["strikes"][0]["damage"] == 9


def test_break_grapple_from_the_second_block_and_lockdown() -> None:
    grappler = unit("g", weapons=("Unarmed",), talents={"Grapple Boost": 1},
                    to_hit={"Unarmed": 0}, strength=20)
    target = unit("t", "enemy", at=(1, 0), hp=100, strength=20, speed=40)
    state, _, _ = act(battle(grappler, target),
                      {"type": "grapple", "unit": "g", "target": "t", "dodge": "no"},
                      rolls=[6, 6, 1])
    with pytest.raises(RulesError, match="grappling"):
        act(state, {"type": "move", "unit": "g", "to": [0, 1]})
    state, _, _ = act(state, {"type": "end_turn"})
    with pytest.raises(RulesError, match="second|block after"):
        act(state, {"type": "break_grapple", "unit": "t", "invest": 1})
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "end_turn"})  # its turn in block 2
    broken, outcome, draws = act(state, {"type": "break_grapple", "unit": "t", "invest": 2,
                                         "maintain": 0}, rolls=[3, 4])
    assert "broken" in outcome.summary  # 2 + 3 = 5 > 0 + 4
    assert broken.unit("t").grappled_by is None and broken.unit("g").grappling == ()
    assert broken.unit("t").strength == 18 and broken.unit("t").locked_block == broken.block
    held, outcome, _ = act(state, {"type": "break_grapple", "unit": "t", "invest": 2,
                                   "maintain": 1}, rolls=[3, 4])
    assert "held" in outcome.summary  # 5 vs 5: a tie holds (L2966)


def test_l651_double_grapple_and_l669_moving_grapple() -> None:
    """Double Grapple: a second Initiate Grapple while grappling; Moving Grapple: move with
    the single grappled target alongside."""
    grappler = unit("g", weapons=("Unarmed",), talents={"Grapple Boost": 1},
                    to_hit={"Unarmed": 0}, strength=30, speed=30,
                    flairs=("Double Grapple", "Moving Grapple"), at=(2, 2))
    one = unit("t", "enemy", at=(3, 2), hp=100)
    two = unit("u", "enemy", at=(2, 3), hp=100)
    state = battle(grappler, one, two)
    moved, _, _ = act(state.model_copy(), {"type": "grapple", "unit": "g", "target": "t",
                                           "dodge": "no"}, rolls=[6, 6, 1])
    dragged, _, _ = act(moved, {"type": "move", "unit": "g", "to": [2, 1], "how": "sidestep",
                                "obstruct": "no"})
    assert dragged.unit("g").position == (2, 1) and dragged.unit("t").position == (3, 1)
    with pytest.raises(RulesError, match="offensive"):  # one offensive action a turn
        act(moved, {"type": "grapple", "unit": "g", "target": "u", "dodge": "no"})
    fresh = moved.replace_units(moved.unit("g").model_copy(update={"slots": ()}))
    both, _, _ = act(fresh, {"type": "grapple", "unit": "g", "target": "u", "dodge": "no"},
                     rolls=[6, 6, 1])
    assert both.unit("g").grappling == ("t", "u") and both.unit("u").grappled_by == "g"
    plain = grappler.model_copy(update={"profile": grappler.profile.model_copy(
        update={"flairs": ()})})
    held, _, _ = act(battle(plain, one, two), {"type": "grapple", "unit": "g", "target": "t",
                                               "dodge": "no"}, rolls=[6, 6, 1])
    held = held.replace_units(held.unit("g").model_copy(update={"slots": ()}))
    with pytest.raises(RulesError, match="grappling"):
        act(held, {"type": "grapple", "unit": "g", "target": "u", "dodge": "no"})
    with pytest.raises(RulesError, match="grappling"):
        act(held, {"type": "move", "unit": "g", "to": [2, 1], "how": "sidestep"})


def _two_grappled(*flairs: str) -> MiridonBattle:
    """g grappling t and u since an earlier block; t then u to act in this block."""
    g = unit("g", weapons=("Unarmed",), talents={"Grapple Boost": 1}, strength=30,
             flairs=("Double Grapple", *flairs), at=(2, 2), grappling=("t", "u"),
             stance="Grappling Stance")
    t = unit("t", "enemy", at=(3, 2), strength=20, grappled_by="g", grappled_blocks=2,
             stance="Grappled Stance")
    u = unit("u", "enemy", at=(2, 3), strength=20, grappled_by="g", grappled_blocks=2,
             stance="Grappled Stance")
    return battle(t, u, g)


def test_l653_double_grapple_maintains_and_pays_for_each_target() -> None:
    state = _two_grappled()
    state, _, _ = act(state, {"type": "break_grapple", "unit": "t", "invest": 1,
                              "maintain": 2}, rolls=[1, 6])
    state, _, _ = act(state, {"type": "end_turn"})
    state, outcome, _ = act(state, {"type": "break_grapple", "unit": "u", "invest": 1,
                                    "maintain": 3}, rolls=[1, 6])
    assert state.unit("g").strength == 30 - 2 - 3 and "held" in outcome.summary


def test_l661_advanced_double_grapple_maintains_once() -> None:
    """"[Maintain Grapple] is performed only once and the [Strength Cost] is reduced only
    once": u's Break Grapple meets the Maintain made against t, unpaid."""
    state = _two_grappled("Advanced Double Grapple")
    state, _, _ = act(state, {"type": "break_grapple", "unit": "t", "invest": 1,
                              "maintain": 2}, rolls=[1, 6])
    state, _, _ = act(state, {"type": "end_turn"})
    with pytest.raises(RulesError, match="only once|cannot differ"):
        act(state, {"type": "break_grapple", "unit": "u", "invest": 1, "maintain": 3})
    after, outcome, _ = act(state, {"type": "break_grapple", "unit": "u", "invest": 1},
                            rolls=[3, 2])
    assert after.unit("g").strength == 30 - 2
    assert "held" in outcome.summary  # 1 + 3 vs the standing 2 + 2: a tie holds
