"""What a caster brings to a spell: the ranks and flairs the spell rules read.

Offensive / Defensive / General Spell Boost are talents (L322-336); Concentration (The
Vessel, L93-97), Elemental Riposte (Duelist and Vessel, L199-203) are specials; the rest are
flairs (Efficient Recover Ghost Power L617-629, Strong Spell L633-646, Counter Possession
L1280, Eldritch Blast L1458, the casting-modifier flairs L1124-1354).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.specials import rank_in as special_rank_in


@dataclass(frozen=True, slots=True)
class Caster:
    offensive_boost: int = 0
    defensive_boost: int = 0
    general_boost: int = 0
    concentration: int = 0
    elemental_riposte: int = 0
    flairs: frozenset[str] = field(default_factory=frozenset)

    def has(self, flair: str) -> bool:
        return flair.casefold() in {f.casefold() for f in self.flairs}


def caster_of(character: Character, compendium: Compendium) -> Caster:
    """The caster profile of a built character."""
    return Caster(
        offensive_boost=character.talent_rank("Offensive Spell Boost"),
        defensive_boost=character.talent_rank("Defensive Spell Boost"),
        general_boost=character.talent_rank("General Spell Boost"),
        concentration=special_rank_in(character, compendium, "Concentration"),
        elemental_riposte=special_rank_in(character, compendium, "Elemental Riposte"),
        flairs=frozenset(character.flairs),
    )
