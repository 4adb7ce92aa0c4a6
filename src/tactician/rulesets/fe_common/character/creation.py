"""Character creation (001 L1-10).

001 L2: "Look up the class's Base HP and roll the specified dice. Record the
result as the unit's max and current HP. At each level, the unit gets an
additional point of HP." L3: "Assign the unit's CON and MOV stat based on the
class info." L4: "it starts at level 1, with 0 experience, or whatever level
the party is at." L5: "A unit starts with E weapon proficiency." L6: "Every
unit starts with a weapon they're proficient with and a vulnerary. Lords may
start with one Prf rank weapon so long as it isn't noted as a Legendary
Weapon." L7: "Any Dark Magic using class has a D in Dark." L10: "A unit
starting as a Promoted Class must calculate their levels as a level 10 version
of their unpromoted class before adding on the promoted class bonuses."

The dice, in order (``--rolls``): the HP dice, then for a promoted start nine
level-ups of six d100 each, then one level-up per level up to the party's.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.classes import TabletopClass, unpromoted_for
from tactician.rulesets.fe_common.character.content import TabletopContent
from tactician.rulesets.fe_common.character.growth import LevelUp, level_up
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.promotion import promote
from tactician.rulesets.fe_common.character.ranks import can_wield, starting_rank, uses_for
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon

VULNERARY = "Vulnerary"
PROMOTED_START_LEVEL = 10


@dataclass(frozen=True, slots=True)
class Creation:
    """The new unit and every die that made it."""

    unit: Unit
    hp_dice: str
    hp_faces: tuple[int, ...]
    level_ups: tuple[LevelUp, ...]


def roll_hp(klass: TabletopClass, dice: DiceSource) -> tuple[int, tuple[int, ...]]:
    """The class's HP dice, every face shown (001 L2); at least 1 HP."""
    total, faces = klass.hp_dice.with_purpose(f"HP dice ({klass.name} {klass.hp_dice})") \
        .sample_with_faces(dice)
    return max(1, total), faces


def starting_weapon(
    unit: Unit, klass: TabletopClass, content: TabletopContent, name: str | None,
    options: CharacterOptions,
) -> TabletopWeapon | None:
    """The named weapon if the unit may start with it, else the first the class can wield."""
    if name is not None:
        weapon = content.weapon(name)
        if weapon.rank == "Prf" and (not klass.lord or weapon.legendary):
            why = "it is a Legendary Weapon" if weapon.legendary else "only Lords start with Prf"
            raise RulesError(f"{unit.name} cannot start with {weapon.name}: {why} (001 L6)")
        allowed, why = can_wield(unit, weapon, options)
        if not allowed:
            raise RulesError(f"{unit.name} cannot start with {weapon.name}: {why} (001 L6)")
        return weapon
    for weapon_type in klass.weapon_types:
        for entry in content.fe8.weapons.values():
            weapon = content.weapon(entry.name)
            if weapon.type == weapon_type and weapon.rank != "Prf" and can_wield(
                unit, weapon, options
            )[0]:
                return weapon
    return None  # a class with no weapon (Dancer, Bard) starts with the Vulnerary only


def new_unit(
    name: str, klass: TabletopClass, dice: DiceSource, *, sex: str | None = None, luck: int = 0
) -> Unit:
    """Level 1, 0 EXP: rolled HP, the class's CON, MOV, base stats and growths, E ranks."""
    if klass.mounted_or_flying and sex not in ("male", "female"):
        raise RulesError(f"{name}: a {klass.name} needs sex male or female for its Aid (001 L8)")
    hp, faces = roll_hp(klass, dice)
    ranks = {t: starting_rank(t) for t in klass.weapon_types}
    return Unit(
        name=name,
        class_name=klass.name,
        sex=sex,  # type: ignore[arg-type]
        max_hp=hp,
        hp=hp,
        con=klass.con,
        mov=klass.mov,
        stats=klass.base.with_values(lck=luck),
        growths=klass.growths,
        ranks=ranks,
        rank_uses={t: uses_for(r) for t, r in ranks.items()},
        was_recruit=klass.recruit,
        hp_faces=faces,
    )


def create_unit(
    name: str,
    class_name: str,
    content: TabletopContent,
    dice: DiceSource,
    options: CharacterOptions,
    *,
    sex: str | None = None,
    luck: int = 0,
    weapon: str | None = None,
    party_level: int = 1,
    from_class: str | None = None,
) -> Creation:
    """A new unit by 001 L1-10 (a promoted class is built from its unpromoted class)."""
    klass = content.klass(class_name)
    if party_level < 1:
        raise RulesError(f"the party level is 1 or more, not {party_level}")
    ups: list[LevelUp] = []
    if klass.tier == "promoted":
        base = _unpromoted(content, klass, from_class)
        if base is None:
            raise RulesError(f"no unpromoted class promotes to {klass.name}; give from_class")
        unit = new_unit(name, base, dice, sex=sex, luck=luck)
        rolled_on = base
        for _ in range(PROMOTED_START_LEVEL - 1):
            unit, record = level_up(unit, base.caps, base.hp_cap, dice, options)
            ups.append(record)
        unit = promote(unit, base, klass, options)
    else:
        unit = new_unit(name, klass, dice, sex=sex, luck=luck)
        rolled_on = klass
    hp_dice, hp_faces = str(rolled_on.hp_dice), unit.hp_faces
    while unit.level < party_level:
        unit, record = level_up(unit, klass.caps, klass.hp_cap, dice, options)
        ups.append(record)
    chosen = starting_weapon(unit, klass, content, weapon, options)
    items = ((chosen.name,) if chosen else ()) + (VULNERARY,)
    unit = unit.model_copy(update={"inventory": items})
    return Creation(unit, hp_dice, hp_faces, tuple(ups))


def _unpromoted(
    content: TabletopContent, klass: TabletopClass, from_class: str | None
) -> TabletopClass | None:
    """The class a promoted start is built from: the one named, else FE8's first."""
    if from_class:
        return content.klass(from_class)
    found = unpromoted_for(content.fe8, klass.name)
    return content.klass(found.name) if found else None
