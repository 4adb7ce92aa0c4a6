"""Load YAML content and validate it, with errors that name file, entry and field.

Design principle 3: content is data. A compendium file is a mapping or a list
of entries; every pydantic error is reworded as ``file: entry 'Name': field:
problem`` so a GM can find the fault without reading a traceback. Files are
read through ``content.files`` (size, encoding) and parsed by
``content.strict_yaml`` (duplicate keys, nesting, aliases).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from tactician.content.files import read_text
from tactician.content.strict_yaml import load_yaml
from tactician.errors import ContentError

M = TypeVar("M", bound=BaseModel)


def read_yaml(path: Path, what: str = "file") -> Any:
    """Parse a YAML file, refusing a missing, oversized, non-UTF-8 or malformed one
    by name, and duplicate keys, deep nesting and alias bombs (``strict_yaml``)."""
    return load_yaml(read_text(path, what), path)


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
