"""Exact distributions by walking every branch of a rule, merging equal states.

A procedure is a ``step(state, chance) -> state`` function applied until
``done(state)``. ``distribution`` advances a frontier of ``state -> probability``
one step at a time; inside a step every path of decisions is replayed once
(prefix replay), and equal resulting states are merged, as Wesnoth's attack
prediction merges HP states. States must be hashable (frozen dataclasses or
tuples). This is the forecast half of design principle 1: the step function
is the very one the sampler runs to resolve.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from tactician.dice.events import Event

S = TypeVar("S", bound=Hashable)
T = TypeVar("T")
V = TypeVar("V", bound=Hashable)
R = TypeVar("R")


class Local(NamedTuple, Generic[S, V, R]):  # a record: cheap to define at start
    """A procedure's step on the part of the state it reads.

    ``view(state)`` is that part (None when the step reads the whole state),
    ``step(part, chance)`` the step on it and ``patch(state, result)`` the whole
    state after it. The procedure must be written so that its whole step is
    ``patch(state, step(view(state), chance))`` whenever the view is not None:
    then ``distribution`` may run the step once per distinct part and patch the
    results into every state sharing it, with the same results in the same order.
    """

    view: Callable[[S], V | None]
    step: Callable[[V, Any], R]
    patch: Callable[[S, R], S]
    # ``key(state)``: for a procedure whose states are ints. None when the state is
    # finished (it stands for ``done``); otherwise a compact hashable such that
    # every state with the same key has the same results, each the state plus the
    # same int. ``distribution`` then works out a key's results once, as a flat
    # table of (difference, probability) from ``view``, ``step`` and ``patch`` (or
    # the whole step when ``view`` is None), and each state costs one call and one
    # dict operation a result, as a hand-written enumeration would.
    key: Callable[[S], Hashable | None] | None = None


class _ReplayChance:
    """Follows a fixed path of outcome indices, then takes the first outcome of new events.

    ``known`` maps ``id(event)`` to (event, its outcomes) for one enumeration: a
    rule asks the same few events over and over, and an event's ``outcomes()``
    (a cache lookup hashing the event, then a fresh list) costs more than the
    step that asks it. The event is kept beside its id, so the id cannot be
    reused while the entry lives, and checked by identity.
    """

    narrating = False
    __slots__ = ("path", "position", "probability", "new_branches", "known")

    def __init__(self, known: dict[int, tuple[Any, Sequence[tuple[Any, float]]]]) -> None:
        self.known = known
        self.follow([])

    def follow(self, path: list[int]) -> None:
        """Start over along ``path`` (one object serves every path of a step)."""
        self.path = path
        self.position = 0
        self.probability = 1.0
        # (position, outcome count) for each event met beyond the given path
        self.new_branches: list[tuple[int, int]] = []

    def decide(self, event: Event[T]) -> T:
        found = self.known.get(id(event))
        if found is None or found[0] is not event:
            found = self.known[id(event)] = (event, tuple(event.outcomes()))
        outcomes: Sequence[tuple[T, float]] = found[1]
        position = self.position
        self.position += 1
        if position < len(self.path):
            index = self.path[position]
        else:
            index = 0
            self.path.append(0)
            if len(outcomes) > 1:
                self.new_branches.append((position, len(outcomes)))
        value, p = outcomes[index]
        self.probability *= p
        return value

    def note(self, record: Any) -> None:  # forecasts do not narrate
        pass


def branches(
    state: V,
    step: Callable[[V, Any], R],
    known: dict[int, tuple[Any, Sequence[tuple[Any, float]]]] | None = None,
) -> list[tuple[R, float]]:
    """Every result of one step from ``state`` with its probability.

    ``known`` is the outcome memo (see ``_ReplayChance``) to share between calls.
    """
    if known is None:
        known = {}
    results: list[tuple[R, float]] = []
    pending: list[list[int]] = [[]]
    chance = _ReplayChance(known)
    while pending:
        path = pending.pop()
        chance.follow(path)
        results.append((step(state, chance), chance.probability))
        for position, count in chance.new_branches:
            for alternative in range(1, count):
                pending.append(path[:position] + [alternative])
    return results


def distribution(
    start: S,
    step: Callable[[S, Any], S],
    done: Callable[[S], bool],
    max_steps: int = 10_000,
    *,
    local: Local[S, Any, Any] | None = None,
) -> dict[S, float]:
    """Exact distribution of the final states of a stepwise procedure.

    With ``local`` (see :class:`Local`) the step's branches are computed once per
    distinct part of the state and patched into each state: the same
    distribution, accumulated in the same order, so the same floats.
    """
    if local is not None and local.key is not None:
        return _keyed(start, step, local, max_steps)  # type: ignore[arg-type,return-value]
    frontier: dict[S, float] = {start: 1.0}
    finished: dict[S, float] = {}
    known: dict[int, tuple[Any, Sequence[tuple[Any, float]]]] = {}
    memo: dict[Any, list[tuple[Any, float]]] = {}
    view: Callable[[S], Any] = local.view if local is not None else (lambda state: None)
    patch = local.patch if local is not None else None
    for _ in range(max_steps):
        if not frontier:
            return finished
        following: dict[S, float] = {}
        add = following.get
        for state, p in frontier.items():
            if done(state):
                finished[state] = finished.get(state, 0.0) + p
                continue
            part = view(state)
            if part is not None and patch is not None and local is not None:
                found = memo.get(part)
                if found is None:
                    found = memo[part] = branches(part, local.step, known)
                for result, q in found:
                    whole = patch(state, result)
                    following[whole] = add(whole, 0.0) + p * q
                continue
            for result, q in branches(state, step, known):
                following[result] = add(result, 0.0) + p * q
        frontier = following
    raise RuntimeError(f"procedure did not finish within {max_steps} steps")


def _keyed(start: int, step: Callable[[int, Any], int], local: Local[Any, Any, Any],
           max_steps: int) -> dict[int, float]:
    """``distribution`` of a procedure with a ``Local.key``: the same states, the
    same products accumulated in the same order (so the same floats), each
    state's results read from its key's table of differences."""
    key: Callable[[int], Hashable | None] = local.key  # type: ignore[assignment]
    view, local_step, patch = local.view, local.step, local.patch
    known: dict[int, tuple[Any, Sequence[tuple[Any, float]]]] = {}
    parts: dict[Any, list[tuple[Any, float]]] = {}
    tables: dict[Hashable, list[tuple[int, float]]] = {}

    def table(state: int) -> list[tuple[int, float]]:
        part = view(state)
        if part is None:
            return [(result - state, q) for result, q in branches(state, step, known)]
        found = parts.get(part)
        if found is None:
            found = parts[part] = branches(part, local_step, known)
        return [(patch(state, result) - state, q) for result, q in found]

    frontier: dict[int, float] = {start: 1.0}
    finished: dict[int, float] = {}
    ended = finished.get
    for _ in range(max_steps):
        if not frontier:
            return finished
        following: dict[int, float] = {}
        add = following.get
        for state, p in frontier.items():
            k = key(state)
            if k is None:
                finished[state] = ended(state, 0.0) + p
                continue
            rows = tables.get(k)
            if rows is None:
                rows = tables[k] = table(state)
            for difference, q in rows:
                whole = state + difference
                following[whole] = add(whole, 0.0) + p * q
        frontier = following
    raise RuntimeError(f"procedure did not finish within {max_steps} steps")
