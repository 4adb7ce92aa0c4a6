"""Miridon at the table (issue 24 item 11): ``battle show`` names the spell being cast with
its cast time and Spell Ghost HP left, each unit's ghosts, the actions the acting unit has
left, a mech's parts; a pilot inside its mech has no empty turn to end by hand."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "miridon"
runner = CliRunner()


def run(args: list[str]) -> str:
    result = runner.invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, (args, result.stdout)
    return result.stdout


def _spirits(battle: Path) -> None:
    run(["battle", "new", "--ruleset", "miridon", "--map", str(EXAMPLES / "skirmish" / "map.yaml"),
         "--units", str(EXAMPLES / "spirits" / "casters.yaml"),
         "--units", str(EXAMPLES / "spirits" / "haunted.yaml"), "--seed", "2", "--out",
         str(battle), "--force", "--json"])
    run(["battle", "act", "husk", "begin", "-b", str(battle)])
    run(["battle", "enemy-phase", "-b", str(battle)])


def test_the_pilot_inside_its_mech_has_no_turn_to_end(tmp_path: Path) -> None:
    """Ruling pilot_acts (M32): inside, the pilot acts only through the parts, so its own
    turn passes by itself: after the husk's turn it is gogo's, not rill's."""
    battle = tmp_path / "b.json"
    _spirits(battle)
    board = json.loads(run(["battle", "show", "-b", str(battle), "--json"]))
    assert board["turn"] == "gogo"
    log = json.loads(run(["battle", "log", "-b", str(battle), "--json"]))
    entries = log["entries"] if isinstance(log, dict) else log
    assert "rill is inside frame: its turn passes" in json.dumps(entries)


def test_battle_show_names_the_spell_its_cast_time_and_the_ghosts(tmp_path: Path) -> None:
    battle = tmp_path / "b.json"
    _spirits(battle)
    run(["battle", "act", "gogo", "cast_spell", "spell=Elemental Spell", "ghost=10",
         "target=husk", "element=fire", "-b", str(battle)])
    shown = " ".join(run(["battle", "show", "-b", str(battle)]).split())
    assert "casting Elemental Spell (fire) at husk: 3 blocks to go, Spell Ghost HP 10" in shown
    assert "ghost 20/30" in shown and "actions left: offensive/movement" in shown
    assert "mech, piloted by rill: Training Frame Body" in shown and "inside frame" in shown
    board = json.loads(run(["battle", "show", "-b", str(battle), "--json"]))
    gogo = next(u for u in board["units"] if u["id"] == "gogo")
    assert gogo["casting"] == {"spell": "Elemental Spell", "modifiers": [], "target": "husk",
                               "element": "fire", "remaining": 3, "spell_ghost": 10,
                               "status": "casting", "also": []}
    assert (gogo["ghost"], gogo["max_ghost"]) == (20, 30)
    assert gogo["actions_left"] == ["offensive", "movement"]
    assert (gogo["strength"], gogo["speed"]) == (6 - 4, 10 - 1)  # the Short Staff's 4 (L3500)


def test_each_unit_shows_the_actions_it_has_left_in_the_block(tmp_path: Path) -> None:
    """L1590: one offensive, one movement and one verbal action a turn: the acting unit
    its unused ones, a unit still to act all three, one whose turn is past none."""
    battle = tmp_path / "b.json"
    _spirits(battle)  # husk has acted, rill's turn passed (inside), gogo's now, frame next
    board = json.loads(run(["battle", "show", "-b", str(battle), "--json"]))
    left = {u["id"]: u["actions_left"] for u in board["units"]}
    assert left == {"husk": [], "rill": [], "gogo": ["offensive", "movement", "verbal"],
                    "frame": ["offensive", "movement", "verbal"]}
