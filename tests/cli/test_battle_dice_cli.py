"""The table's own dice for a whole enemy phase."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tactician.cli.main import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_enemy_phase_with_physical_dice(tmp_path: Path) -> None:
    battle = str(tmp_path / "b.json")
    code, _, _ = run("battle", "new", "--map", str(EXAMPLE / "ford.yaml"), "--units",
                     str(EXAMPLE / "party.yaml"), "--units", str(EXAMPLE / "bandits.yaml"),
                     "--seed", "3", "--battle", battle)
    assert code == 0
    assert run("battle", "move", "aria", "6", "4", "--battle", battle)[0] == 0
    assert run("battle", "end-phase", "--battle", battle)[0] == 0
    # too few dice: the phase stops at the roll it needs and saves nothing (one phase,
    # one write: see tests/cli/test_battle_atomic.py)
    before = Path(battle).read_bytes()
    code, _, err = run("battle", "enemy-phase", "--rolls", "50,50", "--battle", battle)
    assert code == 2 and "must be a d100" in err
    assert Path(battle).read_bytes() == before
    # enough dice: every die used is one of ours, and the log marks them physical
    code, out, _ = run("battle", "enemy-phase", "--rolls", ",".join(["60"] * 60), "--json",
                       "--battle", battle)
    assert code == 0
    played = json.loads(out)["decisions"]
    dice = [d for decision in played for e in decision["entries"] for d in e["dice"]]
    assert dice and all(d["value"] == 60 for d in dice)
    assert all(e["physical"] for decision in played for e in decision["entries"]
               if e["dice"])
