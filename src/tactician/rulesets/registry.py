"""The ruleset registry: rulesets plug in without touching core.

A ruleset is any package exposing a ``Ruleset`` through the
``tactician.rulesets`` entry-point group (see ``pyproject.toml``); a GM's
homebrew package registers the same way. ``register`` also accepts one at run
time (tests, notebooks).

Registration is cheap: a ``Ruleset`` holds only words, the declared
capabilities and the ``"package.module:Class"`` of its contract
(``tactician.rulesets.contract.RulesetContract``), which is imported on the
first call of ``contract()``. Listing rulesets (``tactician rulesets``) never
imports a ruleset's rules.

Finding one is cheap too: the rulesets this package ships are named in
``BUILTIN`` (a test holds it equal to ``pyproject.toml``'s entry points), so
``get("tropera")`` imports that one small package and reads no package metadata.
The installed entry points are read (``installed_entry_points``) only to list
every ruleset or to find an id that is not built in. A built-in id is always the
built-in ruleset, whatever a plug-in also calls itself.
"""

from __future__ import annotations

import threading
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

from tactician.errors import TacticianError
from tactician.rulesets.capabilities import Capability

if TYPE_CHECKING:
    from tactician.rulesets.contract.actions import ActionSchema
    from tactician.rulesets.contract.interface import RulesetContract


class Ruleset(NamedTuple):
    """A registered ruleset: who it is, what it can do, where its contract lives.

    An immutable record (a ``NamedTuple``: every command that names a ruleset
    defines this class at start-up, and a frozen dataclass costs ten times more)."""

    id: str
    title: str
    source: str
    summary: str
    # "package.module:Class", a RulesetContract subclass imported on first use
    implementation: str
    capabilities: frozenset[Capability] = frozenset()
    # "package.module:NAME" of its battles' action schema (``contract.actions``): a
    # declaration, no rules, so listing rulesets with their actions stays cheap
    actions: str | None = None

    def has(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def contract(self) -> RulesetContract:
        """The ruleset's contract, imported (once) on first use."""
        cached = _contracts.get(self.id)
        if cached is not None and cached.info is self:
            return cached
        with _lock:  # two threads (the web table's) must not build two contracts
            cached = _contracts.get(self.id)
            if cached is not None and cached.info is self:
                return cached
            module_name, _, attribute = self.implementation.partition(":")
            cls = getattr(import_module(module_name), attribute)
            instance: RulesetContract = cls(self)
            _contracts[self.id] = instance
            return instance

    def action_schema(self) -> ActionSchema:
        """The ruleset's action schema (``actions``), imported on first use; refused
        for a ruleset that declares none."""
        if self.actions is None:
            raise TacticianError(f"ruleset {self.id!r} declares no action schema")
        module_name, _, attribute = self.actions.partition(":")
        schema: ActionSchema = getattr(import_module(module_name), attribute)
        return schema

    def describe(self) -> dict[str, object]:
        """JSON-ready: id, title, source, summary and the capabilities."""
        return {
            "id": self.id,
            "title": self.title,
            "source": self.source,
            "summary": self.summary,
            "capabilities": sorted(c.value for c in self.capabilities),
        }


# the ruleset a command uses when it is not told (``--ruleset``)
DEFAULT_RULESET = "tropera"
# ruleset id -> the value of its entry point in pyproject.toml (the same table)
BUILTIN = {
    "tropera": "tactician.rulesets.tropera:RULESET",
    "fe-tabletop": "tactician.rulesets.fe_tabletop:RULESET",
    "uesrpg": "tactician.rulesets.uesrpg:RULESET",
    "miridon": "tactician.rulesets.miridon:RULESET",
    "fe-classic": "tactician.rulesets.fe_classic:RULESET",
}

_registered: dict[str, Ruleset] = {}
_contracts: dict[str, RulesetContract] = {}
_loaded = False
# guards the first read of the entry points and the first build of a contract:
# a second thread waits for the first instead of seeing a half-filled registry
_lock = threading.RLock()


def entry_points(group: str) -> list[Any]:
    """The installed entry points of ``group`` (``installed_entry_points``), imported
    here on first use: naming a built-in ruleset reads no metadata (module docstring)."""
    from tactician.rulesets.installed_entry_points import entry_points as installed

    return list(installed(group=group))


def register(ruleset: Ruleset) -> None:
    _registered[ruleset.id] = ruleset


def _checked(name: str, ruleset: object) -> Ruleset:
    if not isinstance(ruleset, Ruleset):
        raise TacticianError(f"entry point {name!r} does not give a Ruleset")
    return ruleset


def _builtin(ruleset_id: str) -> Ruleset | None:
    """The built-in ruleset ``ruleset_id`` (registered on first use), else None."""
    value = BUILTIN.get(ruleset_id)
    if value is None:
        return None
    module_name, _, attribute = value.partition(":")
    with _lock:
        ruleset = _checked(ruleset_id, getattr(import_module(module_name), attribute))
        return _registered.setdefault(ruleset_id, ruleset)


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        for ruleset_id in BUILTIN:  # first: a plug-in cannot take a built-in's id
            _builtin(ruleset_id)
        found: list[Ruleset] = []
        ours = set(BUILTIN.values())
        for point in entry_points(group="tactician.rulesets"):
            if point.value not in ours:
                found.append(_checked(point.name, point.load()))
        for ruleset in found:
            _registered.setdefault(ruleset.id, ruleset)
        # marked loaded only once every entry point is in: a reader that sees the
        # flag sees the whole registry
        _loaded = True


def all_rulesets() -> list[Ruleset]:
    _load_entry_points()
    return sorted(_registered.values(), key=lambda r: r.id)


def get(ruleset_id: str) -> Ruleset:
    found = _registered.get(ruleset_id) or _builtin(ruleset_id)
    if found is not None:
        return found
    _load_entry_points()
    try:
        return _registered[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_registered)) or "none"
        raise TacticianError(f"unknown ruleset {ruleset_id!r} (installed: {known})") from None


def is_shipped(ruleset: Ruleset) -> bool:
    """Whether ``ruleset`` is the one this package ships under its id (not a plug-in,
    nor one a test or notebook registered in its place): its code is this package's
    own, so ``derived_cache.code_fingerprint`` covers it and values derived through
    it may be kept between runs."""
    value = BUILTIN.get(ruleset.id)
    if value is None:
        return False
    module_name, _, attribute = value.partition(":")
    shipped: Ruleset = getattr(import_module(module_name), attribute)
    return shipped is ruleset


def contract(ruleset_id: str) -> RulesetContract:
    """The contract of the ruleset called ``ruleset_id`` (refused by name if unknown)."""
    return get(ruleset_id).contract()
