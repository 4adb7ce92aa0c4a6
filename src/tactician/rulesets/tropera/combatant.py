"""A unit as it enters one Attack Sequence: stats, equipped weapon, feats,
ranks and the situation (HP, terrain, Defend, statuses).

The combat procedure reads only this snapshot, so a forecast and a resolution
of the same situation see the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tactician.errors import RulesError
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.models import Character, Item, Weapon
from tactician.rulesets.tropera.natural_weapons import natural_weapons
from tactician.rulesets.tropera.proficiency import PROFICIENCY_OF
from tactician.rulesets.tropera.progression import active_feats
from tactician.rulesets.tropera.relics import relic_effect
from tactician.rulesets.tropera.stats import rank_index


@dataclass(frozen=True)
class Situation:
    """Where and how a unit stands for this sequence (inputs the GM or map give)."""

    hp: int | None = None  # current HP; None = full
    terrain_avoid: int = 0
    terrain_defense: int = 0
    defending: bool = False  # 000 Defend: "adding your Skill to your Avoidance"
    statuses: frozenset[str] = frozenset()  # e.g. slowed, overload, grappled, crippled
    carrying: bool = False  # 000 Mounted: "While carrying an ally, your avoidance is halved"
    miracle_spent: bool = False  # Miracle already saved this unit this round
    shield_spent: bool = False  # Shield already absorbed a hit this phase
    times_wounded: int = 0  # critical wounds already taken on this map
    guard_broken: int = 0  # Avoid already lost to an earlier Guard Break ("does not stack")
    stat_bonus: tuple[tuple[str, int], ...] = ()  # temporary gains (Pure Water)


@dataclass(frozen=True)
class Combatant:
    name: str
    level: int
    stats: dict[str, int]  # current hp is in ``hp``; this holds max HP under "hp"
    hp: int
    weapon: Weapon | None
    ranks: dict[str, str]
    feats: frozenset[str]
    kind: str
    transformed: bool
    clip: Item | None
    focus: str | None = None
    situation: Situation = field(default_factory=Situation)
    relic: Item | None = None  # the relic slot's relic (``relics``)

    def has(self, feat: str) -> bool:
        return feat in self.feats

    def rank_for(self, weapon: Weapon) -> str | None:
        proficiency = PROFICIENCY_OF.get(weapon.type)
        return self.ranks.get(proficiency) if proficiency else None

    @property
    def tags(self) -> frozenset[str]:
        """Effectiveness tags (what ``effective`` on a weapon names).

        Read from feats and kind: Heavy Armor -> armored, Mounted -> mounted,
        Flying Mount and bird laguz in beast form -> flying, manakete and dragon
        laguz -> dragon, beast laguz -> beast, bird laguz -> bird; a relic may
        remove one (Delphi Shield: flying, ``relics``).
        """
        tags = set()
        if self.has("Heavy Armor"):
            tags.add("armored")
        if self.has("Mounted"):
            tags.add("mounted")
        if self.has("Flying Mount"):
            tags.update({"flying", "mounted"})
        if self.kind == "manakete" or self.kind == "laguz-dragon":
            tags.add("dragon")
        if self.kind == "laguz-beast":
            tags.add("beast")
        if self.kind == "laguz-bird":
            tags.add("bird")
            if self.transformed:
                tags.add("flying")
        tags -= relic_effect(self.relic.effect if self.relic else None).removes_tags
        return frozenset(tags)


def carried_weapons(character: Character, compendium: Compendium) -> list[Weapon]:
    """Every weapon the character can wield: carried ones plus natural weapons
    (``natural_weapons``: claws, talons, bite, breath, unarmed), each once."""

    weapons = [compendium.weapon(ref) for ref in character.weapons]
    names = {w.name.casefold() for w in weapons}
    weapons += [w for w in natural_weapons(character, compendium) if w.name.casefold() not in names]
    return weapons


def usable_problem(
    character: Character, weapon: Weapon, transformed: bool, rank_required: bool = True
) -> str | None:
    """Why the character cannot wield ``weapon`` now, or None.

    000: "D Rank: Usable" (a proficiency is needed); "While in laguz form, you
    cannot use weapons other than clips and your beast form's natural weapons".
    """
    laguz = character.kind.startswith("laguz")
    natural = weapon.type in ("claws", "talons", "bite")
    if laguz and transformed and not natural:
        return f"{character.name} is in beast form and can only use natural weapons"
    if natural:
        if not laguz:
            return f"{weapon.name} is a laguz natural weapon"
        anthropomorph_beast = "Anthropomorph" in character.feats and character.kind == "laguz-beast"
        if not transformed and not anthropomorph_beast:
            return f"{character.name} must transform to use {weapon.name}"
    if weapon.type in ("martial", "breath"):
        return None
    proficiency = PROFICIENCY_OF.get(weapon.type)
    rank = character.proficiencies.get(proficiency or "")
    if rank is None:
        return f"{character.name} has no {proficiency} proficiency for {weapon.name}"
    if rank_required and weapon.rank and rank_index(rank) < rank_index(weapon.rank):
        return f"{weapon.name} needs {proficiency} rank {weapon.rank}; {character.name} has {rank}"
    return None


def equipped_weapon(
    character: Character,
    compendium: Compendium,
    override: str | None = None,
    rank_required: bool = True,
) -> Weapon | None:
    """The weapon used in the sequence: ``override``, else ``equipped``, else the
    first usable carried weapon."""
    weapons = carried_weapons(character, compendium)
    wanted = override or character.equipped
    transformed = character.transformed if character.kind.startswith("laguz") else False
    if wanted:
        for weapon in weapons:
            if weapon.name.casefold() == wanted.casefold():
                problem = usable_problem(character, weapon, transformed, rank_required)
                if problem:
                    raise RulesError(problem)
                return weapon
        raise RulesError(f"{character.name} does not carry a weapon named {wanted!r}")
    for weapon in weapons:
        if (
            usable_problem(character, weapon, transformed, rank_required) is None
            and not weapon.heal
        ):
            return weapon
    return None


def build_combatant(
    character: Character,
    compendium: Compendium,
    situation: Situation | None = None,
    weapon: str | None = None,
    rank_required: bool = True,
) -> Combatant:
    """Snapshot ``character`` for one Attack Sequence."""
    from tactician.rulesets.tropera.progression import current_stats

    situation = situation or Situation()
    stats = current_stats(character).as_dict()
    for stat, gain in situation.stat_bonus:
        if stat != "hp":
            stats[stat] += gain
    hp = stats["hp"] if situation.hp is None else situation.hp
    if not 0 <= hp <= stats["hp"]:
        raise RulesError(f"{character.name}: HP {hp} must be between 0 and max HP {stats['hp']}")
    clip = None
    for name in character.items:
        item = compendium.item(name)
        if item.kind == "clip":
            clip = item
            break
    return Combatant(
        name=character.name,
        level=character.level,
        stats=stats,
        hp=hp,
        weapon=equipped_weapon(character, compendium, weapon, rank_required),
        ranks=dict(character.proficiencies),
        feats=frozenset(active_feats(character)),
        kind=character.kind,
        transformed=character.transformed if character.kind.startswith("laguz") else False,
        clip=clip,
        focus=character.focus,
        situation=situation,
        relic=compendium.item(character.relic) if character.relic else None,
    )
