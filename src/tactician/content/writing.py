"""Writing a content file (a unit file after a level-up or an advance) so that a
crash or a refusal never leaves half of it: the text goes to a temporary file
beside the target, is fsynced, and replaces the target in one ``os.replace``.
Design principle 6: bad input "changes nothing"; a failed write changes nothing
either. (Battle files have their own writer, ``engine.store_file``, which also
fsyncs the folder and cleans up after a kill.)
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from tactician.errors import ContentError


def write_text_atomic(target: Path, text: str, mode: int | None = None) -> None:
    """Replace ``target`` with ``text`` in one step (``mode``: the new file's
    permissions; by default those ``tempfile`` gives). On any error the original
    file is left as it was and the temporary file is removed."""
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)
    except OSError as exc:
        raise ContentError(f"{target}: cannot be written ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise ContentError(f"{target}: cannot be written ({exc.strerror})") from None
        raise
