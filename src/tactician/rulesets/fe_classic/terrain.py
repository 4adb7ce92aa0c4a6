"""002's terrain table (L161-465) as data: 44 rows, each by the seven unit types.

002 L167-168 "Moving cost is how much movement speed it takes to cross that
terrain. If it is 1, then the unit can move at full speed across it."; L169-170
"Some terrain provides HP recovery. This recovery is applied at the beginning of
the unit owners turn."; L171 "The terrain cost for flying units is always 1
unless otherwise stated." The rows are ``data/terrain.yaml`` (a GM's folder may
add or replace rows: L165-166 "new terrain can be agreed on by the players and
the DM at any point"). Two flier costs are rulings over the literal rows:
``sea_fliers`` (Sea: "Only waterwalking units can cross.") and
``thicket_flier_cost`` (Thicket's cost column reads 5, its note "Only fliers can
cross").
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.content.compendium import lookup, merged
from tactician.grid.terrain import DEFAULT_CLASS, TerrainSet, TerrainType
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.unit_types import UNIT_TYPES, UnitType

DATA = Path(__file__).parent / "data"


class ClassicTerrain(BaseModel):
    """One row of 002's table, its Notes applied to each unit type."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    line: int | None = Field(default=None, ge=1)
    symbol: str = Field(min_length=1, max_length=1)
    defense: int = 0
    avoid: int = 0
    resistance: int = 0
    cost: dict[UnitType, int | None]
    heal_percent: int = Field(default=0, ge=0, le=100)
    restores_status: bool = False
    damage_per_turn: int = Field(default=0, ge=0)
    poison_percent: int = Field(default=0, ge=0, le=100)
    quicksand_turns: int | None = Field(default=None, ge=1)
    quicksand_damage: int = Field(default=0, ge=0)
    forced_step: bool = False
    becomes: str | None = None
    changed_by: str | None = None
    destructible_hp: int | None = Field(default=None, ge=1)
    seizable: bool = False
    notes: str = ""
    source: str = Field(min_length=1)

    @model_validator(mode="after")
    def _every_type(self) -> ClassicTerrain:
        missing = [t for t in UNIT_TYPES if t not in self.cost]
        if missing:
            raise ValueError(f"cost needs every unit type; missing {', '.join(missing)}")
        for kind, cost in self.cost.items():
            if cost is not None and cost < 1:
                raise ValueError(f"cost for {kind} must be 1 or more, or null (cannot cross)")
        return self

    def cost_for(self, kind: UnitType, options: ClassicOptions | None = None) -> int | None:
        """Movement to enter for ``kind``; None = cannot cross (002 "-" and "cannot cross")."""
        options = options or ClassicOptions()
        if kind == "flier" and self.name.casefold() == "sea" and options.sea_fliers == "literal":
            return None  # L372-373 "Only waterwalking units can cross."
        if kind == "flier" and self.name.casefold() == "thicket":
            return options.thicket_flier_cost  # L424 cost column 5, L425 "Only fliers"
        return self.cost[kind]


@lru_cache(maxsize=4)
def load_terrain(extra_dirs: tuple[Path, ...] = ()) -> dict[str, ClassicTerrain]:
    """The 44 rows, then each GM folder's ``terrain.yaml`` in order."""
    return merged(ClassicTerrain, "terrain.yaml", (DATA, *extra_dirs))


def terrain(table: dict[str, ClassicTerrain], name: str) -> ClassicTerrain:
    return lookup(table, name, "terrain")


def core_terrain_set(
    table: dict[str, ClassicTerrain], options: ClassicOptions | None = None
) -> TerrainSet:
    """Core's view (names, symbols, a cost per movement class) for maps and pathfinding."""
    options = options or ClassicOptions()
    return TerrainSet(
        (TerrainType(name=t.name, symbol=t.symbol,
                     cost={DEFAULT_CLASS: t.cost_for("foot", options)}
                     | {k: t.cost_for(k, options) for k in UNIT_TYPES},
                     avoid=t.avoid, defense=t.defense,
                     destructible_hp=t.destructible_hp,
                     tags=tuple(tag for tag, on in (("seizable", t.seizable),
                                                    ("forced-step", t.forced_step)) if on),
                     description=t.notes)
         for t in table.values()),
        source="fe-classic terrain",
    )


def heal_amount(max_hp: int, tile: ClassicTerrain) -> int:
    """L232 "20% HP recovery": ⌊max HP × % / 100⌋, as FE8 ``MakeTerrainHealTargetList``."""
    return max_hp * tile.heal_percent // 100
