"""Supports: fights fought together build C, B, A and S (001 L117-121).

001 L118: "Supports can only be administered after a certain amount of times
... (Note: Fights are cumulative from battle to battle.) Also listed are
bonuses units get for supporting another unit. (These only apply if the unit is
adjacent). Each unit can only S support one unit. Only the highest support
applies to a unit when calculating bonuses granted from adjacent allies." L119:
"The prerequisites stack upon each other (C to B require a total of 10 fights
together, or seen as 6 fights after obtaining C.)" L121: "C ... 4 Fights ...
+5 to Hit and +2 Damage. B ... 6 Fights ... +10 to Hit and +4 Damage. A ... 8
Fights ... +15 to Hit and +6 Damage S ... 10 Fights ... +20 to Hit and +8
Damage."

Cumulative fights: C 4, B 10, A 18, S 28. A rank is gained when the support
conversation is held (out of battle, L118) with the fights met.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from tactician.counted import counted
from tactician.errors import RulesError
from tactician.grid.board import Tile
from tactician.grid.ranges import manhattan

SupportRank = Literal["C", "B", "A", "S"]
LEVELS: tuple[tuple[SupportRank, int, int, int], ...] = (
    # rank, fights after the previous rank, hit, damage
    ("C", 4, 5, 2),
    ("B", 6, 10, 4),
    ("A", 8, 15, 6),
    ("S", 10, 20, 8),
)


def fights_needed(rank: SupportRank) -> int:
    """Cumulative fights for ``rank`` (the prerequisites stack, L119)."""
    total = 0
    for name, step, _, _ in LEVELS:
        total += step
        if name == rank:
            return total
    raise KeyError(rank)


def bonus(rank: SupportRank | None) -> tuple[int, int]:
    """(hit, damage) of a support rank."""
    for name, _, hit, damage in LEVELS:
        if name == rank:
            return hit, damage
    return 0, 0


def pair(a: str, b: str) -> tuple[str, str]:
    if a == b:
        raise RulesError("a unit cannot support itself")
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Supports:
    """Fights together and ranks held, per pair of unit names."""

    fights: dict[tuple[str, str], int] = field(default_factory=dict)
    ranks: dict[tuple[str, str], SupportRank] = field(default_factory=dict)

    def rank(self, a: str, b: str) -> SupportRank | None:
        return self.ranks.get(pair(a, b))

    def fought_together(self, a: str, b: str) -> Supports:
        """One more fight adjacent to each other (cumulative across battles)."""
        key = pair(a, b)
        return replace(self, fights={**self.fights, key: self.fights.get(key, 0) + 1})

    def next_rank(self, a: str, b: str) -> SupportRank | None:
        """The rank the pair's next conversation would reach, if its fights are met."""
        held = self.rank(a, b)
        names = [name for name, *_ in LEVELS]
        index = names.index(held) + 1 if held else 0
        if index >= len(names):
            return None
        rank = names[index]
        return rank if self.fights.get(pair(a, b), 0) >= fights_needed(rank) else None

    def hold_conversation(self, a: str, b: str, *, in_battle: bool = False) -> Supports:
        """Gain the next rank (L118: "before/after a battle and not during")."""
        if in_battle:
            raise RulesError("support conversations are held before or after a battle")
        rank = self.next_rank(a, b)
        if rank is None:
            held = self.fights.get(pair(a, b), 0)
            raise RulesError(f"{a} and {b} have no support to gain yet "
                             f"({counted(held, 'fight')} together)")
        if rank == "S":
            for (x, y), r in self.ranks.items():
                if r == "S" and {x, y} & {a, b}:
                    raise RulesError(f"{x} and {y} already hold an S support (one per unit)")
        return replace(self, ranks={**self.ranks, pair(a, b): rank})

    def adjacent_bonus(self, unit: str, adjacent: Iterable[str]) -> tuple[int, int]:
        """(hit, damage) of the highest support among the adjacent allies (L118)."""
        best: tuple[int, int] = (0, 0)
        for other in adjacent:
            if other != unit:
                best = max(best, bonus(self.rank(unit, other)))
        return best


def adjacent_allies(unit: str, positions: dict[str, Tile]) -> tuple[str, ...]:
    """The allies on the four tiles next to ``unit`` (L118 "only apply if the unit is adjacent")."""
    here = positions[unit]
    return tuple(
        other for other, tile in positions.items() if other != unit and manhattan(here, tile) == 1
    )
