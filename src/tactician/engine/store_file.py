"""A battle in a JSON file (until the storage layer lands). Writes are atomic:
a temporary file replaced in one step, so a crash never leaves half a battle."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pydantic import ValidationError

from tactician.content.files import parse_json, read_text
from tactician.content.loader import describe_errors
from tactician.engine.battle import FORMAT, Battle
from tactician.errors import ContentError


def load_battle(path: Path) -> Battle:
    """Read a battle file, refusing one that is missing, a folder, over the size limit,
    not UTF-8, not JSON, nested too deeply, of an unknown ``format`` or not shaped like
    a battle, each with one line naming the file (see ``content.files``). The start
    state is checked against its ruleset when the battle is opened (``table``)."""
    text = read_text(path, "battle file")
    data = parse_json(text, path, fault="not a battle file")
    if isinstance(data, dict) and "format" in data and data["format"] != FORMAT:
        raise ContentError(
            f"{path}: battle file format {data['format']!r} is not one this Tactician "
            f"reads (it reads format {FORMAT})"
        )
    try:
        return Battle.model_validate(data)
    except ValidationError as exc:
        raise ContentError(
            f"{path}: not a battle file: {'; '.join(describe_errors(exc))}"
        ) from None


def save_battle(battle: Battle, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(battle.model_dump_json(indent=1))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
