"""``tactician battle show|move|forecast|attack``: the table's view of a battle.

What a player reads at the table: the marks of a unit's reach, a unit table that
fits an 80-column terminal, the turn order, one way of writing a tile, and
refusals that say why (exit code 2, nothing changed).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.cli.output import plain, shown
from tactician.rulesets.tropera.battle_service import board_view
from tests.tropera.battles import unit as tropera_unit
from tests.tropera.test_terrain_and_siege import STEADY, WALLED, board, far_foe

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"
SKIRMISH = ROOT / "examples" / "uesrpg" / "skirmish"
WIDTH = {"COLUMNS": "80", "NO_COLOR": "1"}
runner = CliRunner()


def battle(*args: Any, code: int = 0) -> str:
    result = runner.invoke(app, ["battle", *map(str, args)], env=WIDTH)
    assert result.exit_code == code, result.stdout + result.stderr
    return result.stdout + result.stderr


def view(path: Path, reach: str | None = None) -> dict[str, Any]:
    extra = ["--reach", reach] if reach else []
    data: dict[str, Any] = json.loads(battle("show", "--battle", path, "--json", *extra))
    return data


def new_ford(tmp_path: Path) -> Path:
    path = tmp_path / "ford.json"
    battle("new", "--map", FORD / "ford.yaml", "--units", FORD / "party.yaml",
           "--units", FORD / "bandits.yaml", "--seed", 7, "--out", path)
    return path


def new_skirmish(tmp_path: Path, seed: int = 3) -> Path:
    path = tmp_path / "skirmish.json"
    battle("new", "--ruleset", "uesrpg", "--map", SKIRMISH / "map.yaml",
           "--units", SKIRMISH / "party.yaml", "--units", SKIRMISH / "bandits.yaml",
           "--seed", seed, "--out", path)
    return path


def fallen_bandit(tmp_path: Path) -> Path:
    """The skirmish after Brand drops bandit-1 (seed 3, as in play.sh)."""
    path = new_skirmish(tmp_path)
    battle("enemy-phase", "--battle", path)
    battle("move", "brand", 4, 2, "--battle", path)
    battle("attack", "brand", "bandit-1", "--yes", "--battle", path)
    battle("attack", "brand", "bandit-1", "--yes", "--battle", path)
    return path


def table_rows(out: str, unit_id: str) -> list[str]:
    return [line for line in out.splitlines() if line[3:].split(" ")[0] == unit_id]


# --- the reach ---------------------------------------------------------------------------


def test_show_help_names_the_marks_the_map_draws() -> None:
    result = runner.invoke(app, ["battle", "show", "--help"], env=WIDTH)
    assert "(<.>)" in result.stdout and "([.])" in result.stdout
    assert "(*.*)" not in result.stdout


@pytest.mark.parametrize("ruleset", ["tropera", "uesrpg"])
def test_reach_never_marks_an_ally_as_an_attack_target(tmp_path: Path, ruleset: str) -> None:
    path = new_ford(tmp_path) if ruleset == "tropera" else fallen_bandit(tmp_path)
    units = view(path)["units"]
    marked = 0
    for unit in units:
        if unit["side"] != "player" or unit["hp"] == 0:
            continue
        reach = view(path, unit["id"])["reach"]
        allies = {tuple(u["position"]) for u in units
                  if u["side"] == unit["side"] and u["position"] is not None}
        attack = {tuple(t) for t in reach["attack"]}
        assert not attack & allies, f"{unit['id']} may attack its allies at {attack & allies}"
        marked += len(attack)
    assert marked  # empty tiles and foes in range are still marked


def test_the_rendered_reach_marks_no_ally(tmp_path: Path) -> None:
    """Aria at (2, 4): Lethe (C) at (2, 2), Lute (B) and Gilliam (D) beside her path."""
    out = battle("show", "--reach", "aria", "--battle", new_ford(tmp_path))
    board = out.split("x = column")[0]
    for ally in "BCD":
        assert f"<{ally}>" not in board and f"[{ally}]" not in board
    assert "[A]" in board and "<.>" in board


# --- the unit table ----------------------------------------------------------------------


def test_the_unit_tables_fit_80_columns_one_line_per_unit(tmp_path: Path) -> None:
    """bandit-1 lies Unconscious, Prone, crippled and wounded: a long status."""
    out = battle("show", "--battle", fallen_bandit(tmp_path))
    assert max(len(line) for line in out.splitlines()) <= 80
    for unit_id in ("aela", "brand", "bandit-1", "bandit-2", "captain"):
        rows = table_rows(out, unit_id)
        assert len(rows) == 2, rows  # the unit table and the status table, one row each
    units = table_rows(out, "bandit-1")[0]
    assert "(6, 2)" in units and "0/17" in units


def test_a_status_is_shown_once(tmp_path: Path) -> None:
    out = battle("show", "--battle", fallen_bandit(tmp_path))
    status = " ".join(line for line in out.splitlines()[-8:])
    assert status.lower().count("unconscious") == 1, status


def test_acted_and_moved_only_for_the_side_whose_phase_it_is(tmp_path: Path) -> None:
    """In round 2's player phase the bandits' flags from their phase are not shown."""
    path = new_ford(tmp_path)
    battle("end-phase", "--battle", path)
    battle("enemy-phase", "--battle", path)
    data = view(path)
    assert data["phase"] == "player" and any(u["acted"] for u in data["units"])
    out = battle("show", "--battle", path)
    for unit in data["units"]:
        units_row, status_row = table_rows(out, unit["id"])
        words = units_row.split()
        if unit["side"] == "enemy":
            assert "yes" not in words and "no" not in words, units_row
            assert "moved" not in status_row, status_row
        else:
            assert "no" in words, units_row


def test_uesrpg_show_prints_the_initiative_order(tmp_path: Path) -> None:
    path = new_skirmish(tmp_path)
    assert "Turn order: initiative not rolled yet" in battle("show", "--battle", path)
    battle("enemy-phase", "--battle", path)
    data = view(path)
    by_id = {u["id"]: u for u in data["units"]}
    out = battle("show", "--battle", path)
    line = next(line for line in out.splitlines() if line.startswith("Turn order"))
    assert line.startswith("Turn order (initiative): captain 15 (done), > brand 14, aela 12")
    for unit_id in data["order"]:
        assert f"{unit_id} {by_id[unit_id]['initiative']}" in out


def test_a_long_turn_order_wraps_between_entries_never_inside_one(tmp_path: Path) -> None:
    # seed 5's order is 82 cells at 80 columns: it once broke as "bandit-1" / "10"
    path = new_skirmish(tmp_path, seed=5)
    battle("enemy-phase", "--battle", path)
    data = view(path)
    by_id = {u["id"]: u for u in data["units"]}
    out = battle("show", "--battle", path)
    start = out.index("Turn order (initiative)")
    order_lines = out[start:out.index("y\\x")].splitlines()
    assert len(order_lines) > 1, "the order fits one line: this seed no longer tests the wrap"
    for unit_id in data["order"]:
        entry = f"{unit_id} {by_id[unit_id]['initiative']}"
        assert any(entry in line for line in order_lines), (entry, order_lines)
    assert "\u00a0" not in out


# --- tiles and refusals ------------------------------------------------------------------


def test_tiles_print_as_x_y_in_parentheses_in_both_rulesets(tmp_path: Path) -> None:
    ford = new_ford(tmp_path)
    assert "Aria moves to (6, 4)" in battle("move", "aria", 6, 4, "--battle", ford)
    skirmish = new_skirmish(tmp_path)
    played = battle("enemy-phase", "--battle", skirmish)
    assert "moves to (" in played and "moves to [" not in played
    moved = battle("move", "brand", 4, 2, "--battle", skirmish)
    assert "Brand moves to (4, 2)" in moved and "[4, 2]" not in moved
    assert "(4, 2)" in table_rows(battle("show", "--battle", skirmish), "brand")[0]
    assert view(skirmish)["units"][1]["position"] == [4, 2]  # --json keeps lists


def test_the_enemy_phase_explanation_writes_tiles_the_same_way(tmp_path: Path) -> None:
    ford = new_ford(tmp_path)
    battle("move", "aria", 6, 4, "--battle", ford)
    battle("end-phase", "--battle", ford)
    out = battle("enemy-phase", "--explain", "--battle", ford)
    rows = [line for line in out.splitlines() if "aria" in line.split()[2:3]]
    assert rows and all(line.startswith("(") for line in rows), out


@pytest.mark.parametrize("ruleset", ["tropera", "uesrpg"])
def test_a_forecast_out_of_reach_is_refused(tmp_path: Path, ruleset: str) -> None:
    if ruleset == "tropera":
        path, unit, target = new_ford(tmp_path), "aria", "brigand-1"
    else:
        path, unit, target = new_skirmish(tmp_path), "brand", "bandit-2"
        battle("enemy-phase", "--battle", path)
    before = path.read_bytes()
    out = battle("forecast", unit, target, "--battle", path, code=2)
    assert "reaches" in out and "error:" in out
    data = json.loads(battle("forecast", unit, target, "--battle", path, "--json", code=2))
    assert "reaches" in data["error"]
    assert path.read_bytes() == before


@pytest.mark.parametrize(("ruleset", "unit", "ally"), [("tropera", "lute", "gilliam"),
                                                         ("uesrpg", "brand", "aela")])
def test_a_forecast_on_an_ally_is_refused(tmp_path: Path, ruleset: str, unit: str,
                                          ally: str) -> None:
    """Lute (1, 3) and Gilliam (1, 5) are two tiles apart, in Fire's range; Brand
    (1, 3) and Aela (2, 2) two apart, in the Spear's reach."""
    path = new_ford(tmp_path) if ruleset == "tropera" else new_skirmish(tmp_path)
    if ruleset == "uesrpg":
        battle("enemy-phase", "--battle", path)
    out = battle("forecast", unit, ally, "--battle", path, code=2)
    assert "is an ally of" in out


def test_an_attack_without_a_terminal_asks_for_yes(tmp_path: Path) -> None:
    """Piped input is no answer: refused with the way out, not "Aborted." (exit 1)."""
    path = fallen_bandit(tmp_path)
    battle("end-phase", "--battle", path)
    battle("move", "aela", 5, 1, "--battle", path)  # beside the captain
    before = path.read_bytes()
    result = runner.invoke(app, ["battle", "attack", "aela", "captain", "--battle", str(path)],
                           input="y\n", env=WIDTH)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert "no terminal to confirm: pass --yes" in result.stderr
    assert "Aborted" not in result.stdout + result.stderr
    assert path.read_bytes() == before
    battle("attack", "aela", "captain", "--yes", "--battle", path)  # --yes needs no terminal
    assert path.read_bytes() != before


# --- names are text ----------------------------------------------------------------------


def test_names_print_as_typed_never_as_markup_or_terminal_control(tmp_path: Path) -> None:
    """``[bold red]...[/]``, ``[/x]`` and ``:smile:`` are text; ``\\x1b[2J`` is shown
    escaped."""
    name = "[bold red]Aria[/] [/x] :smile: \x1b[2J"
    aria = (ROOT / "examples" / "tropera" / "aria_sword_fighter.yaml").read_text(encoding="utf-8")
    unit = tmp_path / "aria.yaml"
    unit.write_text(aria.replace("name: Aria", f"name: {json.dumps(name)}"), encoding="utf-8")
    units = tmp_path / "units.yaml"
    units.write_text(
        "units:\n"
        f"  - {{id: aria, file: {unit}, side: player, at: [5, 4]}}\n"
        f"  - {{id: brigand-1, file: {FORD.parent / 'enemies' / 'brigand.yaml'}, "
        "side: enemy, at: [6, 4], tier: mob}\n",
        encoding="utf-8",
    )
    path = tmp_path / "b.json"
    shown = "[bold red]Aria[/] [/x] :smile: \\x1b[2J"
    for args in (
        ("new", "--map", FORD / "ford.yaml", "--units", units, "--seed", 1, "--out", path),
        ("show", "--battle", path),
        ("forecast", "aria", "brigand-1", "--battle", path),
        ("attack", "aria", "brigand-1", "--yes", "--battle", path),
        ("replay", "--battle", path),
    ):
        out = battle(*args)
        assert "\x1b" not in out
        assert shown in out or (args[0] in ("show", "new") and "[bold red]Aria[/]" in out), out


# C0, DEL, C1 and examples of the bidirectional and line-separator characters
# ``cli.output.shown`` escapes
CONTROL = {*map(chr, [*range(0x20), *range(0x7F, 0xA0)]), "\u202e", "\u2066", "\u2028"}


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_any_text_prints_as_typed_with_controls_escaped(text: str) -> None:
    """Whatever a name holds, the terminal gets it back as typed (``shown``),
    with no markup read, no emoji code replaced and no control character raw."""
    console = Console(width=400, record=True, color_system=None, file=io.StringIO())
    console.print(plain(text), highlight=False, soft_wrap=True, end="")
    out = console.export_text()
    assert out == shown(text)
    assert not CONTROL & set(out)  # no control character reaches the terminal raw
    if text.isprintable():
        assert out == text


def test_reach_marks_breakable_terrain_but_not_solid_walls() -> None:
    """A row of walls with one cracked wall at (3, 1): the cracked wall is a target
    (000: "crumbling walls can be destroyed with attacks"), a wall is not."""
    view = board_view(board(WALLED, tropera_unit("a", (3, 0), character=STEADY), far_foe()), "a")
    attack = {tuple(t) for t in view["reach"]["attack"]}
    walls = {(x, 1) for x in (1, 2, 4, 5)}
    assert (3, 1) in attack
    assert not attack & walls
