"""``tactician forecast`` with several targets (Chain Lightning): each target's own
odds, the chance that every one falls apart from them, and no ``None``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tactician.cli.main import app

ENEMIES = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "enemies"
runner = CliRunner()

STORM = """\
name: Storm
kind: human
points: {hp: 4, str: 0, mag: 9, skl: 6, spd: 6, lck: 4, def: 1, res: 5}
growths: {hp: 2, str: 0, mag: 3, skl: 2, spd: 2, lck: 2, def: 1, res: 3}
feats: [Focus]
focus: anima
proficiencies: {anima: C}
weapons: [Chain Lightning]
equipped: Chain Lightning
"""


def forecast(tmp_path: Path, *defenders: str, as_json: bool = False) -> str:
    mage = tmp_path / "storm.yaml"
    mage.write_text(STORM, encoding="utf-8")
    args = ["forecast", "-a", str(mage), "--distance", "2"]
    for name in defenders:
        args += ["-d", str(ENEMIES / f"{name}.yaml")]
    result = runner.invoke(app, args + (["--json"] if as_json else []),
                           env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


def test_each_target_has_its_own_defeat_chance_and_the_all_fall_chance_is_apart(
    tmp_path: Path,
) -> None:
    # at 2 tiles the brigand's axe cannot counter and the archer's bow can: both kinds
    for order in (("brigand", "archer"), ("archer", "brigand")):
        report = json.loads(forecast(tmp_path, *order, as_json=True))
        out = forecast(tmp_path, *order)
        first, second = report["targets"]
        assert report["outcome"]["defender_defeated"] < first["defeated"]
        defeated_row = next(line for line in out.splitlines() if "Defeated" in line)
        assert f"{100 * first['defeated']:.2f}%" in defeated_row
        all_fall = f"Every target falls: {100 * report['outcome']['defender_defeated']:.2f}%"
        assert all_fall in out
        target_line = next(line for line in out.splitlines() if line.startswith("Target 2"))
        assert second["name"] in target_line
        assert f"defeated {100 * second['defeated']:.2f}%" in target_line
        assert f"Storm's Hit {second['attacker_hit']}%" in target_line
        assert "None" not in out


def test_a_single_target_forecast_keeps_both_stand(tmp_path: Path) -> None:
    out = forecast(tmp_path, "brigand")
    assert "Both stand:" in out and "Every target falls" not in out and "Target 2" not in out
