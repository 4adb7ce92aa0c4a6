"""The enemy tiers (000 "Enemy Actions") choosing with exact odds."""

from __future__ import annotations

from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera.ai import Scorer, candidates, decide, next_decision, turn_order
from tactician.rulesets.tropera.battle_state import TroperaBattle
from tactician.rulesets.tropera.battle_units import reach
from tactician.rulesets.tropera.options import TroperaOptions
from tests.tropera.battles import battle, unit

FIELD = ["." * 9] * 5


def enemy_phase(state: TroperaBattle) -> TroperaBattle:
    return state.model_copy(update={"phase": 1})


def nimble(uid: str, at: tuple[int, int]):  # type: ignore[no-untyped-def]
    return unit(uid, at, character={"points": {"hp": 5, "str": 4, "skl": 6, "spd": 10, "lck": 10}})


def sturdy(uid: str, at: tuple[int, int]):  # type: ignore[no-untyped-def]
    return unit(uid, at, character={"points": {"hp": 15, "str": 10, "skl": 8, "spd": 1, "lck": 1}})


def test_mob_attacks_the_easiest_target_to_hit() -> None:
    state = enemy_phase(
        battle(
            FIELD,
            nimble("n", (3, 2)),
            sturdy("s", (5, 2)),
            unit("m", (4, 0), side="enemy", tier="mob"),
        )
    )
    decision = decide(state, state.unit("m"), Scorer(TroperaOptions()))
    assert decision.actions[-1]["target"] == "s"
    assert "easiest target" in decision.reason


def test_army_weighs_the_counterattack() -> None:
    # the archer cannot strike back at distance 1; the sturdy swordsman can and hits hard
    archer = unit(
        "arc",
        (3, 2),
        character={
            "weapons": ["Iron Bow"],
            "proficiencies": {"bow": "D"},
            "points": {"hp": 10, "str": 5, "skl": 5, "spd": 6, "lck": 6, "def": 3},
        },
    )
    state = enemy_phase(
        battle(FIELD, archer, sturdy("s", (5, 2)), unit("a", (4, 0), side="enemy", tier="army"))
    )
    decision = decide(state, state.unit("a"), Scorer(TroperaOptions()))
    best = decision.candidates[0]
    assert best.target == "arc" and best.counter_hit == 0.0


def test_elite_trades_defeating_against_being_defeated() -> None:
    weak = unit("w", (3, 2), hp=2)
    state = enemy_phase(
        battle(FIELD, weak, sturdy("s", (5, 2)), unit("e", (4, 0), side="enemy", tier="elite"))
    )
    decision = decide(state, state.unit("e"), Scorer(TroperaOptions()))
    assert decision.actions[-1]["target"] == "w"
    assert decision.candidates[0].defeat_target > 0.5


def test_every_reachable_tile_and_foe_in_range_is_scored() -> None:
    state = enemy_phase(
        battle(
            FIELD,
            nimble("n", (3, 2)),
            sturdy("s", (6, 3)),
            unit("m", (4, 0), side="enemy", tier="mob"),
        )
    )
    enemy = state.unit("m")
    found = candidates(state, enemy, Scorer(TroperaOptions()))
    expected = {
        (tile, foe.id)
        for tile in reach(state, enemy)
        for foe in (state.unit("n"), state.unit("s"))
        if manhattan(tile, foe.position) == 1  # type: ignore[arg-type]
    }
    assert {(c.tile, c.target) for c in found} == expected


def test_no_target_in_reach_each_tier_uses_its_own_actions() -> None:
    far = ["." * 30]
    for tier, last in (("mob", "wait"), ("army", "defend")):
        state = enemy_phase(
            battle(far, unit("p", (0, 0)), unit("e", (29, 0), side="enemy", tier=tier))
        )
        decision = decide(state, state.unit("e"), Scorer(TroperaOptions()))
        assert decision.actions[0] == {"type": "move", "unit": "e", "to": [24, 0]}
        assert decision.actions[-1]["type"] == last
    # an Elite dashes first, then uses the doubled movement
    state = enemy_phase(
        battle(far, unit("p", (0, 0)), unit("e", (29, 0), side="enemy", tier="elite"))
    )
    decision = decide(state, state.unit("e"), Scorer(TroperaOptions()))
    assert decision.actions == [
        {"type": "dash", "unit": "e"},
        {"type": "move", "unit": "e", "to": [19, 0]},
    ]


def test_numerical_order_with_elites_free_to_go_first() -> None:
    state = enemy_phase(
        battle(
            FIELD,
            unit("p", (0, 0)),
            unit("m2", (8, 4), side="enemy", tier="mob", number=2),
            unit("m1", (8, 3), side="enemy", tier="mob", number=1),
            unit("e3", (8, 2), side="enemy", tier="elite", number=3),
        )
    )
    assert [u.id for u in turn_order(state)] == ["e3", "m1", "m2"]


def test_decisions_are_deterministic() -> None:
    state = enemy_phase(
        battle(
            FIELD,
            nimble("n", (3, 2)),
            sturdy("s", (5, 2)),
            unit("e1", (4, 0), side="enemy", tier="elite", number=1),
            unit("e2", (4, 4), side="enemy", tier="elite", number=2),
        )
    )
    first = next_decision(state, Scorer(TroperaOptions()))
    second = next_decision(state, Scorer(TroperaOptions()))
    assert first is not None and second is not None
    assert first.actions == second.actions and first.unit == second.unit
