"""Benchmark: the exact forecast of a full Miridon attack against a 10,000-sample
simulation of the same attack, in the same run.

The attack (spec 004 §3.22 item 1): a Greatsword (3d6, +3 To Hit) with Melee Boost 2
(+2 To Hit, +2d6), Strong Attack (1s re-rolled, L581), Advanced Critical Hit (11-12,
L905) and True Strike (+1 per point of margin, L2628, so the to-hit roll and the damage
are enumerated jointly) against Passive Evasion 9 and PDR 3, the target at 30 HP: P(hit),
P(crit), the whole damage distribution, the HP after, P(unconscious). Target (issue 12):
the forecast's median is under 1 ms. The ratio is printed against the simulation.
Run: ``.venv/bin/python bench/bench_miridon_forecast.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tactician.dice.chance import SampledChance  # noqa: E402
from tactician.dice.source import SeededDice  # noqa: E402
from tactician.rulesets.miridon.battle.attack_roll import AttackSpec, odds, resolve  # noqa: E402

ATTACK = AttackSpec(to_hit=5, evasion=9, crit_from=11, base_dice=3, bonus_dice=2,
                    margin_flat=1, reroll_up_to=1, reduction=3, hp=30)


def time_exact(repeats: int) -> list[float]:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        found = odds(ATTACK)
        samples.append(time.perf_counter() - start)
    assert abs(sum(found.damage.values()) - 1) < 1e-9
    return samples


def time_simulation(runs: int, repeats: int) -> list[float]:
    samples = []
    for repeat in range(repeats):
        dice = SeededDice(repeat)
        start = time.perf_counter()
        for _ in range(runs):
            resolve(ATTACK, SampledChance(dice, narrating=False))
        samples.append(time.perf_counter() - start)
    return samples


def main() -> int:
    time_exact(20)  # warm the dice events' caches
    exact = statistics.median(time_exact(300))
    simulated = statistics.median(time_simulation(10_000, 3))
    ratio = simulated / exact
    met = exact < 0.001
    print(f"exact forecast of the attack, median: {exact * 1000:.3f} ms  (target < 1 ms)")
    print(f"10,000-sample simulation, median:     {simulated * 1000:.1f} ms")
    print(f"ratio simulation/exact:               {ratio:.0f}x")
    print("met" if met else "NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
