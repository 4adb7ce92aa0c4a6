"""Elemental Riposte fires the Elemental Spell when the Riposte hits (004 L203, L2432-2445)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.miridon.compendium import load_compendium
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


def _fired(outcome: Any) -> dict[str, Any]:
    found = [r for r in _records(outcome) if r.get("spell") == "elemental_riposte"]
    assert len(found) == 1
    return found[0]


def _with_brute(state: Any, **changes: Any) -> Any:
    values = {"facing": "e", "ghost": 0, "passive": 2, "active": 2, **changes}
    return state.replace_units(unit("brute", "enemy", at=(0, 0), **values))


def test_l2202_the_riposte_target_deflects_the_spell() -> None:
    """"Trigger Action: ... [Elemental Riposte]" (L2202): the attacker in Shield Block Stance
    deflects the fired spell by the policy: SDR 1 + the Large Shield's bonus, then Block
    Stance (L2209)."""
    bonus = load_compendium().weapon("Large Shield").block_bonus or 0
    state = _with_brute(_field(remaining=1), weapons=("Longsword", "Large Shield"),
                        flairs=("Shield Deflection", "Magic Shield Deflection"),
                        stance="Shield Block Stance", sdr=1)
    hits = _riposte_hit_seeds(state)
    assert hits
    for after, outcome in hits:
        fired = _fired(outcome)
        assert fired["dealt"] == max(0, fired["rolled"] - 1 - bonus)
        assert after.unit("brute").stance == "Block Stance"


def test_l1376_l1384_a_dragon_riposted_with_its_own_element() -> None:
    """A Fire Dragon with Dragon Recovery takes 0 of the fire riposte and heals its roll
    (up to its Maximum HP); the hit moves its affinity +3 -> +4 (L1368)."""
    state = _with_brute(_field(remaining=1), flairs=("Dragon Elemental Affinity",
                                                     "Dragon Recovery"),
                        pools={"dragon_affinity": 3})
    hits = [(after, outcome) for after, outcome, _ in (act(state, ATTACK, seed=seed)
                                                       for seed in range(80))
            if any(r.get("spell") == "elemental_riposte" for r in _records(outcome))]
    assert hits
    for after, outcome in hits:
        assert _fired(outcome)["dealt"] == 0
        assert after.unit("brute").pools["dragon_affinity"] == 4
        assert after.unit("brute").hp == 40  # the riposte's sword cut, healed by 11d6 >= 11
