"""The conditions a GM edit may give or take away (``engine.gm_edit``'s ``add_condition``
and ``remove_condition``; issue 29), declared by each ruleset as its rules define them.

A ruleset lists its conditions as ``ConditionKind``s: the name its text uses, the text
that defines it (file and line), and the values the text gives it (``Field``: a number
in a range, or one of a list of choices, required or not): fe-classic's statuses with
their turns (002), UESRPG's 25 conditions with X, rounds and a hit location (003),
Tropera's Crippled and the staves' statuses (000), Miridon's lasting insanity effects
with their severity (004). The GM desk builds its form from the same list and
``battle gm-edit`` is checked by it, so the choices offered are the choices taken.
A ruleset whose text has none says why (``ConditionEdits.none``: fe-tabletop, 001).

``checked`` reads one condition as the GM gave it (strings from a form or the CLI
become numbers where the field is a number) or refuses it in one line naming what is
wrong; the ruleset's ``add`` and ``remove`` then apply it by its own procedures (UESRPG's
``add_condition``, with 003's immediate effects), each returning the new state and a
sentence for the log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tactician.errors import RulesError


@dataclass(frozen=True)
class Field:
    """One value a condition takes: ``low``..``high`` (a whole number) or one of
    ``choices``; ``required`` or left out (``default`` then says what that means)."""

    key: str
    label: str
    low: int = 1
    high: int = 99
    choices: tuple[str, ...] = ()
    required: bool = True
    default: str = ""

    def read(self, name: str, value: Any) -> int | str:
        if self.choices:
            text = str(value).strip()
            for choice in self.choices:
                if choice.casefold() == text.casefold():
                    return choice
            raise RulesError(f"gm_edit.condition.{self.key}: {name}'s {self.label} is one of "
                             f"{', '.join(self.choices)}, not {value!r}")
        try:
            if isinstance(value, bool):
                raise ValueError
            number = int(value)
        except (TypeError, ValueError):
            number = None
        if number is None or not self.low <= number <= self.high \
                or (isinstance(value, float) and value != number):
            raise RulesError(f"gm_edit.condition.{self.key}: {name}'s {self.label} is a whole "
                             f"number {self.low}..{self.high}, not {value!r}")
        return number

    def as_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"key": self.key, "label": self.label,
                                 "required": self.required}
        if self.choices:
            shown["choices"] = list(self.choices)
        else:
            shown.update(low=self.low, high=self.high)
        if self.default:
            shown["default"] = self.default
        return shown


@dataclass(frozen=True)
class ConditionKind:
    """A condition as the ruleset's text defines it: its name, the words and line that
    define it (``cite``), the values it takes to be given, and the values that tell
    one instance from another when it is taken away (``removes_by``: UESRPG's Burning
    on one location)."""

    name: str
    cite: str
    fields: tuple[Field, ...] = ()
    removes_by: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "cite": self.cite,
                "fields": [f.as_json() for f in self.fields],
                "removes_by": list(self.removes_by)}


# (state, unit, condition checked) -> (the new state, what happened)
Apply = Callable[[Any, Any, dict[str, Any]], tuple[Any, str]]
# (state, unit) -> its conditions now, each {"name", its values..., "text"}
Current = Callable[[Any, Any], list[dict[str, Any]]]


def _nothing(_state: Any, _unit: Any) -> list[dict[str, Any]]:
    return []


def _refuse(reason: str) -> Apply:
    def apply(_state: Any, _unit: Any, _condition: dict[str, Any]) -> tuple[Any, str]:
        raise RulesError(reason)
    return apply


@dataclass(frozen=True)
class ConditionEdits:
    """A ruleset's conditions for GM edits; ``none``: why it has none to edit."""

    kinds: tuple[ConditionKind, ...]
    add: Apply
    remove: Apply
    current: Current = _nothing
    none: str = ""

    @classmethod
    def without(cls, reason: str) -> ConditionEdits:
        """A ruleset whose text defines no condition: every such edit is refused with
        ``reason``."""
        return cls((), _refuse(reason), _refuse(reason), none=reason)

    def kind(self, name: Any) -> ConditionKind:
        if self.none:
            raise RulesError(self.none)
        for kind in self.kinds:
            if isinstance(name, str) and kind.name.casefold() == name.strip().casefold():
                return kind
        raise RulesError(f"gm_edit.condition.name: no condition {name!r} (conditions: "
                         f"{', '.join(k.name for k in self.kinds)})")

    def checked(self, condition: Any, removing: bool = False) -> dict[str, Any]:
        """``condition`` (``{"name": ..., values...}``) read by its kind's fields: the
        values given with their types, nothing unknown, nothing required missing (a
        removal takes the name and ``removes_by`` only, none of them required)."""
        if not isinstance(condition, Mapping):
            raise RulesError('gm_edit.condition: a condition like {"name": "..."} with its '
                             "values")
        kind = self.kind(condition.get("name"))
        takes = [f for f in kind.fields if not removing or f.key in kind.removes_by]
        known = {f.key for f in takes}
        extra = sorted(str(k) for k in condition if k != "name" and k not in known)
        if extra:
            offered = ", ".join(sorted(known)) or "no value"
            raise RulesError(f"gm_edit.condition: {kind.name} takes no {', '.join(extra)} "
                             f"({'to take it away ' if removing else ''}it takes {offered})")
        found: dict[str, Any] = {"name": kind.name}
        for f in takes:
            value = condition.get(f.key)
            if value is None or value == "":
                if f.required and not removing:
                    raise RulesError(f"gm_edit.condition.{f.key}: give {kind.name}'s {f.label}")
                continue
            found[f.key] = f.read(kind.name, value)
        return found

    def as_json(self) -> dict[str, Any]:
        return {"kinds": [k.as_json() for k in self.kinds], "none": self.none}


def described(condition: Mapping[str, Any], kind: ConditionKind | None = None) -> str:
    """One condition as a line: its name and its values by their labels."""
    labels = {f.key: f.label for f in kind.fields} if kind else {}
    parts = [f"{labels.get(k, k)} {v}" for k, v in condition.items()
             if k not in ("name", "text") and v not in (None, "")]
    return str(condition["name"]) + (f" ({', '.join(parts)})" if parts else "")
