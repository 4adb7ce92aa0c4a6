"""The values that cross the contract: what interfaces send a ruleset and what
a ruleset answers, with no ruleset's names in them.

Plain frozen dataclasses (no pydantic here: importing the contract must stay
cheap, it is read at every start of the command line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

# the fight's values live in their own module, which a forecast imports alone
from tactician.rulesets.contract.fight_request import Combatant as Combatant
from tactician.rulesets.contract.fight_request import FightRequest as FightRequest

# --- unit files -----------------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    """One fault of a unit file: the file, the entry (the unit's name), the field
    (a dotted path such as ``points.str`` or ``weapons.0``) and the problem."""

    file: str
    entry: str
    field: str
    problem: str

    def __str__(self) -> str:
        return f"{self.file}: entry {self.entry!r}: {self.field}: {self.problem}"


@dataclass(frozen=True)
class UnitCheck:
    """Every violation of one unit file (none: a legal build) and a one-line verdict."""

    file: str
    name: str
    summary: str  # e.g. "Aria, level 1 human (35 points)"; said of a legal build
    violations: tuple[Violation, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.violations


# --- documents (sheets, reports) ------------------------------------------------------


@dataclass(frozen=True)
class Row:
    label: str
    value: str


@dataclass(frozen=True)
class Section:
    """A part of a sheet or report: label/value rows, a table, or free lines (each
    optional); an interface renders it without knowing what the labels mean."""

    title: str = ""
    rows: tuple[Row, ...] = ()
    columns: tuple[str, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """A character sheet: the shared keys every ruleset gives, the sections an
    interface renders, and ``data``, the ruleset's own numbers for ``--json``."""

    ruleset: str
    name: str
    kind: str
    title: str
    sections: tuple[Section, ...]
    level: int | None = None
    problems: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """``data`` first, then the shared keys (which win over the ruleset's own)."""
        return {
            **dict(self.data),
            "ruleset": self.ruleset,
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "problems": list(self.problems),
            "sections": [asdict(s) for s in self.sections],
        }


# --- advancement ----------------------------------------------------------------------


class Asker(Protocol):
    """How a ruleset asks the person at the table during an interactive step."""

    def show(self, sections: Sequence[Section]) -> None: ...

    def ask(self, question: str) -> str: ...

    def warn(self, text: str) -> None: ...


@dataclass(frozen=True)
class ChoiceSpec:
    """A choice an advancement may need (``--choose NAME=VALUE``)."""

    name: str
    help: str


@dataclass(frozen=True)
class AdvanceRequest:
    """The choices given on the command line (by ``ChoiceSpec`` name), the
    rulings (``name=value``), and an ``Asker`` when the player is asked live."""

    choices: Mapping[str, str] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    asker: Asker | None = None


@dataclass(frozen=True)
class Advancement:
    """The advanced unit: its new unit-file data, a JSON report, sections to show."""

    unit: Mapping[str, Any]
    report: Mapping[str, Any]
    sections: tuple[Section, ...]
    rolled: bool = True  # False: no dice were asked (a fixed step)


# --- options (rulings) ----------------------------------------------------------------

OptionKind = Literal["bool", "int", "choice", "optional_int"]
OptionScope = Literal["rules", "battle", "advancement"]


@dataclass(frozen=True)
class OptionSpec:
    """One ruling: its name, kind, default and allowed words (``choice`` only), and
    where it applies (``battle`` options are stored in a battle file)."""

    name: str
    kind: OptionKind
    default: str
    values: tuple[str, ...] = ()
    scope: OptionScope = "rules"

    def samples(self) -> tuple[str, ...]:
        """Values to try: every allowed word, both booleans, or two numbers."""
        if self.kind == "choice":
            return self.values
        if self.kind == "bool":
            return ("true", "false")
        base = 0 if self.default in ("", "none") else int(self.default)
        return (str(base), str(base + 1))


# --- shipped examples (what the conformance kit runs) ---------------------------------

DELETE: Any = object()  # a Corruption value that removes the field


@dataclass(frozen=True)
class Corruption:
    """A way to break an example unit: set ``path`` (keys and list indexes) to
    ``value`` (``DELETE`` removes it); the refusal must name ``field``."""

    name: str
    unit: Path
    path: tuple[str | int, ...]
    value: Any
    field: str


@dataclass(frozen=True)
class ExampleFight:
    attacker: Path
    defender: Path
    distance: int | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExampleBattle:
    name: str
    map: Path
    units: tuple[Path, ...]
    seed: int = 1
    # actions the AI may take before the battle must be over (a bound on work)
    step_bound: int = 400
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActionCase:
    """A battle where an action kind applies (the kit plays each, ``tests/conformance/
    test_action_rendering.py``): ``battle``'s start, changed by ``arrange`` if given (a
    function of the start state: units moved, hurt, given a flair), then the ``before``
    actions, then ``action`` (default: the kind's example in the action schema)."""

    kind: str
    battle: ExampleBattle
    before: tuple[Mapping[str, Any], ...] = ()
    action: Mapping[str, Any] | None = None
    arrange: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class Examples:
    units: tuple[Path, ...] = ()
    fights: tuple[ExampleFight, ...] = ()
    battles: tuple[ExampleBattle, ...] = ()
    corruptions: tuple[Corruption, ...] = ()
    # ``Capability.CREATION``: the choices of a few new characters (name in "name")
    creations: tuple[Mapping[str, str], ...] = ()
    # ``Capability.BATTLES``: at least one case for every action kind the schema declares
    actions: tuple[ActionCase, ...] = ()


@dataclass(frozen=True)
class CareRequest:
    """Care of a roster character between battles (``Capability.CARE``): ``kind`` is
    one of the ruleset's ``care_kinds()``; ``patient`` its unit file and ``carried``
    what its last battle left on it (``aftermath``); ``healer`` and ``healer_carried``
    the one giving care (``None``: the patient); ``details`` the kind's own values
    (e.g. ``amount``, ``wound``)."""

    kind: str
    patient: Path
    carried: Mapping[str, Any]
    healer: Path | None = None
    healer_carried: Mapping[str, Any] = field(default_factory=dict)
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CareResult:
    """The patient's new carried state and what happened, in lines."""

    carried: Mapping[str, Any]
    lines: tuple[str, ...]
    passed: bool | None = None  # the test's outcome, when care is a test


@dataclass(frozen=True)
class CheckRequest:
    """A check of one character outside a fight (``Capability.CHECKS``): ``skill`` one
    of the ruleset's ``check_kinds()``, ``difficulty`` by name or number, ``stat`` where
    the skill lets the player choose, and the rulings."""

    skill: str
    difficulty: str
    stat: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class CheckResult:
    """The check's exact chance (computed before the dice), every die, the verdict:
    ``report`` for ``--json``, ``sections`` to show."""

    report: Mapping[str, Any]
    sections: tuple[Section, ...]
