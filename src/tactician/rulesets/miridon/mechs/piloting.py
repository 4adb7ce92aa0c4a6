"""Entering and exiting a mech, and the mech's place in the turn order (004 L3613-3615,
L3677-3681).

L3613: "[Mechs] always go last in the [Turn Order]." L3615: several mechs roll 3d6 against
each other, higher first, ties re-rolled. L3677: after Exit Mech the character's current
strength and speed "start at 0", it cannot act again that block and its turn is set last.
L3681: after Enter Mech every part's speed starts at 0, neither acts that block, and the
mech's turn is set last. Enter/Exit Mech are the body's actions (L3659), 0/0, the pilot
within 5 ft (DEFAULT M18).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tactician.dice.distribution import DiceSum
from tactician.dice.roller import decide_by
from tactician.errors import RulesError
from tactician.rulesets.miridon.mechs.mech import Mech
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

THREE_D6 = DiceSum(((3, 6),), 0, "mech turn order 3d6")


@dataclass(frozen=True, slots=True)
class PilotPoints:
    strength: int
    speed: int
    may_act: bool


def enter_mech(
    mech: Mech, pilot: str, distance_ft: int, options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> Mech:
    """L3681: the pilot boards; every part at 0 speed and done for the block."""
    if mech.pilot is not None:
        raise RulesError(f"the {mech.name} already has a pilot ({mech.pilot})")
    if distance_ft > options.enter_mech_reach_ft:
        raise RulesError(
            f"{pilot} is {distance_ft} ft from the {mech.name}; Enter Mech reaches "
            f"{options.enter_mech_reach_ft} ft"
        )
    parts = tuple(replace(p, speed=0, acted=True) for p in mech.parts)
    return replace(mech, pilot=pilot, parts=parts)


def exit_mech(mech: Mech) -> tuple[Mech, PilotPoints]:
    """L3677: the pilot leaves with 0 current strength and speed and no more actions this
    block; the empty mech keeps its state (it will not regenerate speed, L3673)."""
    if mech.pilot is None:
        raise RulesError(f"the {mech.name} has no pilot to exit")
    parts = tuple(replace(p, acted=True) for p in mech.parts)
    return replace(mech, pilot=None, parts=parts), PilotPoints(0, 0, may_act=False)


def move_last(order: Sequence[str], unit: str) -> tuple[str, ...]:
    """L3677, L3681: "The [Turn Order] of the ... will be set as the last [Turn]"."""
    if unit not in order:
        raise RulesError(f"{unit} is not in the turn order")
    return tuple(u for u in order if u != unit) + (unit,)


def mech_order(mechs: Sequence[str], chance: Any) -> tuple[str, ...]:
    """L3615: "roll 3d6 against each other ... with the higher roll going first. All ties are
    re-rolled until there is a clear [Turn Order]." Ties are re-rolled among the tied."""
    if len(mechs) <= 1:
        return tuple(mechs)
    rolls = {m: int(decide_by(chance, m, THREE_D6)) for m in mechs}  # each mech's own roll
    ordered: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [m for m in mechs if rolls[m] == value]
        ordered.extend(mech_order(tied, chance) if len(tied) > 1 else tied)
    return tuple(ordered)


def full_turn_order(
    characters: Sequence[str], mechs: Sequence[str], chance: Any
) -> tuple[str, ...]:
    """Characters first (their own order), then every piloted mech (L3613)."""
    return tuple(characters) + mech_order(mechs, chance)
