"""Units files: who fights where, read the same way for every ruleset.

A units file lists placements (``id``, ``side``, ``at``, ``name`` and whatever
the ruleset adds), and optionally the battle's name, the phase order of the sides
and the objectives. Several files (a party and an enemy force) merge. Every
fault is refused with the file and the unit named: a repeated id, a tile off
the map, a tile already taken, a tile nobody can stand on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from tactician.content.loader import read_yaml, validate_entry
from tactician.engine.objectives import Objectives
from tactician.errors import ContentError
from tactician.grid.board import Board


class Placement(BaseModel):
    """One unit's place; rulesets subclass it with their own fields."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    side: str = "player"
    at: tuple[int, int]
    # the unit's name in this battle (default: its character's): a key every ruleset's
    # placements take, meaning the same in each (issue 24)
    name: str | None = Field(default=None, min_length=1)


P = TypeVar("P", bound=Placement)


class UnitsFile(BaseModel):
    """A units file; rulesets subclass it with ``units: list[TheirPlacement]`` and
    any battle-wide settings of their own."""

    model_config = ConfigDict(extra="forbid")

    name: str = ""
    sides: list[str] | None = None
    objectives: Objectives | None = None


@dataclass
class Roster(Generic[P]):
    """Every placement (with the file it came from) and the battle-wide settings."""

    placements: list[tuple[Path, P]]
    name: str
    sides: tuple[str, ...]
    objectives: Objectives
    extras: dict[str, object]

    @staticmethod
    def where(path: Path, placement: Placement) -> str:
        return f"{path}: unit {placement.id!r}"


def read_roster(
    paths: list[Path],
    file_model: type[BaseModel],
    board: Board,
    standable: Callable[[str], bool],
) -> Roster[Placement]:
    """Read and merge units files validated by ``file_model`` (which has ``units``
    and optionally ``name``, ``sides``, ``objectives`` and ruleset settings), and
    check every placement against ``board``. The "player" side acts first."""
    placements: list[tuple[Path, Placement]] = []
    name, sides, objectives = board.name, None, None
    extras: dict[str, object] = {}
    for path in paths:
        spec = validate_entry(file_model, read_yaml(path), str(path), path.name)
        placements.extend((path, p) for p in spec.units)  # type: ignore[attr-defined]
        data = spec.model_dump(exclude={"units", "name", "sides", "objectives"})
        extras.update({k: v for k, v in data.items() if v is not None})
        name = getattr(spec, "name", "") or name
        sides = getattr(spec, "sides", None) or sides
        objectives = getattr(spec, "objectives", None) or objectives
    if not placements:
        raise ContentError("no units placed: give at least one --units file with 'units:'")
    order = list(sides) if sides else []
    for _, placement in placements:
        if placement.side not in order:
            order.append(placement.side)
    if "player" in order:
        order.remove("player")
        order.insert(0, "player")
    _check_places(placements, board, standable)
    return Roster(placements, name, tuple(order), objectives or Objectives(), extras)


def _check_places(
    placements: list[tuple[Path, Placement]], board: Board, standable: Callable[[str], bool]
) -> None:
    seen: set[str] = set()
    taken: dict[tuple[int, int], str] = {}
    for path, placement in placements:
        where = Roster.where(path, placement)
        if placement.id in seen:
            raise ContentError(f"{where}: the id is used twice")
        seen.add(placement.id)
        if not board.in_bounds(placement.at):
            raise ContentError(
                f"{where}: at {tuple(placement.at)} is off the {board.width}x{board.height} map"
            )
        terrain = board.terrain_at(placement.at).name
        if not standable(terrain):
            raise ContentError(f"{where}: at {tuple(placement.at)} is {terrain}, not standable")
        if placement.at in taken:
            raise ContentError(f"{where}: {tuple(placement.at)} is taken by {taken[placement.at]}")
        taken[placement.at] = placement.id


def numbered(roster: Roster[P]) -> list[tuple[Path, P, int]]:
    """Each placement with its number within its side (1, 2, ... in file order)."""
    counters: dict[str, int] = {}
    result = []
    for path, placement in roster.placements:
        counters[placement.side] = counters.get(placement.side, 0) + 1
        result.append((path, placement, counters[placement.side]))
    return result


def names_apart(names: Sequence[str]) -> list[str]:
    """Display names that tell every unit of a battle apart, decided once for every
    ruleset (issue 24: two units from one file both showed as "Garcia"): a name no
    other unit has is kept; units sharing one are numbered in file order ("Garcia
    1", "Garcia 2"), passing over a number another unit already bears as its name."""
    taken = set(names)
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    given: dict[str, int] = {}
    apart = []
    for name in names:
        if counts[name] == 1:
            apart.append(name)
            continue
        number = given.get(name, 0) + 1
        while f"{name} {number}" in taken:
            number += 1
        given[name] = number
        taken.add(f"{name} {number}")
        apart.append(f"{name} {number}")
    return apart
