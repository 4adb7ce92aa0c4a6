"""How big an input file may be: every limit in one place, each with a default
and an environment variable that overrides it.

Design principle 6 (bad input changes nothing): a hostile or broken file is
refused *before* the work it asks for, from what it declares (its byte size on
disk, a map's ``width`` and ``height``), never by letting Python run out of
memory or recursion. The defaults are generous for play (a GM's map is at most
a few hundred tiles a side; a unit file is a few kilobytes) and are listed in
``docs/rulings.md`` under "Limits". A table that needs more sets the variable,
e.g. ``TACTICIAN_MAX_MAP_SIDE=512``; every refusal names the variable to set.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from tactician.errors import ContentError

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_MAP_SIDE",
    "MAX_NESTING",
    "MAX_TILE_LAYERS",
    "MAX_YAML_NODES",
    "SMALLEST_INTEGER",
    "LARGEST_INTEGER",
    "Limit",
    "check_integer",
]


@dataclass(frozen=True, slots=True)
class Limit:
    """A named limit: its default and the environment variable that overrides it."""

    default: int
    variable: str

    def value(self) -> int:
        """The limit in force: the variable if set (a positive whole number), else the default."""
        raw = os.environ.get(self.variable)
        if raw is None or not raw.strip():
            return self.default
        try:
            value = int(raw)
        except ValueError:
            value = 0
        if value < 1:
            raise ContentError(f"{self.variable}={raw!r}: must be a positive whole number")
        return value

    def hint(self) -> str:
        """`` (set TACTICIAN_... to raise it)``: where a refusal says how to change it."""
        return f"set {self.variable} to raise it"


MAX_FILE_BYTES = Limit(5_000_000, "TACTICIAN_MAX_FILE_BYTES")
"""Unit, map, tileset and battle files are refused unread above this size (5 MB).
A long battle's log is the largest of them: a few hundred kilobytes."""

MAX_MAP_SIDE = Limit(256, "TACTICIAN_MAX_MAP_SIDE")
"""Columns or rows of a map, checked from the header (Tiled ``width``/``height``,
a text map's rows, a battle's stored grid) before any tile is decoded."""

MAX_TILE_LAYERS = Limit(64, "TACTICIAN_MAX_TILE_LAYERS")
"""Tile layers (groups included) of a Tiled map: each is decoded into a full grid."""

MAX_NESTING = Limit(100, "TACTICIAN_MAX_NESTING")
"""Lists and mappings inside each other. Content nests five or six deep; a battle
file about ten."""

MAX_YAML_NODES = Limit(100_000, "TACTICIAN_MAX_YAML_NODES")
"""Values (scalars, lists, mappings) in one YAML file, each alias (``*name``)
counted as the values it stands for. The largest shipped file (Tropera's
weapons) holds about 2,000; PyYAML needs some 700 bytes of memory per value, so
a 5 MB file of tiny values would otherwise cost a gigabyte. Also refuses the
"billion laughs", a few lines whose aliases multiply into billions of values."""

SMALLEST_INTEGER = -(2**63)
LARGEST_INTEGER = 2**63 - 1
"""A whole number anywhere in an input (a seed, a sheet's stat, an entry's value) is
within SQLite's 64-bit ``INTEGER`` (PostgreSQL's ``bigint``): the store holds every
battle the files hold, and a number it could not hold is refused at the door, by
name, in file mode and campaign mode alike. Not a setting: it is what the store is."""


def check_integer(value: int, source: object) -> int:
    """``value``, or a refusal naming ``source`` when it does not fit in 64 bits."""
    if not SMALLEST_INTEGER <= value <= LARGEST_INTEGER:
        digits = str(value) if abs(value) < 10**40 else f"a {len(str(abs(value)))}-digit number"
        raise ContentError(f"{source}: the number {digits} is too large; numbers are "
                           f"stored in 64 bits (from {SMALLEST_INTEGER:,} to "
                           f"{LARGEST_INTEGER:,})")
    return value
