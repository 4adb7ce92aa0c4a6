"""One fe-tabletop fight through the contract: a ``FightRequest`` becomes a
``fight.FightPlan`` (the units' files, their weapons, the tiles they stand on),
then the exact forecast or the fight on dice, shaped per
``docs/schemas/forecast.json`` and ``attack.json``.

001 L45 "roll a 1d100. If you hit, deal damage listed upon the damage dice for
the weapon"; L47 the counter; L72-76 a tile's hit modifiers ("Forests: -20% to
enemies hit chance"). A forecast's ``damage`` is the mean damage of one hit
(``damage_range`` its lowest and highest), exact over the weapon's dice. The
weapon is the one named (``--weapon``) or the first carried weapon that deals
damage; the distance is the one given or the weapon's shortest range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.dice.distribution import DiceSum
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import Combatant as Entry
from tactician.rulesets.contract import FightRequest, modifiers
from tactician.rulesets.fe_common.character.content import TabletopContent, load_content
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER, Side
from tactician.rulesets.fe_tabletop import fight, numbers
from tactician.rulesets.fe_tabletop.combatant import Combatant, combatant, on_tile
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.strike_records import strike_records
from tactician.rulesets.fe_tabletop.terrain import load_terrain, terrain
from tactician.rulesets.rulings import with_overrides


@dataclass(frozen=True)
class TabletopFight:
    """The library's plan and what the reports add (max HP, the rulings)."""

    plan: fight.FightPlan
    options: TabletopOptions
    max_hp: tuple[int, int]
    terrain: tuple[str | None, str | None]


def plan(request: FightRequest) -> TabletopFight:
    options = with_overrides(TabletopOptions(), list(request.options))
    content = load_content()
    (defender_entry,) = request.defenders
    attacker, a_unit = _side(request.attacker, content, options)
    defender, d_unit = _side(defender_entry, content, options)
    assert attacker.weapon is not None  # _side refuses a unit with no weapon
    distance = request.distance if request.distance is not None else attacker.weapon.min_range
    return TabletopFight(fight.plan_fight(attacker, defender, distance, options), options,
                         (a_unit.max_hp, d_unit.max_hp),
                         (request.attacker.terrain, defender_entry.terrain))


def _side(entry: Entry, content: TabletopContent, options: TabletopOptions
          ) -> tuple[Combatant, Unit]:
    unit = load_unit(entry.path)
    if entry.hp is not None:
        if not 0 <= entry.hp <= unit.max_hp:
            raise RulesError(f"{unit.name}: hp {entry.hp} is outside 0..{unit.max_hp}")
        unit = unit.model_copy(update={"hp": entry.hp})
    fighter = combatant(unit, _weapon(unit, entry.weapon, content))
    if entry.terrain:
        tile = terrain(load_terrain(), entry.terrain)
        fighter = on_tile(fighter, tile, content.klass(unit.class_name).move_kind, options)
    return fighter, unit


def _weapon(unit: Unit, name: str | None, content: TabletopContent) -> TabletopWeapon:
    if name is not None:
        if name.casefold() not in (n.casefold() for n in unit.inventory):
            raise RulesError(f"{unit.name} does not carry {name!r}; carries "
                             f"{', '.join(unit.inventory) or 'nothing'}")
        return content.weapon(name)
    for carried in unit.inventory:
        if content.fe8.is_weapon(carried):
            weapon = content.weapon(carried)
            if weapon.damage is not None:
                return weapon
    raise RulesError(f"{unit.name} carries no weapon that deals damage (001 L45)")


def _summary(fought: TabletopFight, side: Side) -> dict[str, Any]:
    p = fought.plan
    me, other = (p.attacker, p.defender) if side == ATTACKER else (p.defender, p.attacker)
    weapon = me.weapon
    assert weapon is not None
    strikes = p.order.count(side)
    summary: dict[str, Any] = {
        "name": me.name, "hp": me.hp, "max_hp": fought.max_hp[0 if side == ATTACKER else 1],
        "weapon": weapon.name, "terrain": fought.terrain[0 if side == ATTACKER else 1],
        "strikes": strikes,
    }
    if side not in p.rolls:  # no counter: nothing of its attack to show
        return summary | dict.fromkeys(("hit", "hit_probability", "crit", "crit_probability",
                                        "damage", "crit_damage", "damage_range",
                                        "crit_damage_range", "damage_dice"))
    odds = p.rolls[side].probabilities()
    return summary | {
        "hit": numbers.hit_chance(me, other, fought.options),
        "hit_probability": odds["hit"] + odds["crit"],
        "crit": numbers.crit_chance(me),
        "crit_probability": odds["crit"],
        "damage": _mean_damage(me, other, False, fought.options),
        "crit_damage": _mean_damage(me, other, True, fought.options),
        "damage_range": _damage_range(me, other, False, fought.options),
        "crit_damage_range": _damage_range(me, other, True, fought.options),
        "damage_dice": str(weapon.damage),
    }


def _modifiers(fought: TabletopFight, side: Side) -> list[dict[str, Any]]:
    """The terms ``numbers.hit_chance`` and ``crit_chance`` sum for ``side``'s strikes
    (none for a side that does not strike back)."""
    p = fought.plan
    if side not in p.rolls:
        return []
    me, other = (p.attacker, p.defender) if side == ATTACKER else (p.defender, p.attacker)
    role = "attacker" if side == ATTACKER else "defender"
    terms = (*numbers.hit_terms(me, other, fought.options), *numbers.crit_terms(me))
    return modifiers.report(role, terms)


def _mean_damage(me: Combatant, other: Combatant, crit: bool, options: TabletopOptions
                 ) -> float:
    """The exact mean damage of one hit over the weapon's dice totals (2 decimals)."""
    weapon = me.weapon
    assert weapon is not None and weapon.damage is not None
    faces = DiceSum(weapon.damage.dice, 0)
    mean = sum(p * numbers.hit_damage(me, other, total, crit, options)
               for total, p in faces.outcomes())
    return round(mean, 2)


def _damage_range(me: Combatant, other: Combatant, crit: bool, options: TabletopOptions) -> str:
    """The damage a hit deals, lowest..highest roll of the weapon's dice (001 L45, L51)."""
    weapon = me.weapon
    assert weapon is not None and weapon.damage is not None
    low = sum(count for count, _ in weapon.damage.dice)
    high = sum(count * sides for count, sides in weapon.damage.dice)
    lo, hi = (numbers.hit_damage(me, other, t, crit, options) for t in (low, high))
    return str(lo) if lo == hi else f"{lo}-{hi}"


def forecast_report(fought: TabletopFight) -> dict[str, Any]:
    result = fight.forecast(fought.plan)
    a_falls, d_falls = result.attacker_falls, result.defender_falls
    return {
        "ruleset": "fe-tabletop",
        "distance": fought.plan.distance,
        "attacker": _summary(fought, ATTACKER),
        "defender": _summary(fought, DEFENDER),
        "order": [fought.plan.attacker.name if s == ATTACKER else fought.plan.defender.name
                  for s in fought.plan.order],
        "outcome": {"attacker_defeated": a_falls, "defender_defeated": d_falls,
                    "both_stand": max(0.0, 1.0 - a_falls - d_falls)},
        "hp": {"attacker": {str(h): p for h, p in result.attacker_hp.items()},
               "defender": {str(h): p for h, p in result.defender_hp.items()}},
        # rounding can leave -1e-15 where nothing is taken: damage is never negative
        "expected_damage": {"to_attacker": max(0.0, result.expected_damage(ATTACKER)),
                            "to_defender": max(0.0, result.expected_damage(DEFENDER))},
        "weapon_breaks": {"attacker": result.weapon_lost(ATTACKER),
                          "defender": result.weapon_lost(DEFENDER)},
        "modifiers": _modifiers(fought, ATTACKER) + _modifiers(fought, DEFENDER),
    }


def attack_report(fought: TabletopFight, dice: DiceSource) -> dict[str, Any]:
    p = fought.plan
    result = fight.resolve(p, dice)
    names = {ATTACKER: p.attacker.name, DEFENDER: p.defender.name}
    strikes = strike_records(p, result, fought.options)
    return {
        "ruleset": "fe-tabletop",
        "seed": getattr(dice, "seed", None),
        "strikes": strikes,
        "hp": {names[ATTACKER]: result.end.hp[0], names[DEFENDER]: result.end.hp[1]},
        "critically_wounded": [],  # 001 has no critical wounds: a unit at 0 HP falls
        "defeated": [names[s] for s in (ATTACKER, DEFENDER) if result.end.defeated(s)],
        "rank_uses": {names[s]: result.rank_uses(s) for s in (ATTACKER, DEFENDER)},
        "dice": [{"sides": d.sides, "value": d.value, "purpose": d.purpose}
                 for d in dice.draws],
    }


