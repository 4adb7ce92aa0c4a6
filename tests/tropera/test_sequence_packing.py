"""Packed Sequence states (``sequence_packing``) and the AI's lazy fights (``ai_odds``).

The forecast enumerates packed ints instead of state tuples: every state must
come back as it went in, and the packed end test must agree with the rule on
tuples. The enemy AI reads a fight's first strikes without planning it: they
must be the plan's own entries.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.rulesets.tropera.ai_odds import FightOdds
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import done_test, plan_sequence
from tactician.rulesets.tropera.sequence_packing import Packing, State, packing_for, unpack_all
from tests.tropera.forecast_cases import CASES, foes, mage
from tests.tropera.units import IRON_BOW, IRON_SWORD, unit


@st.composite
def states(draw: st.DrawFn) -> tuple[Packing, State]:
    units = draw(st.integers(2, 6))
    strikes = draw(st.integers(1, 14))
    start = tuple(draw(st.lists(st.integers(1, 90), min_size=units, max_size=units)))
    targets = draw(st.integers(1, units - 1))
    packing = packing_for(units, strikes, start, targets)
    hps = tuple(draw(st.integers(0, hp)) for hp in start)
    marks = tuple(draw(st.integers(0, units << 2 | 3)) for _ in range(units))
    level = draw(st.integers(0, units))
    chain = (level, draw(st.integers(1, (1 << units) - 1)) if level else 0)
    return packing, (draw(st.integers(0, strikes)), hps, marks, chain)


@settings(max_examples=200, deadline=None)
@given(states())
def test_a_packed_state_unpacks_to_itself(case: tuple[Packing, State]) -> None:
    packing, state = case
    packed = packing.pack(state)
    assert packing.unpack(packed) == state
    assert unpack_all(packing, {packed: 0.5}) == {state: 0.5}


def test_the_packed_end_test_is_the_rule_on_tuples() -> None:
    """Every strike made, the attacker down or every target down, and no Cleave chain
    under way (000 "until all involved characters on one side have been defeated")."""
    for build in CASES.values():
        plan = build()
        done = done_test(plan)
        packing = plan.packing()
        index, hps, marks, _ = plan.start()
        for step in range(len(plan.strikes) + 1):
            for fallen in range(len(hps)):
                down = tuple(0 if i == fallen else hp for i, hp in enumerate(hps))
                for chain in ((0, 0), (1, 2)):
                    state = (step, down, marks, chain)
                    expected = chain == (0, 0) and (
                        step >= len(plan.strikes)
                        or down[0] == 0
                        or not any(down[1 : 1 + plan.targets])
                    )
                    assert done(packing.pack(state)) is expected, (state, plan.targets)


def test_the_ai_reads_a_fights_first_strikes_as_the_plan_holds_them() -> None:
    options = TroperaOptions()
    pairs = [
        (mage(), foes(1)[0], 1),
        (unit("A", skl=12, spd=9, weapon=IRON_SWORD), unit("B", weapon=IRON_BOW), 1),
        (unit("A", skl=12, spd=9, weapon=IRON_BOW), unit("B", weapon=IRON_SWORD), 2),
    ]
    for attacker, defender, distance in pairs:
        odds = FightOdds(attacker, defender, distance, options, {})
        plan = plan_sequence(attacker, [defender], distance, options)
        first = plan.table[(0, 1, -1, 0)].roll.probabilities()
        assert odds.hit == first["hit"] + first["crit"]
        if plan.counts[1]:
            back = plan.table[(1, 0, -1, 0)].roll.probabilities()
            assert odds.counter == back["hit"] + back["crit"]
        else:
            assert odds.counter == 0.0
        assert odds.figures[0] == odds.forecast.defeated(1)
