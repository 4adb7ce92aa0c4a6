"""Teleport, Echo Spell and Dragon Breath in battle (004 L1974-1988, L2104-2116,
L1390-1404): spec Piece C test 13 in a battle."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of
from tests.miridon.battle.helpers import act, battle, unit


def test_teleport_costs_a_ghost_per_foot() -> None:
    state = battle(unit("ghost", ghost=15, specials={"Teleport": 3}),
                   unit("ogre", "enemy", at=(8, 4)))
    after, _, _ = act(state, {"type": "teleport", "unit": "ghost", "to": [3, 0], "face": "s"})
    moved = after.unit("ghost")
    assert (moved.position, moved.ghost, moved.facing) == ((3, 0), 0, "s")
    short = battle(unit("ghost", ghost=14, specials={"Teleport": 3}),
                   unit("ogre", "enemy", at=(8, 4)))
    with pytest.raises(RulesError, match="costs 15"):
        act(short, {"type": "teleport", "unit": "ghost", "to": [3, 0]})
    low = battle(unit("ghost", ghost=30, specials={"Teleport": 2}),
                 unit("ogre", "enemy", at=(8, 4)))
    with pytest.raises(RulesError, match="reaches 10 ft"):
        act(low, {"type": "teleport", "unit": "ghost", "to": [3, 0]})


def test_echo_spell_after_activation() -> None:
    state = battle(unit("mage", ghost=30, pools={"max_ghost": 40}, speed=20, strength=20),
                   unit("ogre", "enemy", at=(5, 0)))
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                              "ghost": 7, "target": "ogre", "element": "cold",
                              "modifiers": "Shorten Spell 2"})
    with pytest.raises(RulesError, match="needs a spell activated"):
        act(state, {"type": "echo_spell", "unit": "mage"})
    state, _, _ = act(state, {"type": "channel_spell", "unit": "mage"})
    state, _, _ = act(state, {"type": "activate_spell", "unit": "mage"}, rolls=[3] * 6)
    with pytest.raises(RulesError, match="verbal"):  # Cast Spell took the verbal action
        act(state, {"type": "echo_spell", "unit": "mage"})
    fresh = state.replace_units(state.unit("mage").model_copy(update={"slots": ()}))
    echoed, _, _ = act(fresh, {"type": "echo_spell", "unit": "mage"})
    spell = casting_of(echoed.unit("mage"))
    assert spell is not None and (spell.spell, spell.spell_ghost, spell.remaining) == (
        "Elemental Spell", 7, 3)
    assert echoed.unit("mage").ghost == 30 - 7 - 7


def test_dragon_breath_element_and_sdr() -> None:
    dragon = unit("wyrm", flairs=("Dragon Elemental Affinity", "Dragon Breath"), speed=4,
                  pools={"dragon_affinity": 3})
    state = battle(dragon, unit("ogre", "enemy", at=(4, 0), sdr=2))
    after, outcome, _ = act(state, {"type": "dragon_breath", "unit": "wyrm", "target": "ogre"},
                            rolls=[5, 5, 5, 5])
    assert after.unit("ogre").hp == 40 - (20 - 2)
    assert "breathes fire" in outcome.summary
    far = battle(dragon, unit("ogre", "enemy", at=(7, 0)))
    with pytest.raises(RulesError, match="reaches 30 ft"):
        act(far, {"type": "dragon_breath", "unit": "wyrm", "target": "ogre"})
