"""Benchmark: the exact odds of every target of a Shoot Through (004 L847-876: Surprise,
Piercing and Advanced Piercing after the first hit, a shotgun's bullets tracked one by one,
ruling ``shoot_through_shotgun=per_bullet``) against the odds of the same targets priced
as if each were the first (what the forecast did before), and against a 10,000-sample
simulation of the line by the same procedure (``TargetRoll.resolve``), in the same run.
Target: the exact odds at least 10 times faster than the simulation (exit code 1 if not).

The line: a Shotgun (6 bullets, 1d6+3 each) through three units, the second in a Heavy
Block Stance, the third in a Block Stance. The memo of the enumerations is cleared before
each timing, so every figure is a cold forecast. Ratios are printed, never a bare time.
Run: ``.venv/bin/python bench/bench_miridon_shoot_through.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.miridon.battle.helpers import battle, unit  # noqa: E402

from tactician.dice.chance import SampledChance  # noqa: E402
from tactician.dice.source import SeededDice  # noqa: E402
from tactician.rulesets.miridon.battle import shoot_through as st  # noqa: E402
from tactician.rulesets.miridon.battle.attack_plan import plan_targets  # noqa: E402
from tactician.rulesets.miridon.battle.attack_roll import odds  # noqa: E402
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules  # noqa: E402

RULES = MiridonBattleRules([])
TARGET = 10.0  # simulation time / exact time
ACTION = {"type": "attack", "unit": "g", "target": "a", "modifiers": "shoot_through"}


def line():  # type: ignore[no-untyped-def]
    shooter = unit("g", weapons=("Shotgun",), to_hit={"Shotgun": 3}, at=(0, 2),
                   flairs=("Shoot Through", st.SURPRISE, st.PIERCING, st.ADVANCED))
    return battle(shooter, unit("a", "enemy", at=(2, 2), hp=100),
                  unit("b", "enemy", at=(3, 2), hp=100, stance="Heavy Block Stance"),
                  unit("c", "enemy", at=(4, 2), hp=100, stance="Block Stance"), width=16)


def timed(work, repeats: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeats):
        st._by_count.cache_clear()
        start = time.perf_counter()
        work()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> int:
    state = line()
    book, options = RULES.book, RULES.options

    def exact() -> None:
        st.line_odds(book, options, state, ACTION)

    def as_first() -> None:
        for plan in plan_targets(book, options, state, ACTION)[0]:
            odds(plan.spec)

    shooter = state.unit("g")
    rolls = {(t, m): st.prepare(book, options, state, shooter, {**ACTION, "target": t},
                                "Shotgun", ("shoot_through",), m)[2]
             for t in ("a", "b", "c") for m in range(7)}

    def simulate() -> None:
        dice = SeededDice(1)
        for _ in range(10_000):
            marked = 0
            for target in ("a", "b", "c"):
                _, fresh = rolls[target, marked].resolve(SampledChance(dice, narrating=False))
                marked = st.marked_after(options, True, 6, marked, fresh)

    exact()  # warm the dice events' caches
    found, before = timed(exact, 5), timed(as_first, 5)
    simulated = timed(simulate, 1)
    print(f"every target's exact odds (per bullet), median: {found * 1000:.1f} ms")
    print(f"each target as if the first, median:            {before * 1000:.1f} ms")
    print(f"10,000 simulated lines:                         {simulated * 1000:.0f} ms")
    print(f"ratio exact / as-if-first: {found / before:.1f}x; "
          f"simulation / exact: {simulated / found:.1f}x")
    # the exact odds are only worth their cost while they beat sampling the same line
    met = simulated / found >= TARGET
    print(f"target: exact odds >= {TARGET:.0f}x faster than 10,000 simulated lines: "
          f"{'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
