"""Kit: for every example fight, the forecast's probabilities sum to 1, agree
with N seeded resolutions of the same plan within a stated bound
(``kit.SIGMAS`` binomial standard deviations), and forecasting changes nothing."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tactician.dice.source import SeededDice
from tactician.rulesets.contract import Capability, Combatant, FightRequest, RulesetContract
from tests.conformance.kit import RESOLUTIONS, bound, check_modifiers


def _requests(contract: RulesetContract) -> list[FightRequest]:
    if not contract.has(Capability.FIGHTS):
        pytest.skip(f"{contract.id} declares no fights")
    fights = contract.examples().fights
    assert fights, f"{contract.id} declares fights but ships no example fight"
    return [FightRequest(contract.id, Combatant(f.attacker), (Combatant(f.defender),),
                         f.distance, f.options) for f in fights]


def test_forecast_probabilities_sum_to_one(contract: RulesetContract) -> None:
    for request in _requests(contract):
        report = contract.forecast(contract.plan_fight(request))
        for side, distribution in report["hp"].items():
            assert math.isclose(sum(distribution.values()), 1.0, abs_tol=1e-9), side
            assert all(p >= 0 for p in distribution.values())
        outcome = report.get("outcome")
        if outcome is not None:
            assert math.isclose(sum(outcome.values()), 1.0, abs_tol=1e-9)
        check_modifiers(report, str(request.attacker.path))


def test_forecast_agrees_with_seeded_resolutions(contract: RulesetContract) -> None:
    """Each side's final HP over N seeded resolutions of the same plan lands within
    ``kit.bound`` of the forecast's exact probability, for every HP value."""
    for number, request in enumerate(_requests(contract)):
        plan = contract.plan_fight(request)
        report = contract.forecast(plan)
        sides = {side: report[side]["name"] for side in report["hp"]}
        seen: dict[str, Counter[str]] = {side: Counter() for side in sides}
        for seed in range(RESOLUTIONS):
            result = contract.resolve(plan, SeededDice(1000 * number + seed))
            for side, name in sides.items():
                seen[side][str(result["hp"][name])] += 1
        for side, expected in report["hp"].items():
            possible = {k for k, p in expected.items() if p > 0}
            assert set(seen[side]) <= possible, (side, seen[side], expected)
            for hp, p in expected.items():
                observed = seen[side][hp] / RESOLUTIONS
                assert abs(observed - p) <= bound(p, RESOLUTIONS), (request, side, hp, p,
                                                                    observed)


def test_forecast_changes_no_state(contract: RulesetContract) -> None:
    """A forecast leaves the plan as it was (what it then resolves to on given dice,
    and a second forecast, are the same as without it) and the unit files untouched."""
    for number, request in enumerate(_requests(contract)):
        files = {c.path: c.path.read_bytes() for c in (request.attacker, *request.defenders)}
        untouched = contract.resolve(contract.plan_fight(request), SeededDice(number))
        plan = contract.plan_fight(request)
        first = contract.forecast(plan)
        assert contract.forecast(plan) == first
        assert contract.resolve(plan, SeededDice(number)) == untouched
        assert {p: p.read_bytes() for p in files} == files
