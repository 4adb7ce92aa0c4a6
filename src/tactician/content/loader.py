"""Load YAML content and validate it, with errors that name file, entry and field.

Design principle 3: content is data. A compendium file is a mapping or a list
of entries; every pydantic error is reworded as ``file: entry 'Name': field:
problem`` so a GM can find the fault without reading a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from tactician.errors import ContentError

M = TypeVar("M", bound=BaseModel)


def read_yaml(path: Path) -> Any:
    """Parse a YAML file, refusing a missing or malformed one by name."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"{path}: no such file") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ContentError(f"{path}:{where}: not valid YAML ({problem})") from None


def describe_errors(error: ValidationError) -> list[str]:
    """One readable line per pydantic error: ``field.path: message``."""
    lines = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "(entry)"
        lines.append(f"{field}: {item['msg']}")
    return lines


def validate_entry(model: type[M], data: Any, source: str, entry: str) -> M:
    """Validate one entry, naming the source and entry in any error."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        details = "; ".join(describe_errors(exc))
        raise ContentError(f"{source}: entry {entry!r}: {details}") from None


def load_entries(model: type[M], path: Path, key: str = "name") -> dict[str, M]:
    """Load a compendium file: a list of entries, each with a unique ``key``.

    Entries are keyed by ``key`` case-insensitively for lookup but keep their
    spelling. A duplicate name is an error, not a silent overwrite.
    """
    data = read_yaml(path)
    if isinstance(data, Mapping) and "entries" in data:
        data = data["entries"]
    if not isinstance(data, list):
        raise ContentError(f"{path}: expected a list of entries (or 'entries:' holding one)")
    result: dict[str, M] = {}
    for position, raw in enumerate(data, start=1):
        label = raw.get(key) if isinstance(raw, Mapping) else None
        entry_name = str(label) if label else f"#{position}"
        item = validate_entry(model, raw, str(path), entry_name)
        lookup = str(getattr(item, key)).casefold()
        if lookup in result:
            raise ContentError(f"{path}: entry {entry_name!r}: '{key}' repeats an earlier entry")
        result[lookup] = item
    return result
