"""A unit as it enters one Attack Sequence: stats, equipped weapon, feats,
ranks and the situation (HP, terrain, Defend, statuses).

The combat procedure reads only this snapshot, so a forecast and a resolution
of the same situation see the same numbers. It is plain data (its weapon and
items are ``gear`` records, not pydantic models), so the procedure imports no
pydantic and a snapshot kept between runs (``sides``) is read back from
JSON alone (issue 16). Both records are ``NamedTuple``s: a forecast defines them
at every start, and a frozen dataclass costs about ten times as much to define
(``_replace`` makes a changed copy). ``build_combatant`` makes one from a validated
``Character``; the modules that reach the models (``natural_weapons``,
``progression``) are imported inside the functions that build, so importing
the snapshot stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tactician.errors import RulesError
from tactician.rulesets.tropera.gear import ItemStats, WeaponLike, WeaponStats
from tactician.rulesets.tropera.proficiency import PROFICIENCY_OF
from tactician.rulesets.tropera.relics import relic_effect
from tactician.rulesets.tropera.stats import rank_index

if TYPE_CHECKING:
    from tactician.rulesets.tropera.compendium import Compendium
    from tactician.rulesets.tropera.models import Character, Weapon


class Situation(NamedTuple):
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

    def as_json(self) -> dict[str, Any]:
        return {
            "hp": self.hp, "terrain_avoid": self.terrain_avoid,
            "terrain_defense": self.terrain_defense, "defending": self.defending,
            "statuses": sorted(self.statuses), "carrying": self.carrying,
            "miracle_spent": self.miracle_spent, "shield_spent": self.shield_spent,
            "times_wounded": self.times_wounded, "guard_broken": self.guard_broken,
            "stat_bonus": [[stat, gain] for stat, gain in self.stat_bonus],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Situation:
        return cls(**{
            **data,
            "statuses": frozenset(data["statuses"]),
            "stat_bonus": tuple((stat, gain) for stat, gain in data["stat_bonus"]),
        })


class Combatant(NamedTuple):
    """The snapshot: ``stats`` as they stand (max HP under ``"hp"``, the current
    HP in ``hp``), the weapon in hand, ranks by proficiency and the active feats."""

    name: str
    level: int
    stats: dict[str, int]  # current hp is in ``hp``; this holds max HP under "hp"
    hp: int
    weapon: WeaponStats | None
    ranks: dict[str, str]
    feats: frozenset[str]
    kind: str
    transformed: bool
    clip: ItemStats | None
    focus: str | None = None
    situation: Situation = Situation()  # immutable: one shared default is safe
    relic: ItemStats | None = None  # the relic slot's relic (``relics``)

    def as_json(self) -> dict[str, Any]:
        """JSON data that ``from_json`` turns back into an equal snapshot."""
        return {
            "name": self.name, "level": self.level, "stats": dict(self.stats), "hp": self.hp,
            "weapon": self.weapon.as_json() if self.weapon else None,
            "ranks": dict(self.ranks), "feats": sorted(self.feats), "kind": self.kind,
            "transformed": self.transformed, "clip": self.clip.as_json() if self.clip else None,
            "focus": self.focus, "situation": self.situation.as_json(),
            "relic": self.relic.as_json() if self.relic else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Combatant:
        weapon, clip, relic = data["weapon"], data["clip"], data["relic"]
        return cls(**{
            **data,
            "weapon": WeaponStats.from_json(weapon) if weapon else None,
            "feats": frozenset(data["feats"]),
            "clip": ItemStats.from_json(clip) if clip else None,
            "situation": Situation.from_json(data["situation"]),
            "relic": ItemStats.from_json(relic) if relic else None,
        })

    def has(self, feat: str) -> bool:
        return feat in self.feats

    def rank_for(self, weapon: WeaponLike) -> str | None:
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

    from tactician.rulesets.tropera.natural_weapons import natural_weapons

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
    from tactician.rulesets.tropera.progression import active_feats, current_stats

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
            clip = ItemStats.of(item)
            break
    weapon_used = equipped_weapon(character, compendium, weapon, rank_required)
    return Combatant(
        name=character.name,
        level=character.level,
        stats=stats,
        hp=hp,
        weapon=WeaponStats.of(weapon_used) if weapon_used is not None else None,
        ranks=dict(character.proficiencies),
        feats=frozenset(active_feats(character)),
        kind=character.kind,
        transformed=character.transformed if character.kind.startswith("laguz") else False,
        clip=clip,
        focus=character.focus,
        situation=situation,
        relic=ItemStats.of(compendium.item(character.relic)) if character.relic else None,
    )
