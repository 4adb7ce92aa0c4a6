"""Insanity from a real strike in a battle (004 L3009-3241): the exact forecast of an
attack's insanity outcome agrees with seeded battles, and a logged roll of Possessed hands
the unit to the ghosts until its ghost is gone (spec §3.16)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.insanity_forecast import attack_insanity
from tactician.rulesets.miridon.spirit_battle.control import controlled
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
ATTACK = {"type": "attack", "unit": "k", "target": "t", "dodge": "no", "block": "none"}


def _insanity(outcome: Any) -> dict[str, Any] | None:
    return next((r["insanity"] for r in outcome.records if "insanity" in r), None)


def test_the_insanity_forecast_of_an_attack_agrees_with_seeded_battles() -> None:
    """A Greatsword on 3 HP with 20 ghost: most hits take more than the 3 HP; the battle
    keeps HP at 0 (L1740), so the roll is 20 - 0 + 3d6 (L3035) whatever the overkill - the
    forecast must read the same (P(roll) and each effect's chance within 4.5 sigmas)."""
    state = battle(unit("k", at=(0, 0), weapons=("Greatsword",)),
                   unit("t", "enemy", at=(1, 0), hp=3, ghost=20))
    plan, _ = plan_attack(BOOK, BattleOptions(), state, ATTACK)
    forecast = attack_insanity(BOOK, 3, 20, 0, odds(plan.spec).damage)
    n, rolled, seen = 1500, 0, Counter[str]()
    for seed in range(n):
        _, outcome, _ = act(state, ATTACK, seed=70_000 + seed)
        record = _insanity(outcome)
        if record is None:
            continue
        rolled += 1
        assert record["bonus"] == 20  # ghost 20 - HP 0
        for name in {e["effect"] for e in record["effects"]}:
            seen[name] += 1
    assert abs(rolled / n - forecast.p_roll) <= 4.5 * math.sqrt(
        forecast.p_roll * (1 - forecast.p_roll) / n) + 1 / n
    names = {name for taken in forecast.outcomes for name in (t.effect for t in taken)}
    assert set(seen) <= names
    for name in names:
        p = forecast.effect(name)
        assert abs(seen[name] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1 / n, name


def test_a_logged_possessed_roll_moves_the_unit_to_the_ghosts_and_back() -> None:
    """Longsword 1d6+1 rolling 4: 10 HP -> 5, under the 30 ghost (L3015); the roll
    30 - 5 + 3d6 (2, 3, 3) = 33 is row 33, Possessed (1) (L3046-3139): the unit fights for
    side ghosts:t under the AI (L3197) "until their [Current Ghost HP] is reduced to 0"
    (L3198). It invests all 30 ghost in a spell (L3247); at the block's end it is back."""
    state = battle(unit("k", at=(0, 0)), unit("t", "enemy", at=(1, 0), hp=10, ghost=30),
                   order=("k", "t"))
    state, outcome, _ = act(state, ATTACK, rolls=[5, 5, 4, 2, 3, 3])
    record = _insanity(outcome)
    assert record is not None and record["bonus"] == 25
    assert record["lookups"] == [[33, "33", "Possessed"]]
    assert [e["effect"] for e in record["effects"]] == ["Possessed"]
    t = state.unit("t")
    assert (t.hp, t.side, t.controller) == (5, "ghosts:t", "ai")
    assert controlled(t) is not None and controlled(t)["side"] == "enemy"
    state, _, _ = act(state, {"type": "end_turn", "unit": "k"})
    state, _, _ = act(state, {"type": "cast_spell", "unit": "t", "spell": "Elemental Spell",
                              "ghost": 30, "target": "k", "element": "fire"})
    assert state.unit("t").ghost == 0 and casting_of(state.unit("t")) is not None
    assert state.unit("t").side == "ghosts:t"  # still held until the check (block's end)
    state, outcome, _ = act(state, {"type": "end_turn", "unit": "t"})
    t = state.unit("t")
    assert (t.side, t.controller) == ("enemy", "player") and controlled(t) is None
    lines = [line for r in outcome.records for line in r.get("lines", ())]
    assert "t is no longer controlled by ghosts: back to side enemy (L2914, L3198)" in lines
