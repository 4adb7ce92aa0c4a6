"""A battle in a JSON file (until the storage layer lands). Writes are atomic:
a temporary file replaced in one step, so a crash never leaves half a battle."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from pydantic import ValidationError

from tactician.content.loader import describe_errors
from tactician.engine.battle import Battle
from tactician.errors import ContentError


def load_battle(path: Path) -> Battle:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"{path}: no such battle file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(f"{path}: not a battle file (line {exc.lineno}: {exc.msg})") from None
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
