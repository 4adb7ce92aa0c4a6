"""A unit's turn: one Move and one Standard action, the move never split (001 L44, L54-56).

001 L44: "Units can move and attack, or attack and move however they cannot
stop their movement mid-turn to attack, then continue moving." L54-56: "- Move:
Move up to your speed. - Standard: Attack, Use Staff, Dance, Talk ...,
Vulnerary, Enter Building, Seize Throne, Use Item, Rescue Unit - Free: Equip
Weapon, Drop unit". So a turn holds at most one move (taken whole, before or
after the standard action), one standard action and any free actions; a unit
whose side is not in its phase, that is off the map, or whose turn is over
(``done``) does nothing.
"""

from __future__ import annotations

from typing import TypeVar

from tactician.errors import RulesError
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit

U = TypeVar("U", bound=FeUnit)


def check_turn(state: FeBattle, unit: FeUnit) -> None:
    """The unit may act now: its side's phase, standing, its turn not over."""
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    if unit.side != state.side:
        raise RulesError(f"it is the {state.side} phase; {unit.name} ({unit.side}) waits")
    if unit.out:
        raise RulesError(f"{unit.name} is defeated")
    if unit.carried_by is not None:
        raise RulesError(f"{unit.name} is carried by {unit.carried_by} and cannot act")
    if unit.done:
        raise RulesError(f"{unit.name}'s turn is over")


def check_free(state: FeBattle, unit: FeUnit) -> None:
    """A free action (001 L56 Equip, Drop): any time in the unit's phase, even after
    its move and standard action ("dropped ... either before or after the rescuer's
    move", L43)."""
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    if unit.side != state.side:
        raise RulesError(f"it is the {state.side} phase; {unit.name} ({unit.side}) waits")
    if unit.out or unit.carried_by is not None:
        raise RulesError(f"{unit.name} cannot act now (defeated or carried)")


def check_move(state: FeBattle, unit: FeUnit) -> None:
    """A move is allowed once a turn (001 L44: the move is not split around an action)."""
    check_turn(state, unit)
    if unit.moved:
        raise RulesError(f"{unit.name} has already moved this turn (001: a move is not "
                         "split around an action)")


def check_standard(state: FeBattle, unit: FeUnit) -> None:
    """One standard action a turn (001 L55)."""
    check_turn(state, unit)
    if unit.acted:
        raise RulesError(f"{unit.name} has already taken its standard action this turn")


def after_move(unit: U, to: tuple[int, int]) -> U:
    """The unit on ``to`` with its move spent; its turn ends if it has acted too."""
    return unit.model_copy(update={"position": to, "moved": True, "done": unit.acted})


def after_standard(unit: U, *, ends_turn: bool = False) -> U:
    """The standard action spent; the turn ends if it has moved too, or ``ends_turn``
    (001 L52: a weapon broken on the first of two attacks "end[s] the unit's turn")."""
    return unit.model_copy(update={"acted": True, "done": ends_turn or unit.moved})


def wait(unit: U) -> U:
    """End the unit's turn where it stands."""
    return unit.model_copy(update={"done": True})


def fresh_turn(unit: U) -> U:
    """A new turn: move and standard action back (phase start, or a Dance: 001 L50)."""
    return unit.model_copy(update={"moved": False, "acted": False, "done": False})


def turn_left(state: FeBattle, unit: FeUnit) -> tuple[bool, bool]:
    """(may it still move, may it still take its standard action) this turn, for the
    board's reach: a unit of the side in its phase has what its turn has not spent
    (001 L44, L54-55; 002 L29-30: the move comes once); a unit of a side waiting for
    its phase is drawn as its next turn will find it, fresh (its threat)."""
    if unit.side != state.side:
        return True, True
    if unit.done:
        return False, False
    return not unit.moved, not unit.acted
