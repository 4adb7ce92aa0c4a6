"""Benchmark: a whole example battle played through the command line against the same
battle played in memory (issue 28: "A whole example battle through the CLI within 5x
the same battle in memory").

CLI: the example battle (``RulesetContract.examples().battles``) stored in an SQLite
campaign in a temporary folder (the default mode), then ``tactician battle
enemy-phase --any-side --json`` run again and again, each in a fresh process (the
console script), until the battle is over: the engine plays every side, one phase a
command, as a table that lets it would. The figure is the CPU time of every one of
those processes (user + system, the kernel's accounting of each finished child),
the set-up (``campaign new``, ``battle new``) left out.

In memory: the same battle played to its end by ``engine.play.play_battle`` on an
``Unlogged`` table (``bench/bench_play.py``'s measure: CPU time of this process, the
rules, start state and the planner's imports built before the clock starts), on the
same seed. The two are the same engine on the same start and seed; the in-memory
table draws its dice as the log's streams do, so both usually end alike (printed).

Bytecode goes to a private ``PYTHONPYCACHEPREFIX``; the derived cache to a private
``TACTICIAN_CACHE_DIR`` (warm: one untimed battle first fills both).

Run: .venv/bin/python bench/bench_cli_battle.py [RULESET:BATTLE ...]   (default:
tropera:ford; exit 1 if a target is not met)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tactician.engine.play import Unlogged, play_battle  # noqa: E402
from tactician.rulesets.registry import get  # noqa: E402

TARGET = 5.0


def example_of(ruleset: str, name: str) -> Any:
    for example in get(ruleset).contract().examples().battles:
        if example.name == name:
            return example
    raise SystemExit(f"{ruleset} has no example battle {name!r}")


def in_memory(ruleset: str, example: Any) -> tuple[float, str]:
    """CPU seconds of one whole battle in memory, and how it ended."""
    contract = get(ruleset).contract()
    rules = contract.battle_rules(list(example.options))
    start = rules.start_state({"map": str(example.map),
                               "units": [str(u) for u in example.units]})
    contract.planner(rules, True)  # the AI's imports and caches out of the timing
    began = time.process_time()
    table = Unlogged(rules, start, example.seed)
    for _ in play_battle(table, contract.planner(rules, True), example.step_bound):
        pass
    return time.process_time() - began, str(getattr(table.state, "result", "ongoing"))


def through_cli(ruleset: str, example: Any, where: Path, env: dict[str, str]
                ) -> tuple[float, str, int]:
    """CPU seconds of every command of the battle through the CLI, how it ended and how
    many commands it took."""
    py = sys.executable
    tactician = [py, str(Path(py).parent / "tactician")]
    folder = where / f"{ruleset}-{example.name}"
    folder.mkdir()
    run_env = {**env, "TACTICIAN_DB": f"sqlite:///{folder / 'c.sqlite'}"}

    def run(*args: str) -> str:
        return subprocess.run([*tactician, *args], check=True, capture_output=True, text=True,
                              env=run_env, cwd=folder).stdout

    run("campaign", "new", "bench", "--ruleset", ruleset)
    new = ["battle", "new", example.name, "--map", str(example.map), "--seed",
           str(example.seed)]
    for units in example.units:
        new += ["--units", str(units)]
    for option in example.options:
        new += ["--option", option]
    run(*new)
    before = os.times()
    result, commands = "ongoing", 0
    while result == "ongoing" and commands < example.step_bound:
        out = run("battle", "enemy-phase", "--any-side", "--json")
        commands += 1
        result = str(json.loads(out)["result"])
    after = os.times()
    spent = (after.children_user - before.children_user
             + after.children_system - before.children_system)
    return spent, result, commands


def main() -> int:
    chosen = [a.split(":", 1) for a in sys.argv[1:]] or [["tropera", "ford"]]
    met = True
    with tempfile.TemporaryDirectory(prefix="tactician-bench-cli-battle-") as tmp:
        where = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TACTICIAN_")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.update(PYTHONPYCACHEPREFIX=str(where / "pyc"),
                   TACTICIAN_CACHE_DIR=str(where / "cache"))
        warm = where / "warm"
        warm.mkdir()
        for ruleset, name in chosen:
            example = example_of(ruleset, name)
            through_cli(ruleset, example, warm, env)  # bytecode and caches, untimed
            cli, cli_result, commands = through_cli(ruleset, example, where, env)
            memory, memory_result = in_memory(ruleset, example)
            ratio = cli / memory
            ok = ratio <= TARGET
            met = met and ok
            print(f"{ruleset} {name} (seed {example.seed}): CLI {cli:.2f} s CPU in "
                  f"{commands} commands ({cli_result}); in memory {memory:.3f} s "
                  f"({memory_result}): {ratio:.1f}x (target <= {TARGET}x): "
                  f"{'met' if ok else 'NOT met'}")
    print(f"all targets: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
