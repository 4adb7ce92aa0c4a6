"""The Player turn in the order the players roll, then the Enemy Turn (001 L42).

001 L42: "Each player rolls 1d100; the player with the highest result goes
first while the player with the lowest result goes last. This is known as the
'Player' turn. ... After all of the players have taken their turn, it begins
the Enemy Turn". The d100s (``turn_order.roll_turn_order``, ties rolled again)
are drawn by the first action of each Player turn and logged with it; a party
unit acts only in its player's turn; ``end_phase`` in the Player turn ends the
current player's turn (logged as ``end_turn``) until the last player's, which
ends the phase. An ``end_phase`` sent for a unit (a player's, the web's seats and
``battle act end_phase UNIT``) ends that unit's player's turn only: refused for
another player's (a seat never ends another player's turn) and before the order
is rolled, since no turn is anyone's until the roll names it (ruling
``end_before_order``, docs/rulings.md); the GM's (no unit) rolls the order first, as
any first action of the Player turn does. A party member carried by another (001
L43 "must be dropped ... either before or after the rescuer's move") keeps its
player's turn open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle, TabletopUnit
from tactician.rulesets.fe_tabletop.turn_order import roll_turn_order


def order_due(state: TabletopBattle) -> bool:
    """Whether the players' order is still to roll this round: a Player turn has
    begun and no order is rolled for it yet."""
    return (state.result == "ongoing" and state.side == state.party
            and state.order_round != state.round and bool(state.players))


def player_ends(action: Mapping[str, Any]) -> bool:
    """Whether ``action`` is a player's End phase: one sent for a unit of theirs (the
    GM's names none). The order is not rolled for it: before the roll it is refused
    (``check_ender``), so pressing it cannot roll the order again and again."""
    return action.get("type") == "end_phase" and action.get("unit") is not None


def check_ender(state: TabletopBattle, action: Mapping[str, Any]) -> None:
    """001 L42 ("Each player rolls 1d100; the player with the highest result goes
    first"): a player ends their own turn, once the roll has named it theirs."""
    if not player_ends(action) or state.side != state.party or not state.players:
        return
    unit = state.unit(action.get("unit"))
    if order_due(state):
        raise RulesError(
            "the Player turn's order is not rolled yet: roll it first (turn_order); then "
            "the player it names ends their turn (001 L42: \"Each player rolls 1d100; the "
            "player with the highest result goes first\")")
    current = state.current_player
    if current is not None and unit.player != current:
        raise RulesError(f"it is {current}'s turn; {unit.name} is {unit.player}'s: a player "
                         f"ends their own turn only (001 L42, the order rolled: "
                         f"{', '.join(state.player_order)})")


def order_if_due(state: TabletopBattle, dice: DiceSource
                 ) -> tuple[TabletopBattle, list[dict[str, Any]]]:
    """Roll the players' order at the start of a Player turn (once a round)."""
    if state.side != state.party or state.order_round == state.round or not state.players:
        return state, []
    standing = [p for p in state.players
                if any(u.player == p and not u.out and u.side == state.party
                       for u in state.units)] or list(state.players)
    rolled = roll_turn_order(standing, dice)
    after = state.model_copy(update={"player_order": rolled.order, "order_round": state.round,
                                     "player_turn": 0})
    record = {"type": "turn_order", "round": state.round, "order": list(rolled.order),
              "rolls": [[p, v] for p, v in rolled.rolls]}
    return after, [record]


def check_player(state: TabletopBattle, unit: TabletopUnit) -> None:
    """A party unit acts only in its player's turn."""
    current = state.current_player
    if unit.side == state.party and current is not None and unit.player != current:
        raise RulesError(
            f"it is {current}'s turn; {unit.name} is {unit.player}'s (001 L42: players go "
            f"in the order rolled: {', '.join(state.player_order)})"
        )


def players_left(state: TabletopBattle) -> bool:
    """Whether a later player still has a turn this Player turn."""
    return state.current_player is not None and state.player_turn + 1 < len(state.player_order)


def check_nobody_carried(state: TabletopBattle) -> None:
    """001 L43: a player character carried by another is dropped in the rescuer's turn."""
    current = state.current_player
    for unit in state.units:
        if unit.side == state.party and unit.carrying is not None and unit.player == current:
            carried = state.unit(unit.carrying)
            if carried.side == state.party:
                raise RulesError(f"{unit.name} still carries {carried.name}: drop them first "
                                 "(001 L43 \"must be dropped ... before or after the "
                                 "rescuer's move\")")


def next_player(state: TabletopBattle) -> TabletopBattle:
    return state.model_copy(update={"player_turn": state.player_turn + 1})
