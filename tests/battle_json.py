"""A battle file's data as one JSON document, whatever form the file is in.

Battle files are written in lines (``content.battle_lines``); tests that edit a battle
by hand read it as the one JSON document files were before (``battle_data``) and
write the edit back in that old form (``write_battle_data``), which is still read
(whole: every entry verified and replayed), so an edit is met by the same checks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tactician.engine.store_file import load_battle


def battle_data(path: Path) -> dict[str, Any]:
    """The battle file at ``path`` as the JSON document of its ``Battle``."""
    return load_battle(path).model_dump(mode="json")


def write_battle_data(path: Path, data: dict[str, Any], indent: int | None = None) -> None:
    """Write ``data`` as a battle file in the old form (one JSON document)."""
    path.write_text(json.dumps(data, indent=indent), encoding="utf-8")


def json_of(path: Path) -> Any:
    """A JSON file's data: a battle file in lines as its battle's JSON document."""
    from tactician.content.battle_lines import is_lines

    data = path.read_bytes()
    return battle_data(path) if is_lines(data) else json.loads(data)
