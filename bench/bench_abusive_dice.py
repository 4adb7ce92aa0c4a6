"""How much an abusive dice expression costs, as a ratio to an ordinary roll.

A script, not a test: timings depend on the machine and its load, so the suite
asserts the *work* bound instead (``MAX_DICE`` draws, ``MAX_REROLLS`` rerolls
and explosions; see ``tests/dice/test_notation.py``). This prints, for each
expression the caps stop, the median time to its refusal divided by the median
time of ``2d6+3``: the ratio says how many ordinary rolls one abuse is worth,
whatever the machine's speed. Target: every abuse costs at most ``TARGET`` (1,000)
ordinary rolls (before the caps, ``1d6e>0`` alone took 0.3 s, about 3,000).
The unit is ``2d6+3`` through the general (d20) path, the one every abuse takes:
plain ``NdM+K`` now skips d20 (``notation``) and is several times cheaper, which
would change the unit, not the abuses (its time is printed too).

Usage: ``.venv/bin/python bench/bench_abusive_dice.py [N]`` (N: 20 runs each).
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import time
from collections.abc import Callable

from tactician.dice.d20_engine import roll_text
from tactician.dice.notation import roll
from tactician.dice.source import SeededDice
from tactician.errors import DiceError

TARGET = 1000
ABUSIVE = ["1d6e>0", "1d1rr1", "500d6e>0", "900d6e>0", "1000d6", "999999999d6"]


def _median(expr: str, runs: int, roller: Callable[..., object] = roll) -> float:
    samples = []
    for seed in range(runs):
        start = time.perf_counter()
        with contextlib.suppress(DiceError):
            roller(expr, SeededDice(seed))
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    _median("2d6+3", 3, roll_text)  # warm the parser
    base = _median("2d6+3", runs, roll_text)
    fast = _median("2d6+3", runs)
    print(f"2d6+3: {base * 1e6:.0f} us through d20 (the unit); "
          f"{fast * 1e6:.0f} us on the plain path")
    worst = 0.0
    for expr in ABUSIVE:
        took = _median(expr, runs)
        worst = max(worst, took / base)
        print(f"{expr:>14}: {took * 1e3:7.2f} ms = {took / base:7.0f} x 2d6+3")
    met = worst <= TARGET
    print(f"worst {worst:.0f} x 2d6+3 (target <= {TARGET} x): {'PASS' if met else 'FAIL'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
