"""A test's target as the forecast panel lists it (``modifiers.target_terms``): the
skill, then each penalty with its line of 003, summing to the target the dice are
rolled against (``target_number``), for the attack and the defence alike."""

from __future__ import annotations

import pytest

from tactician.rulesets.uesrpg.battle_combat import matchup
from tactician.rulesets.uesrpg.modifiers import RULES
from tactician.rulesets.uesrpg.state import Condition
from tests.uesrpg.test_side_view import UESRPG, _ambush


@pytest.mark.parametrize("name", ["Prone", "Entangled", "Blinded"])
def test_each_penalty_is_a_term_with_its_003_line(name: str) -> None:
    state = _ambush()
    rules = UESRPG.battle_rules([])
    aela, bandit = state.unit("aela"), state.unit("bandit-1")
    hurt = aela.model_copy(update={"conditions": (*aela.conditions, Condition(name))})
    plain = matchup(state, aela, bandit, rules).odds.plan
    plan = matchup(state.replace_units(hurt), hurt, bandit, rules).odds.plan
    terms = {t.source: t for t in plan.attack_terms}
    assert terms[name].rule == RULES[name] and terms[name].value < 0
    assert sum(t.value for t in plan.attack_terms) == plan.attack_test.target
    assert plan.attack_test.target == plain.attack_test.target + terms[name].value
    if plan.defence_test is not None:
        assert sum(t.value for t in plan.defence_terms) == plan.defence_test.target
