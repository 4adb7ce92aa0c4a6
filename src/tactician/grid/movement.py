"""Movement: which tiles a unit can reach, and the best path to one.

The model is generic; a ruleset expresses its movement rules by building a
:class:`MoveProfile` per unit (or per unit and turn):

* Each terrain name maps to a :class:`Step` (``cost``, ``min_remaining``) or to
  ``None`` (the unit cannot enter it: impassable terrain, walls).
* Entering a tile is allowed when the unit has at least ``min_remaining``
  movement left; it then spends ``cost``, never going below 0. The default
  ``min_remaining`` is the cost itself: the usual "you must afford the step".
  A different value serves rules where the two part ways: "difficult terrain
  cannot be entered without at least 2 movement left" for a unit to whom it
  costs 3 is ``Step(3, min_remaining=2)`` if a ruling lets that unit enter
  with 2 left (ending at 0), ``Step(3)`` if not; ``Step(1, min_remaining=2)``
  is a tile that is cheap to cross but must not be the last step.
* ``pass_enemies``: enemy-occupied tiles can be moved through (never stopped
  on), for abilities that slip past enemies.
* Allies' tiles are always passable but never a destination.
* Doubled movement for a sprint, a feat that changes what terrain costs, or
  moving again with what is left after acting are not special here: the
  ruleset passes a different ``movement`` or builds a different profile.

Movement is 4-neighbour (no diagonals). The search is a bucket queue on the
movement left (Dial's algorithm, largest first) over flat-index tables built
per board and profile terrain table (see :func:`_run` for why each tile is
settled the first time it is seen, and ``_Compiled`` for the tables a board
searched often gets). A query costs what it reaches, not the
map's area: the "seen" marks live in one array per board, profile and thread,
stamped with a fresh number per query instead of cleared. A mark is tested by
identity (``is``): each query's stamp is a new int object, and an old one is
alive while a mark holds it, so no two stamps in use share an address; testing
by value read the old stamp objects a mark points to, scattered over the heap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from itertools import count
from threading import get_ident

from tactician.grid.board import Board, Tile
from tactician.grid.terrain import TerrainType

_CACHE_LIMIT = 32  # compiled profiles kept per board (each ~100 bytes per tile)


@dataclass(frozen=True, slots=True)
class Step:
    """What entering one kind of terrain takes: ``cost`` spent, ``min_remaining`` needed.

    ``min_remaining`` defaults to ``cost`` (at least 1: a unit with no movement
    left cannot move).
    """

    cost: int
    min_remaining: int | None = None

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError(f"a step cost must be 0 or more, not {self.cost}")
        if self.min_remaining is not None and self.min_remaining < 1:
            raise ValueError(f"min_remaining must be 1 or more, not {self.min_remaining}")

    @property
    def need(self) -> int:
        """Movement a unit must have left to take this step."""
        if self.min_remaining is not None:
            return self.min_remaining
        return max(self.cost, 1)


StepSpec = Step | int | None


def as_step(spec: StepSpec) -> Step | None:
    """``Step`` as is, an int as ``Step(cost)``, None as impassable."""
    if spec is None or isinstance(spec, Step):
        return spec
    if isinstance(spec, bool) or not isinstance(spec, int):
        raise TypeError(f"a step is a Step, an int cost or None, not {spec!r}")
    return Step(spec)


class _TableKey:
    """Cache key for a profile's terrain table, hashed once (lookups stay O(1))."""

    __slots__ = ("items", "_hash")

    def __init__(self, items: tuple[object, ...]) -> None:
        self.items = items
        self._hash = hash(items)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _TableKey) and (
            self is other or (self._hash == other._hash and self.items == other.items)
        )


@dataclass(frozen=True)
class MoveProfile:
    """How one unit moves: its movement and what each terrain takes from it.

    ``steps`` maps terrain names (case-insensitive) to a :class:`Step` or None
    (cannot enter); terrain not listed uses ``default``. Build with :meth:`of`,
    :meth:`for_class` or :meth:`from_terrain`. Profiles are hashable; searches
    cache per board on the terrain table (``steps`` and ``default``), so two
    profiles differing only in ``movement`` or ``pass_enemies`` share the cache.
    """

    movement: int
    steps: tuple[tuple[str, Step | None], ...] = ()
    default: Step | None = Step(1)
    pass_enemies: bool = False
    _lookup: dict[str, Step | None] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )
    _table_key: _TableKey = field(init=False, repr=False, compare=False, hash=False)
    # with_movement's results by movement: a ruleset asks for its unit's profile on
    # every query, and rebuilding one re-sorts and re-validates the whole table
    _variants: dict[int, MoveProfile] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        if self.movement < 0:
            raise ValueError(f"movement must be 0 or more, not {self.movement}")
        lookup: dict[str, Step | None] = {}
        for name, spec in self.steps:
            lookup[name.casefold()] = as_step(spec)
        object.__setattr__(self, "steps", tuple(sorted(lookup.items())))
        object.__setattr__(self, "default", as_step(self.default))
        object.__setattr__(self, "_lookup", lookup)
        object.__setattr__(self, "_table_key", _TableKey((self.steps, self.default)))

    @classmethod
    def of(
        cls,
        movement: int,
        costs: Mapping[str, StepSpec] | None = None,
        *,
        default: StepSpec = 1,
        pass_enemies: bool = False,
    ) -> MoveProfile:
        """A profile from a table ``{terrain name: Step | cost | None}``."""
        items = tuple((name, as_step(spec)) for name, spec in (costs or {}).items())
        return cls(movement, items, as_step(default), pass_enemies)

    @classmethod
    def from_terrain(
        cls,
        terrains: Iterable[TerrainType],
        movement: int,
        rule: Callable[[TerrainType], StepSpec],
        *,
        default: StepSpec = None,
        pass_enemies: bool = False,
    ) -> MoveProfile:
        """Evaluate ``rule`` on every terrain type once and keep the table.

        This is how a ruleset states feats that change movement ("difficult
        terrain costs 3", "cross impassable terrain except walls as if it were
        difficult"): the rule reads the terrain's ``tags`` and ``cost``.
        Terrain outside ``terrains`` uses ``default`` (impassable unless given).
        """
        items = tuple((t.name, as_step(rule(t))) for t in terrains)
        return cls(movement, items, as_step(default), pass_enemies)

    @classmethod
    def for_class(
        cls,
        terrains: Iterable[TerrainType],
        movement_class: str,
        movement: int,
        *,
        pass_enemies: bool = False,
    ) -> MoveProfile:
        """The table a terrain set's ``cost`` / ``min_remaining`` give ``movement_class``."""

        def rule(terrain: TerrainType) -> Step | None:
            cost = terrain.cost_for(movement_class)
            if cost is None:
                return None
            return Step(cost, terrain.min_remaining_for(movement_class))

        return cls.from_terrain(terrains, movement, rule, pass_enemies=pass_enemies)

    def step_for(self, terrain_name: str) -> Step | None:
        """The step for entering terrain called ``terrain_name``."""
        return self._lookup.get(terrain_name.casefold(), self.default)

    def with_movement(self, movement: int) -> MoveProfile:
        """The same profile with another movement (doubled for a sprint, what is left...).

        Built once per movement value and kept (profiles are immutable).
        """
        found = self._variants.get(movement)
        if found is None:
            found = self._variants[movement] = replace(self, movement=movement)
        return found


_Rows = tuple[tuple[int, ...], ...]  # for each flat index, some of its neighbours
# for each flat index, (offset to a neighbour, what entering it spends) for some of
# its neighbours: the same rows as ``_Rows``, told relative to the tile (see
# ``_Compiled.steps``)
_Steps = tuple[tuple[tuple[int, int], ...], ...]


class _Compiled:
    """A profile's terrain table laid over one board, ready for searching.

    For each flat index ``i``: ``need[i]`` the movement needed to enter ``i``,
    ``cost[i]`` what entering it spends; ``gate[i]`` is ``need[i]``, or more than
    any movement where the profile cannot enter at all. ``pad`` is the largest
    cost (see :func:`_run`), ``top`` the largest need. ``marks`` holds each
    thread's "seen" array: a tile is seen in a query when its mark equals the
    query's stamp (``_stamps`` never repeats one).

    The first searches read the board's own neighbour rows and test ``gate`` per
    neighbour. A board searched many times is worth tables that drop those tests
    (``near``: the neighbours that can be entered at all; ``near_within[k]``, for
    k below ``top``, those that need at most k, since with k left no other can be
    entered): they cost about what a few hundred searches on a 40x40 board save,
    so they are built once the board has been searched that often
    (``_tables_after``: tiles / 8): a one-off search of a new map, such as an
    enemy phase's, never pays for them, and no board pays more than twice the
    better of the two (the ski-rental bound). Both ways give the same answer,
    tile for tile and path for path: the tables hold exactly the neighbours the
    tests let through, in the same order.

    On a board too big for the CPU's caches (``_COMPACT_ABOVE`` tiles) the same
    tables are also kept as ``steps``: each row told as (offset, cost) pairs, so
    the rows of a whole board are a few dozen distinct tuples shared by every tile
    (a grid has few neighbourhood shapes), and a search reads one pointer a tile
    instead of a row tuple, its index objects and the neighbours' costs scattered
    over the heap (issue 28: at 256x256 those cache misses made a search 3 times
    slower than on a 32x32 board, for the same tiles). Adding the offset costs a
    small board more than the misses it saves, so small boards keep ``near``.
    A compact board's search also makes each answer's tile tuple from its index
    rather than reading it from ``coords``: those tuples lie scattered over the
    heap, and in a simulated 32 KB L1 a 256x256 search missed it some 1,600 times a
    query reading them, under 100 times making them (valgrind cachegrind, issue 28).
    """

    __slots__ = (
        "need", "cost", "pad", "coords", "top", "rows", "gate", "marks", "_open", "_tables",
        "_until", "compact", "_steps", "width",
    )

    def __init__(
        self,
        board: Board,
        need: tuple[int, ...],
        cost: tuple[int, ...],
        open_: list[bool],
        pad: int,
        top: int,
    ) -> None:
        self.need, self.cost, self.pad, self.top = need, cost, pad, top
        self.coords = _coords(board)
        self.width = board.width
        self.rows = board.neighbour_indexes
        shut = _SHUT
        self.gate = tuple([n if ok else shut for n, ok in zip(need, open_, strict=True)])
        self._open = open_
        self.marks: dict[int, list[int]] = {}
        self._tables: tuple[_Rows, tuple[_Rows, ...]] | None = None
        self._until = _tables_after(board)
        self.compact = board.size > _COMPACT_ABOVE
        self._steps: tuple[_Steps, tuple[_Steps, ...]] | None = None

    def seen_array(self) -> list[int]:
        """This thread's marks (queries on one thread never overlap)."""
        found = self.marks.get(get_ident())
        if found is None:
            found = self.marks[get_ident()] = [0] * len(self.need)
        return found

    def tables(self) -> tuple[_Rows, tuple[_Rows, ...]]:
        """(``near``, ``near_within``), built on first call."""
        if self._tables is None:
            rows, need, top = self.rows, self.need, self.top
            closed = [i for i, ok in enumerate(self._open) if not ok]
            near = _without(rows, closed, self._open, rows)
            near_within = ((),) + tuple(
                _without(near, [i for i, n in enumerate(need) if n > k],
                         [n <= k for n in need], rows)
                for k in range(1, top)
            )
            if self.compact:  # before ``_tables``: a reader that sees those sees these
                self._steps = (
                    _as_steps(near, self.cost), tuple(_as_steps(r, self.cost) for r in near_within)
                )
            self._tables = (near, near_within)  # whole, in one assignment (threads)
        return self._tables

    @property
    def steps(self) -> tuple[_Steps, tuple[_Steps, ...]] | None:
        """``near`` and ``near_within`` as (offset, cost) rows, on a compact board
        once its tables are built (else None)."""
        return self._steps

    def tables_if_due(self) -> tuple[_Rows, tuple[_Rows, ...]] | None:
        """The tables if built or now due (one more search counted), else None."""
        if self._tables is None:
            self._until -= 1
            if self._until > 0:
                return None
        return self.tables()

    @property
    def near(self) -> _Rows:
        return self.tables()[0]

    @property
    def near_within(self) -> tuple[_Rows, ...]:
        return self.tables()[1]


_SHUT = 1 << 62  # a gate no movement passes: the profile cannot enter the tile
# tiles above which a board's tables are also kept as ``steps`` (see ``_Compiled``):
# measured on a 2-core EPYC (1 MB of L2 a core), 64x64 searches as fast either way,
# 128x128 a third faster with ``steps``
_COMPACT_ABOVE = 64 * 64


def _as_steps(rows: _Rows, cost: tuple[int, ...]) -> _Steps:
    """``rows`` as (offset, cost) pairs, each distinct row kept once."""
    shared: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = {}
    out = []
    for here, row in enumerate(rows):
        steps = tuple([(there - here, cost[there]) for there in row])
        out.append(shared.setdefault(steps, steps))
    return tuple(out)


def _tables_after(board: Board) -> int:
    """Searches of a board before its tables are built (see :class:`_Compiled`)."""
    return max(1, board.size // 8)


_stamps = count(1)


def _coords(board: Board) -> tuple[Tile, ...]:
    coords = board.cache.get("coords")
    if coords is None:
        width, height = board.width, board.height
        coords = board.cache["coords"] = tuple(
            [(x, y) for y in range(height) for x in range(width)]
        )
    return coords


def _without(
    rows: tuple[tuple[int, ...], ...],
    dropped: list[int],
    kept: list[bool],
    board_rows: tuple[tuple[int, ...], ...],
) -> tuple[tuple[int, ...], ...]:
    """``rows`` (each tile's neighbours, or some of them) with the ``dropped`` tiles
    left out: ``kept[j]`` says whether tile ``j`` stays. Only the rows of a dropped
    tile's board neighbours (``board_rows``: adjacency is symmetric) can change;
    every other row is reused as it is."""
    touching: set[int] = set()
    for i in dropped:
        touching.update(board_rows[i])
    out = list(rows)
    for i in touching:
        out[i] = tuple([j for j in rows[i] if kept[j]])
    return tuple(out)


def _compile(board: Board, profile: MoveProfile) -> _Compiled:
    """The searchable form of ``profile`` on ``board``, built once and cached on the board."""
    key = profile._table_key
    cached = board.cache.get(key)
    if cached is not None:
        return cached
    per_kind = [profile.step_for(kind.name) for kind in board.palette]
    cells = board.cells
    # per terrain kind first, then per cell: one list lookup a cell (a new map's
    # first search pays this once per profile, inside an enemy phase)
    kind_need = [0 if step is None else step.need for step in per_kind]
    kind_cost = [0 if step is None else step.cost for step in per_kind]
    kind_open = [step is not None for step in per_kind]
    need = tuple([kind_need[c] for c in cells])
    cost = tuple([kind_cost[c] for c in cells])
    open_ = [kind_open[c] for c in cells]
    pad = max([step.cost for step in per_kind if step is not None], default=0)
    top = max([step.need for step in per_kind if step is not None], default=0)
    compiled = _Compiled(board, need, cost, open_, pad, top)
    if len(board.cache) >= _CACHE_LIMIT:
        oldest = next(k for k in board.cache if k != "coords")
        del board.cache[oldest]
    board.cache[key] = compiled
    return compiled


def prepare(board: Board, profile: MoveProfile) -> None:
    """Build ``profile``'s search tables on ``board`` now, for a board about to be
    searched many times (a benchmark's set-up): the first searches otherwise run
    without them (see ``_Compiled``). The answers are the same either way."""
    _compile(board, profile).tables()


# What a search walked: for each movement left from the most down to 1, the tiles
# taken from that bucket in order (flat indexes)
_Walked = list[tuple[int, list[int]]]


def _run(
    board: Board,
    start: Tile,
    profile: MoveProfile,
    blockers: Iterable[Tile],
    allies: Iterable[Tile],
    movement: int | None,
) -> tuple[dict[Tile, int], list[list[int]], int]:
    """Bucket-queue search (Dial's algorithm) on movement left, largest first.

    Returns ``{tile: movement left}``, the buckets (what was walked: see
    ``_Walked``) and the movement searched with. Entering a tile spends what *that
    tile* costs and is allowed from what is left, so the first time a tile is seen,
    from the fullest bucket, is its best: later buckets hold less movement, and
    neither the cost nor the floor at 0 can turn less movement into more. Each tile
    is therefore handled once, with no priority updates. Cost-0 steps append to the
    bucket being walked, which list iteration still visits. A neighbour that needs
    more than is left is never entered later either (the buckets only go down), so
    each bucket walks only the neighbours it can enter (``near_within``).

    ``buckets`` has ``pad`` extra entries aliasing bucket 0, so a negative
    ``left - cost`` (a step dearer than what is left, allowed when its
    ``min_remaining`` is below its cost) lands in bucket 0: the floor at 0.

    The start and the enemies that may not be entered are marked seen before the
    walk (never entered); allies, and enemies a unit may pass, are walked through
    and dropped from the answer at the end. Which tile a tile was first reached
    from is not recorded: :class:`Reach` finds it from the walk when a path is
    asked for (that bookkeeping cost 10% of every search).
    """
    compiled = _compile(board, profile)
    origin = board.check(start)
    budget = profile.movement if movement is None else movement
    if budget < 0:
        raise ValueError(f"movement must be 0 or more, not {budget}")
    width, height = board.width, board.height
    seen = compiled.seen_array()
    stamp = next(_stamps)
    passable: list[int] = []
    for x, y in blockers:
        if 0 <= x < width and 0 <= y < height:
            if profile.pass_enemies:
                passable.append(y * width + x)
            else:
                seen[y * width + x] = stamp  # never entered
    for x, y in allies:
        if 0 <= x < width and 0 <= y < height:
            passable.append(y * width + x)
    seen[origin] = stamp

    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets += [buckets[0]] * compiled.pad
    buckets[budget].append(origin)
    cost, coords, top = compiled.cost, compiled.coords, compiled.top
    tables = compiled.tables_if_due()
    out: dict[Tile, int] = {}
    if tables is None:  # the board's rows, each neighbour's gate tested
        rows, gate = compiled.rows, compiled.gate
        for left in range(budget, 0, -1):
            for here in buckets[left]:
                out[coords[here]] = left
                for there in rows[here]:
                    if seen[there] is not stamp and gate[there] <= left:
                        seen[there] = stamp
                        buckets[left - cost[there]].append(there)
    elif compiled.compact:  # the same rows as (offset, cost) pairs (``_Compiled``)
        steps, steps_within = compiled.steps or ((), ())
        for left in range(budget, 0, -1):
            enterable_steps = steps if left >= top else steps_within[left]
            for here in buckets[left]:
                out[(here % width, here // width)] = left  # not ``coords``: see ``_Compiled``
                for offset, spend in enterable_steps[here]:
                    there = here + offset
                    if seen[there] is not stamp:
                        seen[there] = stamp
                        buckets[left - spend].append(there)
    else:
        near, within = tables
        for left in range(budget, 0, -1):
            enterable = near if left >= top else within[left]
            for here in buckets[left]:
                out[coords[here]] = left
                for there in enterable[here]:
                    if seen[there] is not stamp:
                        seen[there] = stamp
                        buckets[left - cost[there]].append(there)
    if compiled.compact:
        for here in buckets[0]:
            out[(here % width, here // width)] = 0
    else:
        for here in buckets[0]:
            out[coords[here]] = 0
    for i in passable:
        if i != origin:
            out.pop(coords[i], None)
    return out, buckets, budget


def reachable(
    board: Board,
    start: Tile,
    profile: MoveProfile,
    blockers: Iterable[Tile] = (),
    allies: Iterable[Tile] = (),
    *,
    movement: int | None = None,
) -> dict[Tile, int]:
    """Tiles the unit at ``start`` can end its move on, with the movement left there.

    ``blockers`` are tiles it may not enter (enemies), unless
    ``profile.pass_enemies``, in which case it may pass through but not stop.
    ``allies`` may be passed through but not stopped on. ``start`` is always
    included (staying put) with all its movement. ``movement`` overrides
    ``profile.movement``. Tiles in ``blockers``/``allies`` off the board are
    ignored; a ``start`` off the board is refused (RulesError).
    """
    return _run(board, start, profile, blockers, allies, movement)[0]


class _Trail:
    """Where each tile walked by a search was first reached from, found on demand.

    The search marks a tile seen the first time a walked tile looks at it, and a
    walked tile with ``left`` movement looks at each neighbour the profile can
    enter with ``left`` (``need`` at most ``left``). So a tile was first reached
    from the first tile in walking order among its neighbours that were walked
    with at least its ``need`` left: the same tile the search would have recorded.
    """

    __slots__ = ("walked", "need", "_order")

    def __init__(self, walked: _Walked, need: tuple[int, ...]) -> None:
        self.walked, self.need = walked, need
        self._order: dict[int, tuple[int, int]] | None = None

    def order(self) -> dict[int, tuple[int, int]]:
        """Flat index of each walked tile -> (its place in the walk, movement left)."""
        if self._order is None:
            order: dict[int, tuple[int, int]] = {}
            for left, bucket in self.walked:
                for here in bucket:
                    order[here] = (len(order), left)
            self._order = order
        return self._order

    def parent(self, board: Board, there: int) -> int:
        order, need = self.order(), self.need[there]
        best: tuple[int, int] | None = None
        for here in board.neighbour_indexes[there]:
            found = order.get(here)
            if found is not None and found[1] >= need and (best is None or found[0] < best[0]):
                best = (found[0], here)
        if best is None:
            raise AssertionError(f"tile {there} was reached from no walked neighbour")
        return best[1]


@dataclass(frozen=True)
class Reach:
    """A finished search: destinations with movement left, and how to get there."""

    board: Board
    start: Tile
    movement: int
    remaining: dict[Tile, int]
    _trail: _Trail = field(repr=False, compare=False)

    def __contains__(self, tile: object) -> bool:
        return tile in self.remaining

    def path(self, goal: Tile) -> list[Tile] | None:
        """Tiles from ``start`` to ``goal`` inclusive, or None if ``goal`` is not a destination.

        The path leaves the most movement (spends the least); among equal
        paths the search's fixed order (up, left, right, down) decides.
        """
        if goal not in self.remaining:
            return None
        width = self.board.width
        here = self.board.index(goal)
        origin = self.board.index(self.start)
        indexes = [here]
        while here != origin:
            here = self._trail.parent(self.board, here)
            indexes.append(here)
        indexes.reverse()
        return [(i % width, i // width) for i in indexes]

    def spent(self, goal: Tile) -> int | None:
        """Movement used to reach ``goal`` (None if not a destination)."""
        left = self.remaining.get(goal)
        return None if left is None else self.movement - left


def search(
    board: Board,
    start: Tile,
    profile: MoveProfile,
    blockers: Iterable[Tile] = (),
    allies: Iterable[Tile] = (),
    *,
    movement: int | None = None,
) -> Reach:
    """Like :func:`reachable`, also keeping a best path to every destination."""
    remaining, buckets, budget = _run(board, start, profile, blockers, allies, movement)
    walked: _Walked = [(left, buckets[left]) for left in range(budget, 0, -1)]
    trail = _Trail(walked, _compile(board, profile).need)
    return Reach(board, start, budget, remaining, trail)


def path_to(
    board: Board,
    start: Tile,
    goal: Tile,
    profile: MoveProfile,
    blockers: Iterable[Tile] = (),
    allies: Iterable[Tile] = (),
    *,
    movement: int | None = None,
) -> list[Tile] | None:
    """The cheapest 4-neighbour path from ``start`` to ``goal`` (both included).

    None when ``goal`` is not a legal destination this move (too far, blocked,
    occupied by an ally). ``[start]`` when ``goal == start``.
    """
    board.check(goal)
    return search(board, start, profile, blockers, allies, movement=movement).path(goal)


def walk(
    board: Board, path: list[Tile], profile: MoveProfile, *, movement: int | None = None
) -> int | None:
    """Movement left after following ``path`` step by step, or None if it cannot be walked.

    For checking a route a player drew: each step must go to an orthogonal
    neighbour on the board that the profile can enter with the movement left
    (``min_remaining``), and spends its cost (floor 0). Units are not checked:
    the caller knows who stands where. ``path[0]`` is the start and costs nothing.
    """
    if not path or not all(board.in_bounds(tile) for tile in path):
        return None
    left = profile.movement if movement is None else movement
    for before, after in zip(path, path[1:], strict=False):
        if abs(before[0] - after[0]) + abs(before[1] - after[1]) != 1:
            return None
        step = profile.step_for(board.terrain_at(after).name)
        if step is None or left < step.need:
            return None
        left = max(0, left - step.cost)
    return left


__all__ = [
    "MoveProfile",
    "Reach",
    "Step",
    "StepSpec",
    "as_step",
    "path_to",
    "prepare",
    "reachable",
    "search",
    "walk",
]
