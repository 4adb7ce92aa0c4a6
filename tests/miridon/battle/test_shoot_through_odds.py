"""The exact odds of every target of a Shoot Through (004 L847-876, L2607-2616): a later
target's forecast is the mixture over how many bullets hit an earlier one, by the very
procedure the shot resolves with (``shoot_through.TargetRoll``), checked by hand and
against a seeded simulation of the battle action itself."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from tactician.rulesets.miridon.battle.attack_actions import plan_targets
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.forecast import attack_forecast
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.battle.shoot_through import (
    ADVANCED,
    PIERCING,
    SURPRISE,
    line_odds,
)
from tests.miridon.battle.helpers import act, battle, unit

SHOT = {"type": "attack", "unit": "g", "target": "a", "modifiers": "shoot_through"}


def _line(weapon: str, to_hit: int, *flairs: str, **b_changes: Any):  # type: ignore[no-untyped-def]
    shooter = unit("g", weapons=(weapon,), flairs=("Shoot Through", *flairs),
                   to_hit={weapon: to_hit}, at=(0, 2))
    return battle(shooter, unit("a", "enemy", at=(2, 2), hp=100),
                  unit("b", "enemy", at=(4, 2), hp=100, **b_changes),
                  unit("c", "enemy", at=(5, 2), hp=100, stance="Block Stance"), width=16)


def _odds(state, action, options=()):  # type: ignore[no-untyped-def]
    rules = MiridonBattleRules(list(options))
    return {row.target: row for row in line_odds(rules.book, rules.options, state, action)}


def _expected_hits(row) -> float:  # type: ignore[no-untyped-def]
    return sum(k * p for k, p in row.odds.hits.items())


@pytest.mark.parametrize(("mode", "expected"), [
    # a is hit by each bullet with 1/2 (1d6+3 >= 7); b dodged: a fresh bullet needs 9
    # (a 6, 1/6), a bullet that hit a faces b's Passive 7 (1/2, Surprise L849)
    ("per_bullet", 6 * 0.5 * 0.5 + 6 * 0.5 / 6),  # E[marked] = 3, each 1/2; 3 fresh at 1/6
    ("any_bullet", 63 / 64 * 3 + 1 / 64 * 1),  # any of 6 hit a: every bullet at 1/2
    ("off", 6 / 6),  # a shotgun never counts: every bullet at 1/6
])
def test_l851_shotgun_bullets_that_hit_before_derived(mode: str, expected: float) -> None:
    """"For shotguns, each bullet is calculated individually for factoring if the bullet
    hit a previous target" (L851): b's expected bullets hitting, by hand."""
    state = _line("Shotgun", 3, SURPRISE, active=9)
    found = _odds(state, {**SHOT, "dodge": "yes", "block": "none"},
                  [f"shoot_through_shotgun={mode}"])
    assert _expected_hits(found["a"]) == pytest.approx(3.0)
    assert _expected_hits(found["b"]) == pytest.approx(expected)
    assert found["b"].after_hit == pytest.approx(63 / 64 if mode != "off" else 0.0)


def test_l872_later_target_is_the_mixture_over_the_first_hit_derived() -> None:
    """b's HP after the shot: P(a missed) x the shot on b as it stands (Heavy Block Stance,
    may Dodge) + P(a hit) x the shot on b in No Stance without a Dodge (L849, L859, L872),
    each of those two planned apart from the line."""
    state = _line("Revolver", 0, SURPRISE, PIERCING, ADVANCED, stance="Heavy Block Stance")
    rules = MiridonBattleRules([])
    rows = _odds(state, SHOT)
    p_first = odds(plan_targets(rules.book, rules.options, state, SHOT)[0][0].spec).hit
    assert rows["b"].after_hit == pytest.approx(p_first)
    plain = plan_targets(rules.book, rules.options, state, {**SHOT, "target": "b"})[0][0]
    opened = state.replace_units(state.unit("b").model_copy(update={"stance": "No Stance"}))
    later = plan_targets(rules.book, rules.options, opened,
                         {**SHOT, "target": "b", "dodge": "no", "block": "none"})[0][0]
    hp: Counter[int] = Counter()
    for weight, plan in ((1 - p_first, plain), (p_first, later)):
        for value, p in odds(plan.spec).hp.items():
            hp[value] += weight * p
    assert rows["b"].odds.hp == pytest.approx(dict(hp))
    # as if b were the first target: not the same odds (the bug this fixes)
    assert odds(plain.spec).expected_damage < rows["b"].odds.expected_damage - 0.5


def _simulated(state, action, options, n: int) -> dict[str, Counter[int]]:  # type: ignore[no-untyped-def]
    seen: dict[str, Counter[int]] = {t: Counter() for t in ("a", "b", "c")}
    for i in range(n):
        after = act(state, action, seed=70_000 + i, options=options)[0]
        for target, counter in seen.items():
            counter[after.unit(target).hp] += 1
    return seen


@pytest.mark.parametrize(("weapon", "to_hit", "options", "n"), [
    ("Revolver", 0, (), 1000),
    ("Shotgun", 3, ("shoot_through_shotgun=per_bullet",), 400),
    pytest.param("Shotgun", 3, ("shoot_through_shotgun=per_bullet",), 2000,
                 marks=pytest.mark.slow),
    pytest.param("Shotgun", 3, ("shoot_through_shotgun=any_bullet",), 1000,
                 marks=pytest.mark.slow),
])
def test_line_forecast_agrees_with_seeded_simulation(weapon: str, to_hit: int,
                                                     options: tuple[str, ...], n: int) -> None:
    """Every target's HP distribution, forecast exactly, against ``n`` seeded shots of the
    battle action (the policy's own reactions): each value within 4.5 binomial sigmas."""
    state = _line(weapon, to_hit, SURPRISE, PIERCING, ADVANCED, stance="Heavy Block Stance",
                  active=9)
    exact = _odds(state, SHOT, options)
    seen = _simulated(state, SHOT, list(options), n)
    for target, counter in seen.items():
        table = exact[target].odds.hp
        assert set(counter) <= set(table), target
        for value, p in table.items():
            sigma = math.sqrt(p * (1 - p) / n)
            assert abs(counter[value] / n - p) <= 4.5 * sigma + 1 / n, (target, value)
    # the marked bullets matter here: b's forecast is not the first-target one
    assert exact["b"].after_hit > 0.5


def test_forecast_shows_every_target_of_the_line() -> None:
    state = _line("Revolver", 0, SURPRISE, PIERCING, ADVANCED, stance="Heavy Block Stance")
    rules = MiridonBattleRules([])
    data = attack_forecast(rules.book, rules.options, state, SHOT)
    line = data["miridon"]["line"]
    assert [row["target"] for row in line] == ["a", "b", "c"]
    assert line[0]["after_hit"] == 0.0 and line[1]["after_hit"] == pytest.approx(
        data["attacker"]["hit_probability"])
    assert any(note.startswith("  line b: after a hit") for note in data["notes"])


@pytest.mark.parametrize(("mode", "b_hp"), [
    ("per_bullet", 100 - (5 + 5) - (3 + 3)),  # the 2 bullets that hit a ignore the +2 PDR
    ("any_bullet", 100 - 4 * 5),  # every bullet does once one hit a
    ("off", 100 - 4 * 3),  # none does
])
def test_l861_piercing_per_bullet_on_the_dice(mode: str, b_hp: int) -> None:
    """Shotgun bullets 1d6+3 against Evasion 7, 1d6 damage; b in a Block Stance (+2 PDR).
    a: two bullets hit (6, damage 5; 6, damage 5), four miss. b: the two marked bullets are
    rolled first (both hit for 5), then the four others (two hit for 5 - 2)."""
    shooter = unit("g", weapons=("Shotgun",), flairs=("Shoot Through", PIERCING),
                   to_hit={"Shotgun": 3}, at=(0, 2))
    state = battle(shooter, unit("a", "enemy", at=(2, 2), hp=100),
                   unit("b", "enemy", at=(4, 2), hp=100, stance="Block Stance"), width=16)
    rolls = [6, 5, 6, 5, 1, 1, 1, 1] + [6, 5, 6, 5] + [6, 5, 6, 5, 1, 1]
    after, _, _ = act(state, {**SHOT, "dodge": "no", "block": "none"}, rolls=rolls,
                      options=[f"shoot_through_shotgun={mode}"])
    assert after.unit("a").hp == 90
    assert after.unit("b").hp == b_hp


@pytest.mark.parametrize("weapon", ["Shotgun", "Revolver"])
def test_a_targets_roll_by_damage_part_is_its_whole_step_enumerated(weapon: str) -> None:
    """``shoot_through._spread`` rolls a hit's damage once per (marked, crit, margin) and
    patches it into each state (``TargetRoll.view``): its ends must be the very ends, in
    the same order with the same floats, of stepping every state whole, for every count
    of marked bullets."""
    from tactician.dice.enumerate import branches
    from tactician.rulesets.miridon.battle.shoot_through import TargetRoll, _spread, marked_spec

    def whole(roll: TargetRoll) -> dict[Any, float]:
        frontier, finished = {roll.start(): 1.0}, {}
        while frontier:
            following: dict[Any, float] = {}
            for s, p in frontier.items():
                if s[0].stage == -1:
                    finished[s] = finished.get(s, 0.0) + p
                    continue
                for result, q in branches(s, roll.step):
                    following[result] = following.get(result, 0.0) + p * q
            frontier = following
        return finished

    state = _line(weapon, 3, SURPRISE, PIERCING, ADVANCED, stance="Heavy Block Stance",
                  active=9)
    rules = MiridonBattleRules([])
    plan = plan_targets(rules.book, rules.options, state, {**SHOT, "target": "b"})[0][0]
    marked = marked_spec(rules.book, rules.options, state, state.unit("g"), plan)
    assert marked != plan.spec  # the marked bullets face other numbers
    for count in range(max(1, plan.spec.bullets) + 1):
        roll = TargetRoll(plan.spec, marked, count)
        ends = _spread({roll.start(): 1.0}, roll, lambda s: s[0].stage == -1)
        assert len(ends) > 2
        assert list(ends.items()) == list(whole(roll).items())
