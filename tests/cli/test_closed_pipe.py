"""A reader that closes the output early (``tactician battle log | head -1``) is not an
error of the command: it printed "error: broken pipe" and exited 2, as if it had been
refused. Now it says nothing and exits 141 (128 + SIGPIPE, as a shell's own tools); a
change it made is saved all the same. The read end is closed before the command writes
a byte, so every write meets the closed pipe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FORD = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TACTICIAN_")}
    env.update({"COLUMNS": "80", "NO_COLOR": "1",
                "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")})
    return env


def _closed(tmp_path: Path, *args: object) -> tuple[int, str]:
    """Run the command with its standard output closed by the reader at once."""
    process = subprocess.Popen([sys.executable, "-m", "tactician.cli.main", *map(str, args)],
                               env=_env(tmp_path), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    error = process.stderr.read()
    return process.wait(timeout=120), error


@pytest.fixture
def battle(tmp_path: Path) -> Path:
    out = tmp_path / "ford.json"
    done = subprocess.run([sys.executable, "-m", "tactician.cli.main", "battle", "new",
                           "--map", FORD / "ford.yaml", "--units", FORD / "party.yaml",
                           "--units", FORD / "bandits.yaml", "--seed", "7", "--out", out],
                          env=_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("command", [("battle", "log"), ("battle", "show")])
def test_a_reader_gone_is_silent_and_exits_141(tmp_path: Path, battle: Path,
                                                command: tuple[str, ...]) -> None:
    code, error = _closed(tmp_path, *command, "-b", battle)
    assert (code, error) == (141, "")


def test_a_change_whose_report_nobody_reads_is_saved(tmp_path: Path, battle: Path) -> None:
    before = battle.read_bytes()
    code, error = _closed(tmp_path, "battle", "act", "gilliam", "wait", "-b", battle)
    assert (code, error) == (141, "")
    after = battle.read_bytes()
    assert after != before and after.startswith(before)  # one record appended
