"""Movement: worked cases first, then properties against independent references."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.grid import (
    Board,
    MoveProfile,
    Step,
    TerrainType,
    path_to,
    reachable,
    search,
    walk,
)

from . import FOREST, MOUNTAIN, PLAIN, ROAD, board_of, terrain_set

# The usual table: plain 1, difficult (forest) 2 and needs 2 left, impassable walls.
WALKER = {"plain": 1, "forest": Step(2), "mountain": None, "wall": None, "road": 0}


def walker(movement: int, **changes: object) -> MoveProfile:
    table = dict(WALKER)
    table.update(changes)
    return MoveProfile.of(movement, table)


# -- worked cases -------------------------------------------------------------


def test_plain_moves_cost_one_each() -> None:
    board = board_of(".....")
    assert reachable(board, (0, 0), walker(3)) == {(0, 0): 3, (1, 0): 2, (2, 0): 1, (3, 0): 0}


def test_difficult_terrain_costs_two() -> None:
    board = board_of(".F..")
    assert reachable(board, (0, 0), walker(3)) == {(0, 0): 3, (1, 0): 1, (2, 0): 0}


def test_difficult_terrain_needs_two_left_so_one_left_cannot_enter() -> None:
    board = board_of("..F.")
    got = reachable(board, (0, 0), walker(2))
    assert got == {(0, 0): 2, (1, 0): 1}  # at (1, 0) with 1 left, the forest is closed
    assert (2, 0) in reachable(board, (1, 0), walker(2))  # from next door, with 2, it is open


def test_a_profile_where_difficult_costs_three() -> None:
    board = board_of(".F..")
    strict = walker(4, forest=Step(3))
    assert reachable(board, (0, 0), strict) == {(0, 0): 4, (1, 0): 1, (2, 0): 0}
    assert (1, 0) not in reachable(board, (0, 0), strict, movement=2)


def test_min_remaining_below_cost_lets_a_unit_spend_its_last_points() -> None:
    # Costs 3 but may be entered with 2 left (a ruling some systems make): ends at 0.
    board = board_of(".F.")
    lenient = walker(2, forest=Step(3, min_remaining=2))
    assert reachable(board, (0, 0), lenient) == {(0, 0): 2, (1, 0): 0}
    assert reachable(board, (0, 0), lenient, movement=1) == {(0, 0): 1}


def test_min_remaining_above_cost_cannot_be_the_last_step() -> None:
    board = board_of("...")
    narrow = walker(2, plain=Step(1, min_remaining=2))
    assert reachable(board, (0, 0), narrow) == {(0, 0): 2, (1, 0): 1}


def test_impassable_terrain_is_never_entered() -> None:
    board = board_of(
        ".M..",
        ".M..",
        "....",
    )
    got = reachable(board, (0, 0), walker(4))
    assert (1, 0) not in got and (1, 1) not in got
    assert got[(2, 2)] == 0  # the way round: down two, right two
    assert (2, 1) not in got


def test_impassable_for_one_profile_passable_for_another() -> None:
    board = board_of(".M.")
    flier = MoveProfile.of(2, {"mountain": 1})
    assert reachable(board, (0, 0), flier) == {(0, 0): 2, (1, 0): 1, (2, 0): 0}
    assert reachable(board, (0, 0), walker(2)) == {(0, 0): 2}


def test_enemies_block_and_cannot_be_entered() -> None:
    board = board_of(
        "....",
        "....",
    )
    got = reachable(board, (0, 0), walker(4), blockers=[(1, 0)])
    assert (1, 0) not in got
    assert got[(2, 0)] == 0  # round the enemy through row 1: 4 steps instead of 2
    assert got[(1, 1)] == 2


def test_an_enemy_in_a_corridor_closes_it() -> None:
    board = board_of("....")
    assert reachable(board, (0, 0), walker(3), blockers=[(1, 0)]) == {(0, 0): 3}


def test_pass_enemies_moves_through_but_never_stops_on_them() -> None:
    board = board_of("....")
    thief = MoveProfile.of(3, WALKER, pass_enemies=True)
    got = reachable(board, (0, 0), thief, blockers=[(1, 0)])
    assert got == {(0, 0): 3, (2, 0): 1, (3, 0): 0}
    assert path_to(board, (0, 0), (3, 0), thief, blockers=[(1, 0)]) == [
        (0, 0), (1, 0), (2, 0), (3, 0)
    ]


def test_allies_can_be_passed_but_not_stopped_on() -> None:
    board = board_of("....")
    got = reachable(board, (0, 0), walker(3), allies=[(1, 0)])
    assert got == {(0, 0): 3, (2, 0): 1, (3, 0): 0}
    assert path_to(board, (0, 0), (1, 0), walker(3), allies=[(1, 0)]) is None


def test_the_start_is_always_a_destination_even_with_no_movement() -> None:
    board = board_of("...")
    assert reachable(board, (1, 0), walker(0)) == {(1, 0): 0}
    # the unit's own tile is not blocked by being listed as occupied
    assert reachable(board, (1, 0), walker(1), allies=[(1, 0)])[(1, 0)] == 1


def test_dash_is_just_more_movement_and_canto_is_what_is_left() -> None:
    board = board_of("........")
    base = walker(3)
    assert max(x for x, _ in reachable(board, (0, 0), base, movement=6)) == 6  # dash: 2 x 3
    moved = reachable(board, (0, 0), base)
    left = moved[(2, 0)]
    assert reachable(board, (2, 0), base, movement=left) == {(2, 0): 1, (1, 0): 0, (3, 0): 0}
    assert base.with_movement(6).movement == 6


def test_cost_zero_tiles_need_one_movement_left() -> None:
    board = board_of(".===.")
    assert reachable(board, (0, 0), walker(1)) == {
        (0, 0): 1, (1, 0): 1, (2, 0): 1, (3, 0): 1, (4, 0): 0
    }
    assert reachable(board, (0, 0), walker(0)) == {(0, 0): 0}


def test_off_board_start_is_refused_and_off_board_units_ignored() -> None:
    board = board_of("..")
    with pytest.raises(RulesError, match=r"tile \(5, 0\) is off the 2x1 map"):
        reachable(board, (5, 0), walker(2))
    assert reachable(board, (0, 0), walker(2), blockers=[(9, 9)], allies=[(-1, 0)]) == {
        (0, 0): 2, (1, 0): 1
    }


def test_path_to_prefers_the_cheaper_way_round() -> None:
    board = board_of(
        ".F.",
        "...",
    )
    # through the forest: 2 + 1 = 3; round it: 4
    assert path_to(board, (0, 0), (2, 0), walker(4)) == [(0, 0), (1, 0), (2, 0)]
    strict = walker(4, forest=Step(4))  # now through costs 5: go round
    assert path_to(board, (0, 0), (2, 0), strict) == [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)]
    assert path_to(board, (0, 0), (0, 0), strict) == [(0, 0)]
    assert path_to(board, (0, 0), (2, 0), walker(1)) is None


def test_search_gives_paths_and_spent_movement() -> None:
    board = board_of("..F.")
    reach = search(board, (0, 0), walker(5))
    assert reach.remaining == reachable(board, (0, 0), walker(5))
    assert reach.path((3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert reach.spent((3, 0)) == 4
    assert reach.spent((9, 9)) is None and reach.path((9, 9)) is None
    assert (2, 0) in reach


def test_walk_checks_a_drawn_route() -> None:
    board = board_of("..F.")
    assert walk(board, [(0, 0), (1, 0), (2, 0)], walker(3)) == 0
    assert walk(board, [(0, 0), (1, 0), (2, 0)], walker(2)) is None  # 1 left at the forest
    assert walk(board, [(0, 0), (2, 0)], walker(5)) is None  # not adjacent
    assert walk(board, [(0, 0), (-1, 0)], walker(5)) is None  # off the board
    assert walk(board, [], walker(5)) is None


def test_profiles_from_the_terrain_set() -> None:
    terrains = terrain_set()
    board = Board.from_rows([[terrains["plain"], terrains["forest"], terrains["mountain"]]])
    foot = MoveProfile.for_class(terrains, "infantry", 3)
    mounted = MoveProfile.for_class(terrains, "mounted", 3)
    flier = MoveProfile.for_class(terrains, "flier", 3)
    assert reachable(board, (0, 0), foot) == {(0, 0): 3, (1, 0): 1}
    assert reachable(board, (0, 0), mounted) == {(0, 0): 3, (1, 0): 0}
    assert reachable(board, (0, 0), flier) == {(0, 0): 3, (1, 0): 2, (2, 0): 1}


def test_a_feat_written_as_a_rule_over_tags() -> None:
    # e.g. "unimpeded by difficult terrain; crosses impassable terrain other than
    # walls as if it were difficult": a ruleset writes it as a rule over tags.
    terrains = terrain_set()

    def rule(t: TerrainType) -> Step | None:
        if t.has_tag("wall"):
            return None
        if t.has_tag("impassable"):
            return Step(2)
        cost = t.cost_for("default")
        return None if cost is None else Step(1 if t.has_tag("difficult") else cost)

    ranger = MoveProfile.from_terrain(terrains, 4, rule)
    row = [terrains[n] for n in ("plain", "forest", "mountain", "wall", "plain")]
    board = Board.from_rows([row])
    assert reachable(board, (0, 0), ranger) == {(0, 0): 4, (1, 0): 3, (2, 0): 1}
    assert ranger.step_for("FOREST") == Step(1)
    assert ranger.step_for("unknown-terrain") is None


def test_profiles_that_differ_only_in_movement_share_the_cached_tables() -> None:
    board = board_of("..F..")
    reachable(board, (0, 0), walker(3))
    size = len(board.cache)
    reachable(board, (0, 0), walker(7))
    reachable(board, (0, 0), MoveProfile.of(2, WALKER, pass_enemies=True))
    assert len(board.cache) == size
    reachable(board, (0, 0), walker(3, forest=Step(3)))
    assert len(board.cache) == size + 1


def test_step_and_profile_validation() -> None:
    with pytest.raises(ValueError):
        Step(-1)
    with pytest.raises(ValueError):
        Step(1, min_remaining=0)
    with pytest.raises(ValueError):
        MoveProfile.of(-1)
    with pytest.raises(TypeError):
        MoveProfile.of(3, {"plain": "1"})
    with pytest.raises(ValueError):
        reachable(board_of(".."), (0, 0), walker(2), movement=-1)
    assert Step(0).need == 1 and Step(3).need == 3 and Step(3, 2).need == 2
    assert MoveProfile.of(3, {"Plain": 1}) == MoveProfile.of(3, {"plain": 1})
    assert hash(MoveProfile.of(3, {"Plain": 1})) == hash(MoveProfile.of(3, {"plain": 1}))


# -- properties ---------------------------------------------------------------

STEPS = st.one_of(
    st.none(),
    st.builds(Step, st.integers(0, 3), st.one_of(st.none(), st.integers(1, 4))),
)
NAMES = ["a", "b", "c", "d"]


@st.composite
def scenarios(draw: st.DrawFn, *, plain_rules: bool = False) -> dict[str, object]:
    """A random small board, profile, start and units."""
    width = draw(st.integers(1, 7))
    height = draw(st.integers(1, 7))
    kinds = [TerrainType(name=n) for n in NAMES]
    cells = draw(st.lists(st.sampled_from(kinds), min_size=width * height,
                          max_size=width * height))
    board = Board(width, height, cells)
    if plain_rules:  # costs >= 1, min_remaining = cost: what networkx can express
        steps = draw(st.lists(st.one_of(st.none(), st.integers(1, 3).map(Step)),
                              min_size=4, max_size=4))
    else:
        steps = draw(st.lists(STEPS, min_size=4, max_size=4))
    tiles = [(x, y) for y in range(height) for x in range(width)]
    start = draw(st.sampled_from(tiles))
    others = [t for t in tiles if t != start]
    blockers = draw(st.lists(st.sampled_from(others), max_size=4)) if others else []
    allies = draw(st.lists(st.sampled_from(others), max_size=3)) if others else []
    profile = MoveProfile.of(
        draw(st.integers(0, 9)),
        dict(zip(NAMES, steps, strict=True)),
        pass_enemies=False if plain_rules else draw(st.booleans()),
    )
    return {"board": board, "start": start, "profile": profile,
            "blockers": blockers, "allies": allies}


def reference(board: Board, start: tuple[int, int], profile: MoveProfile,
              blockers: list[tuple[int, int]], allies: list[tuple[int, int]]
              ) -> dict[tuple[int, int], int]:
    """Most movement left at each tile, by relaxing every step until nothing changes."""
    blocked = set() if profile.pass_enemies else set(blockers)
    no_stop = set(allies) | (set(blockers) if profile.pass_enemies else set())
    best = {start: profile.movement}
    changed = True
    while changed:
        changed = False
        for here, left in list(best.items()):
            for there in board.neighbours(here):
                if there in blocked or there == start:
                    continue
                step = profile.step_for(board.terrain_at(there).name)
                if step is None or left < step.need:
                    continue
                after = max(0, left - step.cost)
                if after > best.get(there, -1):
                    best[there] = after
                    changed = True
    return {t: r for t, r in best.items() if t == start or t not in no_stop}


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_reachable_matches_exhaustive_relaxation(case: dict) -> None:
    assert reachable(**case) == reference(**case)


@settings(max_examples=200, deadline=None)
@given(scenarios(plain_rules=True))
def test_reachable_matches_networkx_when_min_remaining_does_not_bind(
    case: dict,
) -> None:
    board: Board = case["board"]
    profile: MoveProfile = case["profile"]
    blocked = set(case["blockers"]) - {case["start"]}
    graph = nx.DiGraph()
    graph.add_nodes_from(board.tiles())
    for tile in board.tiles():
        for near in board.neighbours(tile):
            step = profile.step_for(board.terrain_at(near).name)
            if step is not None and near not in blocked:
                graph.add_edge(tile, near, weight=step.cost)
    dist = nx.single_source_dijkstra_path_length(
        graph, case["start"], cutoff=profile.movement, weight="weight"
    )
    expected = {
        t: profile.movement - d for t, d in dist.items()
        if t == case["start"] or t not in set(case["allies"])
    }
    assert reachable(**case) == expected


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_every_destination_has_a_legal_path_leaving_that_much_movement(
    case: dict,
) -> None:
    reach = search(**case)
    profile: MoveProfile = case["profile"]
    blocked = set() if profile.pass_enemies else set(case["blockers"])
    for goal, left in reach.remaining.items():
        path = reach.path(goal)
        assert path is not None and path[0] == case["start"] and path[-1] == goal
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                   for a, b in zip(path, path[1:], strict=False))
        assert not blocked.intersection(path[1:])
        assert walk(case["board"], path, profile) == left
        assert path_to(**case, goal=goal) == path
        steps = [profile.step_for(case["board"].terrain_at(t).name) for t in path[1:]]
        spent = sum(s.cost for s in steps if s is not None)
        if all(s is not None and s.need >= s.cost for s in steps):
            assert spent == profile.movement - left  # no overdraw: cost is exact


@settings(max_examples=100, deadline=None)
@given(scenarios(), st.integers(0, 4))
def test_more_movement_never_reaches_less(case: dict, extra: int) -> None:
    smaller = reachable(**case)
    bigger = reachable(**case, movement=case["profile"].movement + extra)
    assert all(bigger[t] >= r for t, r in smaller.items())


def test_shared_test_terrain_matches_its_symbols() -> None:
    assert board_of(".FM=").terrain_at((3, 0)) == ROAD
    assert (PLAIN.cost_for("x"), FOREST.cost_for("x"), MOUNTAIN.cost_for("x")) == (1, 2, None)


# -- queries sharing a board's tables (issue 16) --------------------------------

_SYMBOLS = st.sampled_from(".FM#=")


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(3, 7).flatmap(
        lambda width: st.lists(
            st.text(_SYMBOLS, min_size=width, max_size=width), min_size=3, max_size=7
        )
    ),
    queries=st.lists(
        st.tuples(
            st.integers(0, 6),
            st.integers(0, 6),
            st.integers(0, 6),
            st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=4),
            st.booleans(),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_queries_on_one_board_answer_as_on_a_fresh_board(
    rows: list[str], queries: list[tuple[int, int, int, list[tuple[int, int]], bool]]
) -> None:
    """Searches on one board share its "seen" marks, stamped per query: whatever ran
    before, each query gives what it gives on a board never searched (and the
    same paths), with enemies blocking or, for a Thief, passed."""
    shared = board_of(*rows)
    for x, y, movement, blockers, thief in queries:
        start = (x % shared.width, y % shared.height)
        profile = MoveProfile.of(movement, WALKER, pass_enemies=thief)
        others = [b for b in blockers if b != start]
        fresh = board_of(*rows)
        assert reachable(shared, start, profile, others) == reachable(fresh, start, profile, others)
        mine, theirs = search(shared, start, profile, others), search(fresh, start, profile, others)
        assert {t: mine.path(t) for t in mine.remaining} == {
            t: theirs.path(t) for t in theirs.remaining
        }
