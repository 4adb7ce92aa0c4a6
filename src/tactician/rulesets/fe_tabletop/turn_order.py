"""The order of the Player turn: each player rolls 1d100 (001 L42).

001 L42: "Each player rolls 1d100; the player with the highest result goes
first while the player with the lowest result goes last. This is known as the
'Player' turn. Alternatively the players can all tell the GM when they wish to
go instead. After all of the players have taken their turn, it begins the Enemy
Turn". Ruling ``turn_order_ties``: tied players roll again among themselves,
until the tie breaks, every die kept. The declared order is the caller's
("tell the GM"), so only the rolled one is here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactician.dice.source import DiceSource
from tactician.errors import RulesError

MAX_TIE_ROUNDS = 100


@dataclass(frozen=True, slots=True)
class TurnOrder:
    order: tuple[str, ...]
    rolls: tuple[tuple[str, int], ...]  # every d100, in the order rolled


def roll_turn_order(players: Sequence[str], dice: DiceSource) -> TurnOrder:
    if len(set(players)) != len(players) or not players:
        raise RulesError("turn order needs one or more players, each named once")
    rolls: list[tuple[str, int]] = []

    def rank(group: Sequence[str], depth: int) -> list[str]:
        if len(group) == 1:
            return list(group)
        if depth > MAX_TIE_ROUNDS:
            raise RulesError("the turn-order roll-off did not break its tie")
        results = {}
        for player in group:
            value = dice.draw(100, f"turn order ({player})")
            rolls.append((player, value))
            results[player] = value
        ordered: list[str] = []
        for value in sorted(set(results.values()), reverse=True):
            tied = [p for p in group if results[p] == value]
            ordered += rank(tied, depth + 1) if len(tied) > 1 else tied
        return ordered

    return TurnOrder(tuple(rank(list(players), 0)), tuple(rolls))
