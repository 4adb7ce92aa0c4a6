"""Instruction counts of a command, for the benchmarks' ``--instructions`` figures.

Wall time on this shared 2-core machine moves with the host's other work (the same
code measured twice an hour apart differed twofold); the user-space instructions a
process executes do not. ``valgrind --tool=callgrind`` counts them. A benchmark
prints them beside its timed figure, to tell a slower program from a busier
machine; its target stays the timed one.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path


def available() -> bool:
    return shutil.which("valgrind") is not None


def instructions(command: list[str], env: dict[str, str], cwd: Path) -> int:
    """User-space instructions ``command`` executes (callgrind's "Collected")."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
        cwd=cwd,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from callgrind: {done.stderr[-200:]}")
    return int(found.group(1))
