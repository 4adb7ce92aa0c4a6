"""What a ruleset provides to run battles on the core engine.

The engine never interprets a state or an action: it asks the ruleset to build
the start state from a scenario, to apply one action with a dice source, and to
(de)serialise states. States are immutable values; ``apply`` returns a new one
or raises ``TacticianError`` (and so changes nothing).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tactician.dice.source import DiceSource


@dataclass(frozen=True)
class Token:
    """A unit as core sees it: who, which side, where, and whether it is out."""

    id: str
    name: str
    side: str
    position: tuple[int, int] | None
    out: bool = False  # defeated, dead or removed from the map


@dataclass(frozen=True)
class Outcome:
    """What applying one action did: a one-line summary and JSON-ready records."""

    summary: str
    records: list[dict[str, Any]] = field(default_factory=list)


class BattleState(Protocol):
    """The parts of a ruleset's state that core reads."""

    @property
    def round(self) -> int: ...

    def tokens(self) -> Iterable[Token]: ...


class BattleRules(Protocol):
    """A ruleset's battle rules (``RulesetContract.battle_rules``)."""

    def start_state(self, scenario: Mapping[str, Any]) -> Any:
        """Build the start state from a scenario (map, units, sides, objectives)."""
        ...

    def apply(self, state: Any, action: Mapping[str, Any], dice: DiceSource) -> tuple[Any, Outcome]:
        """Apply one action; raise TacticianError if the rules refuse it."""
        ...

    def dump_state(self, state: Any) -> dict[str, Any]: ...

    def load_state(self, data: Mapping[str, Any]) -> Any: ...


class Planner(Protocol):
    """The AI of a battle (``RulesetContract.planner``, played by ``engine.play``): the
    next decision for the side (or unit) to act, as ``{"unit", "actions": [...],
    "reason", ...}``, or None when it is done. A planner with ``ends_own_turns =
    True`` ends its units' turns itself."""

    def next(self, state: Any) -> dict[str, Any] | None: ...
