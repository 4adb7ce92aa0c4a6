"""Plain-text maps: a YAML file with a legend and a grid of one-character symbols.

::

    name: Ford at Dawn            # optional; defaults to the file name
    description: A shallow ford.  # optional
    legend:                       # symbol -> terrain name of the ruleset
      .: plain
      F: forest
      M: mountain
      "#": wall                   # quote '#' (YAML comment), '~' (YAML null), ':'...
    grid: |
      ....F
      .MM.F
    units: [...]                  # optional, kept as is for the battle layer

Each grid line is a row, top row first; each character a tile. Symbols not in
the legend fall back to the ``symbol`` a terrain entry declares. Trailing
spaces on a line are ignored; every row must then have the same length. Any
other top-level key is refused (a misspelt ``legend`` should not pass
silently). Errors name the file and, for grid faults, the row and column
counted from 1 (and the file line when the grid is a ``|`` block). A grid over
``MAX_MAP_SIDE`` tiles a side is refused before it is built (``content.limits``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from tactician.content.files import read_text
from tactician.content.limits import MAX_MAP_SIDE
from tactician.content.strict_yaml import load_yaml
from tactician.counted import word_for
from tactician.errors import ContentError
from tactician.grid.board import Board
from tactician.grid.terrain import TerrainSet, TerrainType

ALLOWED_KEYS = ("name", "description", "legend", "grid", "units")


def load_text_map(path: Path, terrains: TerrainSet) -> Board:
    """Read and check a text map file; see the module docstring for the format."""
    text = read_text(Path(path))
    return parse_text_map(text, terrains, source=str(path), default_name=Path(path).stem)


def parse_text_map(
    text: str, terrains: TerrainSet, *, source: str = "<text map>", default_name: str = ""
) -> Board:
    """Parse text-map YAML given as a string; ``source`` names it in errors."""
    data = load_yaml(text, source)
    if not isinstance(data, Mapping):
        raise ContentError(
            f"{source}: a text map is a YAML mapping with 'legend' and 'grid' keys"
        )
    unknown = [str(key) for key in data if key not in ALLOWED_KEYS]
    if unknown:
        raise ContentError(
            f"{source}: unknown {word_for(len(unknown), 'key')} {', '.join(map(repr, unknown))}; "
            f"a text map may have only {', '.join(ALLOWED_KEYS)}"
        )
    name = data.get("name", default_name)
    description = data.get("description", "")
    if not isinstance(name, str) or not isinstance(description, str):
        raise ContentError(f"{source}: 'name' and 'description' must be text")
    legend = _legend(data.get("legend"), terrains, source)
    rows = _rows(data.get("grid"), source)
    _check_size(rows, source)
    grid: list[list[TerrainType]] = []
    width = len(rows[0])
    for r, row in enumerate(rows, start=1):
        if len(row) != width:
            raise ContentError(
                f"{source}: grid row {r}{_line(text, r)} has {len(row)} tiles but row 1 has "
                f"{width} (rows and columns count from 1)"
            )
        cells = []
        for c, symbol in enumerate(row, start=1):
            terrain = legend.get(symbol) or terrains.by_symbol(symbol)
            if terrain is None:
                shown = "a space" if symbol == " " else "a tab" if symbol == "\t" else repr(symbol)
                raise ContentError(
                    f"{source}: grid row {r}, column {c}{_line(text, r)}: {shown} is not in "
                    f"the legend and no terrain uses it as its symbol "
                    f"(rows and columns count from 1)"
                )
            cells.append(terrain)
        grid.append(cells)
    return Board.from_rows(
        grid, name=name, description=description, source=source, units_raw=data.get("units")
    )


def _legend(raw: Any, terrains: TerrainSet, source: str) -> dict[str, TerrainType]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ContentError(f"{source}: 'legend' must map symbols to terrain names")
    legend: dict[str, TerrainType] = {}
    for key, value in raw.items():
        if key is None:
            raise ContentError(
                f"{source}: legend: a key reads as YAML null (written '~' or 'null'?); "
                f"quote the symbol, e.g. '~': water"
            )
        if isinstance(key, bool):
            raise ContentError(f"{source}: legend: key {key!r} reads as a yes/no value; quote it")
        symbol = str(key)
        if len(symbol) != 1:
            raise ContentError(f"{source}: legend: {symbol!r} must be a single character")
        if symbol.isspace():
            raise ContentError(f"{source}: legend: a symbol cannot be whitespace")
        if not isinstance(value, str):
            raise ContentError(f"{source}: legend {symbol!r}: value must be a terrain name")
        terrain = terrains.get(value)
        if terrain is None:
            known = ", ".join(terrains.names)
            raise ContentError(
                f"{source}: legend {symbol!r}: no terrain named {value!r} in this ruleset "
                f"(known: {known})"
            )
        legend[symbol] = terrain
    return legend


def _rows(raw: Any, source: str) -> list[str]:
    if raw is None:
        raise ContentError(f"{source}: no 'grid'; write the map under 'grid: |'")
    if isinstance(raw, str):
        lines = raw.split("\n")
    elif isinstance(raw, list) and all(isinstance(line, str) for line in raw):
        lines = list(raw)
    else:
        raise ContentError(f"{source}: 'grid' must be a text block (grid: |) or a list of rows")
    rows = [line.rstrip() for line in lines]
    while rows and not rows[-1]:
        rows.pop()
    if not rows:
        raise ContentError(f"{source}: the grid is empty")
    for r, row in enumerate(rows, start=1):
        if not row:
            raise ContentError(f"{source}: grid row {r} is empty (rows count from 1)")
    return rows


def _check_size(rows: list[str], source: str) -> None:
    """Refuse a grid over ``MAX_MAP_SIDE`` a side before a tile of it is built."""
    limit = MAX_MAP_SIDE.value()
    width = max(len(row) for row in rows)
    if len(rows) > limit or width > limit:
        raise ContentError(
            f"{source}: the map is {width}x{len(rows)} tiles; a map may be at most "
            f"{limit} tiles a side ({MAX_MAP_SIDE.hint()})"
        )


def _line(text: str, row: int) -> str:
    """`` (file line N)`` for grid row ``row`` when the grid is a block or a list."""
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return ""
    if not isinstance(root, yaml.MappingNode):
        return ""
    for key, value in root.value:
        if getattr(key, "value", None) != "grid":
            continue
        if isinstance(value, yaml.ScalarNode) and value.style == "|":
            return f" (file line {value.start_mark.line + 1 + row})"
        if isinstance(value, yaml.SequenceNode) and row <= len(value.value):
            return f" (file line {value.value[row - 1].start_mark.line + 1})"
    return ""
