"""The exact forecast gives the very numbers it gave before issue 16's speed work.

``data/forecasts.json`` holds every end state and probability (as ``repr``) of the
Sequences in ``forecast_cases``, recorded on commit f1f98bd; the enumerator's
memo of strikes must reproduce them bit for bit, and ``resolve`` (the same
procedure on real dice) must still land on the recorded end states.
"""

from __future__ import annotations

import json

import pytest

from tactician.dice.source import SeededDice
from tactician.rulesets.tropera.sequence import resolve
from tests.tropera.forecast_cases import CASES, DATA, record

RECORDED = json.loads(DATA.read_text())


def test_every_case_is_recorded() -> None:
    assert set(RECORDED) == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_end_states_and_probabilities(name: str) -> None:
    assert record(name) == RECORDED[name]


@pytest.mark.parametrize("name", sorted(CASES))
def test_resolving_lands_on_a_recorded_end_state(name: str) -> None:
    plan = CASES[name]()
    for seed in range(20):
        final = resolve(plan, SeededDice(seed)).final
        assert json.dumps(final) in RECORDED[name]
