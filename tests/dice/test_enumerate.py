"""The chance interface: events' exact distributions, and the enumerator that
walks a stepwise procedure (the forecast half of "a rule is written once")."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.chance import SampledChance
from tactician.dice.enumerate import branches, distribution
from tactician.dice.events import AveragedRoll, Bands
from tactician.dice.source import PhysicalDice, SeededDice


@given(st.integers(1, 3), st.sampled_from([4, 6, 10, 20, 100]), st.booleans())
def test_averaged_roll_distribution_sums_to_one(count: int, sides: int, floor: bool) -> None:
    dist = AveragedRoll(count, sides, floor).scaled_distribution()
    assert sum(dist.values()) == pytest.approx(1.0)


@given(st.integers(0, 101), st.integers(0, 101))
def test_bands_match_brute_force_over_two_d100(low: int, high: int) -> None:
    low, high = sorted((low, high))
    event = Bands(AveragedRoll(2, 100), (low, high), ("a", "b", "c"))
    counts: Counter[str] = Counter()
    for first, second in product(range(1, 101), repeat=2):
        value = (first + second) // 2
        counts["a" if value <= low else "b" if value <= high else "c"] += 1
    exact = dict(event.outcomes())
    for label in "abc":
        assert exact.get(label, 0.0) == pytest.approx(counts[label] / 10_000)


def test_sampling_records_every_face_and_what_it_decided() -> None:
    event = Bands(AveragedRoll(2, 100), (30, 70), ("crit", "hit", "miss"), "attack roll")
    chance = SampledChance(PhysicalDice([20, 40]))
    assert chance.decide(event) == "crit"
    decision = chance.decisions[0]
    assert (decision.faces, decision.value, decision.purpose) == ((20, 40), 30, "attack roll")


# A toy procedure: three coin-like d6 checks, each hit taking 1 HP from 2.
def _step(state: tuple[int, int], chance) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    index, hp = state
    hit = chance.decide(Bands(AveragedRoll(1, 6), (4,), (True, False)))
    return (index + 1, max(0, hp - 1) if hit else hp)


def _done(state: tuple[int, int]) -> bool:
    return state[0] == 3 or state[1] == 0


def test_enumerator_merges_equal_states_and_is_exact() -> None:
    final = distribution((0, 2), _step, _done)
    p = 4 / 6
    # HP 0 when two of the first two, or two of three, hit
    down = p * p + 2 * p * (1 - p) * p
    assert final[(2, 0)] + final[(3, 0)] == pytest.approx(down)
    assert sum(final.values()) == pytest.approx(1.0)
    assert dict(branches((0, 2), _step)) == {
        (1, 1): pytest.approx(2 / 3),
        (1, 2): pytest.approx(1 / 3),
    }


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31))
def test_enumerator_agrees_with_the_same_procedure_on_seeded_dice(seed: int) -> None:
    exact = distribution((0, 2), _step, _done)
    dice = SeededDice(seed)
    runs = 3000
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(runs):
        state = (0, 2)
        chance = SampledChance(dice)
        while not _done(state):
            state = _step(state, chance)
        seen[state] += 1
    for state, p in exact.items():
        assert seen[state] / runs == pytest.approx(p, abs=6 * (p * (1 - p) / runs) ** 0.5 + 0.01)


# -- Local: a step memoized on the part of the state it reads (issue 16) -------------


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 100), min_size=2, max_size=4),
    st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4)), min_size=1, max_size=6),
)
def test_a_local_step_gives_the_very_same_distribution(
    chances: list[int], hits: list[tuple[int, int]]
) -> None:
    """A toy sequence: strike k hits counter ``who`` for ``amount`` with its chance.
    The step reads only (strike, that counter); written as patch after local,
    ``distribution`` with the ``Local`` memo must give the same end states with
    the same floats (same order of accumulation) as stepping whole states."""
    from tactician.dice.enumerate import Local

    strikes = [(who % len(chances), amount) for who, amount in hits]
    events = [Bands(AveragedRoll(1, 100), (c,), (True, False)) for c in chances]
    start = (0, tuple(5 for _ in chances))

    def view(state: tuple[int, tuple[int, ...]]) -> tuple[int, int]:
        index, counters = state
        return (index, counters[strikes[index][0]])

    def local(part: tuple[int, int], chance: object) -> int:
        index, value = part
        who, amount = strikes[index]
        landed = chance.decide(events[who])  # type: ignore[attr-defined]
        return max(0, value - amount) if landed and value else value

    def patch(state: tuple[int, tuple[int, ...]], value: int) -> tuple[int, tuple[int, ...]]:
        index, counters = state
        who = strikes[index][0]
        return (index + 1, counters[:who] + (value,) + counters[who + 1 :])

    def step(state: tuple[int, tuple[int, ...]], chance: object) -> tuple[int, tuple[int, ...]]:
        return patch(state, local(view(state), chance))

    def done(state: tuple[int, tuple[int, ...]]) -> bool:
        return state[0] >= len(strikes)

    whole = distribution(start, step, done)
    memoized = distribution(start, step, done, local=Local(view, local, patch))
    assert list(memoized.items()) == list(whole.items())


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 100), min_size=2, max_size=4),
    st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4)), min_size=1, max_size=6),
)
def test_a_keyed_step_gives_the_very_same_distribution(
    chances: list[int], hits: list[tuple[int, int]]
) -> None:
    """The toy sequence packed into an int (strike index in the low 4 bits, each
    counter in 4 bits above): with ``Local.key`` the enumerator reads each state's
    results as differences from its key's table, and must give the same end
    states with the same floats, in the same order, as stepping whole states."""
    from tactician.dice.enumerate import Local

    strikes = [(who % len(chances), amount) for who, amount in hits]
    events = [Bands(AveragedRoll(1, 100), (c,), (True, False)) for c in chances]
    start = sum(5 << 4 * (1 + who) for who in range(len(chances)))

    def counter(state: int, who: int) -> int:
        return state >> 4 * (1 + who) & 15

    def view(state: int) -> tuple[int, int]:
        index = state & 15
        return (index, counter(state, strikes[index][0]))

    def local(part: tuple[int, int], chance: object) -> int:
        index, value = part
        who, amount = strikes[index]
        landed = chance.decide(events[who])  # type: ignore[attr-defined]
        return max(0, value - amount) if landed and value else value

    def patch(state: int, value: int) -> int:
        who = strikes[state & 15][0]
        return state + 1 + ((value - counter(state, who)) << 4 * (1 + who))

    def step(state: int, chance: object) -> int:
        return patch(state, local(view(state), chance))

    def done(state: int) -> bool:
        return state & 15 >= len(strikes)

    def key(state: int) -> tuple[int, int] | None:
        return None if done(state) else view(state)

    whole = distribution(start, step, done)
    keyed = distribution(start, step, done, local=Local(view, local, patch, key))
    assert list(keyed.items()) == list(whole.items())
