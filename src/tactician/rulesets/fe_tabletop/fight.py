"""A fe-tabletop fight: planned once, then resolved on dice or forecast exactly.

001 L45: "To make an attack, roll a 1d100. If you hit, deal damage listed upon
the damage dice for the weapon." L47: "if the enemy the unit was attacking is
still alive and has range to attack the unit they get a counter attack (a
separate attack roll after the unit's attack and damage has been calculated)."
L52: "Every time a weapon hits an enemy, the weapon loses durability. If the
weapon's durability reaches 0, it breaks. If a weapon breaks on the unit's
first attack when they have two attacks, cancel the second attack and end the
unit's turn."

Each strike decides its attack roll, then on a hit the weapon's dice (one
``DiceSum``): the forecast branches on every damage value and merges equal HP
states, so kill chances and HP distributions are exact. Physical dice order:
strike by strike, the d100, then on a hit the damage dice left to right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactician.dice.chance import Chance
from tactician.dice.distribution import DiceSum
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.fe_common.attack_roll import CRIT, MISS, AttackRoll, Outcome, attack_roll
from tactician.rulesets.fe_common.character.ranks import hit_value
from tactician.rulesets.fe_common.exchange import (
    ATTACKER,
    DEFENDER,
    Exchange,
    ExchangeState,
    Side,
    Strike,
    strike_order,
)
from tactician.rulesets.fe_common.exchange_odds import (
    ExchangeOdds,
    PlayedExchange,
    exchange_odds,
    play_exchange,
)
from tactician.rulesets.fe_tabletop import numbers
from tactician.rulesets.fe_tabletop.combatant import Combatant
from tactician.rulesets.fe_tabletop.options import TabletopOptions


def _strike(
    me: Combatant, target: Combatant, roll: AttackRoll, options: TabletopOptions
) -> Strike:
    weapon = me.weapon
    assert weapon is not None and weapon.damage is not None
    faces = DiceSum(weapon.damage.dice, 0, f"damage dice ({me.name}, {weapon.name})")

    def strike(chance: Chance) -> tuple[Outcome, int]:
        outcome = roll.resolve(chance)
        if outcome == MISS:
            return outcome, 0
        total = chance.decide(faces)
        return outcome, numbers.hit_damage(me, target, total, outcome == CRIT, options)

    return strike


def counters(defender: Combatant, distance: int) -> bool:
    """The defender has a weapon that deals damage, is not broken and reaches (L47)."""
    weapon = defender.weapon
    return (
        defender.hp > 0
        and weapon is not None
        and weapon.damage is not None
        and defender.uses != 0
        and weapon.reaches(distance, defender.pow)
    )


@dataclass(frozen=True)
class FightPlan:
    attacker: Combatant
    defender: Combatant
    distance: int
    rolls: Mapping[Side, AttackRoll]
    exchange: Exchange

    @property
    def order(self) -> tuple[Side, ...]:
        return self.exchange.order

    def start(self) -> ExchangeState:
        return self.exchange.start(
            (self.attacker.hp, self.defender.hp), (self.attacker.uses, self.defender.uses)
        )


def plan_fight(
    attacker: Combatant, defender: Combatant, distance: int, options: TabletopOptions
) -> FightPlan:
    """Fix the fight's numbers; refuse an attack the rules do not allow."""
    weapon = attacker.weapon
    if weapon is None or weapon.damage is None:
        raise RulesError(f"{attacker.name} has no weapon that deals damage")
    if attacker.uses == 0:
        raise RulesError(f"{attacker.name}'s {weapon.name} is broken")
    if not weapon.reaches(distance, attacker.pow):
        raise RulesError(f"{attacker.name}'s {weapon.name} does not reach distance {distance}")
    if attacker.hp <= 0 or defender.hp <= 0:
        raise RulesError("a defeated unit cannot fight")
    counter = counters(defender, distance)
    order = strike_order(
        numbers.doubles(attacker, defender, options),
        options.defender_doubles and counter and numbers.doubles(defender, attacker, options),
        counter,
    )
    rolls = {ATTACKER: _roll(attacker, defender, options)}
    strikes = {ATTACKER: _strike(attacker, defender, rolls[ATTACKER], options)}
    if counter:
        rolls[DEFENDER] = _roll(defender, attacker, options)
        strikes[DEFENDER] = _strike(defender, attacker, rolls[DEFENDER], options)
    exchange = Exchange(order, strikes, wear_on_miss=options.durability_on_miss)
    return FightPlan(attacker, defender, distance, rolls, exchange)


def _roll(me: Combatant, target: Combatant, options: TabletopOptions) -> AttackRoll:
    return attack_roll(
        numbers.hit_chance(me, target, options),
        numbers.crit_chance(me),
        crit_roll=options.crit_roll,
        purpose=f"attack roll ({me.name})",
    )


# the exact odds of a fight, shared with the other Fire Emblem fights
Forecast = ExchangeOdds


def forecast(plan: FightPlan) -> Forecast:
    return exchange_odds(plan.exchange, plan.start())


@dataclass(frozen=True)
class FightResult(PlayedExchange):
    """A fight played on dice, with what 001 takes from it for ranks and turns."""

    def rank_uses(self, side: Side) -> int:
        """Uses toward ``side``'s weapon rank: damaging hits, a killing blow twice (L5)."""
        return sum(
            hit_value(r.damage, r.target_hp == 0) for r in self.strikes if r.side == side
        )

    def turn_ends(self, side: Side) -> bool:
        """L52 "cancel the second attack and end the unit's turn": its weapon broke."""
        return any(r.weapon_broke for r in self.strikes if r.side == side)


def resolve(plan: FightPlan, dice: DiceSource,
            rollers: tuple[str | None, str | None] = (None, None)) -> FightResult:
    """Play the fight on dice (seeded or the table's); every die is kept, each
    strike's the striker's roll (``rollers``: attacker's and defender's unit ids)."""
    played = play_exchange(plan.exchange, plan.start(), dice, rollers)
    return FightResult(played.end, played.strikes, played.chance)
