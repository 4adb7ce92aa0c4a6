"""The spell-modifier tiers (issue 26's coverage map): Advanced / Greater Multiple
Enhancement cast three / four enhancement spells at once (L2788-2826); Advanced / Greater
Spread Enhancement reach three / four targets (L2836-2874). Both go through the one
casting and activation procedure the battle, the forecast and the AI use."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.magic.activation import activate_spell, target_limit
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import CastRequest, activate, cast_spell, channel

from .conftest import dice
from .test_activation import GOBLIN, OGRE

TIERS = Caster(flairs=frozenset({
    "Multiple Enhancement", "Advanced Multiple Enhancement", "Greater Multiple Enhancement",
    "Spread Enhancement", "Advanced Spread Enhancement", "Greater Spread Enhancement"}))


def _cast(comp: Compendium, modifier: str, also: tuple[str, ...]):  # type: ignore[no-untyped-def]
    return cast_spell(comp, TIERS, Ghost(60, 60), CastRequest(
        "Spell Barrier", 3, "self", 0, (modifier,), also=also))


def test_l2802_l2816_multiple_enhancement_tiers_cast_three_and_four(comp: Compendium) -> None:
    three = ("Vampiric Weapon", "Physical Barrier")
    four = (*three, "Elemental Weapon")
    with pytest.raises(RulesError, match="at most 2"):
        _cast(comp, "Multiple Enhancement", three)
    casting = _cast(comp, "Advanced Multiple Enhancement", three).casting
    with pytest.raises(RulesError, match="at most 3"):
        _cast(comp, "Advanced Multiple Enhancement", four)
    assert _cast(comp, "Greater Multiple Enhancement", four).casting.also == four
    while casting.remaining:
        casting = channel(casting)
    done = activate_spell(activate(casting, comp), TIERS, [GOBLIN], dice())
    assert len(done.effects[0].barriers) == 2 and done.effects[0].enchantments


def test_l2842_l2854_spread_enhancement_tiers_reach_three_and_four(comp: Compendium) -> None:
    for modifier, reach in (("Spread Enhancement", 2), ("Advanced Spread Enhancement", 3),
                            ("Greater Spread Enhancement", 4)):
        casting = cast_spell(comp, TIERS, Ghost(60, 60), CastRequest(
            "Physical Barrier", 3, "goblin", 20, (modifier,))).casting
        while casting.remaining:
            casting = channel(casting)
        spread = activate(casting, comp, 20)
        assert target_limit(spread) == (1, reach)
        three = [OGRE, GOBLIN, replace(OGRE, id="troll")]
        assert len(activate_spell(spread, TIERS, three[:reach], dice()).effects) == min(3, reach)
