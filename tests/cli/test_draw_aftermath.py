"""A campaign battle that ends in a draw at its round cap carries its characters'
state back to the roster as any ending does (docs/rulings.md "Round cap and draw")."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tactician.cli.main import app

SKIRMISH = Path(__file__).resolve().parents[2] / "examples" / "uesrpg" / "skirmish"


def test_a_draw_carries_the_roster_characters_back(tmp_path: Path) -> None:
    env = {"TACTICIAN_DB": str(tmp_path / "db.sqlite"),
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache"), "COLUMNS": "100"}

    def run(*args: str) -> str:
        done = CliRunner().invoke(app, list(args), env=env)
        assert done.exit_code == 0, done.output
        return done.output

    run("campaign", "new", "short", "--ruleset", "uesrpg", "-o", "round_cap=1")
    run("character", "add", str(SKIRMISH.parent / "aela.yaml"))
    run("battle", "new", "brawl", "--map", str(SKIRMISH / "map.yaml"),
        "--units", str(SKIRMISH / "party.yaml"), "--units", str(SKIRMISH / "bandits.yaml"),
        "--seed", "3")
    for _ in range(10):  # round 1 has five Turns; each call plays one or more
        out = run("battle", "enemy-phase", "--any-side")
        if "Battle over" in out:
            break
    assert "Battle over: DRAW" in out
    assert "carried back from battle 'brawl' (draw)" in run("character", "history", "Aela")
    assert "After battle brawl (draw)" in run("character", "show", "Aela")
    assert "Battle over: DRAW (the round cap: round 1 ended undecided)" in run("battle", "log")
