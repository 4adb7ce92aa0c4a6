"""Stealth's Subtlety (004 L3273): the Stealth roll of a unit casting a spell gains the spell's
Subtlety Modifier (Elemental Spell -10, Possession +10, L3287-3387)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.miridon.battle.charisma_actions import success_chance
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.magic.casting import Casting, spell_of
from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()


def _sneak(spell: str | None, skills: dict[str, int] | None = None) -> Any:
    user = unit("c")
    user = user.model_copy(update={"profile": user.profile.model_copy(
        update={"skills": skills or {"Stealth": 2, "Taunt": 2}})})
    if spell is not None:
        user = with_casting(user, Casting(spell, (), 5, 2, "t", 60, element="fire"
                                          if spell == "Elemental Spell" else None))
    return battle(user, unit("t", "enemy", at=(4, 0)))


def _contest(state: Any, skill: str = "stealth") -> tuple[dict[str, Any], str]:
    _, outcome, _ = act(state, {"type": "charisma", "unit": "c", "skill": skill, "target": "t"},
                        rolls=[3, 3, 3, 3])
    return outcome.records[0]["contests"][0], outcome.summary


def test_l3273_the_spells_subtlety_joins_the_stealth_roll() -> None:
    loud = spell_of(BOOK, "Elemental Spell").subtlety
    quiet = spell_of(BOOK, "Possession").subtlety
    assert (loud, quiet) == (-10, 10)  # L3287, L3387
    plain, _ = _contest(_sneak(None))
    casting, _ = _contest(_sneak("Elemental Spell"))
    possessing, _ = _contest(_sneak("Possession"))
    assert (plain["offence"], plain["success"]) == (6 + 2, True)
    assert (casting["offence"], casting["success"]) == (6 + 2 + loud, False)
    assert possessing["offence"] == 6 + 2 + quiet
    # the narrated chance is the contest's with the modifier
    assert casting["chance"] == round(100 * success_chance(2 + loud, 0))
    assert casting["chance"] != plain["chance"]


def test_only_stealth_reads_the_subtlety_modifier() -> None:
    taunt, _ = _contest(_sneak("Elemental Spell"), "taunt")
    assert taunt["offence"] == 6 + 2
