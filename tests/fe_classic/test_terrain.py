"""002's terrain table (L161-465): every one of the 44 rows loaded and checked, cost by
unit type, against the table of spec §2.11 (transcribed here, not read from the data);
FC-10's movement and recovery; the flier rulings; the compendium listing."""

from __future__ import annotations

import json

import pytest

from tactician.grid.board import Board
from tactician.grid.movement import MoveProfile, reachable
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.terrain import core_terrain_set, heal_amount, load_terrain
from tactician.rulesets.fe_classic.unit_types import UNIT_TYPES

X = None
# name: (Def, Avoid, foot, armoured, fighter, horse, magic, waterwalker, flier)
TABLE: dict[str, tuple[int, int, int | None, int | None, int | None, int | None,
                       int | None, int | None, int | None]] = {
    "Bridge": (0, 0, 1, 1, 1, 1, 1, 1, 1),
    "Caltrops": (0, 0, 1, 1, 1, 1, 1, 1, 1),
    "Cliff": (0, 0, X, X, X, X, X, X, 1),
    "Desert": (0, 5, 2, 3, 3, 4, 1, 2, 1),
    "Door": (0, 0, X, X, X, X, X, X, X),
    "Fence": (0, 0, X, X, X, X, X, X, 1),
    "Floor": (0, 0, 1, 1, 1, 1, 1, 1, 1),
    "Forest": (1, 20, 2, 2, 2, 3, 2, 2, 1),
    "Fort": (2, 20, 2, 2, 2, 2, 2, 2, 1),
    "Gate": (3, 30, 1, 1, 1, 1, 1, 1, 1),
    "Gate (Castle)": (3, 20, 1, 1, 1, 1, 1, 1, 1),
    "Gravel": (0, -5, 2, 2, 2, 2, 2, 2, 1),
    "House": (0, 10, 1, 1, 1, 1, 1, 1, 1),
    "Ice": (0, -15, 1, 1, 1, 1, 1, 1, 1),
    "Jungle": (2, 25, 3, 4, 3, 4, 3, 3, 1),
    "Lake": (0, 10, X, X, X, X, X, 3, 1),
    "Lava": (0, 0, 5, 5, 5, 5, 5, 5, 1),
    "Maelstrom": (0, 15, 2, 2, 2, 2, 2, 2, 5),
    "Mountain": (1, 30, 4, X, 3, X, 4, 4, 1),
    "Mud": (0, 0, 2, 2, 2, 2, 2, 2, 1),
    "Peak": (2, 40, X, X, 4, X, X, X, 1),
    "Pillar": (1, 20, 2, 3, 2, 3, 2, 2, 1),
    "Plain": (0, 0, 1, 1, 1, 1, 1, 1, 1),
    "Quicksand": (0, -15, 3, 5, 3, 4, 3, 3, 1),
    "River": (0, 0, 5, 5, 5, X, 5, 5, 1),
    "Road": (0, 0, 1, 1, 1, 1, 1, 1, 1),
    "Rubble": (1, -10, 3, 3, 3, 5, 3, 3, 1),
    "Ruins": (0, 0, 2, 2, 2, 2, 2, 2, 1),
    "Sand": (0, 5, 1, 1, 1, 1, 1, 1, 1),
    "Sea": (0, 10, X, X, X, X, X, 2, 1),
    "Slippery Floor": (0, -5, 1, 1, 1, 1, 1, 1, 1),
    "Snag": (0, 0, X, X, X, X, X, X, X),
    "Snow": (1, 0, 1, 2, 1, 1, 1, 1, 1),
    "Spikes": (0, 0, 2, 2, 2, 2, 2, 2, 1),
    "Stairs": (0, 5, 1, 1, 1, 1, 1, 1, 1),
    "Swamp": (1, 0, 4, 4, 3, 5, 4, 2, 1),
    "Thicket": (0, 10, X, X, X, X, X, X, 1),
    "Throne": (3, 30, 1, 1, 1, 1, 1, 1, 1),
    "Tornado": (0, 5, 3, 3, 3, 3, 3, 3, X),
    "Tunnel (narrow)": (2, -25, 1, 1, 1, 1, 1, 1, X),
    "Tunnel (wide)": (1, -10, 1, 1, 1, 1, 1, 1, 1),
    "Village": (0, 10, 1, 1, 1, 1, 1, 1, 1),
    "Wall (Unstable)": (0, 0, X, X, X, X, X, X, X),
    "Wall": (0, 0, X, X, X, X, X, X, X),
}


def test_the_table_has_44_rows() -> None:
    assert len(TABLE) == 44
    assert sorted(t.name for t in load_terrain().values()) == sorted(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_every_row_by_unit_type(name: str) -> None:
    row = load_terrain()[name.casefold()]
    defense, avoid, *costs = TABLE[name]
    assert (row.defense, row.avoid) == (defense, avoid)
    for kind, cost in zip(UNIT_TYPES, costs, strict=True):
        assert row.cost_for(kind) == cost, (name, kind)


def test_rows_cite_their_002_line() -> None:
    from tests.fe_classic.test_citations import RULES

    if RULES is None:
        pytest.skip("002 rule text not found")
    lines = RULES.read_text(encoding="utf-8").splitlines()
    for row in load_terrain().values():
        assert row.line is not None and lines[row.line - 1].strip() == row.name, row.name


def test_effects_of_the_notes() -> None:
    t = load_terrain()
    assert {n for n, r in t.items() if r.damage_per_turn} == {
        "caltrops", "lava", "maelstrom", "spikes"}
    assert (t["caltrops"].damage_per_turn, t["spikes"].damage_per_turn,
            t["maelstrom"].damage_per_turn, t["lava"].damage_per_turn) == (5, 10, 5, 30)
    assert (t["quicksand"].quicksand_turns, t["quicksand"].quicksand_damage) == (3, 40)
    assert t["jungle"].poison_percent == 50
    assert {n: r.heal_percent for n, r in t.items() if r.heal_percent} == {
        "fort": 20, "gate": 10, "gate (castle)": 10, "throne": 10}
    assert {n for n, r in t.items() if r.restores_status} == {"gate (castle)", "throne"}
    assert t["throne"].resistance == 5
    assert {n for n, r in t.items() if r.forced_step} == {"ice", "slippery floor"}
    assert {n: r.becomes for n, r in t.items() if r.becomes} == {
        "door": "Floor", "snag": "Bridge", "wall (unstable)": "Floor"}


def test_flier_rulings_sea_and_thicket() -> None:
    t = load_terrain()
    literal = ClassicOptions(sea_fliers="literal", thicket_flier_cost=5)
    assert t["sea"].cost_for("flier", literal) is None
    assert t["thicket"].cost_for("flier", literal) == 5


def test_recovery_fc10() -> None:
    t = load_terrain()
    assert heal_amount(27, t["fort"]) == 5
    assert heal_amount(27, t["gate"]) == 2
    assert heal_amount(31, t["throne"]) == 3


def _board(*rows: str) -> Board:
    terrains = core_terrain_set(load_terrain())
    return Board.from_rows([[terrains.by_symbol(ch) for ch in row] for row in rows])


def _reach(board: Board, kind: str, movement: int) -> dict[tuple[int, int], int]:
    profile = MoveProfile.for_class(core_terrain_set(load_terrain()), kind, movement)
    return reachable(board, (0, 0), profile)


def test_movement_fc10() -> None:
    """Plain, Forest, Forest: foot MOV 5 spends 1 + 2 + 2; horse MOV 7 spends 1 + 3 + 3
    (the start tile costs nothing)."""
    board = _board("..ff.")
    assert _reach(board, "foot", 5)[(3, 0)] == 0 and (4, 0) not in _reach(board, "foot", 5)
    assert _reach(board, "horse", 7)[(3, 0)] == 0 and (4, 0) not in _reach(board, "horse", 7)
    # armoured MOV 4: one Desert tile (3), then 1 left, not enough for another
    desert = _board(".ddddd")
    assert set(_reach(desert, "armoured", 4)) == {(0, 0), (1, 0)}
    assert (5, 0) in _reach(desert, "magic", 5)
    mountains = _board(".mPo")
    assert (1, 0) not in _reach(mountains, "horse", 9)
    assert _reach(mountains, "fighter", 7)[(2, 0)] == 0
    assert (2, 0) in _reach(mountains, "flier", 3) and (3, 0) not in _reach(mountains, "flier", 9)
    assert (1, 0) not in _reach(_board(".r"), "horse", 9)


def test_compendium_lists_one_entry_per_row() -> None:
    from typer.testing import CliRunner

    from tactician.cli.main import app

    result = CliRunner().invoke(app, ["compendium", "list", "--ruleset", "fe-classic", "terrain",
                                      "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)
    names = [e["name"] for e in listed["entries"]] if isinstance(listed, dict) else [
        e["name"] for e in listed]
    assert sorted(names) == sorted(TABLE)
