"""The hard fight's forecast as one would write it by hand: a page of plain Python.

Issue 28's baseline for ``bench/bench_forecast.py``: what the exact forecast of a
one-on-one Attack Sequence costs when nothing is general about it. Each strike
is (striker, [(damage dealt, chance)...]) read from the plan's numbers; the
frontier is a dict of (attacker HP, defender HP) -> probability, and a strike
applies its damage to every state where both still stand (000 "Attack
Sequences": "alternating until either one is defeated"). It knows no feat
(Miracle, Shield, Silencer, Guard Break, Cleave, Trample...), which is what
makes it short: it is right for fights whose units have none, as the
benchmark's hard fight, and ``tests/tropera/test_plain_forecast.py`` checks it
gives the project's distribution there.
"""

from __future__ import annotations

from tactician.rulesets.tropera.sequence import Forecast, Plan

Strikes = list[tuple[int, list[tuple[int, float]]]]


def strike_dice(plan: Plan) -> Strikes:
    """Each strike of ``plan``: its striker (0 the attacker, 1 the defender) and the
    damage it deals with each outcome's chance (miss 0, hit, crit)."""
    out: Strikes = []
    for strike in plan.strikes:
        numbers = plan.table[(strike.striker, strike.target, -1, 0)]
        dealt = {"miss": 0, "hit": numbers.damage, "crit": numbers.crit_damage}
        outcomes = numbers.roll.main.outcomes()
        out.append((strike.striker, [(dealt[label], p) for label, p in outcomes]))
    return out


def enumerate_fight(start: tuple[int, int], strikes: Strikes) -> dict[tuple[int, int], float]:
    """(attacker HP, defender HP) -> probability after every strike."""
    frontier = {start: 1.0}
    for striker, outcomes in strikes:
        following: dict[tuple[int, int], float] = {}
        for state, p in frontier.items():
            mine, theirs = state
            if mine == 0 or theirs == 0:  # one is defeated: the sequence is over
                following[state] = following.get(state, 0.0) + p
                continue
            for dealt, q in outcomes:
                if striker == 0:
                    after = (mine, theirs - dealt if theirs > dealt else 0)
                else:
                    after = (mine - dealt if mine > dealt else 0, theirs)
                following[after] = following.get(after, 0.0) + p * q
        frontier = following
    return frontier


def plain_forecast(plan: Plan) -> dict[tuple[int, int], float]:
    """The plain enumeration of ``plan``'s one-on-one fight, from its numbers."""
    return enumerate_fight((plan.units[0].hp, plan.units[1].hp), strike_dice(plan))


def hp_pairs(forecast: Forecast) -> dict[tuple[int, int], float]:
    """The project's forecast told as the plain one tells it: (attacker HP,
    defender HP) -> probability, end states that differ only in when the fight
    ended summed."""
    out: dict[tuple[int, int], float] = {}
    for (_, hps, _, _), p in forecast.final.items():
        pair = (hps[0], hps[1])
        out[pair] = out.get(pair, 0.0) + p
    return out


def same_distribution(
    plain: dict[tuple[int, int], float], ours: dict[tuple[int, int], float]
) -> bool:
    """The same end states, each chance equal to 1e-12 (the two sum paths in
    different orders, so the last bits may differ)."""
    return plain.keys() == ours.keys() and all(
        abs(plain[k] - ours[k]) <= 1e-12 for k in plain
    )
