"""Terrain types and terrain sets: data, never hard-coded.

Core knows no terrain. A ruleset ships a YAML list of terrain entries and loads
it with :meth:`TerrainSet.load`; maps name terrain by those names. Each entry
carries the numbers most grid-tactics systems hang on a tile:

* ``cost``: movement cost to *enter* the tile, per movement class name
  (``infantry``, ``mounted``, ``flier``...), with the class ``default`` as the
  fallback. ``null`` means the class cannot enter at all (impassable terrain).
  A bare number or ``null`` is shorthand for ``{default: <value>}``.
* ``min_remaining``: per movement class, the movement a unit must still have
  to enter, when that differs from the cost (systems where difficult terrain
  "cannot be entered without at least N movement left", or where a unit may
  always spend its last point on a costly tile). Missing = the cost itself.
* ``avoid``, ``defense``, ``healing``: flat bonuses for a unit standing there.
* ``tags``: free-form words a ruleset interprets ("difficult", "impassable",
  "wall", "cliff", "interior-wall", "destructible"...). Core never reads them;
  rulesets use them to build movement profiles (a feat that crosses
  "impassable but not wall" terrain is a tag test in the ruleset).
* ``destructible_hp``: hit points of a breakable tile (walls, doors), if any.

Movement *classes* in ``cost`` are a convenience for rulesets whose units fall
into a few classes; rulesets with per-feat exceptions build a
:class:`tactician.grid.movement.MoveProfile` from the terrain set with a
function instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tactician.content.loader import load_entries
from tactician.errors import ContentError

DEFAULT_CLASS = "default"


def _default_cost() -> dict[str, int | None]:
    return {DEFAULT_CLASS: 1}


class TerrainType(BaseModel):
    """One kind of terrain, as a ruleset's compendium describes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    symbol: str | None = Field(default=None, min_length=1, max_length=1)
    cost: dict[str, int | None] = Field(default_factory=_default_cost)
    min_remaining: dict[str, int] = Field(default_factory=dict)
    avoid: int = 0
    defense: int = 0
    healing: int = 0
    tags: tuple[str, ...] = ()
    destructible_hp: int | None = Field(default=None, ge=1)
    description: str = ""

    @field_validator("cost", mode="before")
    @classmethod
    def _shorthand_cost(cls, value: object) -> object:
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return {DEFAULT_CLASS: value}
        return value

    @field_validator("symbol")
    @classmethod
    def _check_symbol(cls, value: str | None) -> str | None:
        if value is not None and value.isspace():
            raise ValueError("a symbol cannot be whitespace")
        return value

    @model_validator(mode="after")
    def _check_costs(self) -> TerrainType:
        if DEFAULT_CLASS not in self.cost:
            raise ValueError(
                f"cost needs a '{DEFAULT_CLASS}' entry for movement classes not listed"
            )
        for klass, cost in self.cost.items():
            if cost is not None and cost < 0:
                raise ValueError(f"cost for {klass!r} must be 0 or more, or null")
        for klass, need in self.min_remaining.items():
            if need < 1:
                raise ValueError(f"min_remaining for {klass!r} must be 1 or more")
        return self

    def cost_for(self, movement_class: str) -> int | None:
        """Entry cost for ``movement_class`` (falls back to ``default``); None = impassable."""
        if movement_class in self.cost:
            return self.cost[movement_class]
        return self.cost[DEFAULT_CLASS]

    def min_remaining_for(self, movement_class: str) -> int | None:
        """Movement needed to enter, if the terrain states one apart from its cost."""
        if movement_class in self.min_remaining:
            return self.min_remaining[movement_class]
        return self.min_remaining.get(DEFAULT_CLASS)

    def has_tag(self, tag: str) -> bool:
        """True when ``tag`` is among the tags (case-insensitive)."""
        folded = tag.casefold()
        return any(t.casefold() == folded for t in self.tags)


class TerrainSet:
    """The terrain a ruleset knows, looked up by name (case-insensitive) or symbol."""

    def __init__(self, terrains: Iterable[TerrainType], source: str = "terrain set") -> None:
        self.source = source
        self._by_name: dict[str, TerrainType] = {}
        self._by_symbol: dict[str, TerrainType] = {}
        for terrain in terrains:
            key = terrain.name.casefold()
            if key in self._by_name:
                raise ContentError(f"{source}: terrain {terrain.name!r} is listed twice")
            self._by_name[key] = terrain
            if terrain.symbol is not None:
                other = self._by_symbol.get(terrain.symbol)
                if other is not None:
                    raise ContentError(
                        f"{source}: terrain {terrain.name!r}: symbol {terrain.symbol!r} "
                        f"is already used by {other.name!r}"
                    )
                self._by_symbol[terrain.symbol] = terrain

    @classmethod
    def load(cls, path: Path) -> TerrainSet:
        """Load a YAML list of terrain entries (see the module docstring)."""
        entries = load_entries(TerrainType, path)
        return cls(entries.values(), source=str(path))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._by_name

    def __iter__(self) -> Iterator[TerrainType]:
        return iter(self._by_name.values())

    def __len__(self) -> int:
        return len(self._by_name)

    def get(self, name: str) -> TerrainType | None:
        """The terrain called ``name``, or None."""
        return self._by_name.get(name.casefold())

    def __getitem__(self, name: str) -> TerrainType:
        terrain = self.get(name)
        if terrain is None:
            known = ", ".join(t.name for t in self)
            raise ContentError(f"{self.source}: no terrain named {name!r} (known: {known})")
        return terrain

    def by_symbol(self, symbol: str) -> TerrainType | None:
        """The terrain whose default text-map symbol is ``symbol``, or None."""
        return self._by_symbol.get(symbol)

    @property
    def names(self) -> list[str]:
        """Terrain names in file order."""
        return [t.name for t in self]
