"""Benchmark: whole battles a second, in memory, with the engine on every side.

Each ruleset's example battles (``RulesetContract.examples().battles``) are played
to their end ``--copies`` times with ``engine.play.play_battle`` on an ``Unlogged``
table (what issue 30's ``tactician simulate`` plays: no log, no file, nothing
re-read), copy ``i`` on seed ``base + i``. The rules and the start state are built
once per battle and shared (states are immutable values); each copy gets a fresh
planner. Figures are CPU time of this process (``time.process_time``; on the shared
2-core host wall time mostly measures the other tenants), one core.

Printed per battle: battles a second, actions a battle, rounds (mean, max) and how
the copies ended. ``--profile`` adds the ten functions with the most own time.

Run: ``.venv/bin/python bench/bench_play.py [--copies 20] [--profile]``.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import gc
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tactician.engine.play import Unlogged, play_battle  # noqa: E402
from tactician.rulesets.contract import ExampleBattle  # noqa: E402
from tactician.rulesets.registry import all_rulesets, get  # noqa: E402


def play_copies(ruleset: str, example: ExampleBattle, copies: int, base: int
                ) -> tuple[float, list[tuple[str, int, int]]]:
    """CPU seconds for ``copies`` whole battles, and each one's (result, rounds, actions)."""
    contract = get(ruleset).contract()
    rules = contract.battle_rules(list(example.options))
    start = rules.start_state({"map": str(example.map),
                               "units": [str(u) for u in example.units]})
    contract.planner(rules, True)  # warm the AI's imports and caches out of the timing
    ended: list[tuple[str, int, int]] = []
    gc.collect()
    began = time.process_time()
    for index in range(copies):
        table = Unlogged(rules, start, base + index)
        for _ in play_battle(table, contract.planner(rules, True), example.step_bound):
            pass
        state = table.state
        ended.append((str(getattr(state, "result", "ongoing")), state.round, table.actions))
    return time.process_time() - began, ended


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000, help="copy i plays seed SEED + i")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print(f"{'battle':<22}{'battles/s':>10}{'actions':>9}{'rounds':>12}  ends")
    for ruleset in all_rulesets():
        for example in get(ruleset.id).contract().examples().battles:
            profiler = cProfile.Profile() if args.profile else None
            if profiler:
                profiler.enable()
            spent, ended = play_copies(ruleset.id, example, args.copies, args.seed)
            if profiler:
                profiler.disable()
            rounds = [r for _, r, _ in ended]
            actions = sum(a for _, _, a in ended) / len(ended)
            ends = collections.Counter(result for result, _, _ in ended)
            print(f"{ruleset.id + ' ' + example.name:<22}{len(ended) / spent:>10.2f}"
                  f"{actions:>9.0f}{sum(rounds) / len(rounds):>7.1f} /{max(rounds):>3}  "
                  + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
            if profiler:
                pstats.Stats(profiler).sort_stats("tottime").print_stats(10)


if __name__ == "__main__":
    main()
