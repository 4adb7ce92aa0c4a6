"""A built-in ruleset's compendium kept between runs: its list of kinds and each
kind's rows (``tactician.content.compendium_rows``), in
``tactician.derived_cache`` under the namespace ``compendium-rows``.

Building the rows loads the ruleset's YAML into pydantic models: some 200 ms of
imports and validation before ``tactician compendium list weapons`` can print a
line. The rows are plain JSON; read back, the same three functions that answer
from freshly built rows (the kind's name, the search, the entry by name) answer
from them, with neither pydantic, YAML nor the ruleset's rules imported.

What the rows depend on, all of it in the key (a change in any is a new key):

- this package's code and data files (``code_fingerprint``, always in a key) and
  the ruleset's id;
- every ``TACTICIAN_*`` environment variable but the cache's own two: the GM's
  content folders (``TACTICIAN_TROPERA_DATA``, ``TACTICIAN_UESRPG_DATA``,
  ``TACTICIAN_MIRIDON_DATA``) and the file limits (``TACTICIAN_MAX_FILE_BYTES``...,
  under which a file loads or is refused);
- for each ``TACTICIAN_*_DATA`` variable, every folder it names (split at
  ``os.pathsep``, and the whole value as one folder, as uesrpg reads it) as
  ``folder_part``: each file's path, size and modification time, so a GM's
  edited ``weapons.yaml`` is a new key. A folder that cannot be listed makes the
  compendium not kept (the full path reads and refuses it as before);
- the Python version and the installed pydantic, pydantic-core and PyYAML (path,
  size and time of each one's ``__init__``), which parse the files and dump the rows.

Only built-in rulesets are kept: a plug-in's contract lives in a package outside
ours, whose files ``code_fingerprint`` does not cover, and may override how its
compendium is answered; it takes the full path. A test
(``tests/table/test_compendium_cache.py``) holds that every environment variable
the rulesets and content loaders read is a ``TACTICIAN_*`` one and every folder
they read from one is a ``*_DATA`` one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from functools import lru_cache
from importlib import import_module
from typing import Any

from tactician.content.compendium_rows import KeyedRow
from tactician.derived_cache import DerivedCache, enabled, folder_part
from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import BUILTIN, Ruleset, get

__all__ = ["KeptCompendium", "kept"]

_CACHE = DerivedCache("compendium-rows", version=1, limit=256)
# where the cache lives and whether it is on: not inputs of the rows
_NOT_INPUTS = frozenset({"TACTICIAN_CACHE", "TACTICIAN_CACHE_DIR"})
_LIBRARIES = ("pydantic", "pydantic_core", "yaml")


class KeptCompendium:
    """One built-in ruleset's kept kinds and rows, under keys of its inputs."""

    def __init__(self, ruleset_id: str, inputs: list[str | bytes]) -> None:
        self.ruleset_id = ruleset_id
        self._inputs = inputs

    def kinds(self) -> list[str] | None:
        """The kept list of kinds, or None (not kept yet, or not a list of names)."""
        found = _CACHE.get(self._key("kinds"))
        if isinstance(found, list) and all(isinstance(k, str) for k in found):
            return found
        return None

    def keep_kinds(self, kinds: list[str]) -> None:
        _CACHE.put(self._key("kinds"), kinds)

    def rows(self, kind: str) -> list[KeyedRow] | None:
        """The kept rows of ``kind`` (the ruleset's own name of it), or None."""
        found = _CACHE.get(self._key("rows", kind))
        if not isinstance(found, list):
            return None
        rows: list[KeyedRow] = []
        for pair in found:
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
                    and isinstance(pair[1], dict)):
                return None
            rows.append((pair[0], pair[1]))
        return rows

    def keep_rows(self, kind: str, rows: list[KeyedRow]) -> None:
        _CACHE.put(self._key("rows", kind), [[key, row] for key, row in rows])

    def _key(self, *what: str) -> str:
        return _CACHE.key(*self._inputs, *what)


def kept(ruleset_id: str) -> KeptCompendium | None:
    """The kept compendium of ``ruleset_id``, or None when it may not be kept: the
    cache is off, the ruleset is a plug-in or has no compendium (its contract then
    answers, or refuses, as before), or a GM's content folder cannot be listed. An
    unknown ruleset is refused by name, as the registry refuses it."""
    ruleset = get(ruleset_id)
    if not enabled() or not _built_in(ruleset) or not ruleset.has(Capability.COMPENDIUM):
        return None
    try:
        inputs = [ruleset.id, sys.version, *_environment(), *_libraries()]
    except OSError:
        return None
    return KeptCompendium(ruleset.id, inputs)


def _built_in(ruleset: Ruleset) -> bool:
    """Whether ``ruleset`` is the one this package ships under its id (not one a
    test or notebook registered in its place)."""
    value = BUILTIN.get(ruleset.id)
    if value is None:
        return False
    module_name, _, attribute = value.partition(":")
    shipped: Any = getattr(import_module(module_name), attribute)
    return shipped is ruleset


def _environment() -> Iterator[str | bytes]:
    for name in sorted(os.environ):
        if not name.startswith("TACTICIAN_") or name in _NOT_INPUTS:
            continue
        value = os.environ[name]
        yield f"{name}={value}"
        if name.endswith("_DATA"):
            yield from _folders(value)


def _folders(value: str) -> Iterator[str | bytes]:
    """Each folder ``value`` names and its files (``folder_part``)."""
    named = [*(part for part in value.split(os.pathsep) if part), value]
    for folder in dict.fromkeys(named):
        yield f"folder {folder}"
        yield folder_part(folder)


@lru_cache(maxsize=1)
def _libraries() -> tuple[str, ...]:
    """Where each library that reads the files and dumps the rows is installed, and
    when (an upgrade rewrites its files), found without importing it; looked up
    once a process, as Python itself imports each of them at most once."""
    from importlib.util import find_spec

    found = []
    for name in _LIBRARIES:
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        if origin is None or not os.path.exists(origin):
            found.append(f"{name}: none")
            continue
        stat = os.stat(origin)
        found.append(f"{name}: {origin} {stat.st_size} {stat.st_mtime_ns}")
    return tuple(found)
