"""Shared pieces for a ruleset's contract adapter: unit-file violations from
pydantic errors and from rule-problem strings, and option specs read from a
rulings dataclass (``tactician.rulesets.rulings``).

pydantic and the YAML reader are imported by the functions that use them, so a
contract adapter may import this module at its top and still start cheaply
(issue 16: a forecast reads no unit file through here)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args, get_type_hints

from tactician.errors import ContentError, TacticianError
from tactician.records import field_names, field_values
from tactician.rulesets.contract.values import OptionScope, OptionSpec, Violation
from tactician.rulesets.rulings import choices

if TYPE_CHECKING:
    from pydantic import BaseModel

# "points: Str is 11; ..." -> field "points"; "weapons.0: ..." -> "weapons.0"
_FIELD = re.compile(r"^([A-Za-z_][\w\-]*(?:\.[\w\-]+)*): (.+)$", re.S)
# "file: entry 'Name': field: problem" (content.loader's ContentError form)
_ENTRY = re.compile(r"^(?P<file>.+?): entry (?P<entry>'[^']*'|\"[^\"]*\"): (?P<rest>.+)$", re.S)


def read_unit(path: Path) -> tuple[dict[str, Any] | None, list[Violation]]:
    """A unit file's mapping, or the violation that stops it being read at all."""
    from tactician.content.loader import read_yaml

    try:
        data = read_yaml(path)
    except ContentError as exc:
        return None, [Violation(str(path), path.stem, "(file)", _after_path(str(exc), path))]
    if not isinstance(data, dict):
        return None, [Violation(str(path), path.stem, "(file)",
                                "a unit file is a mapping of fields (name:, ...)")]
    return data, []


def entry_name(data: Mapping[str, Any], path: Path) -> str:
    return str(data.get("name") or path.stem)


def model_violations(
    model: type[BaseModel], data: Mapping[str, Any], path: Path
) -> tuple[Any, list[Violation]]:
    """Validate ``data``; every pydantic error as its own violation."""
    from pydantic import ValidationError

    entry = entry_name(data, path)
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        found = []
        for item in exc.errors():
            where = ".".join(str(p) for p in item["loc"]) or "(entry)"
            found.append(Violation(str(path), entry, where, item["msg"]))
        return None, found


def unknown_names(
    data: Mapping[str, Any], field: str, known: Callable[[str], object], path: Path
) -> list[Violation]:
    """Names in the raw ``data[field]`` list the compendium does not know (``known``
    raises for them), found even when the unit file fails validation elsewhere."""
    found = []
    refs = data.get(field)
    for index, ref in enumerate(refs if isinstance(refs, list) else []):
        if not isinstance(ref, str):
            continue
        try:
            known(ref)
        except TacticianError as exc:
            found.append(Violation(str(path), entry_name(data, path), f"{field}.{index}",
                                   str(exc)))
    return found


def problem_violations(problems: Iterable[str], path: Path, entry: str) -> list[Violation]:
    """Rule-problem strings (``"field: problem"``) as violations."""
    found = []
    for text in problems:
        match = _FIELD.match(text)
        if match:
            found.append(Violation(str(path), entry, match.group(1), match.group(2)))
        else:
            found.append(Violation(str(path), entry, "(unit)", text))
    return found


def error_violations(message: str, path: Path, entry: str) -> list[Violation]:
    """A ``ContentError`` message (``file: entry 'X': a: p; b: q``) as violations."""
    match = _ENTRY.match(message)
    if not match:
        return problem_violations([_after_path(message, path)], path, entry)
    entry = match.group("entry")[1:-1]
    return problem_violations(match.group("rest").split("; "), path, entry)


def _after_path(message: str, path: Path) -> str:
    prefix = f"{path}: "
    return message[len(prefix):] if message.startswith(prefix) else message


# --- options --------------------------------------------------------------------------


def option_specs(options_type: type, scope: OptionScope = "rules") -> list[OptionSpec]:
    """One ``OptionSpec`` per field of a rulings record, default and words included."""
    names = field_names(options_type)
    assert names, "rulings are a record type (NamedTuple or dataclass)"
    hints = get_type_hints(options_type)
    defaults = options_type()
    specs = []
    for name in names:
        kind = hints[name]
        default = getattr(defaults, name)
        words = choices(kind)
        if words:
            specs.append(OptionSpec(name, "choice", str(default), words, scope))
        elif kind is bool:
            specs.append(OptionSpec(name, "bool", format_value(default), (), scope))
        elif kind is int:
            specs.append(OptionSpec(name, "int", str(default), (), scope))
        elif int in get_args(kind):
            specs.append(OptionSpec(name, "optional_int", format_value(default), (), scope))
        else:  # pragma: no cover - a rulings record takes only these types
            raise TypeError(f"option {name}: unsupported type {kind!r}")
    return specs


def format_value(value: object) -> str:
    """An option value as written on the command line and in docs/rulings.md."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def option_dict(*instances: object) -> dict[str, object]:
    """The fields of rulings record instances, merged."""
    merged: dict[str, object] = {}
    for instance in instances:
        assert field_names(instance), "rulings are a record"
        merged.update(field_values(instance))
    return merged
