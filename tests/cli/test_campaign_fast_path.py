"""Every command on a campaign battle prints, byte for byte, with the derived cache on
(its fast paths: the kept board, the kept forecast, no Rich) what it prints with
``TACTICIAN_CACHE=off`` (the full path: the store, the engine, the log verified), on
two copies of the same battle played command for command (issue 28)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_board_cache_campaign import HEAVY, PROBE  # the module probe

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"


# the commands of a table's evening on the ford, in order (seed 7: the chief comes
# beside Aria in the enemy phase)
PLAY = [
    ("battle", "show"),
    ("battle", "move", "aria", "7", "4"),
    ("battle", "show"),
    ("battle", "end-phase"),
    ("battle", "enemy-phase"),
    ("battle", "show"),
    ("battle", "show"),  # a hit
    ("battle", "forecast", "aria", "chief"),
    ("battle", "forecast", "aria", "chief"),  # a hit
    ("battle", "forecast", "aria", "chief", "--json"),
    ("battle", "show", "--side", "player"),
    ("battle", "show", "--side", "player"),
    ("battle", "attack", "aria", "chief", "--yes"),
    ("battle", "show"),
    ("battle", "show", "--json"),
    ("battle", "move", "gilliam", "3", "4"),
    ("battle", "end-phase"),
    ("battle", "show"),
]


def environment(where: Path, cache: bool) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TACTICIAN_")}
    env = {**clean, "COLUMNS": "80", "NO_COLOR": "1",
           "TACTICIAN_DB": f"sqlite:///{where / 'c.sqlite'}",
           "TACTICIAN_CACHE_DIR": str(where / "cache")}
    if not cache:
        env["TACTICIAN_CACHE"] = "off"
    return env


def run(env: dict[str, str], *args: object) -> tuple[int, str, set[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *map(str, args)], capture_output=True,
                          text=True, env=env, check=False)
    text, _, modules = done.stderr.rpartition("\nMODULES ")
    heavy = {m for m in json.loads(modules) for h in HEAVY if m == h or m.startswith(h + ".")}
    return done.returncode, done.stdout + text, heavy


@pytest.mark.slow
def test_every_command_prints_what_the_full_path_prints(tmp_path: Path) -> None:
    fast, slow = environment(tmp_path / "fast", True), environment(tmp_path / "slow", False)
    for env in (fast, slow):
        Path(env["TACTICIAN_CACHE_DIR"]).parent.mkdir()
        run(env, "campaign", "new", "ford", "--ruleset", "tropera")
        run(env, "battle", "new", "ford", "--map", FORD / "ford.yaml", "--units",
            FORD / "party.yaml", "--units", FORD / "bandits.yaml", "--seed", 7)
    light = []
    for command in PLAY:
        code, out, heavy = run(fast, *command)
        full_code, full, _ = run(slow, *command)
        assert (code, out) == (full_code, full), command
        assert code == 0, out
        if not heavy:
            light.append(command)
    # the kept answers imported none of the store, the engine, Rich or pydantic
    assert ("battle", "show") in light
    assert ("battle", "forecast", "aria", "chief") in light
    assert ("battle", "show", "--side", "player") in light
