"""The part-3 example battle script plays to its end: a spell activated, an insanity roll and
a mech disabled in the log, VICTORY; the log replays to the same state."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]
SCRIPT = ROOT / "examples" / "miridon" / "spirits" / "play.sh"


@pytest.mark.slow
def test_play_script(tmp_path: Path) -> None:
    tactician = shutil.which("tactician", path=str(Path(sys.executable).parent))
    assert tactician is not None
    battle = tmp_path / "spirits.json"
    env = {**os.environ, "TACTICIAN": tactician, "BATTLE": str(battle)}
    run = subprocess.run(["sh", str(SCRIPT)], env=env, capture_output=True, text=True,
                         timeout=600, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout
    assert "activates Elemental Spell" in out and "insanity check" in out
    assert "VICTORY" in out
    log = battle.read_text()
    assert "DISABLED" in log and "its pilot rill takes" in log
    replay = subprocess.run([tactician, "battle", "replay", "-b", str(battle), "--json"],
                            capture_output=True, text=True, timeout=300, check=False)
    assert json.loads(replay.stdout)["matches"] is True
