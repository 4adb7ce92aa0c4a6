"""Finding a battle's unit by id, with the one refusal every ruleset gives: the id
asked for and the ids there are (a typo in ``battle act arai ...`` says what would do)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from tactician.errors import RulesError


class HasId(Protocol):
    @property
    def id(self) -> str: ...


U = TypeVar("U", bound=HasId)


def unit_by_id(units: Sequence[U], unit_id: object) -> U:
    for unit in units:
        if unit.id == unit_id:
            return unit
    known = ", ".join(u.id for u in units)
    raise RulesError(f"no unit {unit_id!r} in this battle (units: {known})")
