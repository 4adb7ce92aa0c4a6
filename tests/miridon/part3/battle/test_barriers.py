"""Barriers last on a unit and absorb later hits of their kind (004 L3326-3350)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.barriers import barrier_of
from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting
from tests.miridon.battle.helpers import act, battle, unit


def _caster(uid: str, casting: Casting, at: tuple[int, int]) -> Any:
    found = unit(uid, "enemy", at=at, weapons=("Short Staff",), ghost=30)
    return with_casting(found, casting).model_copy(update={"slots": ()})


def _records(outcome: Any) -> list[dict[str, Any]]:
    return list(outcome.records)


def test_a_spell_barrier_lasts_and_absorbs_a_later_elemental_spell() -> None:
    guard = _caster("guard", Casting("Spell Barrier", (), 5, 0, "self", 30), (3, 0))
    guard = guard.model_copy(update={"side": "player"})
    witch = _caster("witch", Casting("Elemental Spell", (), 5, 0, "guard", 60,
                                     element="fire"), (6, 0))
    state = battle(guard, witch, order=("guard", "witch"))
    state, _, _ = act(state, {"type": "activate_spell", "unit": "guard"})
    shield = barrier_of(state.unit("guard"), "spell")
    assert shield is not None and shield.left == 30 and shield.blocks == 30  # L3328, L3331
    state = state.model_copy(update={"turn": 1})
    after, outcome, _ = act(state, {"type": "activate_spell", "unit": "witch"})
    rolled = next(r for r in _records(outcome) if r.get("spell") == "activate")["rolled"]
    total = sum(rolled)  # 6d6, SDR 0 (L3288)
    assert after.unit("guard").hp == 40 - max(0, total - 30)
    left = barrier_of(after.unit("guard"), "spell")
    assert (left.left if left else 0) == max(0, 30 - total)


def test_a_physical_barrier_takes_a_gale_bursts_wall_damage_not_a_spell_barrier() -> None:
    witch = _caster("witch", Casting("Gale Burst", (), 5, 0, "self", None), (5, 2))
    guard = unit("guard", at=(4, 2))
    from tactician.rulesets.miridon.magic.effects import Barrier
    from tactician.rulesets.miridon.spirit_battle.barriers import raise_barriers
    guard = raise_barriers(guard, [Barrier("physical", 4), Barrier("spell", 30)])
    state = battle(witch, guard, width=20, order=("witch", "guard"))
    after, _, _ = act(state, {"type": "activate_spell", "unit": "witch", "targets": ["guard"]})
    # 20 ft to the edge, 10 ft left: 10 physical damage, 4 absorbed (L3339, L3313)
    assert after.unit("guard").hp == 40 - 6
    assert barrier_of(after.unit("guard"), "physical") is None  # broken
    assert barrier_of(after.unit("guard"), "spell") is not None  # untouched


def test_a_weaker_barrier_does_not_replace_a_stronger() -> None:
    from tactician.rulesets.miridon.magic.effects import Barrier
    from tactician.rulesets.miridon.spirit_battle.barriers import raise_barriers
    guard = raise_barriers(unit("guard"), [Barrier("spell", 40)])
    assert barrier_of(raise_barriers(guard, [Barrier("spell", 30)]), "spell").left == 40
    assert barrier_of(raise_barriers(guard, [Barrier("spell", 45)]), "spell").left == 45
