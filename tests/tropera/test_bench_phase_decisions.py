"""The Elite planner decides on the enemy-phase bench's five seeds as recorded
(``tests/tropera/bench_phases``, issue 28: made faster, it must choose the same)."""

from __future__ import annotations

import json

import pytest

from tests.tropera.bench_phases import DATA, SEEDS, SIZES, name, record

RECORDED = json.loads(DATA.read_text())


def test_every_bench_phase_is_recorded() -> None:
    assert set(RECORDED) == {name(e, p, seed) for seed in SEEDS for e, p in SIZES}


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("enemies", "players"), SIZES)
def test_same_decisions_on_the_bench_phases(enemies: int, players: int, seed: int) -> None:
    got = record(enemies, players, seed)
    expected = RECORDED[name(enemies, players, seed)]
    for number, (mine, theirs) in enumerate(
        zip(got["decisions"], expected["decisions"], strict=False), start=1
    ):
        assert mine == theirs, f"decision {number} differs"
    assert len(got["decisions"]) == len(expected["decisions"])
    assert got["sha256"] == expected["sha256"], "a decision's candidates or odds differ"
