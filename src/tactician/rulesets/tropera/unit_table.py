"""What a battle's units tuple says of who stands where, worked out once per tuple and
carried from the last tuple by the few units that changed.

An action, and each state the enemy AI tries, changes one or two units; the rest of
the tuple is the very same ``Unit`` objects (states are immutable and
``TroperaBattle.replace_units`` keeps the others). Finding the occupied tiles, the
standing foes or a unit by id afresh on every new tuple walked every unit in
Python: with 120 enemies against 48 that was a phase's quadratic term (issue 28).
Here a new tuple is compared with the last one kept by identity (a C loop), and
only the entries of the units that differ are worked out again; the answers are
the same lists, in the same order, as walking every unit would give.

The rules themselves live where they are read: ``occupant`` is
``battle_units.occupied``'s rule, ``standing`` is ``battle_units.foes_of``'s.
"""

from __future__ import annotations

from itertools import compress
from operator import is_not
from typing import Any, Generic, Protocol, TypeVar, cast

from tactician.engine.rules import Token

Tile = tuple[int, int]


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class TableUnit(Protocol):
    """What the table reads of a unit (``battle_state.Unit``; named here, not imported:
    the state imports this module)."""

    @property
    def id(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def tier(self) -> Any: ...
    @property
    def character(self) -> _Named: ...
    @property
    def position(self) -> Tile | None: ...
    @property
    def hp(self) -> int: ...
    @property
    def carried_by(self) -> str | None: ...


Unit = TypeVar("Unit", bound=TableUnit)

Occupant = tuple[str, str, Tile]  # (id, side, tile)

_KEEP = 8  # tables kept (the AI's trial states come and go around one real state)


def occupant(unit: TableUnit) -> Occupant | None:
    """(id, side, tile) of a unit that blocks or lets pass: on the map, not carried,
    not an enemy at 0 HP (a player unit critically wounded still holds its tile)."""
    if unit.position is None or unit.carried_by is not None:
        return None
    if unit.hp == 0 and unit.tier is not None:
        return None
    return (unit.id, unit.side, unit.position)


def token(unit: TableUnit) -> Token:
    """The unit as the objectives read it (``TroperaBattle.tokens``)."""
    position = unit.position if unit.carried_by is None else None
    return Token(unit.id, unit.character.name, unit.side, position, unit.hp == 0)


def standing(unit: Unit) -> Unit | None:
    """The unit, if it stands as a foe to attack or approach (HP left, on the map, not
    carried), else None."""
    if unit.hp > 0 and unit.position is not None and unit.carried_by is None:
        return unit
    return None


class _Side(Generic[Unit]):
    """One side's view of a units tuple, entry by entry (None where it does not apply):
    other sides' occupied tiles, the side's own (id, tile) and tiles, and standing foes."""

    __slots__ = ("others", "own", "own_tiles", "foes")

    def __init__(self, side: str, occ: list[Occupant | None], stand: list[Unit | None]) -> None:
        self.others: list[Tile | None] = [o[2] if o and o[1] != side else None for o in occ]
        self.own: list[tuple[str, Tile] | None] = [
            (o[0], o[2]) if o and o[1] == side else None for o in occ
        ]
        self.own_tiles: list[Tile | None] = [o[2] if o and o[1] == side else None for o in occ]
        self.foes: list[Unit | None] = [u if u and u.side != side else None for u in stand]

    def patched(
        self, side: str, changed: list[int], occ: list[Occupant | None], stand: list[Unit | None]
    ) -> _Side[Unit]:
        out: _Side[Unit] = _Side.__new__(_Side)
        others, own = out.others, out.own = list(self.others), list(self.own)
        own_tiles, foes = out.own_tiles, out.foes = list(self.own_tiles), list(self.foes)
        for i in changed:
            o, u = occ[i], stand[i]
            mine = o is not None and o[1] == side
            others[i] = o[2] if o and not mine else None
            own[i] = (o[0], o[2]) if o and mine else None
            own_tiles[i] = o[2] if o and mine else None
            foes[i] = u if u and u.side != side else None
        return out


class UnitTable(Generic[Unit]):
    """Facts of one units tuple (see the module's docstring)."""

    __slots__ = ("units", "_occ", "_stand", "_occupants", "_by_side", "_foes", "_sides",
                 "_index", "_tiles", "_tokens")

    def __init__(self, units: tuple[Unit, ...], before: UnitTable[Unit] | None) -> None:
        self.units = units
        changed: list[int] | None = None
        if before is not None and len(before.units) == len(units):
            changed = list(compress(range(len(units)), map(is_not, before.units, units)))
            if len(changed) * 4 > len(units):
                changed = None
        # the index, the tokens and each side's entries are made when first asked
        # for, then carried to every table derived from this one
        self._index: dict[str, int] | None = None
        self._tokens: list[Token] | None = None
        self._by_side: dict[str, _Side[Unit]] = {}
        if before is None or changed is None:
            self._occ = [occupant(u) for u in units]
            self._stand = [standing(u) for u in units]
        else:
            occ, stand = self._occ, self._stand = list(before._occ), list(before._stand)
            tokens = self._tokens = None if before._tokens is None else list(before._tokens)
            same_ids = True
            for i in changed:
                unit = units[i]
                occ[i] = occupant(unit)
                stand[i] = standing(unit)
                if tokens is not None:
                    tokens[i] = token(unit)
                same_ids = same_ids and unit.id == before.units[i].id
            if same_ids:  # the same ids in the same places: the same index
                self._index = before._index
            for side, rows in before._by_side.items():
                self._by_side[side] = rows.patched(side, changed, occ, stand)
        self._occupants: list[Occupant] | None = None
        self._foes: dict[str, tuple[Unit, ...]] = {}
        self._sides: dict[str, tuple[list[Tile], list[tuple[str, Tile]]]] = {}
        self._tiles: dict[str, frozenset[Tile]] = {}

    def _side(self, side: str) -> _Side[Unit]:
        found = self._by_side.get(side)
        if found is None:
            found = self._by_side[side] = _Side(side, self._occ, self._stand)
        return found

    def occupants(self) -> list[Occupant]:
        """(id, side, tile) of every unit that blocks or lets pass, in unit order."""
        found = self._occupants
        if found is None:
            found = self._occupants = list(filter(None, self._occ))
        return found

    def sides(self, side: str) -> tuple[list[Tile], list[tuple[str, Tile]]]:
        """(tiles of other sides' occupants, (id, tile) of ``side``'s), in unit order."""
        found = self._sides.get(side)
        if found is None:
            rows = self._side(side)
            found = self._sides[side] = (list(filter(None, rows.others)),
                                         list(filter(None, rows.own)))
        return found

    def tokens(self) -> list[Token]:
        """Every unit's token, in unit order (a new list)."""
        found = self._tokens
        if found is None:
            found = self._tokens = [token(u) for u in self.units]
        return list(found)

    def side_tiles(self, side: str) -> frozenset[Tile]:
        """Tiles of ``side``'s occupants."""
        found = self._tiles.get(side)
        if found is None:
            found = self._tiles[side] = frozenset(filter(None, self._side(side).own_tiles))
        return found

    def foes(self, side: str) -> tuple[Unit, ...]:
        """Standing units of every other side, in unit order."""
        found = self._foes.get(side)
        if found is None:
            found = self._foes[side] = tuple(filter(None, self._side(side).foes))
        return found

    def index(self) -> dict[str, int]:
        """Each unit's place in the tuple by id (the first, should two share one)."""
        found = self._index
        if found is None:
            found = {}
            for i, unit in enumerate(self.units):
                found.setdefault(unit.id, i)
            self._index = found
        return found


_TABLES: list[UnitTable[Any]] = []


def table(units: tuple[Unit, ...]) -> UnitTable[Unit]:
    """The table of ``units`` (the last few kept, by identity: each holds its tuple,
    so no id is reused while it is kept)."""
    for known in _TABLES:
        if known.units is units:
            return cast(UnitTable[Unit], known)
    found = UnitTable(units, _TABLES[0] if _TABLES else None)
    _TABLES.insert(0, found)
    del _TABLES[_KEEP:]
    return found


def replaced(units: tuple[Unit, ...], by_id: dict[str, Unit]) -> tuple[Unit, ...]:
    """``units`` with each unit whose id is in ``by_id`` replaced by that entry."""
    index = table(units).index()
    if len(index) != len(units):  # ids shared: each of them replaced
        return tuple([by_id.get(u.id, u) for u in units])
    out = list(units)
    for uid, unit in by_id.items():
        found = index.get(uid)
        if found is not None:
            out[found] = unit
    return tuple(out)


__all__ = ["Occupant", "TableUnit", "UnitTable", "occupant", "replaced", "standing", "table",
           "token"]
