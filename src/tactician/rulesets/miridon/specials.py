"""Which special abilities a character has, and at what rank.

004 L55: "A character will gain a [Class Special Ability] in whatever [Class] the character
chooses. Characters with the [Dual-Class] talent gain the [Class Special Abilities] of both
[Classes]." L129: "The character gains the [Dual-Class Special Ability] associated with the
particular class pair." Every one has the rank of ``ranks.special_rank``.
"""

from __future__ import annotations

from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.models import Special
from tactician.rulesets.miridon.ranks import special_rank


def specials_of(character: Character, compendium: Compendium) -> list[Special]:
    owned: list[Special] = []
    for class_name in character.classes:
        special = compendium.class_special(class_name)
        if special is not None:
            owned.append(special)
    if character.second_class is not None:
        dual = compendium.dual_special(character.base_class, character.second_class)
        if dual is not None:
            owned.append(dual)
    return owned


def special_ranks(character: Character, compendium: Compendium) -> dict[str, int]:
    """Every special the character has, by name, with its current rank."""
    return {
        special.name: special_rank(character.max_strength, character.max_speed, special.rank_per)
        for special in specials_of(character, compendium)
    }


def rank_in(character: Character, compendium: Compendium, special: str) -> int:
    """The character's rank in ``special``; 0 if it does not have it."""
    for name, rank in special_ranks(character, compendium).items():
        if name.casefold() == special.casefold():
            return rank
    return 0
