"""Properties of any sequence of actions: points never go below 0 and never above the
battle maxima except by nothing (no refill but Restore), HP stays in 0..max, a refused
action changes nothing, and the dead stay dead."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.source import SeededDice
from tactician.errors import TacticianError
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tests.miridon.battle.helpers import battle, unit

RULES = MiridonBattleRules([])
KINDS = ["attack", "move", "restore_speed", "restore_strength", "end_turn", "block",
         "grapple", "break_grapple", "redouble", "second_attack", "grapple_attack"]


def start() -> Any:
    return battle(
        unit("a", weapons=("Longsword", "Small Shield"), talents={"Redouble": 1},
             flairs=("Second Attack",), at=(2, 2), hp=20),
        unit("b", "enemy", weapons=("Gauntlet",), talents={"Grapple Boost": 1}, at=(3, 2),
             hp=20),
        unit("c", "enemy", weapons=("Palm Pistol",), at=(6, 2), hp=20),
    )


action = st.fixed_dictionaries({
    "type": st.sampled_from(KINDS),
    "target": st.sampled_from(["a", "b", "c"]),
    "to": st.tuples(st.integers(0, 7), st.integers(0, 4)).map(list),
    "tier": st.sampled_from(["block", "heavy", "super"]),
    "invest": st.integers(0, 3),
})

KEYS = {"attack": ("target",), "move": ("to",), "block": ("tier",), "grapple": ("target",),
        "break_grapple": ("invest",), "grapple_attack": (), "redouble": (),
        "second_attack": (), "restore_speed": (), "restore_strength": (), "end_turn": ()}


@settings(max_examples=60, deadline=None)
@given(actions=st.lists(action, min_size=1, max_size=30), seed=st.integers(0, 10_000))
def test_no_sequence_breaks_the_economy(actions: list[dict[str, Any]], seed: int) -> None:
    state = start()
    for number, raw in enumerate(actions):
        current = state.current
        assert current is not None
        chosen = {"type": raw["type"], "unit": current.id,
                  **{k: raw[k] for k in KEYS[raw["type"]]}}
        before = state.model_dump()
        try:
            state, _ = RULES.apply(state, chosen, SeededDice(seed + number))
        except TacticianError:
            assert state.model_dump() == before
            continue
        for u in state.units:
            assert 0 <= u.strength <= u.profile.battle_strength
            assert 0 <= u.speed <= u.profile.battle_speed
            assert 0 <= u.hp <= u.profile.max_hp
            assert 0 <= u.pdr <= u.profile.pdr
            if u.status == "dead":
                assert before["units"][[x["id"] for x in before["units"]].index(u.id)][
                    "status"] in ("unconscious", "dead")
        if state.result != "ongoing":
            break
