"""``tactician simulate`` through the command line: odds printed, --json, and each
bad input a one-line refusal with exit code 2 and nothing stored."""

from __future__ import annotations

import json
import time
from pathlib import Path

from typer.testing import CliRunner

from tactician.cli.main import app
from tests.simulate.kit import DATA

WALLED = ["--map", str(DATA / "walled.yaml"), "-u", str(DATA / "walled-units.yaml")]


def _run(tmp_path: Path, *args: str):
    env = {"TACTICIAN_DB": f"sqlite:///{tmp_path / 'c.db'}",
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache"), "TACTICIAN_DASK_SCHEDULER": ""}
    return CliRunner().invoke(app, ["simulate", *args], env=env)


def _refused(result, words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines


def test_simulate_prints_the_odds_with_intervals(tmp_path: Path) -> None:
    done = _run(tmp_path, *WALLED, "-o", "round_cap=1", "--runs", "4", "--workers", "0",
                "--seed", "3")
    assert done.exit_code == 0, done.output
    assert "draw   100.0%  [51.0% - 100.0%]  (4)" in done.output
    data = json.loads(_run(tmp_path, *WALLED, "-o", "round_cap=1", "--runs", "4",
                           "--workers", "0", "--seed", "3", "--json").stdout)
    assert data["summary"]["draw"]["count"] == 4 and data["seed"] == 3
    assert [u["id"] for u in data["summary"]["units"]] == ["aria", "brigand"]


def test_no_copies_is_refused(tmp_path: Path) -> None:
    for runs in ("0", "-3"):
        _refused(_run(tmp_path, "ford", "--runs", runs), "at least one copy")
    assert not (tmp_path / "c.db").exists()


def test_an_unreachable_cluster_is_refused_within_five_seconds(tmp_path: Path) -> None:
    began = time.monotonic()
    refused = _run(tmp_path, *WALLED, "--runs", "2", "--cluster", "tcp://127.0.0.1:9")
    assert time.monotonic() - began < 7  # 5 s to connect, and the command's own start
    _refused(refused, "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'")


def test_a_variant_naming_no_unit_is_refused(tmp_path: Path) -> None:
    refused = _run(tmp_path, *WALLED, "--runs", "2", "--workers", "0", "--vary",
                   "drop:ghost")
    _refused(refused, "no unit 'ghost' in the battle (its units: aria, brigand)")
    _refused(_run(tmp_path, *WALLED, "--runs", "2", "--vary", "swap:aria"), "KIND:VALUE")
    _refused(_run(tmp_path, *WALLED, "--runs", "2", "--vary", "ai:tactical"), "no presets")


def test_a_battle_without_a_round_cap_is_refused(tmp_path: Path) -> None:
    _refused(_run(tmp_path, *WALLED, "-o", "round_cap=none", "--runs", "2"),
             "simulate needs a cap")


def test_other_bad_input_is_refused(tmp_path: Path) -> None:
    _refused(_run(tmp_path, "nowhere"), "no example battle 'nowhere'")
    _refused(_run(tmp_path, "skirmish"), "pick one with --ruleset")
    _refused(_run(tmp_path, *WALLED, "--plot", "x.pdf"), ".png or .svg")
    _refused(_run(tmp_path, *WALLED, "--until-precision", "0.7", "--workers", "0"),
             "half-width")
