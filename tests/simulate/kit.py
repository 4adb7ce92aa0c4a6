"""Set-ups the simulator's tests share."""

from __future__ import annotations

from pathlib import Path

from tactician.rulesets.registry import get
from tactician.simulate.setup import Setup, from_files

DATA = Path(__file__).parent / "data"


def example(ruleset: str, name: str, *options: str) -> Setup:
    found = next(e for e in get(ruleset).contract().examples().battles if e.name == name)
    return from_files(ruleset, found.map, found.units, [*found.options, *options], found.name,
                      found.step_bound)


def duel(*options: str, step_bound: int | None = None) -> Setup:
    return from_files("tropera", DATA / "duel.yaml", [DATA / "duel-units.yaml"],
                      list(options), "duel", step_bound)


def walled(*options: str) -> Setup:
    return from_files("tropera", DATA / "walled.yaml", [DATA / "walled-units.yaml"],
                      list(options), "walled")
