"""``ai.best_of``'s cut chooses exactly what ranking every candidate chooses.

``best_of`` weighs fights best bound first and stops once a bound is below the
best score found (an Army's counters are never worked out for fights that cannot
win), and reads tie-break forecasts only when two fights tie. Its choice must be
``ranked``'s first, ties included, on any battle: here many random small ones of
every tier (Shade and Provoke in some), each decision checked against the full
ranking, then whole phases played with the cut and without it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.source import SeededDice
from tactician.rulesets.tropera import ai
from tactician.rulesets.tropera.ai import Candidate, Scorer, best_of, rank_key, score
from tactician.rulesets.tropera.battle_actions import apply
from tactician.rulesets.tropera.options import TroperaOptions
from tests.tropera.ai_scenarios import build, play

battles = st.fixed_dictionaries(
    {
        "enemies": st.integers(2, 10),
        "players": st.integers(1, 6),
        "size": st.integers(10, 16),
        "seed": st.integers(0, 10_000),
        "tier": st.sampled_from(["mob", "army", "elite", "mixed"]),
        "tricks": st.booleans(),
    }
)


def uncut(found: list[Candidate]) -> Candidate:
    """The first of every candidate ranked, every score and tie-break figure read."""
    return sorted(found, key=rank_key)[0]


def decisions(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """Every decision of the battle's enemy phase (``ai_scenarios.play``, stopping
    where a small battle ends: the last player unit falls)."""
    state, scorer = build(**setup), Scorer(TroperaOptions())
    out: list[dict[str, Any]] = []
    actions = 0
    while state.result == "ongoing" and (decision := ai.next_decision(state, scorer)):
        out.append(decision.describe(3))
        for action in decision.actions:
            state, _ = apply(state, action, SeededDice(actions))
            actions += 1
    return out


@settings(max_examples=60, deadline=None)
@given(battles)
def test_the_cut_chooses_the_first_of_the_full_ranking(setup: dict[str, Any]) -> None:
    state = build(**setup)
    scorer = Scorer(TroperaOptions())
    for unit in ai.turn_order(state):
        found = ai.unshaded(state, ai._scored(state, unit, scorer, ai.reach(state, unit)))
        if found:
            # fresh fights for the full ranking, so neither side reads what the other worked out
            fresh = ai.unshaded(
                state, ai._scored(state, unit, Scorer(TroperaOptions()), ai.reach(state, unit))
            )
            chosen, expected = best_of(found), uncut(fresh)
            assert (chosen.tile, chosen.target, chosen.weapon) == (
                expected.tile, expected.target, expected.weapon
            )
            assert chosen.score == expected.score == max(score(c.tier, c.odds) for c in fresh)


@settings(max_examples=25, deadline=None)
@given(battles)
def test_whole_phases_decide_alike_with_and_without_the_cut(setup: dict[str, Any]) -> None:
    with_cut = decisions(setup)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(ai, "best_of", uncut)
        without = decisions(setup)
    assert with_cut == without


def test_an_army_scores_below_its_bound_and_the_cut_skips_its_counters() -> None:
    """The bound the cut relies on (an Army's score is at most its hit), and the
    saving it is for: some fights of a phase never work their counter out."""
    state = build(20, 8, 20, 5, "army")
    scorer = Scorer(TroperaOptions())
    play(state, scorer)
    fights = list(scorer._fights.values())
    assert any(f._counter is None for f in fights)  # before the scores below read them all
    assert fights and all(score("army", f) <= ai.score_bound("army", f) for f in fights)
