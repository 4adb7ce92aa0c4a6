"""Every spell cast, interrupted, recovered and activated (spec Piece C "Done when"), and
the targeting modifiers (004 L2676-2874)."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.insanity_roll import resolve_insanity
from tactician.rulesets.miridon.magic.activation import Target, activate_spell, target_limit
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import (
    Casting,
    CastRequest,
    activate,
    cast_spell,
    channel,
)
from tactician.rulesets.miridon.magic.interruption import damage_taken, recover_ghost_power
from tactician.rulesets.miridon.spirit_options import SpiritOptions

from .conftest import dice

ALL_FLAIRS = Caster(flairs=frozenset({
    "Explosive Spell", "Beam Spell", "Selective Gale Burst", "Flying", "Multiple Enhancement",
    "Spread Enhancement", "Weakening Possession", "Fast Gather Mist",
}))
OGRE = Target("ogre", hp=30, sdr=5, pdr=2, ghost=Ghost(10, 10))
GOBLIN = Target("goblin", hp=12, sdr=0, ghost=Ghost(5, 5))


def _full_life(comp: Compendium, spell: str, target: str, distance: int,
               element: str | None = None, modifiers: tuple[str, ...] = ()) -> Casting:
    cast = cast_spell(comp, ALL_FLAIRS, Ghost(40, 40),
                      CastRequest(spell, 3, target, distance, modifiers, element))
    casting = cast.casting
    casting, _ = damage_taken(casting, 5, ALL_FLAIRS)  # interrupted: 3 - 5 = -2
    assert casting.status == "threatened"
    casting, _ = recover_ghost_power(casting, ALL_FLAIRS, 2, 1)  # recovered to 1
    assert casting.status == "casting" and casting.spell_ghost == 1
    while casting.remaining:
        casting = channel(casting)
    return activate(casting, comp, distance)


@pytest.mark.parametrize("spell,target,distance,element", [
    ("Elemental Spell", "ogre", 30, "fire"),
    ("Health Recovery", "self", 0, None),
    ("Gale Burst", "self", 0, None),
    ("Gather Mist", "self", 0, None),
    ("Spell Barrier", "self", 0, None),
    ("Physical Barrier", "goblin", 20, None),
    ("Elemental Weapon", "self", 0, "cold"),
    ("Vampiric Weapon", "goblin", 25, None),
    ("Possession", "ogre", 50, None),
])
def test_each_spell_casts_is_interrupted_recovers_and_activates(
    comp: Compendium, spell: str, target: str, distance: int, element: str | None,
) -> None:
    casting = _full_life(comp, spell, target, distance, element)
    targets: list[Target] = {"Gale Burst": [OGRE, GOBLIN], "Gather Mist": []}.get(
        spell, [OGRE if target == "ogre" else GOBLIN])
    done = activate_spell(casting, ALL_FLAIRS, targets, dice(*[4] * 40), Ghost(40, 10), 30)
    assert done.casting.status == "activated"
    assert done.effects or done.caster_ghost is not None


def test_elemental_damage_and_insanity_check(comp: Compendium) -> None:
    casting = _full_life(comp, "Elemental Spell", "ogre", 30, "fire")
    done = activate_spell(casting, Caster(), [Target("o", hp=20, sdr=5, ghost=Ghost(20, 20))],
                          dice(*[4] * 6))
    assert done.effects[0].damage == 19
    unit, check, rolls = done.insanity[0]
    assert (unit, check.rolls, check.bonus, rolls) == ("o", True, 19, 1)


def test_explosive_one_roll_shared_or_per_target(comp: Compendium) -> None:
    casting = _full_life(comp, "Elemental Spell", "ogre", 30, "fire", ("Explosive Spell",))
    assert target_limit(casting) == (1, None)
    shared = activate_spell(casting, ALL_FLAIRS, [OGRE, GOBLIN], dice(*[2] * 6))
    assert [e.damage for e in shared.effects] == [7, 12]
    each = activate_spell(casting, ALL_FLAIRS, [OGRE, GOBLIN], dice(*[2] * 6, *[3] * 6),
                          options=SpiritOptions(area_spell_roll="per_target"))
    assert [e.damage for e in each.effects] == [7, 18]


def test_single_target_spell_refuses_two(comp: Compendium) -> None:
    casting = _full_life(comp, "Elemental Spell", "ogre", 30, "fire")
    with pytest.raises(RulesError, match="1 to 1 targets"):
        activate_spell(casting, Caster(), [OGRE, GOBLIN], dice())


def test_gale_burst_wall_and_selective(comp: Compendium) -> None:
    casting = _full_life(comp, "Gale Burst", "self", 0, None, ("Selective Gale Burst",))
    walled = Target("ogre", pdr=2, room_ft=10)
    chosen = Target("goblin", chosen_ft=5)
    done = activate_spell(casting, Caster(), [walled, chosen], dice())
    assert [(e.knockback_ft, e.damage) for e in done.effects] == [(10, 18), (5, 0)]
    plain = _full_life(comp, "Gale Burst", "self", 0)
    with pytest.raises(RulesError, match="Selective"):
        activate_spell(plain, Caster(), [chosen], dice())


def test_flying_replaces_knockback(comp: Compendium) -> None:
    casting = _full_life(comp, "Gale Burst", "self", 0, None, ("Flying",))
    done = activate_spell(casting, Caster(), [OGRE], dice())
    assert done.effects[0].flying == "Fly" and done.effects[0].knockback_ft == 0


def test_gather_mist_refills_and_fast_rolls_twice(comp: Compendium) -> None:
    casting = _full_life(comp, "Gather Mist", "self", 0, None, ("Fast Gather Mist",))
    done = activate_spell(casting, ALL_FLAIRS, [], dice(), Ghost(40, 3), caster_hp=30)
    assert done.caster_ghost is not None and done.caster_ghost.after == Ghost(40, 40)
    _, check, rolls = done.insanity[0]
    assert check.rolls and check.bonus == 10 and rolls == 2
    result = resolve_insanity(comp, check, dice(1, 1, 1, 1, 1, 2), rolls=rolls)
    assert len(result.taken) == 2
    advanced = Caster(flairs=ALL_FLAIRS.flairs | {"Advanced Fast Gather Mist"})
    assert activate_spell(casting, advanced, [], dice(), Ghost(40, 3), 30).insanity[0][2] == 1


def test_multiple_and_spread_enhancement(comp: Compendium) -> None:
    cast = cast_spell(comp, ALL_FLAIRS, Ghost(40, 40), CastRequest(
        "Spell Barrier", 3, "self", 0, ("Multiple Enhancement",), also=("Vampiric Weapon",)))
    casting = cast.casting
    while casting.remaining:
        casting = channel(casting)
    done = activate_spell(activate(casting, comp), ALL_FLAIRS, [GOBLIN], dice())
    assert done.effects[0].barriers[0].left == 30
    assert done.effects[0].enchantments[0].kind == "vampiric"
    with pytest.raises(RulesError, match="at most 2"):
        cast_spell(comp, ALL_FLAIRS, Ghost(40, 40), CastRequest(
            "Spell Barrier", 3, "self", 0, ("Multiple Enhancement",),
            also=("Vampiric Weapon", "Physical Barrier")))
    with pytest.raises(RulesError, match="needs Multiple Enhancement"):
        cast_spell(comp, ALL_FLAIRS, Ghost(40, 40),
                   CastRequest("Spell Barrier", 3, also=("Vampiric Weapon",)))
    spread = _full_life(comp, "Physical Barrier", "goblin", 20, None, ("Spread Enhancement",))
    assert target_limit(spread) == (1, 2)
    assert len(activate_spell(spread, Caster(), [OGRE, GOBLIN], dice()).effects) == 2


def test_possession_raises_target_ghost_and_checks_insanity(comp: Compendium) -> None:
    casting = _full_life(comp, "Possession", "ogre", 50, None, ("Weakening Possession",))
    ogre = Target("ogre", hp=30, strength=6, ghost=Ghost(10, 10))
    done = activate_spell(casting, ALL_FLAIRS, [ogre], dice(*[3] * 15))
    effect = done.effects[0]
    assert effect.possession is not None and effect.possession.gain == 1  # spell ghost 1
    assert effect.ghost is not None and effect.ghost.after == Ghost(11, 11)
    assert effect.possession.strength_lost == 1
    assert done.insanity[0][0] == "ogre" and not done.insanity[0][1].rolls  # 30 HP > 11
