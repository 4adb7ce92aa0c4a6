"""The 18 insanity effects as conditions (004 L3141-3241): spec Piece C test 4 and more."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity_conditions import (
    EFFECTS,
    Mind,
    apply_effect,
    charisma_defence_penalty,
    end_block,
    may_cast,
    may_restore,
    possessed_by_ghosts,
)
from tactician.rulesets.miridon.insanity_roll import Taken
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting

from .conftest import dice

MIND = Mind(current_strength=9, current_speed=7)


def casting(spell: str = "Elemental Spell", ghost: int = 10) -> Casting:
    return Casting(spell, (), ghost, 2, "goblin", 60, element="fire")


def test_the_seventeen_effects_are_every_table_effect(comp: Compendium) -> None:
    effects = {e.name for e in comp.insanity_effects.values()} - {"Increase Roll"}
    assert set(EFFECTS) == effects


def test_l3182_stun_1_halves_rounding_down() -> None:
    mind, applied = apply_effect(MIND, Taken("Stun", "1"), dice())
    assert (mind.current_speed, mind.current_strength) == (3, 4)
    assert applied.severity == 1


def test_l3184_stun_2_zeroes() -> None:
    mind, _ = apply_effect(MIND, Taken("Stun", "2"), dice())
    assert (mind.current_speed, mind.current_strength) == (0, 0) and may_restore(mind)


def test_l3186_stun_3_bars_restore_this_block_and_the_next_1d6() -> None:
    mind, applied = apply_effect(MIND, Taken("Stun", "3"), dice(2))
    assert (mind.current_speed, mind.current_strength) == (0, 0)
    assert applied.extra == 2
    for _ in range(3):  # the current block and the next 2
        assert not may_restore(mind)
        mind, _ = end_block(mind)
    assert may_restore(mind)


def test_phobia_and_minor_insanity_last_days_and_cost_5_on_defence() -> None:
    mind, applied = apply_effect(MIND, Taken("Phobia", "1d6"), dice(4))
    assert applied.severity == 4 and mind.conditions[0].unit == "days"
    assert mind.conditions[0].remaining == 4 and charisma_defence_penalty(mind) == 5
    assert charisma_defence_penalty(MIND) == 0
    mind, _ = apply_effect(MIND, Taken("Minor Insanity", "2d6"), dice(3, 3))
    assert mind.conditions[0].remaining == 6 and charisma_defence_penalty(mind) == 5


def test_spell_drain_cuts_the_spell_ghost() -> None:
    mind, _ = apply_effect(Mind(5, 5, casting(ghost=40)), Taken("Spell Drain", "30"), dice())
    assert mind.casting is not None and mind.casting.spell_ghost == 10
    mind, _ = apply_effect(Mind(5, 5, casting(ghost=20)), Taken("Spell Drain", "30"), dice())
    assert mind.casting is not None and mind.casting.status == "threatened"
    untouched, applied = apply_effect(MIND, Taken("Spell Drain", "30"), dice())
    assert untouched == MIND and "no spell" in applied.what


def test_disruption_bars_casting_for_severity_blocks() -> None:
    mind, _ = apply_effect(MIND, Taken("Disruption", "1d6"), dice(2))
    assert not may_cast(mind)
    mind, _ = end_block(mind)
    assert not may_cast(mind)
    mind, expired = end_block(mind)
    assert may_cast(mind) and expired[0].name == "Disruption"


def test_spell_backfire_elemental_hits_the_caster_times_severity() -> None:
    """L3174-3176 with C49: the Elemental Spell activates on the caster, damage x Severity."""
    mind, applied = apply_effect(
        Mind(5, 5, casting()), Taken("Spell Backfire", "2"), dice(*[3] * 6), Caster(),
        spell_damage_reduction=5,
    )
    assert applied.self_hit is not None and applied.self_hit.damage_dealt == 18 * 2 - 5
    assert mind.casting is not None and mind.casting.status == "activated"
    assert mind.casting.target == "self"


def test_spell_backfire_cancels_any_other_spell() -> None:
    mind, applied = apply_effect(Mind(5, 5, casting("Gale Burst")), Taken("Spell Backfire", "1"),
                                 dice())
    assert mind.casting is not None and mind.casting.status == "cancelled"
    assert applied.self_hit is None


def test_unconscious_hours() -> None:
    mind, _ = apply_effect(MIND, Taken("Unconscious", "3d6"), dice(1, 2, 3))
    assert mind.conditions[0].name == "Unconscious" and mind.conditions[0].remaining == 6
    assert mind.conditions[0].unit == "hours"


def test_possessed_until_ghost_zero() -> None:
    mind, _ = apply_effect(MIND, Taken("Possessed", "1"), dice())
    assert possessed_by_ghosts(mind, current_ghost=4, max_ghost=10) == 1
    assert possessed_by_ghosts(mind, current_ghost=0, max_ghost=10) is None
    mind, _ = apply_effect(MIND, Taken("Possessed", "2"), dice())
    assert possessed_by_ghosts(mind, current_ghost=0, max_ghost=10) == 2
    assert possessed_by_ghosts(mind, current_ghost=0, max_ghost=0) is None


def test_hardened_spares_mutant_and_vanity_not_husk() -> None:
    mind, _ = apply_effect(MIND, Taken("Hardened", "2"), dice())
    mind, applied = apply_effect(mind, Taken("Mutant Transformation", None), dice())
    assert "hardened" in applied.what and mind.transformations == ()
    mind, _ = apply_effect(mind, Taken("Husk Transformation", None), dice())
    assert mind.transformations == ("Husk",) and mind.hardened == 1
    mind, _ = apply_effect(mind, Taken("Vanity Transformation", None), dice())
    mind, _ = apply_effect(mind, Taken("Vanity Transformation", None), dice())
    assert mind.transformations == ("Husk", "Vanity") and mind.hardened == 0


def test_mist_form_removes_the_character() -> None:
    mind, applied = apply_effect(MIND, Taken("Mist Form", "1"), dice(5))
    assert mind.absent and applied.extra == 5 and mind.conditions[0].remaining == 24
    mind, applied = apply_effect(MIND, Taken("Mist Form", "2"), dice(1, 2, 3))
    assert mind.conditions[0].unit == "days" and applied.extra == 6


def test_dematerialize_kills_and_curse_flags() -> None:
    assert apply_effect(MIND, Taken("Dematerialize", None), dice())[0].dead
    cursed, _ = apply_effect(MIND, Taken("Curse", None), dice())
    assert cursed.has("Curse") and cursed.current_strength == 9
    same, _ = apply_effect(MIND, Taken("None", None), dice())
    assert same == MIND


def test_unknown_effect_and_bad_severity() -> None:
    with pytest.raises(RulesError, match="no insanity effect"):
        apply_effect(MIND, Taken("Madness", None), dice())
    with pytest.raises(RulesError, match="Stun has severity"):
        apply_effect(MIND, Taken("Stun", "4"), dice())
