"""One exchange's exact odds and its play on dice, shared by the Fire Emblem fights
(fe-tabletop's 001 combat, fe-classic's 002 combat): both build an ``Exchange`` and
a start state their own way, then forecast and resolve it the same way, through
the one ``Exchange`` step (``forecast`` enumerates it, ``resolve`` samples it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactician.dice.chance import SampledChance
from tactician.dice.source import DiceSource
from tactician.rulesets.fe_common.exchange import (
    ATTACKER,
    DEFENDER,
    Exchange,
    ExchangeState,
    Side,
    StrikeRecord,
    hp_distribution,
)


@dataclass(frozen=True)
class ExchangeOdds:
    """Exact odds of one exchange: every end state and each side's HP distribution."""

    start: ExchangeState
    end: Mapping[ExchangeState, float]
    attacker_hp: Mapping[int, float]
    defender_hp: Mapping[int, float]

    def _hp(self, side: Side) -> Mapping[int, float]:
        return self.attacker_hp if side == ATTACKER else self.defender_hp

    def falls(self, side: Side) -> float:
        return self._hp(side).get(0, 0.0)

    @property
    def attacker_falls(self) -> float:
        return self.falls(ATTACKER)

    @property
    def defender_falls(self) -> float:
        return self.falls(DEFENDER)

    def expected_damage(self, side: Side) -> float:
        """Expected HP ``side`` loses."""
        start = self.start.hp[0 if side == ATTACKER else 1]
        return max(0.0, start - sum(h * p for h, p in self._hp(side).items()))

    def weapon_lost(self, side: Side) -> float:
        """The chance ``side``'s weapon ends the exchange broken (or lost to a break check)."""
        return sum(p for state, p in self.end.items() if state.broken(side))


def exchange_odds(exchange: Exchange, start: ExchangeState) -> ExchangeOdds:
    end = exchange.forecast(start)
    return ExchangeOdds(start, end, hp_distribution(end, ATTACKER),
                        hp_distribution(end, DEFENDER))


@dataclass(frozen=True)
class PlayedExchange:
    """An exchange played on dice (seeded or the table's): its end, every strike's
    record for the log, and the chance that drew every die."""

    end: ExchangeState
    strikes: tuple[StrikeRecord, ...]
    chance: SampledChance

    def weapon_lost(self, side: Side) -> bool:
        return self.end.broken(side)


def play_exchange(exchange: Exchange, start: ExchangeState, dice: DiceSource,
                  rollers: tuple[str | None, str | None] = (None, None)) -> PlayedExchange:
    """The exchange on dice; ``rollers``: whose roll each side's strikes are."""
    chance = SampledChance(dice)
    end = exchange.resolve(start, chance, rollers)
    records = tuple(n.record for n in chance.notes if isinstance(n.record, StrikeRecord))
    return PlayedExchange(end, records, chance)
