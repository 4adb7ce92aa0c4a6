"""Spell casting modifiers (004 L2650-2955): fit, flair, exclusions, costs, cast time."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import spell_of
from tactician.rulesets.miridon.magic.modifiers import cast_time, check_modifiers, total_cost


def owner(*flairs: str) -> Caster:
    return Caster(flairs=frozenset(flairs))


def test_all_21_modifiers_join_some_spell(comp: Compendium) -> None:
    assert len(comp.spell_modifiers) == 21
    for modifier in comp.spell_modifiers.values():
        spell = spell_of(comp, (modifier.spells or ("Elemental Spell",))[0])
        flairs = (modifier.requires_flair,) if modifier.requires_flair else ()
        chosen = check_modifiers(comp, spell, (modifier.name,), owner(*flairs))
        assert chosen[0].name == modifier.name


def test_flair_required(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="needs the flair Beam Spell"):
        check_modifiers(comp, spell_of(comp, "Elemental Spell"), ("Beam Spell",), Caster())


def test_wrong_spell_and_exclusions(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="fits Gale Burst"):
        check_modifiers(comp, spell_of(comp, "Elemental Spell"), ("Flying",), owner("Flying"))
    with pytest.raises(RulesError, match="cannot join"):
        check_modifiers(comp, spell_of(comp, "Elemental Spell"),
                        ("Shorten Spell 1", "Shorten Spell 2"), Caster())
    with pytest.raises(RulesError, match="cannot join"):
        check_modifiers(comp, spell_of(comp, "Possession"),
                        ("Weakening Possession", "Slowing Possession"),
                        owner("Weakening Possession", "Slowing Possession"))
    with pytest.raises(RulesError, match="twice"):
        check_modifiers(comp, spell_of(comp, "Gale Burst"), ("Shorten Spell 1",) * 2, Caster())


def test_cast_times(comp: Compendium) -> None:
    """Shorten 1/2 (L2656, L2668), Fast Gather Mist (L2953), Eldritch Blast (L1458)."""
    elemental = spell_of(comp, "Elemental Spell")
    one = check_modifiers(comp, elemental, ("Shorten Spell 1",), Caster())
    assert cast_time(elemental, one, Caster()) == 2
    assert total_cost(one, Caster()).speed == 5
    gather = spell_of(comp, "Gather Mist")
    both = check_modifiers(comp, gather, ("Fast Gather Mist", "Shorten Spell 2"),
                           owner("Fast Gather Mist"))
    assert cast_time(gather, both, Caster()) == 0  # 2 - 1 - 2, floored at 0
    possession = spell_of(comp, "Possession")
    assert cast_time(possession, (), Caster()) == 3
    assert cast_time(possession, (), owner("Eldritch Blast")) == 0
