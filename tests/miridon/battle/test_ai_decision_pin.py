"""The AI's choice on ``bench/bench_miridon_decision.py``'s cases, pinned (issue 28: a
faster planner must make "the same choice as today's planner on the bench's seeds")."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench" / "bench_miridon_decision.py"


def bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_miridon_decision", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_three_foe_shotgunner_fires_aimed_at_the_block_stance() -> None:
    found = bench()
    assert found.decision(found.case(3))["actions"] == [
        {"type": "attack", "unit": "g", "target": "f1", "weapon": "Shotgun", "kind": "aimed"}]


@pytest.mark.slow
def test_the_eleven_foe_shotgunner_sidesteps() -> None:
    found = bench()
    assert found.decision(found.case(11))["actions"] == [
        {"type": "move", "unit": "g", "to": [1, 1], "how": "sidestep"}]
