"""A battle in a JSON file (until the storage layer lands).

Writes are atomic and durable: the battle goes to a temporary file
``.NAME.json.XXXXXXXX`` in the same folder, which is fsynced, replaced over the
battle in one ``os.replace``, and then the folder is fsynced, so a crash or a
kill leaves either the old battle or the new one, never half of either. A kill
between the write and the replace leaves the temporary file behind: ``cleanup``
(run whenever a battle is opened) removes such leftovers.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from pydantic import ValidationError

from tactician.content.files import parse_json, read_text
from tactician.content.loader import describe_errors
from tactician.content.save_temporaries import new_temporary, temporaries_beside, where_saved
from tactician.engine.battle import Battle, UnknownFormat, check_format
from tactician.errors import ContentError


def load_battle(path: Path) -> Battle:
    """Read a battle file, refusing one that is missing, a folder, over the size limit,
    not UTF-8, not JSON, nested too deeply, of an unknown ``format`` or not shaped like
    a battle, each with one line naming the file (see ``content.files``). The start
    state is checked against its ruleset when the battle is opened (``table``)."""
    text = read_text(path, "battle file")
    data = parse_json(text, path, fault="not a battle file")
    if isinstance(data, dict) and "format" in data:
        try:
            check_format(data["format"])
        except UnknownFormat as exc:
            raise ContentError(f"{path}: {exc}") from None
    if isinstance(data, dict) and not data.get("start_hash"):
        # a written battle always carries it; without one, a hand-edited start would be
        # sealed afresh and taken as a new battle
        raise ContentError(f"{path}: start_hash is missing: every battle file seals its "
                           "start with it, so this one was edited by hand; refused")
    try:
        return Battle.model_validate(data)
    except ValidationError as exc:
        raise ContentError(
            f"{path}: not a battle file: {'; '.join(describe_errors(exc))}"
        ) from None


def save_battle(battle: Battle, path: Path) -> None:
    """Write ``battle`` to ``path`` atomically and durably (see the module docstring).

    A new file gets the usual permissions (0666 less the umask), a rewritten one
    keeps its own; a symbolic link is followed (the file it names is replaced).
    """
    battle = battle.whole("a battle file")  # a tail would lose the entries before it
    path = where_saved(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = new_temporary(path)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            if os.chmod in os.supports_fd:
                with contextlib.suppress(FileNotFoundError):
                    os.chmod(out.fileno(), stat.S_IMODE(path.stat().st_mode))
            out.write(battle.model_dump_json(indent=1))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the replace itself durable (POSIX: fsync the directory)."""
    if not hasattr(os, "O_DIRECTORY"):  # Windows cannot open a folder to fsync it
        return
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


# a temporary file left by a save that was killed is this old before it is removed:
# a save still running in another process is never older than a few seconds
STALE_AFTER_S = 60.0


def cleanup(path: Path, now: float | None = None) -> list[Path]:
    """Remove leftover temporaries of ``path`` from killed saves; return them.

    Only files named exactly as ``save_battle`` names them (``save_temporaries``:
    ``.NAME.`` and eight of its characters, which is also how ``tempfile`` named
    them before) and
    last written ``STALE_AFTER_S`` seconds
    or more before ``now`` (the time of this open) are removed.
    """
    cutoff = (time.time() if now is None else now) - STALE_AFTER_S
    removed: list[Path] = []
    try:
        candidates = temporaries_beside(where_saved(path))
    except OSError:
        return removed
    for candidate in candidates:
        try:
            if candidate.is_file() and candidate.stat().st_mtime <= cutoff:
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue  # gone already, or not ours to remove
    return removed
