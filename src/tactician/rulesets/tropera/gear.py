"""A weapon and an item as the combat procedure reads them: plain frozen records
copied from the compendium's pydantic models (``models.Weapon``, ``models.Item``).

Why not the models themselves: a combat snapshot (``combatant.Combatant``) is
what ``sequence`` and ``numbers`` read, and what ``sides`` keeps between
runs as JSON. Holding models would make every forecast import pydantic (tens of
milliseconds, issue 16) and a snapshot could not be rebuilt from JSON without
validating again. The data was validated once, when the compendium or unit file
was read; these records only carry it. ``WeaponLike`` is what the numbers need
of a weapon, so the sheet may still hand them a compendium model.

They are ``NamedTuple``s: immutable, compared and hashed by value as frozen
dataclasses are, and about ten times cheaper to define (CPython compiles six
methods for each frozen dataclass, on every start of every command that
imports it: issue 16).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

# the tome types, whose attacks target Resistance (models.Weapon reads them from here)
MAGIC_TYPES: frozenset[str] = frozenset({"light", "anima", "dark"})


def targets_resistance(weapon_type: str, magic_weapon: bool) -> bool:
    """Whether a weapon targets Resistance: tomes (Light, Anima, Dark) and magic
    weapons. The one statement of it, for the compendium's ``Weapon`` model and
    the combat snapshot's ``WeaponStats`` alike."""
    return weapon_type in MAGIC_TYPES or magic_weapon


class WeaponLike(Protocol):
    """What the combat numbers read of a weapon: a ``WeaponStats`` or a
    compendium ``models.Weapon`` (same names, same meanings)."""

    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def might(self) -> int: ...
    @property
    def accuracy(self) -> int: ...
    @property
    def critical(self) -> int: ...
    @property
    def range(self) -> tuple[int, int]: ...
    @property
    def weight(self) -> int: ...
    @property
    def rank(self) -> str | None: ...
    @property
    def brave(self) -> bool: ...
    @property
    def heavy(self) -> bool: ...
    @property
    def magic_weapon(self) -> bool: ...
    @property
    def effective(self) -> Sequence[str]: ...
    @property
    def charges(self) -> int | None: ...
    @property
    def heal(self) -> int | None: ...
    @property
    def inflicts(self) -> str | None: ...
    @property
    def extra_targets(self) -> int: ...
    @property
    def jump(self) -> int: ...
    @property
    def is_magic(self) -> bool: ...
    @property
    def is_staff(self) -> bool: ...


class WeaponStats(NamedTuple):
    """The numbers and flags of 000's weapon stats the Attack Sequence uses
    (Might, Accuracy, Critical, Range, Weight, rank, Brave, ...); the
    compendium's text fields (``special``, ``source``) stay in the model."""

    name: str
    type: str
    might: int
    accuracy: int
    critical: int = 0
    range: tuple[int, int] = (1, 1)
    weight: int = 0
    rank: str | None = None
    brave: bool = False
    heavy: bool = False
    magic_weapon: bool = False
    effective: tuple[str, ...] = ()
    charges: int | None = None
    heal: int | None = None
    inflicts: str | None = None
    extra_targets: int = 0
    jump: int = 0

    @property
    def is_magic(self) -> bool:
        """Targets Resistance: tomes (Light, Anima, Dark) and magic weapons."""
        return targets_resistance(self.type, self.magic_weapon)

    @property
    def is_staff(self) -> bool:
        return self.type == "staff"

    @classmethod
    def of(cls, weapon: WeaponLike) -> WeaponStats:
        """The record of a compendium weapon (or a copy of a record)."""
        if isinstance(weapon, WeaponStats):
            return weapon
        kept = _WEAPONS.get(id(weapon))
        if kept is not None and kept[0] is weapon:
            return kept[1]
        # every field by the model's own name for it: a field added here is read too
        fields = {name: getattr(weapon, name) for name in cls._fields}
        record = cls(**{**fields, "range": (weapon.range[0], weapon.range[1]),
                        "effective": tuple(weapon.effective)})
        _keep(_WEAPONS, weapon, record)
        return record

    def as_json(self) -> dict[str, Any]:
        return {**self._asdict(), "range": list(self.range),
                "effective": list(self.effective)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WeaponStats:
        low, high = data["range"]
        return cls(**{**data, "range": (low, high), "effective": tuple(data["effective"])})


class ItemStats(NamedTuple):
    """What combat reads of an item: a clip's bonuses ("enhance natural weapons",
    000) and a relic's named effect (``relics``)."""

    name: str
    kind: str = "other"
    might: int = 0
    accuracy: int = 0
    critical: int = 0
    effect: str | None = None

    @classmethod
    def of(cls, item: Any) -> ItemStats:
        """The record of a compendium ``models.Item`` (any object with its fields)."""
        if isinstance(item, ItemStats):
            return item
        kept = _ITEMS.get(id(item))
        if kept is not None and kept[0] is item:
            return kept[1]
        record = cls(**{name: getattr(item, name) for name in cls._fields})
        _keep(_ITEMS, item, record)
        return record

    def as_json(self) -> dict[str, Any]:
        return self._asdict()

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ItemStats:
        return cls(**data)


# The record made from each (frozen) compendium model, by the model's id and
# holding the model, so an id is never reused while its entry lives: a snapshot
# built again holds the same record, as it held the same model before, and the
# AI's content keys (``ai_content``) read each record once. Bounded: inline
# weapons of unit files read again and again are new models each time.
_WEAPONS: dict[int, tuple[Any, WeaponStats]] = {}
_ITEMS: dict[int, tuple[Any, ItemStats]] = {}
_KEPT_AT_MOST = 4096


def _keep(table: dict[int, tuple[Any, Any]], model: Any, record: Any) -> None:
    if len(table) >= _KEPT_AT_MOST:
        table.clear()
    table[id(model)] = (model, record)
