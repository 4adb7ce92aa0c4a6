"""Values derived from files, kept between runs: a build cache, as Python keeps
bytecode beside the source it was compiled from.

A command that reads files (a battle, a character, a compendium) and derives
plain data from them (the board it shows, a unit's combat snapshot, the rows of
a listing) needs the whole engine to derive it: pydantic, PyYAML and the rules,
most of a second's start-up. The derived value itself is small JSON. Kept here
under a key made of everything it depends on, the next run with the same inputs
reads it back with ``json`` alone (issue 16: "every command under 1.5 times the
start-up of a bare Typer app ... nothing imported that the command does not use").

Why a cached value is never stale: its key is the SHA-256 of

- the ``parts`` the caller names: the bytes of every input file (``file_part``),
  every input folder outside the package (``folder_part``: a data directory an
  environment variable names), the arguments, anything else the value is
  computed from;
- the namespace and its ``version`` (bumped when the value's shape changes);
- ``code_fingerprint()``: the path, size and modification time of every file of
  this package (its code and its data), so an upgrade or an edited source file
  makes new keys;
- ``libraries_part()``: the Python version and where and when the libraries that
  read and validate files (pydantic, pydantic-core, PyYAML) are installed, so an
  upgrade of one makes new keys too.

Every value here is read from files, so every caller also names
``settings_parts()``: the ``TACTICIAN_*`` settings under which the files are read
(the file limits, the GM's content folders with their files).

One changed byte in any of them and the key is new; the old entry is never read
again and is pruned in time. Nothing but values this code computed is stored,
and only as JSON, read back as data (never pickle: a cache file cannot run code).

The cache makes commands faster, never wrong or failing: a read that fails for
any reason (absent, half-written, unreadable, not JSON, another key's entry) is
a miss and the value is computed again; a write that fails is skipped. Writes
go to a temporary file renamed into place, so a reader sees a whole entry or none.

Where: ``TACTICIAN_CACHE_DIR`` if set, else the user cache directory
(``$XDG_CACHE_HOME/tactician`` or ``~/.cache/tactician`` on Linux, platformdirs
elsewhere). ``TACTICIAN_CACHE=off`` turns it off (every read a miss, no writes).
Each namespace keeps at most ``limit`` entries: a write that makes more removes
the least recently used.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

try:  # CPython's own SHA-256: ``hashlib`` loads OpenSSL first (ms on every start)
    from _sha256 import sha256
except ImportError:  # pragma: no cover - Python 3.12+ names it _sha2; others: hashlib
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

__all__ = ["DerivedCache", "cache_root", "code_fingerprint", "enabled", "file_part",
           "folder_part", "libraries_part", "settings_parts"]

_PACKAGE = Path(__file__).resolve().parent
_OFF = {"0", "off", "no", "false"}
# settings that say where things are kept or how the web table runs: never what a
# file reads to
_NOT_INPUTS = frozenset({"TACTICIAN_CACHE", "TACTICIAN_CACHE_DIR", "TACTICIAN_DB",
                         "TACTICIAN_WEB_POLL", "TACTICIAN_SQLITE_SYNC"})
# the libraries that parse and validate the files values are derived from
_LIBRARIES = ("pydantic", "pydantic_core", "yaml")


def enabled() -> bool:
    """False when ``TACTICIAN_CACHE`` says off (``0``, ``off``, ``no``, ``false``)."""
    return os.environ.get("TACTICIAN_CACHE", "").strip().lower() not in _OFF


def cache_root() -> Path:
    """The directory every namespace lives under (see the module docstring)."""
    explicit = os.environ.get("TACTICIAN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    if sys.platform.startswith("linux"):
        # the XDG rule platformdirs applies on Linux, without importing platformdirs
        # (tens of ms: more than the whole budget of a fast command)
        base = os.environ.get("XDG_CACHE_HOME", "").strip()
        return Path(base if os.path.isabs(base) else Path.home() / ".cache") / "tactician"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("tactician", appauthor=False))


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A digest of this package's files as installed (``folder_part`` of the
    package): an edited, added or removed source or data file changes it."""
    return folder_part(_PACKAGE).hex()


def folder_part(folder: Path | str) -> bytes:
    """A key part for a folder of input files (a data directory an environment
    variable names, the package itself): a digest of each file's path relative
    to it, size and modification time, ``__pycache__`` left out (derived from
    the rest). An edited, added or removed file changes it; a missing folder is
    a part of its own (``b"absent"``), so creating it changes the key too."""
    root = Path(folder)
    if not root.is_dir():
        return b"absent"
    digest = sha256()
    # every path scanned starts with the root's and a separator: cut it off
    # (os.path.relpath makes each one absolute twice, most of this function's time)
    start = len(os.path.join(root, ""))
    folders = [str(root)]  # strings, not Paths: this runs on every start
    while folders:
        current = folders.pop()
        with os.scandir(current) as found:
            entries = sorted(found, key=lambda entry: entry.name)
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    folders.append(entry.path)
                continue
            stat = entry.stat()
            where = entry.path[start:]
            digest.update(f"{where}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.digest()


def settings_parts() -> list[str | bytes]:
    """Key parts for the settings files are read under: every ``TACTICIAN_*``
    environment variable (the file limits, ``TACTICIAN_MAX_FILE_BYTES``...) but
    those that say where things are kept or how the web table runs; and for a
    content folder setting (``TACTICIAN_TROPERA_DATA`` and every ``*_DATA``),
    each folder it names (split at ``os.pathsep``, and the whole value as one
    folder, as uesrpg reads it) with its files (``folder_part``). A folder that
    cannot be listed raises ``OSError``: the caller then keeps nothing."""
    parts: list[str | bytes] = []
    for name in sorted(os.environ):
        if not name.startswith("TACTICIAN_") or name in _NOT_INPUTS:
            continue
        value = os.environ[name]
        parts.append(f"{name}={value}")
        if name.endswith("_DATA"):
            named = [*(part for part in value.split(os.pathsep) if part), value]
            for folder in dict.fromkeys(named):
                parts += [f"folder {folder}", folder_part(folder)]
    return parts


@lru_cache(maxsize=1)
def libraries_part() -> str:
    """The Python version and, for each library that reads the files (pydantic,
    pydantic-core, PyYAML), where it is installed and its ``__init__``'s size and
    time (an upgrade rewrites it); found without importing any of them, once a
    process."""
    from importlib.util import find_spec

    found = [sys.version]
    for name in _LIBRARIES:
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        try:
            stat = os.stat(origin) if origin else None
        except OSError:
            stat = None
        found.append(f"{name}: {origin} {stat.st_size} {stat.st_mtime_ns}" if stat
                     else f"{name}: none")
    return "\n".join(found)


def file_part(path: Path | str) -> bytes:
    """A key part for an input file: its whole bytes (hashed into the key, so a
    file of the same name with other contents is another key). An unreadable
    file raises ``OSError``: the caller's own read would fail the same way."""
    return Path(path).read_bytes()


class DerivedCache:
    """One namespace of derived values (``board-view``, ``compendium-rows``...)."""

    def __init__(self, namespace: str, version: int = 1, limit: int = 256) -> None:
        if not namespace or not namespace.replace("-", "").isalnum():
            raise ValueError(f"a cache namespace is letters, digits and '-': {namespace!r}")
        self.namespace = namespace
        self.version = version
        self.limit = limit

    @property
    def folder(self) -> Path:
        return cache_root() / self.namespace

    def key(self, *parts: str | bytes) -> str:
        """The key of a value computed from ``parts`` by this code (module docstring).
        Each part is length-prefixed, so ("ab", "c") and ("a", "bc") differ."""
        digest = sha256()
        for part in (self.namespace, str(self.version), code_fingerprint(), libraries_part(),
                     *parts):
            data = part.encode() if isinstance(part, str) else part
            digest.update(len(data).to_bytes(8, "big"))
            digest.update(data)
        return digest.hexdigest()

    def get(self, key: str) -> Any | None:
        """The value stored under ``key``, or None (a miss: see the module docstring)."""
        if not enabled():
            return None
        path = self.folder / f"{key}.json"
        try:
            stored = json.loads(path.read_bytes())
        except (OSError, ValueError):
            return None
        if not isinstance(stored, dict) or stored.get("key") != key or "value" not in stored:
            return None
        with contextlib.suppress(OSError):  # a read-only cache still serves
            os.utime(path)  # "recently used", for pruning
        return stored["value"]

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` (JSON data) under ``key``; any failure only skips the store.
        A value that is not JSON data is a programming error and raises."""
        text = json.dumps({"key": key, "value": value}, separators=(",", ":"))
        if not enabled():
            return
        import tempfile  # here: a run that only reads (a hit) never needs it

        folder = self.folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    out.write(text)
                os.replace(temporary, folder / f"{key}.json")
            except BaseException:
                with contextlib.suppress(OSError):  # another process removed it first
                    os.unlink(temporary)
                raise
            self._prune(folder)
        except OSError:
            return

    def _prune(self, folder: Path) -> None:
        with os.scandir(folder) as found:
            entries = [entry for entry in found if entry.name.endswith(".json")]
        if len(entries) <= self.limit:
            return
        entries.sort(key=lambda entry: entry.stat().st_mtime_ns)
        for entry in entries[: len(entries) - self.limit]:
            with contextlib.suppress(OSError):  # another process removed it first
                os.unlink(entry.path)

