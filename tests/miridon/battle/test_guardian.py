"""Guardian (004 L173): a friend within 5 ft raises the target's Passive Evasion by its
rank, the highest rank when several stand by (``attack_numbers.guardian``)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.attack_numbers import evasions
from tactician.rulesets.miridon.battle.options import BattleOptions
from tests.miridon.battle.helpers import battle, unit


def test_l173_the_highest_guardian_rank_of_a_friend_within_5_ft_adds_to_passive() -> None:
    target = unit("t", "enemy", at=(4, 2), passive=7, active=9)
    state = battle(
        unit("g", at=(0, 2)),
        target,
        unit("near", "enemy", at=(5, 2), specials={"Guardian": 1}),
        unit("best", "enemy", at=(4, 3), specials={"Guardian": 3}),
        unit("far", "enemy", at=(7, 2), specials={"Guardian": 5}),  # 15 ft away
        unit("foe", "player", at=(3, 2), specials={"Guardian": 4}),  # not a friend
        unit("down", "enemy", at=(4, 1), specials={"Guardian": 6}, status="unconscious"),
    )
    assert evasions(state, target, BattleOptions()) == (7 + 3, 9)


def test_l173_no_guardian_friend_nearby_adds_nothing() -> None:
    target = unit("t", "enemy", at=(4, 2), passive=7, specials={"Guardian": 2})
    state = battle(unit("g", at=(0, 2)), target,
                   unit("plain", "enemy", at=(5, 2)),
                   unit("far", "enemy", at=(9, 2), specials={"Guardian": 5}))
    assert evasions(state, target, BattleOptions())[0] == 7  # its own rank is not counted
