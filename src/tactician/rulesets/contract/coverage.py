"""The coverage map's contract: where each compendium entry takes effect in play
(issue 26: "a player who buys a flair and finds it does nothing has been cheated").

Every entry of a ruleset's battle-relevant compendium kinds is one of:

- ``Wired(where, test)``: the action, hook or modifier that applies it, and the test
  (a pytest node id, ``tests/path.py::test_name``) that exercises it;
- ``Ruled(ruling, why)``: it does nothing in battle, settled by the ruling whose id
  (a bold or backticked word) ``docs/rulings.md`` holds;
- ``NoEffect(why)``: it has no battle effect by its own text (flavour, out of
  battle: creation, shopping, advancement).

A ruleset's map is its ``coverage`` module's ``COVERAGE`` (a ``RulesetCoverage``),
named in ``MODULES`` below; ``tests/conformance/test_coverage.py`` holds every entry of
every listed kind to one of the three, so a new entry in the data cannot be inert by
accident. This module imports only the standard library.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module

__all__ = ["MODULES", "Entry", "NoEffect", "Ruled", "RulesetCoverage", "Wired",
           "coverage_of", "uncovered"]


@dataclass(frozen=True)
class Wired:
    """Applied in play by ``where`` (an action, hook or modifier, as the table names
    it), exercised by the test ``test`` (a pytest node id); ``invoke`` says how a
    player uses it at the table (empty: it applies by itself)."""

    where: str
    test: str
    invoke: str = ""


@dataclass(frozen=True)
class Ruled:
    """Inert in battle by the ruling ``ruling`` of ``docs/rulings.md``, for ``why``."""

    ruling: str
    why: str


@dataclass(frozen=True)
class NoEffect:
    """No battle effect by the entry's own text (``why``: flavour, out of battle)."""

    why: str


Entry = Wired | Ruled | NoEffect


@dataclass(frozen=True)
class RulesetCoverage:
    """One ruleset's map: for each audited kind, the entry names the data holds
    (``names(kind)``, read from the ruleset's default compendium) and what covers
    each (``entries[kind][name]``; names compared with letter case folded)."""

    ruleset_id: str
    entries: Mapping[str, Mapping[str, Entry]]
    names: Callable[[str], list[str]] = field(repr=False)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.entries)

    def entry(self, kind: str, name: str) -> Entry | None:
        """What covers ``name`` of ``kind`` (any letter case), or None."""
        for known, covered in self.entries.get(kind, {}).items():
            if known.casefold() == name.casefold():
                return covered
        return None


# ruleset id -> "package.module" whose COVERAGE is its map
MODULES: dict[str, str] = {
    "fe-classic": "tactician.rulesets.fe_classic.coverage",
    "fe-tabletop": "tactician.rulesets.fe_tabletop.coverage",
    "miridon": "tactician.rulesets.miridon.coverage",
    "tropera": "tactician.rulesets.tropera.coverage",
    "uesrpg": "tactician.rulesets.uesrpg.coverage",
}


def coverage_of(ruleset_id: str) -> RulesetCoverage:
    """The coverage map of ``ruleset_id`` (a ``KeyError`` naming the known ones
    when it has none)."""
    if ruleset_id not in MODULES:
        raise KeyError(f"no coverage map for ruleset {ruleset_id!r}; maps: "
                       f"{', '.join(sorted(MODULES))}")
    found: RulesetCoverage = import_module(MODULES[ruleset_id]).COVERAGE
    return found


def uncovered(cov: RulesetCoverage) -> list[tuple[str, str]]:
    """Every (kind, name) the data holds that the map does not cover."""
    missing: list[tuple[str, str]] = []
    for kind in cov.kinds:
        missing.extend((kind, name) for name in cov.names(kind) if cov.entry(kind, name) is None)
    return missing
