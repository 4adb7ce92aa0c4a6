"""The contract's own pieces: violations from messages, option specs from a
rulings dataclass, capability refusals and lazy registration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from tactician.rulesets.contract import (
    Capability,
    Examples,
    OptionSpec,
    RulesetContract,
    Sheet,
    UnitCheck,
    Unsupported,
)
from tactician.rulesets.contract.helpers import (
    error_violations,
    option_specs,
    problem_violations,
)
from tactician.rulesets.registry import Ruleset

FILE = Path("units/aria.yaml")


def test_a_content_error_becomes_one_violation_per_fault() -> None:
    message = "units/aria.yaml: entry 'Aria': weapons.0: unknown weapon 'X'; level: too high"
    found = error_violations(message, FILE, "aria")
    assert [(v.entry, v.field, v.problem) for v in found] == [
        ("Aria", "weapons.0", "unknown weapon 'X'"), ("Aria", "level", "too high")]
    assert str(found[0]) == "units/aria.yaml: entry 'Aria': weapons.0: unknown weapon 'X'"


def test_a_problem_without_a_field_is_said_of_the_unit() -> None:
    found = problem_violations(["points: 36 assigned", "a free sentence, no field"], FILE, "A")
    assert [v.field for v in found] == ["points", "(unit)"]


@dataclass(frozen=True)
class _Rulings:
    mode: Literal["a", "b"] = "a"
    strict: bool = True
    reach: int = 2
    cap: int | None = None


def test_option_specs_read_the_rulings_dataclass() -> None:
    specs = {s.name: s for s in option_specs(_Rulings, "battle")}
    assert (specs["mode"].kind, specs["mode"].values, specs["mode"].default) == (
        "choice", ("a", "b"), "a")
    assert (specs["strict"].kind, specs["strict"].default) == ("bool", "true")
    assert specs["reach"].samples() == ("2", "3")
    assert (specs["cap"].kind, specs["cap"].default, specs["cap"].samples()) == (
        "optional_int", "none", ("0", "1"))


class _Bare(RulesetContract):
    """A ruleset that declares nothing beyond the required methods."""

    def check_unit(self, path: Path) -> UnitCheck:
        return UnitCheck(str(path), path.stem, "a unit")

    def sheet(self, path: Path) -> Sheet:
        return Sheet("bare", path.stem, "unit", path.stem, ())

    def options(self) -> list[OptionSpec]:
        return []

    def option_values(self, pairs: Sequence[str]) -> dict[str, object]:
        return {}

    def examples(self) -> Examples:
        return Examples()


def test_an_undeclared_capability_is_a_clear_refusal() -> None:
    bare = _Bare(Ruleset("bare", "Bare", "none", "nothing", "x:y", frozenset()))
    for call in (bare.compendium_kinds, lambda: bare.battle_rules([]),
                 bare.advancement_choices):
        with pytest.raises(Unsupported, match="ruleset 'bare' has no .* \\(it declares: none\\)"):
            call()


def test_a_declared_capability_without_its_hook_is_still_refused() -> None:
    bare = _Bare(Ruleset("bare", "Bare", "none", "nothing", "x:y",
                         frozenset({Capability.COMPENDIUM})))
    with pytest.raises(Unsupported, match="has no compendium"):
        bare.compendium_kinds()


def test_a_registration_imports_its_contract_only_when_asked() -> None:
    ruleset = Ruleset("lazy", "Lazy", "none", "nothing",
                      "tests.contract.test_contract:_Bare", frozenset())
    first = ruleset.contract()
    assert isinstance(first, _Bare) and ruleset.contract() is first
