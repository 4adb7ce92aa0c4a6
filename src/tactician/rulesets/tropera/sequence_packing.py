"""An Attack Sequence's state packed into one int, for the enumerator.

The forecast walks every reachable state of the Sequence (``sequence.forecast``):
thousands for a multi-target attack with crits, each made, hashed and looked up
twice per strike. As a tuple ``(next strike, HP of every unit, marks of every
unit, Cleave chain)`` that is a nested tuple hashed field by field; as one int
it is a few shifts and one cheap hash. The int holds the same fields at fixed
bit offsets, so a strike writes its target's HP by adding the difference
shifted into place. Nothing else changes: the same states in the same order,
turned back into tuples at the end (the same floats, bit for bit).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

# (next strike, HP of every unit, marks of every unit, Cleave chain): ``sequence.State``
State = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, int]]


class Packing(NamedTuple):  # a record: a tenth of a frozen dataclass's start-up
    """Bit offsets of each field; ``width`` bits each (see ``packing_for``)."""

    units: int
    index_mask: int
    hp_at: tuple[int, ...]  # offset of each unit's HP
    hp_mask: int
    mark_at: tuple[int, ...]  # offset of each unit's marks
    mark_mask: int
    level_at: int  # Cleave chain: successive Cleaves so far
    level_mask: int
    struck_at: int  # Cleave chain: bit set of the units struck in it
    targets_hp: int  # every target's HP bits (all zero: the targets are defeated)

    def pack(self, state: State) -> int:
        index, hps, marks, (level, struck) = state
        packed = index | level << self.level_at | struck << self.struck_at
        for at, hp in zip(self.hp_at, hps, strict=True):
            packed |= hp << at
        for at, mark in zip(self.mark_at, marks, strict=True):
            packed |= mark << at
        return packed

    def unpack(self, packed: int) -> State:
        hp_mask, mark_mask = self.hp_mask, self.mark_mask
        hps = tuple([packed >> at & hp_mask for at in self.hp_at])
        marks = tuple([packed >> at & mark_mask for at in self.mark_at])
        level = packed >> self.level_at & self.level_mask
        struck = packed >> self.struck_at
        return (packed & self.index_mask, hps, marks, (level, struck))


def unpack_all(packing: Packing, packed: dict[int, float]) -> dict[State, float]:
    """``packed`` with each state unpacked, in order. Most end states share their
    marks and chain (no feat marks anyone): those are unpacked once."""
    hp_at, hp_mask = packing.hp_at, packing.hp_mask
    index_mask, rest_at = packing.index_mask, packing.mark_at[0]
    tails: dict[int, tuple[tuple[int, ...], tuple[int, int]]] = {}
    out: dict[State, float] = {}
    for state, p in packed.items():
        rest = state >> rest_at
        tail = tails.get(rest)
        if tail is None:
            _, _, marks, chain = packing.unpack(rest << rest_at)
            tail = tails[rest] = (marks, chain)
        hps = tuple([state >> at & hp_mask for at in hp_at])
        out[(state & index_mask, hps, tail[0], tail[1])] = p
    return out


@lru_cache(maxsize=1024)
def packing_for(units: int, strikes: int, hps: tuple[int, ...], targets: int) -> Packing:
    """The layout for ``units`` participants, ``strikes`` strikes and these starting
    HPs. HP only falls in a Sequence (Miracle leaves 1 of what was there), marks
    are bits 0-1 and the guard breaker + 1 above them, a chain's level counts at
    most one Cleave per unit. Kept per layout: a plan asks for its own at each
    strike it resolves, and the enemy AI's fights share a few layouts."""
    index_bits = max(1, strikes.bit_length())
    hp_bits = max(1, max(hps).bit_length())
    mark_bits = (units << 2 | 3).bit_length()
    level_bits = (units + 1).bit_length()
    at = index_bits
    hp_at = []
    for _ in range(units):
        hp_at.append(at)
        at += hp_bits
    mark_at = []
    for _ in range(units):
        mark_at.append(at)
        at += mark_bits
    level_at = at
    struck_at = at + level_bits
    hp_mask = (1 << hp_bits) - 1
    targets_hp = 0
    for unit in range(1, 1 + targets):
        targets_hp |= hp_mask << hp_at[unit]
    return Packing(
        units,
        (1 << index_bits) - 1,
        tuple(hp_at),
        hp_mask,
        tuple(mark_at),
        (1 << mark_bits) - 1,
        level_at,
        (1 << level_bits) - 1,
        struck_at,
        targets_hp,
    )


__all__ = ["Packing", "packing_for", "unpack_all"]
