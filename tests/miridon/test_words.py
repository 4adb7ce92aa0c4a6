"""The indefinite article in Miridon's refusals (issue 24 item 11: "a aimed attack")."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.words import article
from tests.miridon.battle.helpers import act, battle, unit


@pytest.mark.parametrize(("word", "expected"), [
    ("aimed", "an aimed"), ("melee", "a melee"), ("8", "an 8"), ("80", "an 80"),
    ("11", "an 11"), ("18", "an 18"), ("1", "a 1"), ("15", "a 15"), ("110", "a 110"),
    ("11000", "an 11000"), ("Unarmed attack", "an Unarmed attack")])
def test_article_by_the_first_sound(word: str, expected: str) -> None:
    assert article(word) == expected


def test_an_aimed_attack_with_a_sword_is_refused_in_good_english() -> None:
    state = battle(unit("a"), unit("b", "enemy", at=(1, 0)))
    with pytest.raises(RulesError, match="^an aimed attack needs a pistol"):
        act(state, {"type": "attack", "unit": "a", "target": "b", "kind": "aimed"})
