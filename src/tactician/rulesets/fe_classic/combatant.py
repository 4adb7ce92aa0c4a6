"""One side of a fe-classic fight: a 001 character with 002's combat inputs.

002 L30 "A unit’s movement speed can be found on that unit’s character card": the
card is 001's (``fe_common.character.Unit``: Str/Mag as one ``pow``, Skl, Spd,
Lck, Def, Res, CON, ranks). 002 adds what its formulas read: the equipped
weapon (L46-47 "choose which weapon they wish to use"), the S rank (L92 "The S
rank bonus is +5"), the class crit bonus (L110-111 "Some classes gain a natural
critical bonus, such as Myrmidons and Berserkers"), the unit type (the terrain
Notes) and the tile it stands on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.terrain import ClassicTerrain
from tactician.rulesets.fe_classic.unit_types import UnitType, class_tags, unit_type
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.compendium import FE8Class, FE8Weapon

MYRMIDONS = ("myrmidon",)  # 002 L110-111 names the Myrmidon, whom FE8 gives no bonus


@dataclass(frozen=True, slots=True)
class Combatant:
    name: str
    class_name: str
    hp: int
    max_hp: int
    pow: int
    skl: int
    spd: int
    lck: int
    def_: int
    res: int
    con: int
    weapon: FE8Weapon | None
    s_rank: bool
    crit_bonus: int
    unit_type: UnitType
    tags: frozenset[str]
    tile: ClassicTerrain | None = None

    @property
    def magic(self) -> bool:
        """002 L124 "Attack is calculated using strength or magic depending on class or
        weapon": tomes and magic swords use Mag and target Res (ruling G2-36)."""
        return self.weapon is not None and self.weapon.uses_magic


def class_crit_bonus(klass: FE8Class, options: ClassicOptions) -> int:
    """FE8 ``CA_CRITBONUS`` classes (Swordmaster, Berserker) get ``class_crit_bonus``;
    the Myrmidon the text names too, under ``myrmidon_crit_bonus``."""
    named = klass.name.split(" (")[0].casefold() in MYRMIDONS and options.myrmidon_crit_bonus
    return options.class_crit_bonus if klass.crit_bonus > 0 or named else 0


def combatant(
    unit: Unit, klass: FE8Class, weapon: FE8Weapon | None, options: ClassicOptions
) -> Combatant:
    s = unit.stats
    rank = unit.ranks.get(weapon.type) if weapon is not None else None
    return Combatant(
        name=unit.name, class_name=unit.class_name, hp=unit.hp, max_hp=unit.max_hp,
        pow=s.pow, skl=s.skl, spd=s.spd, lck=s.lck, def_=s.def_, res=s.res, con=unit.con,
        weapon=weapon, s_rank=rank == "S", crit_bonus=class_crit_bonus(klass, options),
        unit_type=unit_type(klass), tags=class_tags(klass),
    )


def on_tile(fighter: Combatant, tile: ClassicTerrain | None) -> Combatant:
    return replace(fighter, tile=tile)


def with_weapon(fighter: Combatant, weapon: FE8Weapon | None, s_rank: bool) -> Combatant:
    return replace(fighter, weapon=weapon, s_rank=s_rank)
