"""What a simulation plays: a battle's start state, its ruleset and rulings, as one
picklable value (a worker process or a Dask worker rebuilds the rules from it once).

A set-up is either a map and unit files (``battle new``'s inputs: ``from_files``) or
a battle as it stands now ("from here": ``from_state``, e.g. a campaign's current
battle read by the table). Either way the copies start from the same dumped state.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from tactician.errors import TacticianError
from tactician.rulesets.contract import Capability
from tactician.rulesets.registry import get

__all__ = ["Prepared", "Setup", "UnitInfo", "from_example", "from_files", "from_state",
           "prepared"]


@dataclass(frozen=True)
class UnitInfo:
    """A unit of the battle as the summary names it."""

    id: str
    name: str
    side: str
    max_hp: int


@dataclass(frozen=True)
class Setup:
    """One battle to play many times. ``start`` is ``rules.dump_state`` as JSON text
    (hashable, so each process prepares it once); ``scenario`` the map and unit files
    it came from, if it did (``--vary add:FILE`` needs them); ``win_side`` the side
    whose victory is a win (the players')."""

    ruleset: str
    options: tuple[str, ...]
    start: str
    name: str
    step_bound: int
    scenario: tuple[str, tuple[str, ...]] | None = None
    win_side: str = "player"

    def with_start(self, start: dict[str, Any]) -> Setup:
        return replace(self, start=json.dumps(start, sort_keys=True))


@dataclass(frozen=True)
class Prepared:
    """A set-up's rules and start state, built once per process."""

    contract: Any
    rules: Any
    state: Any
    units: tuple[UnitInfo, ...]


def _contract(ruleset: str) -> Any:
    contract = get(ruleset).contract()
    for needed in (Capability.BATTLES, Capability.AI):
        if not contract.has(needed):
            raise TacticianError(f"{ruleset} declares no {needed.value}: it cannot simulate "
                                 "a battle")
    return contract


def _bound(state: Any, cap: int) -> int:
    """Actions a copy may take before it is called unfinished: ten an acting unit or
    side a round, every round up to the cap and one more."""
    return (cap + 1) * (len(tuple(state.tokens())) + 2) * 10


def _checked_cap(contract: Any, options: Sequence[str]) -> int:
    cap = contract.round_cap(list(options))
    if cap is None:
        raise TacticianError("round_cap=none: a battle with no round cap may never end; "
                             "simulate needs a cap (its last round over undecided: a draw)")
    return int(cap)


def from_files(ruleset: str, map_path: Path, units: Sequence[Path], options: Sequence[str],
               name: str, step_bound: int | None = None) -> Setup:
    """The battle ``battle new`` would start on the map with the unit files."""
    contract = _contract(ruleset)
    cap = _checked_cap(contract, options)
    rules = contract.battle_rules(list(options))
    scenario = {"map": str(map_path), "units": [str(u) for u in units]}
    state = rules.start_state(scenario)
    return Setup(ruleset=ruleset, options=tuple(options),
                 start=json.dumps(rules.dump_state(state), sort_keys=True), name=name,
                 step_bound=step_bound or _bound(state, cap),
                 scenario=(str(map_path), tuple(str(u) for u in units)))


def from_example(name: str, ruleset: str | None, options: Sequence[str]) -> Setup:
    """A ruleset's example battle by name (``RulesetContract.examples().battles``)."""
    from tactician.rulesets.registry import all_rulesets

    found = []
    for info in all_rulesets():
        if ruleset is not None and info.id != ruleset:
            continue
        contract = get(info.id).contract()
        if contract.has(Capability.BATTLES):
            found += [(info.id, ex) for ex in contract.examples().battles if ex.name == name]
    if not found:
        raise TacticianError(f"no example battle {name!r}" + (f" in {ruleset}" if ruleset
                             else "") + "; give --map MAP --units FILE, or --here for the "
                             "campaign's battle")
    if len(found) > 1:
        raise TacticianError(f"example battle {name!r} is in "
                             f"{', '.join(r for r, _ in found)}: pick one with --ruleset")
    chosen, example = found[0]
    return from_files(chosen, example.map, example.units, [*example.options, *options],
                      example.name, example.step_bound)


def from_state(ruleset: str, options: Sequence[str], state: Any, name: str) -> Setup:
    """A battle as it stands (its rules' ``state``), played on from here."""
    contract = _contract(ruleset)
    cap = _checked_cap(contract, options)
    if getattr(state, "result", "ongoing") != "ongoing":
        raise TacticianError(f"battle {name!r} is over ({state.result}): nothing to simulate")
    rules = contract.battle_rules(list(options))
    return Setup(ruleset=ruleset, options=tuple(options),
                 start=json.dumps(rules.dump_state(state), sort_keys=True), name=name,
                 step_bound=_bound(state, cap))


def _unit_info(contract: Any, state: Any) -> tuple[UnitInfo, ...]:
    view = contract.board_view(state)
    return tuple(UnitInfo(u["id"], u["name"], u["side"], int(u["max_hp"]))
                 for u in view["units"])


@lru_cache(maxsize=16)
def prepared(setup: Setup) -> Prepared:
    """The set-up's rules and start state (cached: every copy in a process shares
    them; states are immutable values)."""
    contract = _contract(setup.ruleset)
    rules = contract.battle_rules(list(setup.options))
    state = rules.load_state(json.loads(setup.start))
    return Prepared(contract, rules, state, _unit_info(contract, state))
