"""How long ``tactician roll 2d6`` takes from process start to answer.

A script, not a test: timings depend on the machine and its load. Runs the
command N times in fresh processes (``python -m tactician.cli.main``, the same
code the ``tactician`` console script calls), ``python -c pass`` as the floor
no Python program can beat, and an empty Typer command with the same
parameters (the framework's own floor), then prints the medians, the ratio to
``python -c pass`` and whether the 0.3 s target holds. One warm-up run first fills the parser cache
(see ``tactician.dice.notation``) and the OS file cache.

Bytecode: an installed package has ``.pyc`` files; a development shell with
``PYTHONDONTWRITEBYTECODE=1`` recompiles every project module on every start
(tens of ms). By default the runs get a private ``PYTHONPYCACHEPREFIX`` in a
temporary directory, so they measure the installed situation without writing
``__pycache__`` into the source tree; ``--no-bytecode`` keeps the caller's
environment instead.

Usage: ``.venv/bin/python bench/bench_roll_startup.py [N] [--no-bytecode]`` (N: 15).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET_SECONDS = 0.3

# The framework's own floor: an empty Typer command with the same parameter kinds.
# Typer converts every parameter through pydantic, so this already imports pydantic.
TYPER_FLOOR = """
import typer
app = typer.Typer()
@app.command()
def roll(expr: str, seed: int | None = None, as_json: bool = typer.Option(False, "--json")):
    print(expr)
@app.command()
def other() -> None: ...
app()
"""


def _time_runs(command: list[str], runs: int, env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 15
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="tactician-bench-pyc-") as pycache:
        if "--no-bytecode" in sys.argv:
            flag = env.get("PYTHONDONTWRITEBYTECODE", "")
            print(f"PYTHONDONTWRITEBYTECODE={flag!r} (environment as given)")
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = pycache
            print("bytecode cached in a temporary PYTHONPYCACHEPREFIX")
        _report(runs, env)


def _report(runs: int, env: dict[str, str]) -> None:
    cases = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "empty typer command": [sys.executable, "-c", TYPER_FLOOR, "roll", "2d6", "--json"],
        "tactician roll 2d6 --json": [
            sys.executable, "-m", "tactician.cli.main", "roll", "2d6", "--json"
        ],
        "tactician roll 2d6": [sys.executable, "-m", "tactician.cli.main", "roll", "2d6"],
    }
    medians = {}
    for label, command in cases.items():
        _time_runs(command, 2, env)  # warm-up: bytecode, parser cache, OS file cache
        times = _time_runs(command, runs, env)
        medians[label] = statistics.median(times)
        print(f"{label:28s} median {medians[label] * 1000:7.1f} ms "
              f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, n={runs})")
    baseline = medians["python -c pass"]
    for label in ("tactician roll 2d6 --json", "tactician roll 2d6"):
        verdict = "meets" if medians[label] < TARGET_SECONDS else "MISSES"
        print(f"{label}: {medians[label] / baseline:.1f}x python -c pass; "
              f"{verdict} the {TARGET_SECONDS:.1f} s target")


if __name__ == "__main__":
    main()
