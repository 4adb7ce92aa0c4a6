"""Spells in a Miridon battle: cast, channel, drained by a hit, recovered, activated, and
the insanity check after damage (spec Piece C "Done when")."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of
from tests.miridon.battle.helpers import act, battle, unit


def mage_battle(ghost: int = 30, **enemy: object) -> object:
    return battle(unit("mage", ghost=ghost, pools={"max_ghost": 40}),
                  unit("ogre", "enemy", at=(5, 0), **enemy))  # 25 ft apart


def test_cast_channel_activate_over_three_blocks() -> None:
    state = mage_battle()
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                              "ghost": 10, "target": "ogre", "element": "fire"})
    mage = state.unit("mage")
    assert (mage.strength, mage.speed, mage.ghost) == (5, 9, 20)  # 5/1, L3247
    assert mage.stance == "Spell Casting Stance"
    for block in range(3):
        state, _, _ = act(state, {"type": "channel_spell", "unit": "mage"})
        if block < 2:
            state, _, _ = act(state, {"type": "end_turn"})
            state, _, _ = act(state, {"type": "end_turn"})
    assert state.block == 3 and casting_of(state.unit("mage")).remaining == 0  # type: ignore[union-attr]
    state, outcome, draws = act(state, {"type": "activate_spell", "unit": "mage"},
                                rolls=[4] * 6)
    assert state.unit("ogre").hp == 40 - 24
    assert casting_of(state.unit("mage")) is None
    assert state.unit("mage").stance == "No Stance"
    assert len(draws) == 6


def test_refusals_change_nothing() -> None:
    state = mage_battle()
    before = state.model_dump()
    with pytest.raises(RulesError, match="cannot invest 31"):
        act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                    "ghost": 31, "target": "ogre", "element": "fire"})
    with pytest.raises(RulesError, match="not casting"):
        act(state, {"type": "channel_spell", "unit": "mage"})
    assert state.model_dump() == before


def test_hit_drains_the_spell_and_recover_saves_it() -> None:
    state = battle(unit("mage", ghost=30, pools={"max_ghost": 40}),
                   unit("ogre", "enemy", at=(1, 0), facing="w"))
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                              "ghost": 2, "target": "ogre", "element": "fire"})
    state, _, _ = act(state, {"type": "end_turn"})
    # the ogre hits the mage (seeded until a hit lands)
    for seed in range(1, 60):
        after, outcome, _ = act(state, {"type": "attack", "unit": "ogre", "target": "mage",
                                        "dodge": "no", "block": "none"}, seed=seed)
        dealt = 40 - after.unit("mage").hp
        if dealt >= 3:
            break
    else:  # pragma: no cover
        pytest.fail("no seed hit for 3 or more")
    spell = casting_of(after.unit("mage"))
    assert spell is not None and spell.spell_ghost == 2 - dealt and spell.status == "threatened"
    need = 1 - spell.spell_ghost
    saved, _, _ = act(after, {"type": "recover_ghost_power", "unit": "mage", "strength": need,
                              "speed": 0})
    assert casting_of(saved.unit("mage")).spell_ghost == 1  # type: ignore[union-attr]
    lapsed, _, _ = act(after, {"type": "let_spell_lapse", "unit": "mage"})
    assert casting_of(lapsed.unit("mage")) is None
    # any other next action cancels it first (L2509)
    moved_on, outcome, _ = act(after, {"type": "end_turn"})
    assert casting_of(moved_on.unit("mage")) is None
    assert "no Recover Ghost Power" in str(outcome.records)


def test_insanity_check_after_damage_is_rolled_and_logged() -> None:
    """A ghost-heavy ogre (ghost 45 > HP 40) hit by an Elemental Spell rolls insanity."""
    state = battle(unit("mage", ghost=30, pools={"max_ghost": 40}, speed=20),
                   unit("ogre", "enemy", at=(5, 0), ghost=45))
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                              "ghost": 10, "target": "ogre", "element": "cold",
                              "modifiers": "Shorten Spell 2"})
    state, _, _ = act(state, {"type": "channel_spell", "unit": "mage"})
    # 6d6 of 1s: 6 damage -> HP 34, ghost 45: roll 11 + 3d6 (1,1,1) = 14: Minor Insanity 1d6
    state, outcome, _ = act(state, {"type": "activate_spell", "unit": "mage"},
                            rolls=[1] * 6 + [1, 1, 1] + [3])
    ogre = state.unit("ogre")
    assert ogre.hp == 34
    assert any(c.name == "insanity: Minor Insanity" for c in ogre.conditions)
    text = str(outcome.records)
    assert "insanity" in text and "Minor Insanity" in text


def _adjacent(**ogre: object) -> object:
    state = battle(unit("mage", ghost=30, pools={"max_ghost": 40}),
                   unit("ogre", "enemy", at=(1, 0), facing="w", **ogre))
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                              "ghost": 20, "target": "ogre", "element": "fire"})
    state, _, _ = act(state, {"type": "end_turn"})
    return state


def test_l3259_a_dodge_while_casting_drains_its_cost() -> None:
    state = _adjacent()
    after, _, _ = act(state, {"type": "attack", "unit": "ogre", "target": "mage",
                              "dodge": "yes", "block": "none"}, seed=3)
    dealt = 40 - after.unit("mage").hp
    spell = casting_of(after.unit("mage"))
    assert spell is not None and spell.spell_ghost == 20 - 1 - dealt  # Dodge 0/1


def test_l938_cancelling_critical_hit_on_the_caster() -> None:
    state = _adjacent(flairs=("Disrupting Critical Hit", "Cancelling Critical Hit"))
    for seed in range(1, 400):
        after, outcome, _ = act(state, {"type": "attack", "unit": "ogre", "target": "mage",
                                        "dodge": "no", "block": "none"}, seed=seed)
        if "'outcome': 'crit'" in str(outcome.records):
            break
    else:  # pragma: no cover
        pytest.fail("no seed gave a critical hit")
    assert casting_of(after.unit("mage")) is None
    assert after.unit("mage").stance == "No Stance"
    assert "cancelled by the critical hit" in str(outcome.records)
