"""001's classes, read from the shared FE8 compendium.

001 L2 "Look up the class's Base HP and roll the specified dice", L3 "Assign
the unit's CON and MOV stat based on the class info", L7 "Any Dark Magic using
class has a D in Dark", L8 "mounted/flying ... units" (for Aid). The numbers
are FE8's (each class's ``source``); the HP dice are the Tactician default of
``conversions.hp_dice``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tactician.dice.distribution import DiceSum
from tactician.rulesets.fe_common.character.conversions import HP_DICE_SOURCE, hp_dice
from tactician.rulesets.fe_common.character.stats import StatLine
from tactician.rulesets.fe_common.compendium import FE8Class, FE8Compendium

MoveKind = Literal["foot", "magic", "mounted", "flying", "brigand", "pirate"]
MAGIC_TYPES = ("anima", "light", "dark")


@dataclass(frozen=True, slots=True)
class TabletopClass:
    name: str
    tier: Literal["trainee", "unpromoted", "promoted"]
    promotes_to: tuple[str, ...]
    hp_dice: DiceSum
    con: int
    mov: int
    base: StatLine
    growths: StatLine
    caps: StatLine
    hp_cap: int
    promotion_bonus: StatLine
    promotion_hp: int
    weapon_types: tuple[str, ...]
    move_kind: MoveKind
    mounted_or_flying: bool
    lord: bool
    thief: bool
    dancer: bool
    source: str
    hp_dice_source: str = HP_DICE_SOURCE

    @property
    def dark_magic(self) -> bool:
        """001 L7 "Any Dark Magic using class has a D in Dark"."""
        return "dark" in self.weapon_types

    @property
    def magic_user(self) -> bool:
        return any(t in MAGIC_TYPES or t == "staff" for t in self.weapon_types)

    @property
    def recruit(self) -> bool:
        """001's "recruit class" (L9, L90): FE8's trainees (Recruit, Journeyman, Pupil)."""
        return self.tier == "trainee"


def _move_kind(entry: FE8Class) -> MoveKind:
    table = entry.movement_table or ""
    if entry.flying:
        return "flying"
    if entry.mounted:
        return "mounted"
    if "Brigand" in table:
        return "brigand"
    if "Pirate" in table:
        return "pirate"
    return "magic" if "Magic" in table else "foot"


def tabletop_class(entry: FE8Class, dice: DiceSum | None = None) -> TabletopClass:
    """001's view of an FE8 class; ``dice`` replaces the default HP dice."""
    base, growths, caps, bonus = entry.base, entry.growths, entry.caps, entry.promotion_bonus
    return TabletopClass(
        name=entry.name,
        tier=entry.tier,
        promotes_to=entry.promotes_to,
        hp_dice=dice or hp_dice(base.hp),
        con=base.con,
        mov=base.mov,
        # FE8 classes have no base Luck (it is personal): 0 unless the GM sets it
        base=StatLine.of([base.pow, base.skl, base.spd, 0, base.def_, base.res]),
        growths=StatLine.of(
            [growths.pow, growths.skl, growths.spd, growths.lck, growths.def_, growths.res]
        ),
        caps=StatLine.of([caps.pow, caps.skl, caps.spd, caps.lck, caps.def_, caps.res]),
        hp_cap=caps.hp,
        promotion_bonus=StatLine.of([bonus.pow, bonus.skl, bonus.spd, 0, bonus.def_, bonus.res]),
        promotion_hp=bonus.hp,
        weapon_types=tuple(entry.ranks),
        move_kind=_move_kind(entry),
        mounted_or_flying=entry.mounted_aid or entry.mounted or entry.flying,
        lord=entry.lord,
        thief=entry.thief,
        dancer=entry.dancer,
        source=entry.source,
    )


def find_class(compendium: FE8Compendium, name: str) -> TabletopClass:
    return tabletop_class(compendium.klass(name))


def unpromoted_for(compendium: FE8Compendium, promoted: str) -> TabletopClass | None:
    """The first unpromoted class that promotes to ``promoted`` (for 001 L10)."""
    for entry in compendium.classes.values():
        if entry.tier == "unpromoted" and promoted in entry.promotes_to:
            return tabletop_class(entry)
    return None
