"""The enemy phases ``bench/bench_enemy_phase.py`` times, and their recorded decisions.

Issue 28: the bench measures Elite 120 v 48 against 30 v 12 on five seeds; the
planner made faster for it must choose on each of them exactly what it chose
before (``test_bench_phase_decisions``). ``data/bench_phase_decisions.json`` holds,
per phase, every decision's unit, actions and reason, and a SHA-256 of every
decision described with its three best candidates and their odds (the whole
description would be megabytes).

Re-record (only when a rules change is meant to change decisions):
``PYTHONPATH=src .venv/bin/python -m tests.tropera.bench_phases``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from tactician.rulesets.tropera.ai import Scorer
from tactician.rulesets.tropera.options import TroperaOptions
from tests.tropera.ai_scenarios import build, play

DATA = Path(__file__).resolve().parent / "data" / "bench_phase_decisions.json"
SEEDS = (1, 2, 3, 4, 5)
SIZES = ((30, 12), (120, 48))
SIDE = 40  # the bench's map: 40x40


def name(enemies: int, players: int, seed: int, tier: str = "elite") -> str:
    return f"{tier}-{enemies}v{players}-{SIDE}-s{seed}"


def record(enemies: int, players: int, seed: int, tier: str = "elite") -> dict[str, Any]:
    """Every decision of the phase (unit, actions, reason) and a digest of them all
    described with their three best candidates."""
    decisions: list[dict[str, Any]] = []
    play(build(enemies, players, SIDE, seed, tier), Scorer(TroperaOptions()),
         lambda d: decisions.append(json.loads(json.dumps(d.describe(3)))))
    digest = hashlib.sha256(json.dumps(decisions, sort_keys=True).encode()).hexdigest()
    return {
        "decisions": [[d["unit"], d["actions"], d["reason"]] for d in decisions],
        "sha256": digest,
    }


def main() -> int:
    data = {
        name(e, p, seed): record(e, p, seed) for seed in SEEDS for e, p in SIZES
    }
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"recorded {sum(len(v['decisions']) for v in data.values())} decisions in {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
