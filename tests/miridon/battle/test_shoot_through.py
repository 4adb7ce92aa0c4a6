"""Surprise, Piercing and Advanced Piercing Shoot Through (004 L847-876): what changes for
the targets after the first hit of a Shoot Through, and nothing before it."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.shoot_through import ADVANCED, PIERCING, SURPRISE
from tests.miridon.battle.helpers import act, battle, unit

QUIET = {"dodge": "no", "block": "none"}
# a's to-hit 8 hits Evasion 7, its Revolver 2d6-1 = 5; b's to-hit 8, its damage 7
HIT_THEN_HIT = [4, 4, 3, 3, 4, 4, 4, 4]
# a's to-hit 2 misses Evasion 7 (no damage dice); b's to-hit 8, damage 7
MISS_THEN_HIT = [1, 1, 4, 4, 4, 4]


def _line(*flairs: str, to_hit: int = 0, **b_changes: object):  # type: ignore[no-untyped-def]
    shooter = unit("g", weapons=("Revolver",), flairs=("Shoot Through", *flairs),
                   to_hit={"Revolver": to_hit}, at=(0, 2))
    return battle(shooter, unit("a", "enemy", at=(2, 2), hp=100),
                  unit("b", "enemy", at=(5, 2), hp=100, **b_changes), width=16)


def _shoot(state, rolls, **keys):  # type: ignore[no-untyped-def]
    action = {"type": "attack", "unit": "g", "target": "a", "modifiers": "shoot_through",
              **QUIET, **keys}
    return act(state, action, rolls=rolls)


def test_l849_surprise_later_targets_cannot_dodge() -> None:
    """After the first hit, "all future targets in the line can not perform a [Dodge]"."""
    state = _line(SURPRISE, to_hit=30)
    after, outcome, _ = act(state, {"type": "attack", "unit": "g", "target": "a",
                                    "modifiers": "shoot_through", "dodge": "yes",
                                    "block": "none"}, seed=3)
    first, second = outcome.records[0]["strikes"]
    assert any("Dodge" in e for e in first["effects"])
    assert not any("Dodge" in e for e in second["effects"])
    assert after.unit("b").speed == 10 and after.unit("a").speed < 10


def test_l853_without_surprise_every_target_may_dodge() -> None:
    state = _line(to_hit=30)
    after, outcome, _ = act(state, {"type": "attack", "unit": "g", "target": "a",
                                    "modifiers": "shoot_through", "dodge": "yes",
                                    "block": "none"}, seed=3)
    assert all(any("Dodge" in e for e in s["effects"]) for s in outcome.records[0]["strikes"])
    assert after.unit("b").speed < 10


def test_l849_surprise_needs_a_hit_first() -> None:
    """The first target missed: the next may still Dodge ("after the first target is
    successfully hit")."""
    state = _line(SURPRISE, to_hit=0)
    after, outcome, _ = act(state, {"type": "attack", "unit": "g", "target": "a",
                                    "modifiers": "shoot_through", "dodge": "yes",
                                    "block": "none"}, rolls=[1, 1, 1, 1])
    assert [s["outcome"] for s in outcome.records[0]["strikes"]] == ["miss", "miss"]
    assert after.unit("b").speed < 10


def test_l859_piercing_ignores_the_block_stance_after_a_hit() -> None:
    """b's Block Stance (+2 PDR, spec default) adds nothing after the first hit: 7 damage."""
    plain = _shoot(_line(to_hit=0, stance="Block Stance"), HIT_THEN_HIT)[0]
    pierced = _shoot(_line(PIERCING, to_hit=0, stance="Block Stance"), HIT_THEN_HIT)[0]
    assert plain.unit("a").hp == pierced.unit("a").hp == 95
    assert plain.unit("b").hp == 100 - 5 and pierced.unit("b").hp == 100 - 7


def test_l859_piercing_needs_a_hit_first() -> None:
    after = _shoot(_line(PIERCING, to_hit=0, stance="Block Stance"), MISS_THEN_HIT)[0]
    assert after.unit("a").hp == 100 and after.unit("b").hp == 100 - 5


def test_l859_piercing_a_block_taken_on_the_hit_adds_nothing() -> None:
    """A Block the action names is entered and paid, but gives no PDR (L859)."""
    after, outcome, _ = _shoot(_line(PIERCING, to_hit=0), HIT_THEN_HIT, block="block")
    b = after.unit("b")
    assert b.stance == "Block Stance" and b.hp == 100 - 7
    assert b.strength < 10 or b.speed < 10


def test_l872_advanced_piercing_breaks_later_block_stances() -> None:
    after = _shoot(_line(PIERCING, ADVANCED, to_hit=0, stance="Heavy Block Stance"),
                   HIT_THEN_HIT)[0]
    assert after.unit("b").stance == "No Stance" and after.unit("b").hp == 100 - 7
    kept = _shoot(_line(PIERCING, ADVANCED, to_hit=0, stance="Heavy Block Stance"),
                  MISS_THEN_HIT)[0]
    assert kept.unit("b").stance == "Heavy Block Stance"
