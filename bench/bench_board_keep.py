"""What keeping the board costs a writer: an action and its undo on a battle file,
with the board kept (``table.board_cache``) and without (``TACTICIAN_CACHE=off``).

A script, not a test: timings depend on the machine and its load. On a copy of
the example ford battle (seed 7) a few entries long, one move is applied and
undone, N times each way, interleaved so load drift hits both alike: first in one
process (``perform``, ``take_back``: the fill's own cost, without start-up), then
as the commands a player types (``tactician battle move``, ``battle undo``, each a
fresh process). With the cache on, the move keeps the GM's board of the state it
saved and the undo replays the kept entries to keep theirs (the next ``battle
show`` is then a hit). Figures are medians of wall time per move+undo.

Target: the fill adds under 5% to the commands' move+undo (the brief: "cost must
stay small"); the in-process figure is shown for what it is, the cost in ms.

With ``--instructions`` (valgrind installed) the two commands are also counted
once each way under callgrind (``bench/callgrind.py``): what the fill adds in
instructions, which the host's load does not move (five rounds of commands once
read from -5% to +30% on this shared machine while the count read +1.5%).

Usage: ``.venv/bin/python bench/bench_board_keep.py [N] [--instructions]`` (N: 20;
half of it, at least 10, for the commands).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import callgrind  # bench/callgrind.py: the script's own folder is first on the path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.05


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 20
    with tempfile.TemporaryDirectory(prefix="tactician-bench-keep-") as tmp:
        os.environ["TACTICIAN_CACHE_DIR"] = str(Path(tmp) / "cache")
        from tactician.table.battles import new_battle, perform, take_back

        battle = ROOT / "examples" / "tropera" / "battle"
        path = Path(tmp) / "ford.json"
        new_battle("tropera", battle / "ford.yaml", [battle / "party.yaml",
                                                     battle / "bandits.yaml"], path, 7)
        for unit, x, y in (("aria", 6, 4), ("lute", 3, 3), ("lethe", 4, 2)):
            perform(path, {"type": "move", "unit": unit, "to": [x, y]})
        start = Path(tmp) / "start.json"
        shutil.copy(path, start)

        def once(cache: str) -> float:
            os.environ["TACTICIAN_CACHE"] = cache
            began = time.perf_counter()
            perform(path, {"type": "move", "unit": "gilliam", "to": [2, 5]})
            take_back(path)
            spent = time.perf_counter() - began
            shutil.copy(start, path)
            return spent

        tactician = [sys.executable, str(Path(sys.executable).parent / "tactician")]

        def command(cache: str) -> float:
            env = {**os.environ, "TACTICIAN_CACHE": cache}
            began = time.perf_counter()
            for args in (["move", "gilliam", "2", "5"], ["undo"]):
                subprocess.run([*tactician, "battle", *args, "--battle", str(path)],
                               check=True, stdout=subprocess.DEVNULL, env=env)
            spent = time.perf_counter() - began
            shutil.copy(start, path)
            return spent

        print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average)")
        _compare("in one process", once, runs, target=None)
        met = _compare("as commands", command, max(10, runs // 2), target=TARGET)
        print(f"load after: {os.getloadavg()[0]:.2f}")
        if "--instructions" in sys.argv:
            _count(tactician, path, start)
    return 0 if met else 1


def _count(tactician: list[str], path: Path, start: Path) -> None:
    """The commands' move+undo in instructions, the board kept and not."""
    if not callgrind.available():
        print("instruction counts: valgrind is not installed")
        return
    counts = {}
    for cache in ("off", "on"):
        env = {**os.environ, "TACTICIAN_CACHE": cache}
        counts[cache] = sum(
            callgrind.instructions([*tactician, "battle", *args, "--battle", str(path)], env,
                                   ROOT)
            for args in (["move", "gilliam", "2", "5"], ["undo"])
        )
        shutil.copy(start, path)
    extra = (counts["on"] - counts["off"]) / counts["off"]
    print(f"in instructions (callgrind): {counts['off'] / 1e6:.0f} M without keeping the "
          f"board, {counts['on'] / 1e6:.0f} M keeping it: the fill adds {extra:.1%} "
          "(not the target's figure)")


def _compare(label: str, run: Callable[[str], float], runs: int,
             target: float | None) -> bool:
    run("on"), run("off")  # warm-up: imports, the rules' caches, the OS file cache
    times: dict[str, list[float]] = {"on": [], "off": []}
    for _ in range(runs):
        for cache in ("off", "on"):
            times[cache].append(run(cache))
    off, on = (statistics.median(times[c]) for c in ("off", "on"))
    extra = (on - off) / off
    print(f"{label}: move+undo without keeping the board {off * 1000:.1f} ms, keeping it "
          f"{on * 1000:.1f} ms (medians, n={runs}): the fill adds {(on - off) * 1000:.1f} ms, "
          f"{extra:.1%}", end="")
    if target is None:
        print()
        return True
    ok = extra < target
    print(f" (target < {target:.0%}): {'met' if ok else 'NOT met'}")
    return ok


if __name__ == "__main__":
    sys.exit(main())
