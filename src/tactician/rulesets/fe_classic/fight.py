"""A fe-classic combat: planned once, then resolved on dice or forecast exactly.

002 L52-54 "A defending unit will counterattack if possible. This always takes
place after the attacker has completed his hit/damage calculations. If the
attacker is double attacking, the counter will take place after the first
attack, but before the second."; L67-69 "Once to begin the combat, and again
after the enemies counterattack (Or twice in a row if the enemy is unable to
counterattack)."; L69-70 "There are several methods to gain further attacks,
though they are generally item or skill related." (FE8 Brave weapons: two
strikes a round, G2-14). L139-141 "If a unit’s equipped weapon cannot hit at
range and it is under attacked from a unit using a ranged weapon, the defending
unit cannot counterattack." L143-144 "Ranged accuracy and avoid, as well as
damaged, is calculated in exactly the same way as melee combat is."

One procedure: each strike is an attack roll (``rolls.hit_roll``) and fixed
damage; a fumble calls a break check and a lost weapon strikes no more. The
exchange is ``fe_common.exchange``: ``resolve`` runs it on dice, ``forecast``
enumerates it (``dice.enumerate``). Physical dice order, strike by strike: the
hit d100 (none over 100), the crit d100 (on a hit with crit > 0), the break d100
(on a fumble).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactician.dice.chance import Chance
from tactician.dice.events import Bands
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.fe_classic import numbers
from tactician.rulesets.fe_classic.combatant import Combatant
from tactician.rulesets.fe_classic.fumbles import fumble_numbers
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.rolls import break_check, hit_roll
from tactician.rulesets.fe_common.attack_roll import CRIT, FUMBLE, MISS, AttackRoll, Outcome
from tactician.rulesets.fe_common.compendium import FE8Weapon
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


def reaches(weapon: FE8Weapon, distance: int, magic: int) -> bool:
    """002 L136-139 "Most magic tomes have a range of 1-2 ... bows do not share this
    property, and unless noted otherwise, cannot attack at close range": the FE8
    range of the weapon (a staff's top is Mag/2, at least 5: FE8 ``GetUnitMagBy2Range``)."""
    low, high = weapon.range
    top = high if high is not None else max(5, magic // 2)
    return low <= distance <= top


def can_strike(fighter: Combatant, distance: int) -> bool:
    weapon = fighter.weapon
    return (fighter.hp > 0 and weapon is not None and weapon.type != "staff"
            and reaches(weapon, distance, fighter.pow))


def counters(attacker: Combatant, defender: Combatant, distance: int) -> bool:
    """The defender counters when its weapon reaches the attacker (L139-141) and the
    attacker's weapon allows it (FE8 ``IA_UNCOUNTERABLE``, the siege tomes)."""
    assert attacker.weapon is not None
    return not attacker.weapon.uncounterable and can_strike(defender, distance)


def _strike(me: Combatant, target: Combatant, roll: AttackRoll, options: ClassicOptions
            ) -> Strike:
    normal = numbers.damage(me, target, False, options)
    critical = numbers.damage(me, target, True, options)

    def strike(chance: Chance) -> tuple[Outcome, int]:
        outcome = roll.resolve(chance)
        if outcome in (MISS, FUMBLE):
            return outcome, 0
        return outcome, critical if outcome == CRIT else normal

    return strike


@dataclass(frozen=True)
class FightPlan:
    attacker: Combatant
    defender: Combatant
    distance: int
    options: ClassicOptions
    rolls: Mapping[Side, AttackRoll]
    exchange: Exchange

    @property
    def order(self) -> tuple[Side, ...]:
        return self.exchange.order

    def start(self) -> ExchangeState:
        return self.exchange.start((self.attacker.hp, self.defender.hp))

    def fighters(self, side: Side) -> tuple[Combatant, Combatant]:
        if side == ATTACKER:
            return self.attacker, self.defender
        return self.defender, self.attacker


def plan_fight(attacker: Combatant, defender: Combatant, distance: int,
               options: ClassicOptions) -> FightPlan:
    """Fix the combat's numbers; refuse an attack the rules do not allow."""
    weapon = attacker.weapon
    if weapon is None or weapon.type == "staff":
        raise RulesError(f"{attacker.name} has no weapon to attack with (a staff is used, "
                         "not swung: 002 L145-152)")
    if attacker.hp <= 0 or defender.hp <= 0:
        raise RulesError("a defeated unit cannot fight")
    if not reaches(weapon, distance, attacker.pow):
        low, high = weapon.range
        raise RulesError(f"{attacker.name}'s {weapon.name} does not reach distance {distance} "
                         f"(range {low}-{high if high is not None else 'Mag/2'})")
    counter = counters(attacker, defender, distance)
    order = strike_order(
        numbers.doubles(attacker, defender, options),
        options.defender_doubles and counter and numbers.doubles(defender, attacker, options),
        counter,
        attacker_brave=weapon.brave,
        defender_brave=counter and defender.weapon is not None and defender.weapon.brave,
    )
    sides = (ATTACKER, DEFENDER) if counter else (ATTACKER,)
    rolls: dict[Side, AttackRoll] = {}
    strikes: dict[Side, Strike] = {}
    breaks: dict[Side, Bands[bool]] = {}
    for side in sides:
        me, other = (attacker, defender) if side == ATTACKER else (defender, attacker)
        assert me.weapon is not None
        fumble_at, save = fumble_numbers(me.weapon.name, options)
        rolls[side] = hit_roll(numbers.hit_chance(me, other, options),
                               numbers.crit_chance(me, other, options), options,
                               f"hit roll ({me.name})", fumble_at)
        strikes[side] = _strike(me, other, rolls[side], options)
        breaks[side] = break_check(options, me.weapon.name, save)
    exchange = Exchange(order, strikes, breaks=breaks)
    return FightPlan(attacker, defender, distance, options, rolls, exchange)


# the exact odds of a fight, shared with the other Fire Emblem fights
Forecast = ExchangeOdds


def forecast(plan: FightPlan) -> Forecast:
    return exchange_odds(plan.exchange, plan.start())


FightResult = PlayedExchange


def resolve(plan: FightPlan, dice: DiceSource,
            rollers: tuple[str | None, str | None] = (None, None)) -> FightResult:
    """Play the combat on dice (seeded or the table's); every die is kept, each
    strike's the striker's roll (``rollers``: attacker's and defender's unit ids)."""
    return play_exchange(plan.exchange, plan.start(), dice, rollers)
