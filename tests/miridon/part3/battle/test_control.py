"""Possession's control and the Possessed effect's side (004 L2912-2940, L3195-3203)."""

from __future__ import annotations

from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.insanity_conditions import Condition as MindCondition
from tactician.rulesets.miridon.insanity_conditions import Mind
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.control import (
    controlled,
    possessed_side,
    release,
    take_control,
)
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    mind_of,
    with_casting,
    with_ghost,
    with_mind,
)
from tests.miridon.battle.helpers import act, battle, unit


def _possessing(modifiers: tuple[str, ...]) -> object:
    witch = unit("witch", "enemy", at=(2, 0), weapons=("Short Staff",), ghost=30,
                 controller="ai")
    witch = with_casting(witch, Casting("Possession", modifiers, 10, 0, "sable", 60))
    witch = witch.model_copy(update={"slots": ()})
    # 10 HP < 15d6 always: possessed, ghost + min(power - 10, 10) (L3389)
    return battle(witch, unit("sable", at=(0, 0), hp=10), order=("witch", "sable"))


def test_controlling_possession_hands_the_target_over_for_the_block() -> None:
    state = _possessing(("Controlling Possession",))
    after, outcome, _ = act(state, {"type": "activate_spell", "unit": "witch"})
    sable = after.unit("sable")
    assert (sable.side, sable.controller) == ("enemy", "ai")  # L2915: every action its
    assert controlled(sable) == {"side": "player", "controller": "player", "until":
                                 state.block, "by": "witch"}
    kept, lines = release(after, state.block - 1)  # an earlier block's end: still held
    assert kept.unit("sable").side == "enemy" and not lines
    back, lines = release(after, state.block)  # "the remainder of the current block" (L2914)
    assert (back.unit("sable").side, back.unit("sable").controller) == ("player", "player")
    assert controlled(back.unit("sable")) is None and lines


def test_advanced_control_lasts_the_next_block_and_plain_possession_none() -> None:
    state = _possessing(("Advanced Controlling Possession",))
    after, _, _ = act(state, {"type": "activate_spell", "unit": "witch"})
    assert release(after, state.block)[0].unit("sable").side == "enemy"  # L2926
    assert release(after, state.block + 1)[0].unit("sable").side == "player"
    plain, _, _ = act(_possessing(()), {"type": "activate_spell", "unit": "witch"})
    assert plain.unit("sable").side == "player" and controlled(plain.unit("sable")) is None


def test_the_ghosts_hold_a_possessed_unit_until_its_ghost_is_gone() -> None:
    sable = unit("sable", hp=10, ghost=12)
    mind = mind_of(sable)
    possessed = Mind(mind.current_strength, mind.current_speed, None, (MindCondition(
        "Possessed", 1, "until", None, 3197, "current ghost 0"),))
    sable = take_control(with_mind(sable, possessed), possessed_side(sable), "ai", None,
                         "ghosts")
    state = battle(sable, unit("aria", at=(3, 0)))
    assert state.unit("sable").side == "ghosts:sable"  # its own hostile side (spec §3.16)
    assert release(state, 5)[0].unit("sable").side == "ghosts:sable"  # ghost 12: in force
    drained = state.replace_units(with_ghost(state.unit("sable"), Ghost(12, 0)))
    back = release(drained)[0].unit("sable")  # "reduced to 0 [Current Ghost HP]" (L3198)
    assert (back.side, back.controller) == ("player", "player")
