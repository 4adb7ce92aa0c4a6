"""``--vary level:UNIT=N`` (issue 30): the unit's character file at another level, played
beside the base, and each bad form a one-line refusal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.simulate import variants
from tests.simulate.kit import DATA, example

WALLED = ["--map", str(DATA / "walled.yaml"), "-u", str(DATA / "walled-units.yaml")]
PASS = ["pass", "-r", "fe-classic", "-o", "round_cap=1", "--runs", "2", "--workers", "0",
        "--seed", "1"]


def _run(tmp_path: Path, *args: str) -> Any:
    env = {"TACTICIAN_DB": f"sqlite:///{tmp_path / 'c.db'}",
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache"), "TACTICIAN_DASK_SCHEDULER": ""}
    return CliRunner().invoke(app, ["simulate", *args], env=env)


def _changes(before: Any, after: Any, path: str = "") -> list[str]:
    if isinstance(before, dict) and isinstance(after, dict):
        return [c for key in sorted(set(before) | set(after))
                for c in _changes(before.get(key), after.get(key), f"{path}.{key}")]
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [c for i, (b, a) in enumerate(zip(before, after, strict=True))
                for c in _changes(b, a, f"{path}[{i}]")]
    return [] if before == after else [f"{path}: {before!r} -> {after!r}"]


def test_a_level_variant_changes_only_that_units_level() -> None:
    base = example("fe-classic", "pass")
    varied = variants.apply(base, variants.parse("level:eirika=10"))
    # the character file's level, nothing else (002's stats are the file's own)
    assert _changes(json.loads(base.start), json.loads(varied.start)) == [
        ".units[0].character.level: 3 -> 10"]
    assert json.loads(base.start)["units"][0]["character"]["level"] == 3  # base untouched
    assert varied.options == base.options and varied.name == base.name


def test_the_level_variant_is_played_beside_the_base(tmp_path: Path) -> None:
    done = _run(tmp_path, *PASS, "--vary", "level:eirika=10", "--json")
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert [v["vary"] for v in report["variants"]] == ["level:eirika=10"]
    assert report["variants"][0]["summary"]["runs"] == report["summary"]["runs"] == 2
    shown = _run(tmp_path, *PASS, "--vary", "level:eirika=10")
    assert "Vary level:eirika=10: win " in shown.output
    assert "Backend: in-process, 1 worker, " in shown.output  # not "1 workers"
    assert not (tmp_path / "c.db").exists()  # an example battle: nothing stored


def _refused(result: Any, words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines


def test_bad_level_variants_are_refused(tmp_path: Path) -> None:
    _refused(_run(tmp_path, *PASS, "--vary", "level:eirika=ten"), "give level:UNIT=N")
    _refused(_run(tmp_path, *PASS, "--vary", "level:eirika"), "give level:UNIT=N")
    _refused(_run(tmp_path, *PASS, "--vary", "level:ghost=3"),
             "--vary level:ghost=3: no unit 'ghost' in the battle")
    # Tropera's character files name no level
    _refused(_run(tmp_path, *WALLED, "--runs", "2", "--workers", "0", "--vary",
                  "level:aria=3"), "aria's character file names no level to change")
    assert not (tmp_path / "c.db").exists()
