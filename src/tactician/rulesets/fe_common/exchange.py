"""The GBA-order exchange: attacker, defender's counter, then the follow-ups.

The skeleton 001 and 002 share (and the GBA games use): the attacker strikes,
the defender counters if it is alive and in range, then whichever side is fast
enough strikes again. 001 L47 "if the enemy the unit was attacking is still
alive and has range to attack the unit they get a counter attack (a separate
attack roll after the unit's attack and damage has been calculated)"; L48 "If a
unit's speed is more than 5 points higher than the enemy they're attacking they
get two attacks"; L52 "If a weapon breaks on the unit's first attack when they
have two attacks, cancel the second attack".

What a strike does (its hit, crit and damage) is the ruleset's: each side has a
``Strike``, a function of the chance interface returning the outcome and the
damage it deals. The exchange is one ``step`` per strike on a small hashable
state (both HPs, both weapons' uses, the next strike), so ``resolve`` runs it on
dice and ``forecast`` enumerates it exactly, merging equal states (design
principle 1). A fight stops when a side reaches 0 HP; a side whose weapon broke
makes no further strikes. A side may have a break check (002 L99-101): after
its fumble, one more event decides whether the weapon is lost at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from tactician.dice.chance import Chance
from tactician.dice.enumerate import distribution
from tactician.dice.events import Event
from tactician.dice.roller import rolled_by
from tactician.rulesets.fe_common.attack_roll import FUMBLE, MISS, Outcome

Side = Literal["attacker", "defender"]
ATTACKER: Side = "attacker"
DEFENDER: Side = "defender"
Strike = Callable[[Chance], tuple[Outcome, int]]


def strike_order(
    attacker_doubles: bool,
    defender_doubles: bool,
    defender_counters: bool,
    *,
    attacker_brave: bool = False,
    defender_brave: bool = False,
) -> tuple[Side, ...]:
    """A, D, then A's follow-up, then D's (GBA order); a brave weapon strikes twice a round."""
    a = (ATTACKER, ATTACKER) if attacker_brave else (ATTACKER,)
    d = ((DEFENDER, DEFENDER) if defender_brave else (DEFENDER,)) if defender_counters else ()
    order = a + d
    if attacker_doubles:
        order += a
    if defender_doubles and defender_counters:
        order += d
    return order


def _index(side: Side) -> int:
    return 0 if side == ATTACKER else 1


@dataclass(frozen=True, slots=True)
class ExchangeState:
    """HP and weapon uses of (attacker, defender); ``position`` is the next strike."""

    hp: tuple[int, int]
    uses: tuple[int | None, int | None]
    position: int = 0

    def broken(self, side: Side) -> bool:
        return self.uses[_index(side)] == 0

    def defeated(self, side: Side) -> bool:
        return self.hp[_index(side)] <= 0


@dataclass(frozen=True, slots=True)
class StrikeRecord:
    """What one strike did, noted for the log (forecasts do not narrate)."""

    side: Side
    outcome: Outcome
    damage: int
    target_hp: int
    weapon_broke: bool


@dataclass(frozen=True)
class Exchange:
    """One combat: the strike order and each side's strike."""

    order: tuple[Side, ...]
    strikes: Mapping[Side, Strike]
    wear_on_miss: bool = False
    # 002's break check: after a side's fumble, True from its event loses the weapon
    breaks: Mapping[Side, Event[bool]] = field(default_factory=dict)

    def start(
        self, hp: tuple[int, int], uses: tuple[int | None, int | None] = (None, None)
    ) -> ExchangeState:
        return self._settle(ExchangeState(hp, uses, 0))

    def done(self, state: ExchangeState) -> bool:
        return state.position >= len(self.order)

    def step(self, state: ExchangeState, chance: Chance) -> ExchangeState:
        """One strike: roll it, apply its damage and its wear, move to the next strike."""
        side = self.order[state.position]
        me, target = _index(side), 1 - _index(side)
        outcome, damage = self.strikes[side](chance)
        landed = outcome not in (MISS, FUMBLE)
        hp = list(state.hp)
        if landed:
            hp[target] = max(0, hp[target] - damage)
        uses = list(state.uses)
        left = uses[me]
        worn = landed or self.wear_on_miss
        if worn and left is not None:
            left = uses[me] = max(0, left - 1)
        broke = worn and left == 0
        if outcome == FUMBLE and side in self.breaks and chance.decide(self.breaks[side]):
            uses[me], broke = 0, True
        if chance.narrating:
            chance.note(StrikeRecord(side, outcome, damage if landed else 0, hp[target], broke))
        moved = ExchangeState((hp[0], hp[1]), (uses[0], uses[1]), state.position + 1)
        return self._settle(moved)

    def _settle(self, state: ExchangeState) -> ExchangeState:
        """Skip strikes that cannot happen; a finished fight gets one position (merges)."""
        position = state.position
        if min(state.hp) <= 0:
            position = len(self.order)
        while position < len(self.order) and state.broken(self.order[position]):
            position += 1
        return replace(state, position=position) if position != state.position else state

    def resolve(self, state: ExchangeState, chance: Chance,
                rollers: tuple[str | None, str | None] = (None, None)) -> ExchangeState:
        """Play the exchange on dice (seeded or physical) to its end; each strike's
        dice are its striker's roll (``rollers``: the attacker's and the defender's
        unit ids, issue 25's dice authority)."""
        while not self.done(state):
            with rolled_by(rollers[_index(self.order[state.position])]):
                state = self.step(state, chance)
        return state

    def forecast(self, state: ExchangeState) -> dict[ExchangeState, float]:
        """Exact distribution of the end states."""

        def step(s: ExchangeState, chance: Any) -> ExchangeState:
            return self.step(s, chance)

        return distribution(state, step, self.done)


def hp_distribution(end: Mapping[ExchangeState, float], side: Side) -> dict[int, float]:
    """Each final HP of ``side`` with its probability."""
    result: dict[int, float] = {}
    for state, p in end.items():
        hp = state.hp[_index(side)]
        result[hp] = result.get(hp, 0.0) + p
    return dict(sorted(result.items()))
