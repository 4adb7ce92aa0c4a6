"""001 L69-78 terrain, L44 movement with caps, L110 fog, L112 storms."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.grid.board import Board, Tile
from tactician.grid.text_map import parse_text_map
from tactician.rulesets.fe_common.character.classes import MoveKind
from tactician.rulesets.fe_tabletop.movement import cap_of, cost_of, reach
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.terrain import (
    core_terrain_set,
    load_terrain,
    terrain,
    tile_modifiers,
    turn_start_heal,
)
from tactician.rulesets.fe_tabletop.vision import sees, visible_tiles, vision_radius
from tactician.rulesets.fe_tabletop.weather import storm_movement, storm_square_cost

TABLE = load_terrain()
TERRAINS = core_terrain_set(TABLE)
OPTIONS = TabletopOptions()
KINDS: list[MoveKind] = ["foot", "magic", "mounted", "flying", "brigand", "pirate"]


def board(rows: list[str]) -> Board:
    by_symbol = {t.symbol: TERRAINS[t.name] for t in TABLE.values()}
    return Board.from_rows([[by_symbol[c] for c in row] for row in rows])


def test_the_eight_terrains_and_their_bonuses() -> None:
    names = {t.name for t in TABLE.values()} - {"Plain"}
    assert names == {"Sand", "Mountains", "Hills", "Sea", "Forests", "Fort", "Throne", "Gate"}
    assert all(t.source.startswith("001 L") for t in TABLE.values() if t.name != "Plain")
    expect = {"Mountains": (35, 5), "Hills": (15, 0), "Sea": (10, 0), "Forests": (20, 5),
              "Fort": (30, 0), "Throne": (0, 0)}
    for name, mods in expect.items():
        assert tile_modifiers(terrain(TABLE, name), "foot", OPTIONS) == mods
    assert tile_modifiers(terrain(TABLE, "Forests"), "flying", OPTIONS) == (0, 0)
    assert tile_modifiers(terrain(TABLE, "Mountains"), "brigand", OPTIONS) == (35, 5)
    all_brigand = TabletopOptions(brigands_unaffected="all")
    assert tile_modifiers(terrain(TABLE, "Mountains"), "brigand", all_brigand) == (0, 0)


def test_tt12_fort_heals_five_at_the_next_turn_capped() -> None:
    fort = terrain(TABLE, "Fort")
    assert turn_start_heal(18, 25, fort) == 23 and turn_start_heal(22, 25, fort) == 25
    assert terrain(TABLE, "Throne").seizable and terrain(TABLE, "Gate").seizable
    assert not fort.seizable


def test_who_enters_what() -> None:
    sea, mountains = terrain(TABLE, "Sea"), terrain(TABLE, "Mountains")
    assert cost_of(sea, "foot") is None and cost_of(sea, "pirate") == 1
    assert cost_of(sea, "flying") == 1
    assert cost_of(mountains, "mounted") is None and cost_of(mountains, "foot") == 2
    assert cost_of(mountains, "brigand") == 1 and cost_of(mountains, "flying") == 1
    assert cap_of(terrain(TABLE, "Sand"), "magic", 5) is None
    assert cap_of(terrain(TABLE, "Forests"), "foot", 6) == 3


def test_tt12_forest_cap_for_a_mov_6_unit() -> None:
    # plain, plain, then forest (3 spent): reachable; the next forest (4): not
    b = board(["...FF."])
    r = reach(b, (0, 0), "foot", 6, TABLE, OPTIONS)
    assert (3, 0) in r and (4, 0) not in r and (5, 0) not in r
    r = reach(board(["FFFF"]), (0, 0), "foot", 6, TABLE, OPTIONS)
    assert (3, 0) in r and r[(3, 0)] == 3
    r = reach(board(["....F"]), (0, 0), "foot", 6, TABLE, OPTIONS)
    assert (4, 0) not in r
    assert (6, 0) in reach(board(["......."]), (0, 0), "foot", 6, TABLE, OPTIONS)


def test_sand_and_mountains() -> None:
    r = reach(board(["s..."]), (0, 0), "foot", 6, TABLE, OPTIONS)
    assert set(r) == {(0, 0), (1, 0)}  # a unit starting on Sand moves 1 square
    r = reach(board(["MMMM"]), (0, 0), "foot", 6, TABLE, OPTIONS)
    assert (3, 0) in r and r[(3, 0)] == 6  # each mountain square costs 2
    assert set(reach(board(["s..."]), (0, 0), "magic", 3, TABLE, OPTIONS)) == {
        (0, 0), (1, 0), (2, 0), (3, 0)}
    per_tile = TabletopOptions(movement_001="per_tile")
    assert set(reach(board([".s.."]), (0, 0), "foot", 6, TABLE, per_tile)) == {(0, 0), (1, 0)}


def _brute_force(b: Board, start: Tile, kind: MoveKind, mov: int) -> dict[Tile, int]:
    best: dict[Tile, int] = {}

    def cap_at(tile: Tile) -> int:
        cap = cap_of(TABLE[b.terrain_at(tile).name.casefold()], kind, mov)
        return mov if cap is None else min(mov, cap)

    def walk(tile: Tile, spent: int, limit: int, seen: frozenset[Tile]) -> None:
        if spent < best.get(tile, spent + 1):
            best[tile] = spent
        for nxt in b.neighbours(tile):
            if nxt in seen:
                continue
            cost = cost_of(TABLE[b.terrain_at(nxt).name.casefold()], kind)
            if cost is None:
                continue
            new_limit = min(limit, cap_at(nxt))
            if spent + cost <= new_limit:
                walk(nxt, spent + cost, new_limit, seen | {nxt})

    walk(start, 0, cap_at(start), frozenset({start}))
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 7), st.sampled_from(KINDS))
def test_the_four_budget_search_matches_every_path(seed: int, mov: int, kind: MoveKind) -> None:
    rng = random.Random(seed)
    symbols = [t.symbol for t in TABLE.values()]
    rows = ["".join(rng.choice(symbols) for _ in range(4)) for _ in range(4)]
    b = board(rows)
    start = (rng.randrange(4), rng.randrange(4))
    assert reach(b, start, kind, mov, TABLE, OPTIONS) == _brute_force(b, start, kind, mov)


def test_tt12_vision() -> None:
    assert vision_radius(thief=False, torch=False) == 4
    assert vision_radius(thief=True, torch=False) == 8
    assert vision_radius(thief=False, torch=True) == 8
    assert vision_radius(thief=True, torch=True) == 12  # "the effects stack"
    b = board(["." * 9] * 9)
    seen = visible_tiles(b, [((0, 0), 4)])
    assert (4, 0) in seen and (2, 2) in seen and (3, 2) not in seen and (5, 0) not in seen
    assert seen == {t for t in b.tiles() if sees([((0, 0), 4)], t)}
    both = visible_tiles(b, [((0, 0), 4), ((8, 8), 4)])
    assert (8, 4) in both and len(both) == 2 * len(seen)


def test_storms() -> None:
    assert storm_movement(5, False, OPTIONS) == 4 and storm_movement(7, True, OPTIONS) == 5
    assert storm_movement(1, False, OPTIONS) == 1
    flat = TabletopOptions(storm="flat_cost")
    assert storm_movement(5, False, flat) == 5 and storm_square_cost(True, flat) == 2
    assert storm_square_cost(False, OPTIONS) is None
    assert tile_modifiers(terrain(TABLE, "Forests"), "foot", flat, storm=True) == (0, 0)
    assert tile_modifiers(terrain(TABLE, "Forests"), "foot", OPTIONS, storm=True) == (20, 5)


def test_text_maps_load_with_the_terrain_symbols() -> None:
    text = "grid: |\n  .sMh\n  ~FfT\n  G...\n"
    b = parse_text_map(text, TERRAINS)
    assert b.terrain_at((3, 1)).name == "Throne"


def test_a_gm_terrain_file_with_a_bad_field_is_named(tmp_path) -> None:  # noqa: ANN001
    from tactician.errors import ContentError

    (tmp_path / "terrain.yaml").write_text("- {name: Swamp, symbol: w, cost: 0, source: x}\n",
                                           encoding="utf-8")
    with pytest.raises(ContentError, match="entry 'Swamp': cost"):
        load_terrain((tmp_path,))
