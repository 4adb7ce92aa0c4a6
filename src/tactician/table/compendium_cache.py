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
- the settings the files are read under (``derived_cache.settings_parts``):
  the file limits (``TACTICIAN_MAX_FILE_BYTES``..., under which a file loads or
  is refused) and the GM's content folders (``TACTICIAN_TROPERA_DATA``,
  ``TACTICIAN_UESRPG_DATA``, ``TACTICIAN_MIRIDON_DATA``) with their files, so a
  GM's edited ``weapons.yaml`` is a new key. A folder that cannot be listed
  makes the compendium not kept (the full path reads and refuses it as before);
- (by ``DerivedCache`` itself) the Python version and the installed pydantic,
  pydantic-core and PyYAML, which parse the files and dump the rows.

Only built-in rulesets are kept: a plug-in's contract lives in a package outside
ours, whose files ``code_fingerprint`` does not cover, and may override how its
compendium is answered; it takes the full path. A test
(``tests/table/test_compendium_cache.py``) holds that every environment variable
the rulesets and content loaders read is a ``TACTICIAN_*`` one and every folder
they read from one is a ``*_DATA`` one.
"""

from __future__ import annotations

from tactician.content.compendium_rows import KeyedRow
from tactician.derived_cache import DerivedCache, enabled, settings_parts
from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import get, is_shipped

__all__ = ["KeptCompendium", "kept"]

_CACHE = DerivedCache("compendium-rows", version=1, limit=256)


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
    if not enabled() or not is_shipped(ruleset) or not ruleset.has(Capability.COMPENDIUM):
        return None
    try:
        inputs = [ruleset.id, *settings_parts()]
    except OSError:
        return None
    return KeptCompendium(ruleset.id, inputs)



