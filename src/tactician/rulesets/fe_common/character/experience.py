"""Experience: the party chart, 100 EXP a level, the remainder carried (001 L122-128).

001 L123: "Once a unit reaches 100 EXP, they level up and their EXP resets to 0.
Add left over EXP to their new EXP (Example: a unit with 95 EXP gets 15 EXP from
the last fight, and levels up to 5. They're considered 5th level with 10 EXP.)"
L125-128: "1-4 Units: 10 EXP for the entire party. 5-8 Units: 20 ... 9-12 Units:
30 ... 13-16 Units: 40 EXP for the entire party." L124: the GM "can increase or
decrease the EXP gained"; L123 "Alternatively the GM can issue EXP".
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.classes import TabletopClass
from tactician.rulesets.fe_common.character.growth import LevelUp, level_up
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.unit import Unit

EXP_PER_LEVEL = 100
LEVEL_CAP = 20  # FE8 UNIT_LEVEL_MAX; trainees stop at 10 (FE8 CA_MAXLEVEL10)
RECRUIT_LEVEL_CAP = 10
_CHART = ((4, 10), (8, 20), (12, 30), (16, 40))


def party_award(enemy_units: int, options: CharacterOptions) -> int:
    """The chart's EXP for a fight against ``enemy_units`` units (ruling ``exp_chart_extends``)."""
    if enemy_units < 0:
        raise RulesError(f"a fight has 0 or more enemy units, not {enemy_units}")
    if enemy_units == 0:
        return 0
    for top, award in _CHART:
        if enemy_units <= top:
            return award
    if not options.exp_chart_extends:
        return _CHART[-1][1]
    return 10 * -(-enemy_units // 4)


def share(award: int, party_size: int, options: CharacterOptions) -> int:
    """What each member gets: the whole award (``each``) or an even split (``split``)."""
    if party_size < 1:
        raise RulesError("a party has at least one unit")
    return award if options.exp_award == "each" else award // party_size


def level_cap(klass: TabletopClass) -> int:
    return RECRUIT_LEVEL_CAP if klass.recruit else LEVEL_CAP


@dataclass(frozen=True, slots=True)
class ExpGain:
    amount: int
    level_ups: tuple[LevelUp, ...]


def gain_exp(
    unit: Unit, amount: int, klass: TabletopClass, dice: DiceSource, options: CharacterOptions
) -> tuple[Unit, ExpGain]:
    """Add EXP; each 100 is a level-up (rolled now) and the rest carries. At the cap EXP stops."""
    if amount < 0:
        raise RulesError(f"an EXP award is 0 or more, not {amount}")
    total = unit.exp + amount
    ups = []
    while total >= EXP_PER_LEVEL and unit.level < level_cap(klass):
        unit, record = level_up(unit, klass.caps, klass.hp_cap, dice, options)
        ups.append(record)
        total -= EXP_PER_LEVEL
    exp = 0 if unit.level >= level_cap(klass) else total
    return unit.model_copy(update={"exp": exp}), ExpGain(amount, tuple(ups))
