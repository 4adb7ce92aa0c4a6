"""Promotion (001 L9-10).

001 L9: "If a unit is a recruit class and promotes to an unpromoted class, they
use their previous Growth Rates as opposed to the new classes' Growth Rates. In
addition, if the class they promote to does not have the weapon they use, they
lose that proficiency." L10: "adding on the promoted class bonuses".

Rulings: a unit promotes from level ``promotion_min_level`` (10) to a class its
class promotes to (FE8's branches); it becomes level 1 with 0 EXP (FE8
``ApplyUnitPromotion``); it adds the new class's promotion bonuses and takes its
CON and MOV (L3 "based on the class info"); weapon types the new class lacks
are lost, new ones start at E (D in Dark).
"""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.classes import TabletopClass
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.ranks import starting_rank, uses_for
from tactician.rulesets.fe_common.character.stats import GROWTH_STATS, StatLine
from tactician.rulesets.fe_common.character.unit import Unit


def check_promotion(
    unit: Unit, current: TabletopClass, target: TabletopClass, options: CharacterOptions
) -> None:
    if target.name not in current.promotes_to:
        paths = ", ".join(current.promotes_to) or "nothing"
        raise RulesError(f"{current.name} promotes to {paths}, not {target.name}")
    if unit.level < options.promotion_min_level:
        raise RulesError(
            f"{unit.name} is level {unit.level}; "
            f"promotion needs level {options.promotion_min_level}"
        )


def promote(
    unit: Unit, current: TabletopClass, target: TabletopClass, options: CharacterOptions
) -> Unit:
    """The promoted unit (the checks of ``check_promotion`` first)."""
    check_promotion(unit, current, target, options)
    stats = unit.stats.plus(target.promotion_bonus)
    if options.stat_caps == "class":
        stats = StatLine.of([min(stats.get(s), target.caps.get(s)) for s in GROWTH_STATS])
    keep_growths = (current.recruit and target.tier == "unpromoted") or (
        unit.was_recruit and options.recruit_growths_forever
    )
    ranks = {t: unit.ranks.get(t, starting_rank(t)) for t in target.weapon_types}
    uses = {t: unit.rank_uses.get(t, uses_for(ranks[t])) for t in target.weapon_types}
    gained_hp = target.promotion_hp
    return unit.model_copy(
        update={
            "class_name": target.name,
            "level": 1,
            "exp": 0,
            "stats": stats,
            "growths": unit.growths if keep_growths else target.growths,
            "max_hp": unit.max_hp + gained_hp,
            "hp": unit.hp + gained_hp,
            "con": target.con,
            "mov": target.mov,
            "ranks": ranks,
            "rank_uses": uses,
            "was_recruit": unit.was_recruit or current.recruit,
        }
    )
