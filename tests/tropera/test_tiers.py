"""000 Enemy Actions: the tiers' action lists and numerical order bind every command."""

from __future__ import annotations

import pytest

from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.tropera.battle_actions import apply
from tactician.rulesets.tropera.options import TroperaOptions
from tests.tropera.battles import battle, unit

ROWS = ["......", "......", "......"]


def _enemy_phase(*units):  # type: ignore[no-untyped-def]
    return battle(ROWS, unit("aria", (0, 0)), *units, phase=1)


def test_a_mob_cannot_defend() -> None:
    state = _enemy_phase(unit("mob-1", (5, 0), side="enemy", tier="mob"))
    with pytest.raises(RulesError, match="Mob tier and cannot defend"):
        apply(state, {"type": "defend", "unit": "mob-1"}, SeededDice(1))


def test_an_army_unit_cannot_dash_but_an_elite_can() -> None:
    state = _enemy_phase(
        unit("army-1", (5, 0), side="enemy", tier="army", number=1),
        unit("elite-1", (5, 2), side="enemy", tier="elite", number=2),
    )
    with pytest.raises(RulesError, match="Army tier and cannot dash"):
        apply(state, {"type": "dash", "unit": "army-1"}, SeededDice(1))
    after, _ = apply(state, {"type": "dash", "unit": "elite-1"}, SeededDice(1))
    assert after.unit("elite-1").dashed


def test_mob_and_army_act_in_numerical_order_elites_in_any() -> None:
    state = _enemy_phase(
        unit("mob-1", (5, 0), side="enemy", tier="mob", number=1),
        unit("army-2", (5, 1), side="enemy", tier="army", number=2),
        unit("elite-3", (5, 2), side="enemy", tier="elite", number=3),
    )
    with pytest.raises(RulesError, match=r"numerical order: Mob-1 \(#1\) acts first"):
        apply(state, {"type": "move", "unit": "army-2", "to": [4, 1]}, SeededDice(1))
    # an Elite may act before them
    state, _ = apply(state, {"type": "move", "unit": "elite-3", "to": [4, 2]}, SeededDice(1))
    state, _ = apply(state, {"type": "wait", "unit": "mob-1"}, SeededDice(1))
    state, _ = apply(state, {"type": "move", "unit": "army-2", "to": [4, 1]}, SeededDice(1))
    assert state.unit("army-2").position == (4, 1)


def test_the_order_per_tier_and_the_switch_off() -> None:
    state = _enemy_phase(
        unit("mob-1", (5, 0), side="enemy", tier="mob", number=1),
        unit("army-2", (5, 1), side="enemy", tier="army", number=2),
    )
    per_tier = TroperaOptions(numerical_order="tier")
    after, _ = apply(state, {"type": "move", "unit": "army-2", "to": [4, 1]}, SeededDice(1),
                     per_tier)
    assert after.unit("army-2").position == (4, 1)
    off = TroperaOptions(enforce_enemy_tiers=False)
    after, _ = apply(state, {"type": "defend", "unit": "mob-1"}, SeededDice(1), off)
    assert after.unit("mob-1").acted


def test_a_unit_that_cannot_act_does_not_hold_the_order_up() -> None:
    state = _enemy_phase(
        unit("mob-1", (5, 0), side="enemy", tier="mob", number=1, hp=0),
        unit("mob-2", (5, 1), side="enemy", tier="mob", number=2),
    )
    after, _ = apply(state, {"type": "move", "unit": "mob-2", "to": [4, 1]}, SeededDice(1))
    assert after.unit("mob-2").position == (4, 1)


def test_players_units_have_no_tier_limits() -> None:
    state = battle(ROWS, unit("aria", (0, 0)), unit("mob-1", (5, 0), side="enemy"))
    after, _ = apply(state, {"type": "defend", "unit": "aria"}, SeededDice(1))
    assert after.unit("aria").acted


def test_a_second_wait_and_an_unknown_key_are_refused() -> None:
    state = battle(ROWS, unit("lute", (0, 0)), unit("mob-1", (5, 0), side="enemy"))
    with pytest.raises(RulesError, match="wait takes no 'bogus'; its keys are: none"):
        apply(state, {"type": "wait", "unit": "lute", "bogus": 1}, SeededDice(1))
    state, _ = apply(state, {"type": "wait", "unit": "lute"}, SeededDice(1))
    with pytest.raises(RulesError, match="already ended its turn"):
        apply(state, {"type": "wait", "unit": "lute"}, SeededDice(1))
    with pytest.raises(RulesError, match=r"attack takes no 'tagret'; its keys are: grapple"):
        apply(state, {"type": "attack", "unit": "lute", "tagret": "mob-1"}, SeededDice(1))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=8))
def test_accepted_mob_turns_always_run_in_numerical_order(order: list[int]) -> None:
    """Whatever order a GM tries, only the lowest-numbered Mob that can act is let act."""
    mobs = [unit(f"m{n}", (5, n - 1), side="enemy", tier="mob", number=n) for n in range(1, 5)]
    state = battle(["......"] * 4, unit("aria", (0, 0)), *mobs, phase=1)
    done: list[int] = []
    for n in order:
        try:
            state, _ = apply(state, {"type": "wait", "unit": f"m{n}"}, SeededDice(1))
        except RulesError:
            continue
        done.append(n)
    assert done == list(range(1, len(done) + 1))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["wait", "move", "attack", "defend", "equip", "prepare", "trade"]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8),
)
def test_a_key_the_action_does_not_take_is_always_refused(kind: str, key: str) -> None:
    from tactician.rulesets.tropera.action_registry import ACTIONS

    entry = ACTIONS.entry(kind)
    if key in entry.keys:
        return
    state = battle(ROWS, unit("lute", (0, 0)), unit("mob-1", (5, 0), side="enemy"))
    before = state.model_dump()
    with pytest.raises(RulesError, match=f"{kind} takes no '{key}'"):
        apply(state, {"type": kind, "unit": "lute", key: 1}, SeededDice(1))
    assert state.model_dump() == before


def test_a_mob_uses_items_as_its_main_action_even_with_quick_salve() -> None:
    """000 Mob lists Use Item among its Main Actions and gives it no Bonus Actions."""
    hurt = unit("mob-1", (5, 0), side="enemy", tier="mob", hp=5,
                character={"feats": ["Quick Salve"]})
    state = _enemy_phase(hurt)
    after, _ = apply(state, {"type": "item", "unit": "mob-1", "item": "Vulnerary"},
                     SeededDice(1))
    assert after.unit("mob-1").acted and not after.unit("mob-1").bonus_used


def test_the_units_ahead_are_those_lower_numbered_of_the_order_that_can_still_act() -> None:
    """``ahead_of`` writes ``can_still_act`` out for speed (every action asks it):
    it must list exactly the lower-numbered units of the order that can still act,
    on mixed tiers with some acted, fallen, carried, asleep, in both phases and
    both rulings of the order."""
    import random

    from tactician.engine.effects import Effect
    from tactician.rulesets.tropera.tiers import ORDERED, ahead_of, can_still_act
    from tests.tropera.ai_scenarios import build

    rng = random.Random(16)
    for seed in range(12):
        state = build(12, 4, 14, seed, "mixed")
        units = tuple(
            u.model_copy(update={
                "acted": rng.random() < 0.3,
                "hp": 0 if rng.random() < 0.15 else u.hp,
                "position": None if rng.random() < 0.1 else u.position,
            })
            for u in state.units
        )
        asleep = tuple(
            Effect(name="asleep", unit=u.id, source="p0", ends="phase_end", ends_owner="enemy")
            for u in units if rng.random() < 0.15
        )
        state = state.model_copy(update={"units": units, "effects": asleep,
                                         "phase": seed % 2})
        for order in ("side", "tier"):
            options = TroperaOptions(numerical_order=order)
            for me in units:
                same = ORDERED if order == "side" else {me.tier}
                expected = [
                    o for o in units
                    if me.tier in ORDERED and o.number < me.number and o.side == me.side
                    and o.tier in same and can_still_act(state, o)
                ]
                assert ahead_of(state, me, options) == expected
