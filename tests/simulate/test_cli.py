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


def test_a_campaign_battle_from_here_is_stored_and_a_refusal_stores_nothing(
    tmp_path: Path,
) -> None:
    from tactician.store.campaigns import get_campaign
    from tactician.store.database import open_database
    from tactician.store.simulations import get_simulation, list_simulations

    env = {"TACTICIAN_DB": f"sqlite:///{tmp_path / 'c.db'}",
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache"), "TACTICIAN_DASK_SCHEDULER": ""}
    runner = CliRunner()
    assert runner.invoke(app, ["campaign", "new", "c", "-r", "tropera", "-o", "round_cap=1"],
                         env=env).exit_code == 0
    begun = runner.invoke(app, ["battle", "new", "walled", *WALLED, "--seed", "2"], env=env)
    assert begun.exit_code == 0, begun.output
    refused = runner.invoke(app, ["simulate", "--here", "--runs", "2", "--vary", "drop:x"],
                            env=env)
    assert refused.exit_code == 2
    plot = tmp_path / "odds.svg"
    done = runner.invoke(app, ["simulate", "--here", "--runs", "3", "--workers", "0",
                               "--seed", "9", "--plot", str(plot)], env=env)
    assert done.exit_code == 0, done.output
    assert "Stored as simulation 1 of campaign 'c'" in done.output
    assert plot.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    database = open_database(env["TACTICIAN_DB"])
    try:
        campaign = get_campaign(database, "c")
        listed = list_simulations(database, campaign)
        assert [(s["name"], s["runs"], s["seed"]) for s in listed] == [("walled", 3, 9)]
        stored = get_simulation(database, campaign, listed[0]["id"])
        assert stored["report"]["summary"]["draw"]["count"] == 3
    finally:
        database.close()


def test_a_variant_leaving_nobody_to_fight_is_refused_and_nothing_is_stored(
    tmp_path: Path,
) -> None:
    """Walled is won only by rout: without its one brigand it could only be a draw at
    the round cap (docs/rulings.md, "A what-if with nobody left to fight")."""
    _refused(_run(tmp_path, *WALLED, "--runs", "2", "--workers", "0", "--vary",
                  "drop:brigand"), "--vary drop:brigand: it leaves the player side no foe")
    _refused(_run(tmp_path, *WALLED, "--runs", "2", "--workers", "0", "--vary",
                  "drop:aria"), "--vary drop:aria: it leaves the player side no unit")
    env = {"TACTICIAN_DB": f"sqlite:///{tmp_path / 'c.db'}",
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache"), "TACTICIAN_DASK_SCHEDULER": ""}
    runner = CliRunner()
    assert runner.invoke(app, ["campaign", "new", "c", "-r", "tropera"],
                         env=env).exit_code == 0
    assert runner.invoke(app, ["battle", "new", "walled", *WALLED], env=env).exit_code == 0
    refused = runner.invoke(app, ["simulate", "--here", "--runs", "2", "--workers", "0",
                                  "--vary", "drop:brigand"], env=env)
    _refused(refused, "needs a foe to rout")
    listed = runner.invoke(app, ["simulate", "--here", "--runs", "1", "--workers", "0",
                                 "--seed", "1", "--json"], env=env)
    assert json.loads(listed.stdout)["stored"] == 1  # the first stored: none before it


def test_a_variant_dropping_one_foe_of_several_is_played(tmp_path: Path) -> None:
    done = _run(tmp_path, "ford", "--runs", "1", "--workers", "0", "--seed", "2",
                "--vary", "drop:brigand-1", "--json", "--no-store")
    assert done.exit_code == 0, done.output
    assert [v["vary"] for v in json.loads(done.stdout)["variants"]] == ["drop:brigand-1"]


def test_a_dask_scheduler_named_by_cluster_plays_the_same_copies(tmp_path: Path) -> None:
    """``--cluster ADDRESS``: the command's own client (nobody's default client) gives
    the in-process numbers."""
    from distributed import LocalCluster

    alone = json.loads(_run(tmp_path, *WALLED, "-o", "round_cap=2", "--runs", "4",
                            "--workers", "0", "--seed", "6", "--json").stdout)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        done = _run(tmp_path, *WALLED, "-o", "round_cap=2", "--runs", "4", "--seed", "6",
                    "--json", "--cluster", cluster.scheduler_address)
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["backend"] == "dask" and data["summary"] == alone["summary"]
