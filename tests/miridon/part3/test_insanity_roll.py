"""The insanity check and roll (004 L3009-3139): spec Piece C tests 1-3."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.errors import NeedRoll, RulesError
from tactician.rulesets.miridon.compendium import Compendium, load_compendium
from tactician.rulesets.miridon.insanity_roll import (
    InsanityState,
    Taken,
    effect_probabilities,
    insanity_check,
    insanity_distribution,
    insanity_step,
    resolve_insanity,
    start_state,
)
from tactician.rulesets.miridon.spirit_options import SpiritOptions

from .conftest import dice, seeded


def test_l3035_ghost_30_hp_20() -> None:
    """Ghost 30, HP 20: it rolls, 10 + 3d6 (13-28)."""
    check = insanity_check(current_hp=20, current_ghost=30)
    assert check.rolls and check.bonus == 10 and check.effective_hp == 20


def test_first_lookup_stun_at_18(comp: Compendium) -> None:
    """P(the first lookup is Stun (1) at 18) = P(3d6 = 8) = 7/72, and rolls span 13..28."""
    state = start_state(10)
    from tactician.dice.enumerate import branches

    first: dict[int, float] = {}
    for result, p in branches(state, lambda s, c: _first_roll(comp, s, c)):
        first[result] = first.get(result, 0.0) + p
    assert min(first) == 13 and max(first) == 28
    assert first[18] == pytest.approx(7 / 72, abs=1e-12)


def _first_roll(comp: Compendium, state: InsanityState, chance: object) -> int:
    from tactician.rulesets.miridon.insanity_roll import THREE_D6

    return state.base + chance.decide(THREE_D6)  # type: ignore[attr-defined]


def test_resist_insanity_raises_effective_hp() -> None:
    """L386 / L3039: Resist Insanity 1 -> effective HP 30 against ghost 30: no roll."""
    check = insanity_check(current_hp=20, current_ghost=30, resist_rank=1)
    assert check.effective_hp == 30 and not check.rolls


def test_equal_hp_and_ghost_does_not_roll() -> None:
    """L3015 "less than" (C11): HP equal to the ghost does not roll."""
    assert not insanity_check(25, 25).rolls
    assert insanity_check(24, 25).rolls


def test_no_roll_no_effect(comp: Compendium) -> None:
    result = resolve_insanity(comp, insanity_check(30, 10), dice())
    assert result.taken == () and result.lookups == ()


def test_table_chain_exact_for_bonus_1(comp: Compendium) -> None:
    """Spec Piece C test 2 (derived, exact): ghost - HP = 1."""
    marginal = effect_probabilities(insanity_distribution(comp, 1))
    assert marginal["Phobia"] == pytest.approx(431 / 2592, abs=1e-12)
    assert marginal["Minor Insanity"] == pytest.approx(509 / 5184, abs=1e-12)
    assert marginal["None"] == pytest.approx(0.5608, abs=5e-5)


@settings(max_examples=8, deadline=None)
@given(st.integers(-5, 105))
def test_distribution_sums_to_one(bonus: int) -> None:
    outcomes = insanity_distribution(load_compendium(), bonus)
    assert math.isclose(sum(outcomes.values()), 1.0, abs_tol=1e-9)
    assert all(p > 0 for p in outcomes.values())


def test_l3146_increase_roll(comp: Compendium) -> None:
    """"Add [Severity] to the current [Insanity] roll. Take the new effects.": a roll of 15
    (1d6 increase) with a 4 ends at 19, Mutant Transformation."""
    result = resolve_insanity(comp, insanity_check(0, 12), dice(1, 1, 1, 4))
    assert [look.roll for look in result.lookups] == [15, 19]
    assert result.taken == (Taken("Mutant Transformation", None),)


def test_l3232_mist_form_rolls_65_plus_3d6(comp: Compendium) -> None:
    """Mist Form (1) at 79 takes a second result rolled as 65 + 3d6 (6 -> 71, Vanity)."""
    result = resolve_insanity(comp, insanity_check(0, 76), dice(1, 1, 1, 2, 2, 2))
    assert result.taken == (Taken("Mist Form", "1"), Taken("Vanity Transformation", None))
    assert [(look.roll, look.cause) for look in result.lookups] == [(79, "3d6"), (71, "mist form")]


def test_mist_form_2_rolls_75_plus_3d6(comp: Compendium) -> None:
    result = resolve_insanity(comp, insanity_check(0, 86), dice(1, 1, 1, 1, 1, 2, 1, 1, 1))
    assert result.taken == (
        Taken("Mist Form", "2"), Taken("Mist Form", "1"), Taken("Unconscious", "2d6"),
    )
    assert [look.roll for look in result.lookups] == [89, 79, 68]  # 75 + 4, then 65 + 3


def test_mist_form_chain_is_bounded(comp: Compendium) -> None:
    """``mist_form_rerolls``: after that many nested rolls a Mist Form rolls no more."""
    options = SpiritOptions(mist_form_rerolls=2)
    result = resolve_insanity(comp, insanity_check(0, 65), dice(*[4, 5, 5] * 3), options=options)
    assert result.taken == (Taken("Mist Form", "1"),) * 3


def test_fast_gather_mist_two_rolls(comp: Compendium) -> None:
    """L2955: "2 [Insanity Rolls] must be made. The caster takes the effects of both"."""
    result = resolve_insanity(comp, insanity_check(0, 15), dice(1, 1, 1, 1, 1, 2), rolls=2)
    assert result.taken == (Taken("Stun", "1"), Taken("Mutant Transformation", None))


def test_fast_gather_mist_second_roll_after_a_mist_form_chain(comp: Compendium) -> None:
    """L2955's second roll starts again from the check's own bonus, even when the first one
    went down a Mist Form chain (L3232: 65 + 3d6 replaces the roll's base)."""
    result = resolve_insanity(
        comp, insanity_check(0, 65), dice(4, 5, 5, 1, 1, 1, 1, 1, 1), rolls=2
    )
    assert [look.roll for look in result.lookups] == [79, 68, 68]  # 65 + 14; 65 + 3; 65 + 3
    assert result.taken == (
        Taken("Mist Form", "1"), Taken("Unconscious", "2d6"), Taken("Unconscious", "2d6"),
    )
    outcomes = insanity_distribution(comp, 65, rolls=2)
    assert math.isclose(sum(outcomes.values()), 1.0)
    assert result.taken in outcomes


def test_two_rolls_product_is_the_enumerated_procedure(comp: Compendium) -> None:
    """The product form gives exactly what enumerating both rolls through ``insanity_step``
    gives (bonus -4: 4 outcomes a roll, small enough to enumerate the whole two-roll
    procedure; from bonus -3 up a roll has 430 and the joint enumeration takes minutes)."""
    from tactician.dice.enumerate import distribution

    final = distribution(start_state(-4, 2), lambda s, c: insanity_step(comp, s, c),
                         lambda s: s.done)
    enumerated: dict[tuple[Taken, ...], float] = {}
    for state, p in final.items():
        enumerated[state.taken] = enumerated.get(state.taken, 0.0) + p
    product = insanity_distribution(comp, -4, rolls=2)
    assert len(product) == 16
    assert product.keys() == enumerated.keys()
    assert all(math.isclose(product[k], enumerated[k], abs_tol=1e-12) for k in product)


def test_two_rolls_exact_agrees_with_seeded_simulation(comp: Compendium) -> None:
    """The two-roll distribution (a product of independent rolls) against seeded play of
    ``resolve_insanity(..., rolls=2)``, which runs both rolls through ``insanity_step``."""
    exact = insanity_distribution(comp, 65, rolls=2)
    firsts: dict[str, float] = {}
    for taken, p in exact.items():
        firsts[taken[0].effect] = firsts.get(taken[0].effect, 0.0) + p
    counts_all: Counter[str] = Counter()
    counts_first: Counter[str] = Counter()
    trials = 4000
    for seed in range(trials):
        taken = resolve_insanity(comp, insanity_check(0, 65), seeded(seed), rolls=2).taken
        assert taken in exact
        counts_all.update({t.effect for t in taken})
        counts_first[taken[0].effect] += 1
    for table, counts in ((effect_probabilities(exact), counts_all), (firsts, counts_first)):
        for effect, p in table.items():
            sigma = math.sqrt(p * (1 - p) / trials)
            assert abs(counts[effect] / trials - p) <= 4.5 * sigma + 1e-3, effect


def test_row_48_severity_is_an_option(comp: Compendium) -> None:
    """C50: row 48 prints no severity; ``insanity_row48_severity`` supplies it."""
    assert resolve_insanity(comp, insanity_check(0, 45), dice(1, 1, 1)).taken == (
        Taken("Unconscious", "1"),
    )
    options = SpiritOptions(insanity_row48_severity=3)
    taken = resolve_insanity(comp, insanity_check(0, 45), dice(1, 1, 1), options=options).taken
    assert taken == (Taken("Unconscious", "3"),)


def test_every_row_can_occur_and_is_logged(comp: Compendium) -> None:
    """Every one of the 91 rows is the first lookup of some roll, logged with its effect."""
    for row in comp.insanity_table.values():
        roll = row.roll_min if row.roll_min is not None else row.roll_max
        assert roll is not None
        result = resolve_insanity(comp, insanity_check(0, roll - 3), dice(*[1] * 60))
        assert (result.lookups[0].row, result.lookups[0].effect) == (row.name, row.effect)


def test_every_effect_has_positive_probability(comp: Compendium) -> None:
    """Across the rolls the table can see, each of the 17 final effects has P > 0."""
    seen: set[str] = set()
    for bonus in (0, 20, 40, 60, 80):
        seen |= {name for name, p in effect_probabilities(
            insanity_distribution(comp, bonus)).items() if p > 0}
    effects = {e.name for e in comp.insanity_effects.values()} - {"Increase Roll"}
    assert seen == effects and len(effects) == 17


@pytest.mark.parametrize("bonus", [1, 40])
def test_exact_agrees_with_seeded_simulation(comp: Compendium, bonus: int) -> None:
    exact = effect_probabilities(insanity_distribution(comp, bonus))
    trials = 6000
    counts: Counter[str] = Counter()
    for seed in range(trials):
        taken = resolve_insanity(comp, insanity_check(0, bonus), seeded(seed)).taken
        counts.update({t.effect for t in taken})
    for effect, p in exact.items():
        sigma = math.sqrt(p * (1 - p) / trials)
        assert abs(counts[effect] / trials - p) <= 4.5 * sigma + 1e-3, effect


def test_step_is_the_resolution(comp: Compendium) -> None:
    """The enumerated step and the played step are one function: the distribution's states
    are exactly those seeded play reaches."""
    exact = insanity_distribution(comp, 20)
    for seed in range(200):
        taken = resolve_insanity(comp, insanity_check(0, 20), seeded(seed)).taken
        assert taken in exact


def test_bad_inputs() -> None:
    with pytest.raises(RulesError, match="Resist Insanity"):
        insanity_check(10, 20, resist_rank=-1)
    with pytest.raises(RulesError, match="1 or more rolls"):
        start_state(0, rolls=0)


def test_step_needs_dice(comp: Compendium) -> None:
    with pytest.raises(NeedRoll):
        insanity_step(comp, start_state(5), dice(1, 1))
