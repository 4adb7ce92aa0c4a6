"""Veil in battle (004 L2076, L2520-2525, L3273; ruling ``veil``): a charisma contest with
the spell's Subtlety Modifier against every conscious enemy; a side every unit of which is
deceived does not see the caster while that spell is cast (``view.side_state``: it is not
in that side's board or state at all)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.verbal_actions import veiled_from
from tactician.rulesets.miridon.battle.view import board_view
from tactician.rulesets.registry import contract
from tests.miridon.battle.helpers import act, battle, unit

POSSESSION = {"type": "cast_spell", "unit": "mage", "spell": "Possession", "ghost": 2,
              "target": "ogre"}


def veiler(rank: int = 2) -> Any:
    mage = unit("mage", ghost=30, pools={"max_ghost": 40})
    return mage.model_copy(update={"profile": mage.profile.model_copy(
        update={"skills": {"Veil": rank}})})


def cast(*enemies: Any) -> Any:
    state = battle(veiler(), *(enemies or (unit("ogre", "enemy", at=(5, 0)),)))
    state, _, _ = act(state, POSSESSION)
    return state


def two_d6_at_least(offence: int, defence: int) -> float:
    faces = [a + b for a in range(1, 7) for b in range(1, 7)]
    return sum(x + offence >= y + defence for x in faces for y in faces) / len(faces) ** 2


def test_a_deceived_side_does_not_see_the_caster_while_the_spell_is_cast() -> None:
    state = cast()
    # Possession's Subtlety Modifier +10 (L3387) on top of the rank 2: 12 + 12 vs 2 + 0
    state, outcome, _ = act(state, {"type": "veil", "unit": "mage", "bonus": "yes"},
                            rolls=[6, 6, 1, 1])
    assert veiled_from(state.unit("mage")) == ["enemy"]
    miridon = contract("miridon")
    assert "mage" not in (miridon.sight(state, "enemy") or {"mage"})
    assert "mage" not in json.dumps(miridon.board_view(state, None, "enemy"))
    assert "mage" not in {u.id for u in miridon.side_state(state, "enemy").units}
    assert "mage" in json.dumps(miridon.board_view(state, None, "player"))  # its own side
    record = next(r for r in outcome.records if isinstance(r, dict) and r.get("skill") == "Veil")
    assert record["veiled_from"] == ["enemy"]
    assert record["contests"][0]["chance"] == round(100 * two_d6_at_least(12, 0))
    # cancelled (or activated), the spell is seen again
    state, _, _ = act(state, {"type": "cancel_spell", "unit": "mage"})
    assert veiled_from(state.unit("mage")) == []
    assert board_view(state)["units"][0]["hidden_from"] == []


def test_one_unit_that_sees_it_tells_its_whole_side() -> None:
    imp = unit("imp", "enemy", at=(6, 0))
    imp = imp.model_copy(update={"profile": imp.profile.model_copy(update={"skills": {"Veil": 5}})})
    state = cast(unit("ogre", "enemy", at=(5, 0)), imp)
    # both deceived: 6 + 6 + 12 against the ogre's 1 + 1 and the imp's 1 + 1 + 5
    both, _, _ = act(state, {"type": "veil", "unit": "mage", "bonus": "yes"},
                     rolls=[6, 6, 1, 1, 6, 6, 1, 1])
    assert veiled_from(both.unit("mage")) == ["enemy"]
    # the imp sees it: the mage's 1 + 1 + 12 = 14 against 6 + 6 + 5 = 17 (L1780)
    seen, outcome, _ = act(state, {"type": "veil", "unit": "mage", "bonus": "yes"},
                           rolls=[6, 6, 1, 1, 1, 1, 6, 6])
    assert veiled_from(seen.unit("mage")) == []
    assert "every side sees" in outcome.summary
    assert contract("miridon").sight(seen, "enemy") is None  # every side sees everyone


def test_the_subtlety_modifier_counts_against_a_loud_spell() -> None:
    state = battle(veiler(), unit("ogre", "enemy", at=(5, 0)))
    state, _, _ = act(state, {**POSSESSION, "spell": "Elemental Spell", "element": "fire"})
    # Elemental Spell's -10 (L3287): 2 + 2 + 2 - 10 = -4 against 1 + 1 = 2
    state, outcome, _ = act(state, {"type": "veil", "unit": "mage", "bonus": "yes"},
                            rolls=[1, 1, 1, 1])
    assert veiled_from(state.unit("mage")) == []
    assert "2d6-8" in str(outcome.records) and "sees the casting" in str(outcome.records)


def test_refusals_change_nothing() -> None:
    plain = battle(veiler(), unit("ogre", "enemy", at=(5, 0)))
    before = plain.model_dump()
    with pytest.raises(RulesError, match="casting no spell"):
        act(plain, {"type": "veil", "unit": "mage"})
    assert plain.model_dump() == before
    state = cast()
    unskilled = state.replace_units(state.unit("mage").model_copy(update={
        "profile": state.unit("mage").profile.model_copy(update={"skills": {}})}))
    with pytest.raises(RulesError, match="no rank in Veil"):
        act(unskilled, {"type": "veil", "unit": "mage"})
    with pytest.raises(RulesError, match="bonus must be yes or no"):
        act(state, {"type": "veil", "unit": "mage", "bonus": "maybe"})
    after, _, _ = act(state, {"type": "veil", "unit": "mage", "bonus": "yes"})
    with pytest.raises(RulesError, match="already taken"):
        act(after, {"type": "veil", "unit": "mage", "bonus": "yes"})
    # the next block: the Bonus Action's trigger (the Cast Spell) is gone (L2522)
    later, _, _ = act(state, {"type": "end_turn"})
    later, _, _ = act(later, {"type": "end_turn"})
    with pytest.raises(RulesError, match="Subtlety Modifier"):
        act(later, {"type": "veil", "unit": "mage", "bonus": "yes"})
    # the Verbal Action is used by the Cast Spell this block (L1590)
    with pytest.raises(RulesError, match="verbal action"):
        act(state, {"type": "veil", "unit": "mage"})
    act(later, {"type": "veil", "unit": "mage"})  # a later block's verbal action: taken


def test_battle_show_side_keeps_the_veiled_caster_from_the_deceived_side() -> None:
    state = cast()
    state, _, _ = act(state, {"type": "veil", "unit": "mage", "bonus": "yes"},
                      rolls=[6, 6, 1, 1])
    miridon = contract("miridon")
    enemy = miridon.board_view(state, None, "enemy")
    assert "mage" not in json.dumps(enemy) and "Mage" not in json.dumps(enemy)
    assert [u["id"] for u in miridon.board_view(state, None, "player")["units"]] == \
        ["mage", "ogre"]
