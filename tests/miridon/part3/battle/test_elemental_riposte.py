"""Elemental Riposte fires the Elemental Spell when the Riposte hits (004 L203, L2432-2445)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of, with_casting
from tests.miridon.battle.helpers import act, battle, unit

ATTACK = {"type": "attack", "unit": "brute", "target": "duelist", "weapon": "Longsword",
          "kind": "melee"}


def _field(remaining: int, rank: int = 2) -> Any:
    duelist = unit("duelist", at=(1, 0), facing="w", ghost=0,
                   specials={"Riposte": 1, "Elemental Riposte": rank}, passive=14, active=14)
    duelist = with_casting(duelist, Casting("Elemental Spell", (), 5, remaining, "brute", 60,
                                            element="fire"))
    brute = unit("brute", "enemy", at=(0, 0), facing="e", ghost=0, passive=2, active=2)
    return battle(brute, duelist, order=("brute", "duelist"))


def _records(outcome: Any) -> list[dict[str, Any]]:
    found = []
    for record in getattr(outcome, "records", None) or outcome.get("records", []):
        found.append(record)
    return found


def _riposte_hit_seeds(state: Any, tries: int = 80) -> list[tuple[Any, Any]]:
    hits = []
    for seed in range(tries):
        after, outcome, _ = act(state, ATTACK, seed=seed)
        if after.unit("brute").hp < state.unit("brute").hp:
            hits.append((after, outcome))
    return hits


def test_a_riposte_hit_fires_the_spell_with_the_rank_bonus() -> None:
    state = _field(remaining=1)
    hits = _riposte_hit_seeds(state)
    assert hits, "some seed must see the attack miss and the Riposte hit"
    for after, outcome in hits:
        assert casting_of(after.unit("duelist")) is None  # activated, No Stance (L2426)
        fired = [r for r in _records(outcome) if r.get("spell") == "elemental_riposte"]
        assert len(fired) == 1 and fired[0]["target"] == "brute"
        # 6d6 + 2d6 x (OSB 0 + rank 2) + 1d6 (rank 2 exceeds 1 remaining): 11d6 (L2441)
        assert 11 <= fired[0]["rolled"] <= 66


def test_no_elemental_riposte_when_the_cast_time_exceeds_the_rank() -> None:
    state = _field(remaining=3)
    for after, outcome in _riposte_hit_seeds(state):
        assert casting_of(after.unit("duelist")) is not None  # L2435: 3 > rank 2
        assert not [r for r in _records(outcome) if r.get("spell") == "elemental_riposte"]
