"""The temporary files a battle-file save writes before it replaces the battle:
``.NAME.XXXXXXXX`` beside it, eight lowercase letters, digits or ``_``.

One statement of the name for the save that makes them (``engine.store_file``), the
open that removes a killed save's leftovers (``store_file.cleanup``) and
``battle show``, which must not answer from a kept board while a leftover waits
for that open. Standard library only: ``battle show`` imports it on every run.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

__all__ = ["NAME_CHARACTERS", "new_temporary", "temporaries_beside", "where_saved"]

NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_SUFFIX = 8


def where_saved(path: Path) -> Path:
    """The file a save replaces: a symlink's target (the link itself stays)."""
    return path.resolve() if path.is_symlink() else path


def new_temporary(path: Path) -> tuple[int, Path]:
    """Create a temporary beside ``path``, opened for writing, never an existing
    file (``O_EXCL``); its mode is 0666 less the umask."""
    while True:
        suffix = "".join(secrets.choice(NAME_CHARACTERS) for _ in range(_SUFFIX))
        temporary = path.parent / f".{path.name}.{suffix}"
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue


def temporaries_beside(path: Path) -> list[Path]:
    """Every file beside ``path`` named as a save's temporary of it (``OSError`` if
    the folder cannot be listed)."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[{re.escape(NAME_CHARACTERS)}]{{{_SUFFIX}}}")
    with os.scandir(path.parent) as found:
        return [Path(entry.path) for entry in found if pattern.fullmatch(entry.name)]
