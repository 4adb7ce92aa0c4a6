"""The AI casts, channels, activates and saves its spells (spec §3.23, DEFAULT design)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.ai import decide
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting
from tests.miridon.battle.helpers import act, battle, unit


def witch(**changes: object) -> object:
    return unit("witch", "enemy", at=(6, 0), weapons=("Short Staff",), ghost=30,
                controller="ai", talents={"Offensive Spell Boost": 2}, **changes)


def test_the_ai_casts_then_channels_then_activates() -> None:
    rules = MiridonBattleRules()
    # 55 ft: in the Elemental Spell's 60 ft, out of Gale Burst's 45 ft radius
    state = battle(witch(), unit("sable", at=(17, 0)), width=20, order=("witch", "sable"))
    choice = decide(rules, state, state.unit("witch"))["actions"][0]
    assert choice["type"] == "cast_spell" and choice["target"] == "sable"
    state, _, _ = act(state, choice)
    assert decide(rules, state, state.unit("witch"))["actions"][0]["type"] == "channel_spell"
    ready = state.replace_units(with_casting(state.unit("witch"), Casting(
        "Elemental Spell", (), 10, 0, "sable", 60, element="fire")))
    ready = ready.replace_units(ready.unit("witch").model_copy(update={"slots": ()}))
    assert decide(rules, ready, ready.unit("witch"))["actions"][0]["type"] == "activate_spell"


def test_the_ai_saves_a_threatened_spell_when_it_is_worth_it() -> None:
    rules = MiridonBattleRules()
    state = battle(witch(), unit("sable", at=(0, 0)), order=("witch", "sable"))
    threatened = with_casting(state.unit("witch"), Casting(
        "Elemental Spell", (), -2, 1, "sable", 60, status="threatened", element="fire"))
    state = state.replace_units(threatened)
    choice = decide(rules, state, state.unit("witch"))["actions"][0]
    assert choice["type"] == "recover_ghost_power"
    assert choice["strength"] + choice["speed"] == 3
