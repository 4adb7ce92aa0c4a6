"""``battle show`` prints what ``--at N:HASH`` names (issue 27: only ``battle log`` and
``--json`` gave the head, so a GM reading the board had nothing to copy into ``--at``):
the last entry and the start of the head hash, the same with the derived cache on (the
kept board) and off (the full path), for a battle file and a campaign battle; the
value copied into ``--at`` is taken, and refused once the battle moved on. A side's
board (``--side``) leaves the GM's head out."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

FORD = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
AT = re.compile(r"^At (\d+):([0-9a-f]{12}) \(--at for a change decided on this board\)$",
                re.M)


def _env(tmp_path: Path, cache: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TACTICIAN_")}
    env.update({"COLUMNS": "80", "NO_COLOR": "1", "TACTICIAN_DB": str(tmp_path / "c.sqlite"),
                "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")})
    if not cache:
        env["TACTICIAN_CACHE"] = "off"
    return env


def _run(tmp_path: Path, *args: object, cache: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tactician.cli.main", *map(str, args)],
                          env=_env(tmp_path, cache), capture_output=True, text=True,
                          timeout=120)


def _head(tmp_path: Path, where: list[object]) -> str:
    done = _run(tmp_path, "battle", "log", *where)
    assert done.returncode == 0, done.stderr
    return done.stdout.rsplit("head ", 1)[1].strip()


@pytest.mark.parametrize("kind", ["file", "campaign"])
def test_battle_show_prints_the_head_for_at(tmp_path: Path, kind: str) -> None:
    units = ["--units", FORD / "party.yaml", "--units", FORD / "bandits.yaml"]
    if kind == "file":
        where: list[object] = ["--battle", tmp_path / "ford.json"]
        made = _run(tmp_path, "battle", "new", "--out", tmp_path / "ford.json", "-r", "tropera",
                    "--map", FORD / "ford.yaml", *units, "--seed", 7)
    else:
        where = []
        assert _run(tmp_path, "campaign", "new", "w", "-r", "tropera").returncode == 0
        made = _run(tmp_path, "battle", "new", "ford", "--map", FORD / "ford.yaml", *units,
                    "--seed", 7)
    assert made.returncode == 0, made.stderr
    assert AT.search(made.stdout) and AT.search(made.stdout)[1] == "0"  # type: ignore[index]
    assert _run(tmp_path, "battle", "move", "aria", 6, 4, *where).returncode == 0
    head = _head(tmp_path, where)
    # the full path, then the kept board (a hit)
    full, kept = (_run(tmp_path, "battle", "show", *where, cache=cache) for cache in
                  (False, True))
    assert full.returncode == 0 and full.stdout == kept.stdout
    found = AT.search(kept.stdout)
    assert found is not None, kept.stdout
    assert (found[1], found[2]) == ("1", head[:12])
    side = _run(tmp_path, "battle", "show", "--side", "player", *where)
    assert side.returncode == 0 and AT.search(side.stdout) is None
    assert head[:12] not in side.stdout
    # the value shown is the one --at takes; once the battle moved on it is refused
    at = f"{found[1]}:{found[2]}"
    assert _run(tmp_path, "battle", "move", "lute", 5, 4, "--at", at, *where).returncode == 0
    stale = _run(tmp_path, "battle", "act", "gilliam", "wait", "--at", at, *where)
    assert stale.returncode == 2 and "moved on" in stale.stderr
