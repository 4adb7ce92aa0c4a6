"""The plain dict enumeration (``plain_forecast``, ``bench_forecast``'s baseline,
issue 28) and the project's forecast give the same distribution."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.rulesets.tropera.sequence import forecast, plan_sequence
from tests.tropera.forecast_cases import BRAVE, KILLER_AXE, hard
from tests.tropera.plain_forecast import hp_pairs, plain_forecast, same_distribution
from tests.tropera.units import IRON_AXE, IRON_LANCE, IRON_SWORD, unit


def test_the_hard_fight_has_the_same_distribution_both_ways() -> None:
    plan = hard()
    plain, ours = plain_forecast(plan), hp_pairs(forecast(plan))
    assert len(plain) == 24  # the 31 end states, those ending at different strikes summed
    assert same_distribution(plain, ours)
    assert abs(sum(plain.values()) - 1.0) < 1e-12


def test_a_wrong_damage_is_told_apart() -> None:
    """The check is not vacuous: one point more of damage changes the distribution."""
    plan = hard()
    numbers = plan.table[(0, 1, -1, 0)]
    worse = plan._replace(table={**plan.table, (0, 1, -1, 0): numbers._replace(
        damage=numbers.damage + 1)})
    assert not same_distribution(plain_forecast(worse), hp_pairs(forecast(plan)))


WEAPONS = [IRON_SWORD, IRON_LANCE, IRON_AXE, BRAVE, KILLER_AXE]


@settings(max_examples=60, deadline=None)
@given(
    st.tuples(*[st.integers(1, 60)] * 2),
    st.lists(st.integers(0, 20), min_size=10, max_size=10),
    st.sampled_from(WEAPONS),
    st.sampled_from(WEAPONS),
)
def test_featless_duels_agree(
    hps: tuple[int, int], stats: list[int], weapon_a: object, weapon_d: object
) -> None:
    """Any one-on-one fight of units without feats: the same end states and chances."""
    a = unit("A", hp=hps[0], str_=stats[0], skl=stats[1], spd=stats[2], lck=stats[3],
             def_=stats[4], weapon=weapon_a)  # type: ignore[arg-type]
    d = unit("D", hp=hps[1], str_=stats[5], skl=stats[6], spd=stats[7], lck=stats[8],
             def_=stats[9], weapon=weapon_d)  # type: ignore[arg-type]
    plan = plan_sequence(a, [d])
    assert same_distribution(plain_forecast(plan), hp_pairs(forecast(plan)))
