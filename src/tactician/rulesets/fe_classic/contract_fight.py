"""One fe-classic fight through the contract: a ``FightRequest`` becomes a plan
(``fight.FightPlan``, or ``staves.StaffPlan`` for an offensive staff), then the
exact forecast or the fight on dice, shaped per ``docs/schemas/forecast.json``
and ``attack.json``.

The attacker's weapon is the one named (002 L46-47 "The player then must choose
which weapon they wish to use") or its first carried weapon; the defender's is
the one named or its first carried weapon that is not a staff (an attacker with
none uses its first offensive staff; L49-51 "The
defender will always use the weapon which was last used"; with no last use, the
first, as GBA equips it: G2-15). The distance is the one given or the weapon's
shortest range. Terrain is a row of the 44-row table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.counted import counted
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import Combatant as Entry
from tactician.rulesets.contract import FightRequest, modifiers
from tactician.rulesets.fe_classic import fight, numbers, staves
from tactician.rulesets.fe_classic.combatant import Combatant, combatant, on_tile
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.terrain import load_terrain, terrain
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.fe_common.compendium import FE8Compendium, FE8Weapon, load_fe8
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER, Side, StrikeRecord
from tactician.rulesets.rulings import with_overrides


@dataclass(frozen=True)
class ClassicFight:
    plan: fight.FightPlan | staves.StaffPlan
    terrain: tuple[str | None, str | None]


def side(entry: Entry, options: ClassicOptions, *, attacking: bool) -> Combatant:
    """A unit file as a combatant: its HP, weapon and tile as the request says."""
    fe8 = load_fe8()
    unit = load_unit(entry.path)
    if entry.hp is not None:
        if not 0 <= entry.hp <= unit.max_hp:
            raise RulesError(f"{unit.name}: hp {entry.hp} is outside 0..{unit.max_hp}")
        unit = unit.model_copy(update={"hp": entry.hp})
    fighter = combatant(unit, fe8.klass(unit.class_name),
                        chosen_weapon(unit, entry.weapon, fe8, attacking=attacking), options)
    if entry.terrain:
        fighter = on_tile(fighter, terrain(load_terrain(), entry.terrain))
    return fighter


def chosen_weapon(unit: Unit, name: str | None, fe8: FE8Compendium, *, attacking: bool
                  ) -> FE8Weapon | None:
    if name is not None:
        if name.casefold() not in (n.casefold() for n in unit.inventory):
            raise RulesError(f"{unit.name} does not carry {name!r}; carries "
                             f"{', '.join(unit.inventory) or 'nothing'}")
        return fe8.weapon(name)
    carried = [fe8.weapon(n) for n in unit.inventory if fe8.is_weapon(n)]
    for weapon in carried:
        if weapon.type != "staff":
            return weapon
    for weapon in carried:  # a staff user attacks with its first offensive staff
        if attacking and staves.status_of(weapon.name) is not None:
            return weapon
    if attacking:
        raise RulesError(f"{unit.name} carries no weapon (002 L46-47: one must be chosen)")
    return None


def plan(request: FightRequest) -> ClassicFight:
    options = with_overrides(ClassicOptions(), list(request.options))
    if len(request.defenders) != 1:
        raise RulesError("a fe-classic combat has one defender (002 L45 \"choose a foe\")")
    (defender_entry,) = request.defenders
    attacker = side(request.attacker, options, attacking=True)
    defender = side(defender_entry, options, attacking=False)
    assert attacker.weapon is not None
    distance = request.distance if request.distance is not None else attacker.weapon.range[0]
    if distance < 1:
        raise RulesError(f"distance {distance}: two units are at least 1 tile apart")
    tiles = (request.attacker.terrain, defender_entry.terrain)
    if attacker.weapon.type == "staff":
        return ClassicFight(staves.plan_staff(attacker, defender, distance, options), tiles)
    return ClassicFight(fight.plan_fight(attacker, defender, distance, options), tiles)


def _summary(fought: ClassicFight, side: Side) -> dict[str, Any]:
    p = fought.plan
    assert isinstance(p, fight.FightPlan)
    me, other = p.fighters(side)
    summary: dict[str, Any] = {
        "name": me.name, "hp": me.hp, "max_hp": me.max_hp,
        "weapon": me.weapon.name if me.weapon else None,
        "terrain": fought.terrain[0 if side == ATTACKER else 1],
        "unit_type": me.unit_type, "attack_speed": numbers.attack_speed(me),
        "strikes": p.order.count(side),
    }
    if side not in p.rolls:  # no counter: nothing of its attack to show
        return summary | dict.fromkeys(("hit", "hit_probability", "crit", "crit_probability",
                                        "fumble_probability", "accuracy", "avoid",
                                        "damage", "crit_damage"))
    odds = p.rolls[side].probabilities()
    return summary | {
        "accuracy": numbers.accuracy(me, other, p.options),
        "avoid": numbers.avoid(other, p.options),
        "hit": numbers.hit_chance(me, other, p.options),
        "hit_probability": odds["hit"] + odds["crit"],
        "crit": numbers.crit_chance(me, other, p.options),
        "crit_probability": odds["crit"],
        "fumble_probability": odds["fumble"],
        "damage": numbers.damage(me, other, False, p.options),
        "crit_damage": numbers.damage(me, other, True, p.options),
    }


def forecast_report(fought: ClassicFight) -> dict[str, Any]:
    if isinstance(fought.plan, staves.StaffPlan):
        return _staff_forecast(fought)
    p = fought.plan
    result = fight.forecast(p)
    a_falls, d_falls = result.falls(ATTACKER), result.falls(DEFENDER)
    return {
        "ruleset": "fe-classic",
        "distance": p.distance,
        "attacker": _summary(fought, ATTACKER),
        "defender": _summary(fought, DEFENDER),
        "order": [p.attacker.name if s == ATTACKER else p.defender.name for s in p.order],
        "outcome": {"attacker_defeated": a_falls, "defender_defeated": d_falls,
                    "both_stand": max(0.0, 1.0 - a_falls - d_falls)},
        "hp": {"attacker": {str(h): q for h, q in result.attacker_hp.items()},
               "defender": {str(h): q for h, q in result.defender_hp.items()}},
        "expected_damage": {"to_attacker": result.expected_damage(ATTACKER),
                            "to_defender": result.expected_damage(DEFENDER)},
        "weapon_lost": {"attacker": result.weapon_lost(ATTACKER),
                        "defender": result.weapon_lost(DEFENDER)},
        "modifiers": _modifiers(fought, ATTACKER) + _modifiers(fought, DEFENDER),
    }


def _modifiers(fought: ClassicFight, side: Side) -> list[dict[str, Any]]:
    """The terms ``numbers.hit_chance`` and ``crit_chance`` sum for ``side``'s strikes
    (none for a side that does not strike back)."""
    p = fought.plan
    if isinstance(p, staves.StaffPlan) or side not in p.rolls:
        return []
    me, other = p.fighters(side)
    terms = (*numbers.hit_terms(me, other, p.options), *numbers.crit_terms(me, other, p.options))
    return modifiers.report("attacker" if side == ATTACKER else "defender", terms)


def _staff_side(c: Combatant, terrain_name: str | None) -> dict[str, Any]:
    return {"name": c.name, "hp": c.hp, "max_hp": c.max_hp,
            "weapon": c.weapon.name if c.weapon else None, "terrain": terrain_name,
            "unit_type": c.unit_type, "attack_speed": numbers.attack_speed(c), "strikes": 0,
            **dict.fromkeys(("hit", "hit_probability", "crit", "crit_probability",
                             "fumble_probability", "accuracy", "avoid", "damage",
                             "crit_damage"))}


def _staff_forecast(fought: ClassicFight) -> dict[str, Any]:
    p = fought.plan
    assert isinstance(p, staves.StaffPlan)
    landed = staves.probability(p)
    return {
        "ruleset": "fe-classic",
        "distance": p.distance,
        "attacker": _staff_side(p.user, fought.terrain[0]) | {
            "strikes": 1, "accuracy": numbers.staff_accuracy(p.user), "hit": p.chance,
            "hit_probability": landed, "crit": 0, "crit_probability": 0.0,
            "fumble_probability": 0.0, "damage": 0, "crit_damage": 0},
        "defender": _staff_side(p.target, fought.terrain[1]) | {
            "avoid": numbers.staff_avoid(p.target, p.distance)},
        "order": [p.user.name],
        "status": {"name": p.status, "turns": p.turns, "probability": landed},
        "outcome": {"attacker_defeated": 0.0, "defender_defeated": 0.0, "both_stand": 1.0},
        "hp": {"attacker": {str(p.user.hp): 1.0}, "defender": {str(p.target.hp): 1.0}},
        "expected_damage": {"to_attacker": 0.0, "to_defender": 0.0},
        "modifiers": modifiers.report(
            "attacker", numbers.staff_terms(p.user, p.target, p.distance)),
    }


def _dice(dice: DiceSource) -> list[dict[str, Any]]:
    return [{"sides": d.sides, "value": d.value, "purpose": d.purpose} for d in dice.draws]


def attack_report(fought: ClassicFight, dice: DiceSource) -> dict[str, Any]:
    if isinstance(fought.plan, staves.StaffPlan):
        return _staff_attack(fought.plan, dice)
    p = fought.plan
    result = fight.resolve(p, dice)
    names = {ATTACKER: p.attacker.name, DEFENDER: p.defender.name}
    return {
        "ruleset": "fe-classic",
        "seed": getattr(dice, "seed", None),
        "strikes": strike_rows(p, result),
        "hp": {names[ATTACKER]: result.end.hp[0], names[DEFENDER]: result.end.hp[1]},
        "critically_wounded": [],  # 002 L56 "If a unit reaches 0HP in combat, they die"
        "defeated": [names[s] for s in (ATTACKER, DEFENDER) if result.end.defeated(s)],
        "weapons_lost": [names[s] for s in (ATTACKER, DEFENDER) if result.weapon_lost(s)],
        "dice": _dice(dice),
    }


def strike_rows(p: fight.FightPlan, result: fight.FightResult) -> list[dict[str, Any]]:
    """Each strike of a resolved fight with every die it drew and what it decided
    (``docs/schemas/attack.json``): ``tactician attack`` and ``battle attack`` alike."""
    notes = [n for n in result.chance.notes if isinstance(n.record, StrikeRecord)]
    strikes = []
    for number, note in enumerate(notes, start=1):
        r: StrikeRecord = note.record
        me, other = p.fighters(r.side)
        strikes.append({
            "number": number, "striker": me.name, "target": other.name,
            "hit": numbers.hit_chance(me, other, p.options),
            "crit": numbers.crit_chance(me, other, p.options),
            "rolls": [{"purpose": d.purpose, "dice": list(d.faces), "value": d.value}
                      for d in note.decisions],
            "outcome": r.outcome, "damage": r.damage, "target_hp": r.target_hp,
            "weapon_broke": r.weapon_broke,
            "effects": ([f"critical failure: {me.weapon.name if me.weapon else ''} lost "
                         "(failed break check)"] if r.weapon_broke else
                        ["critical failure: the weapon survives its break check"]
                        if r.outcome == "fumble" else []),
        })
    return strikes


def _staff_attack(p: staves.StaffPlan, dice: DiceSource) -> dict[str, Any]:
    landed, chance = staves.resolve(p, dice)
    staff = p.user.weapon.name if p.user.weapon else ""
    return {
        "ruleset": "fe-classic",
        "seed": getattr(dice, "seed", None),
        "strikes": [{
            "number": 1, "striker": p.user.name, "target": p.target.name, "hit": p.chance,
            "crit": 0,
            "rolls": [{"purpose": d.purpose, "dice": list(d.faces), "value": d.value}
                      for d in chance.decisions],
            "outcome": "hit" if landed else "miss", "damage": 0, "target_hp": p.target.hp,
            "weapon_broke": False,
            "effects": [f"{p.status} for {counted(p.turns, 'turn')} ({staff})"] if landed else [],
        }],
        "hp": {p.user.name: p.user.hp, p.target.name: p.target.hp},
        "critically_wounded": [],
        "defeated": [],
        "statuses": {p.target.name: [p.status]} if landed else {},
        "dice": _dice(dice),
    }
