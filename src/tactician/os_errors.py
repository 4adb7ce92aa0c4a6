"""An error of the operating system (a full disk, a read-only folder, permission
denied, a file where a folder is needed) in one line a GM understands, naming the
file (issue 27). Every command turns an ``OSError`` it did not expect into this line
and exit code 2 (``cli.output.refusals``); the writers it can reach write whole or
not at all (a battle file through a temporary renamed into place, a bundle or a
backup removed when it fails part-way, a database write in one transaction), so the
line never stands for half a file.
"""

from __future__ import annotations

import errno
from pathlib import Path

from tactician.errors import TacticianError

# errno -> the words, and what the GM can do about it
_WORDS = {
    errno.ENOSPC: "no space left on the device; free some space and run it again",
    errno.EDQUOT: "the disk quota is used up; free some space and run it again",
    errno.EROFS: "the file system is read-only; choose a writable place",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.EEXIST: "a file of that name is in the way (a folder is needed there, or a new "
                  "file)",
    errno.ENOTDIR: "a file stands where a folder is needed",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOENT: "no such file or folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EMFILE: "too many files open",
    errno.EIO: "input/output error (the disk may be failing)",
}


def os_error_line(exc: OSError, doing: str = "") -> str:
    """``exc`` as one line: the file it names, what went wrong, what to do; ``doing``
    (e.g. "cannot lock battle file x.json") goes first."""
    words = _WORDS.get(exc.errno or -1)
    if words is None:
        told = exc.strerror or str(exc) or type(exc).__name__
        words = told[:1].lower() + told[1:]
    where = " -> ".join(str(name) for name in (exc.filename, exc.filename2)
                        if name is not None)
    return " ".join(": ".join(part for part in (doing, where, words) if part).split())


def check_out_place(path: Path, option: str = "--out") -> None:
    """Refuse, before anything is written, an output path that cannot be made because a
    file stands where one of its folders should be (``out/x.json/y.json`` with
    ``out/x.json`` a file): the folders would be made on the way, and ``mkdir`` says
    only "File exists"."""
    for folder in path.parents:
        if folder.exists() or folder.is_symlink():
            if not folder.is_dir():
                raise TacticianError(f"{option} {path}: {folder} is a file, not a folder; "
                                     f"choose another {option}")
            return
