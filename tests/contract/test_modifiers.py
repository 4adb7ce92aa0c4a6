"""The shared modifier terms (``rulesets.contract.modifiers``) and the rulesets that
report them: Tropera's, fe-tabletop's and fe-classic's example fights list hit and crit terms for
both sides, and they sum to the numbers shown (``kit.check_modifiers``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.rulesets.contract import Combatant, FightRequest
from tactician.rulesets.contract.modifiers import Modifier, clamp_terms, report, total
from tactician.rulesets.registry import contract as contract_of
from tests.conformance.kit import check_modifiers


@given(st.lists(st.integers(-300, 300), max_size=8))
def test_bounded_terms_sum_to_the_bounded_number(values: list[int]) -> None:
    terms = [Modifier("hit", v, f"term {i}", "rule") for i, v in enumerate(values)]
    bounded = clamp_terms("hit", terms, 0, 100, "bound")
    assert total(bounded) == max(0, min(100, sum(values)))
    assert list(bounded[: len(terms)]) == terms  # the number's own terms come first
    assert len(bounded) == len(terms) + (0 if 0 <= sum(values) <= 100 else 1)


def test_zero_terms_are_left_out_of_the_report() -> None:
    terms = [Modifier("hit", 0, "nothing", "r"), Modifier("hit", -5, "tile", "r")]
    assert report("defender", terms) == [
        {"side": "defender", "stat": "hit", "value": -5, "source": "tile", "rule": "r"}]


@pytest.mark.parametrize("ruleset", ["tropera", "fe-tabletop", "fe-classic"])
def test_example_fights_list_hit_and_crit_terms(ruleset: str) -> None:
    contract = contract_of(ruleset)
    for fight in contract.examples().fights:
        request = FightRequest(ruleset, Combatant(fight.attacker),
                               (Combatant(fight.defender),), fight.distance, fight.options)
        forecast = contract.forecast(contract.plan_fight(request))
        terms = forecast["modifiers"]
        assert {(t["side"], t["stat"]) for t in terms} >= {("attacker", "hit")}, fight
        check_modifiers(forecast, str(fight.attacker))


def test_a_term_is_a_frozen_value_whatever_builds_it() -> None:
    """``Modifier`` is a ``NamedTuple`` (cheap to define and to build): equal by
    value, hashable, printed by field, copied with a change, never changed."""
    term = Modifier("hit", 15, "weapon triangle", "000 L182")
    same = Modifier(stat="hit", value=15, source="weapon triangle", rule="000 L182")
    assert term == same and hash(term) == hash(same) and term != Modifier("hit", 14, "x", "y")
    assert (term.stat, term.value, term.source, term.rule) == ("hit", 15, "weapon triangle",
                                                               "000 L182")
    assert repr(term) == "Modifier(stat='hit', value=15, source='weapon triangle', rule='000 L182')"
    assert term._asdict() == {"stat": "hit", "value": 15, "source": "weapon triangle",
                              "rule": "000 L182"}
    assert term._replace(value=-5).value == -5 and term.value == 15
    with pytest.raises(AttributeError):
        term.value = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        Modifier("hit", 15, "weapon triangle")  # type: ignore[call-arg]
