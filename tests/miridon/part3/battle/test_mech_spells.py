"""A Mech Spell Core casts, channels and activates through the mech (004 L224, L3641,
L3647, L3653; ruling ``spell core``): paid in the core's speed, the Spell Ghost HP from the
pilot, the pilot's boosts, drained by the mech's damage, cancelled when it is Disabled."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.spirit_battle.mech_damage import mech_damaged
from tactician.rulesets.miridon.spirit_battle.mech_units import board, mech_of, mech_unit
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
CORE = "Warden Frame Spell Core"
PARTS = ("Warden Frame Body", "Training Frame Blade", CORE)
CAST = {"type": "mech_cast", "unit": "warden", "part": CORE, "spell": "Elemental Spell",
        "ghost": 5, "target": "ogre", "element": "fire"}


def _state(**pilot: Any) -> Any:
    warden = mech_unit(BOOK, "warden", "Warden Frame", [BOOK.mech_parts[p.casefold()]
                                                        for p in PARTS], "player", (1, 1),
                       "vex")
    vex = board(unit("vex", specials={"Mech Training": 2}, ghost=20, pools={"max_ghost": 20},
                     talents={"Offensive Spell Boost": 1}, **pilot), "warden")
    return battle(warden, vex, unit("ogre", "enemy", at=(6, 1)),
                  order=("warden", "vex", "ogre"))


def _next_block(state: Any) -> Any:
    """To the warden's turn in the next block (vex, inside, has no turn of its own: M32)."""
    state, _, _ = act(state, {"type": "end_turn"})
    while state.current.id != "warden":
        state, _, _ = act(state, {"type": "end_turn"})
    return state


def test_the_core_casts_with_the_pilots_ghost_and_the_cores_speed() -> None:
    state = _state()
    after, outcome, _ = act(state, CAST)
    core = mech_of(after.unit("warden")).part(CORE)
    assert core.speed == 3 - 2 and core.casting  # Cast Spell: 2 of its 3 (data, L3641)
    assert after.unit("vex").ghost == 20 - 5  # "deducted from the [Current Ghost HP]" (L3247)
    casting = casting_of(after.unit("warden"))
    assert casting is not None and casting.spell_ghost == 5 and casting.remaining == 3
    assert "ghost_from" in str(outcome.records)
    with pytest.raises(RulesError, match="already acted"):
        act(after, {"type": "mech_channel", "unit": "warden", "part": CORE})


def test_channel_then_activate_with_the_pilots_boosts() -> None:
    state, _, _ = act(_state(), CAST)
    for _ in range(3):
        state = _next_block(state)
        state, _, _ = act(state, {"type": "mech_channel", "unit": "warden", "part": CORE})
    assert casting_of(state.unit("warden")).remaining == 0  # type: ignore[union-attr]
    state = _next_block(state)
    # the pilot's Offensive Spell Boost 1: 6d6 + 2d6 = 8 dice (L3288-3292)
    after, outcome, draws = act(state, {"type": "mech_activate", "unit": "warden",
                                        "part": CORE}, rolls=[3] * 8)
    assert len(draws) == 8 and after.unit("ogre").hp == 40 - 24
    assert casting_of(after.unit("warden")) is None
    assert not mech_of(after.unit("warden")).part(CORE).casting
    assert after.unit("warden").profile.talents == {}  # the mech's own profile back


def test_the_mechs_damage_drains_the_spell_and_disabled_cancels_it() -> None:
    state, _, _ = act(_state(), CAST)
    ctx = Context(BattleOptions(), None, BOOK)  # type: ignore[arg-type]
    hurt = state.replace_units(state.unit("warden").model_copy(update={"hp": 50}))
    drained = mech_damaged(ctx, hurt, "warden", 3)
    assert casting_of(drained.unit("warden")).spell_ghost == 5 - 3  # type: ignore[union-attr]
    down = state.replace_units(state.unit("warden").model_copy(update={"hp": 0}))
    disabled = mech_damaged(ctx, down, "warden", 60)
    assert mech_of(disabled.unit("warden")).disabled
    assert casting_of(disabled.unit("warden")) is None
    assert "cancelled: the mech is Disabled (L3653)" in " ".join(ctx.lines)


def test_refusals_change_nothing() -> None:
    state = _state()
    before = state.model_dump()
    with pytest.raises(RulesError, match="Training Frame Blade cannot perform Cast Spell"):
        act(state, {**CAST, "part": "Training Frame Blade"})
    with pytest.raises(RulesError, match="Gather Mist is the pilot's own"):
        act(state, {**CAST, "spell": "Gather Mist", "target": "self", "element": None})
    # a modifier's speed comes from the core's: Shorten Spell 2's 15 is more than it has
    with pytest.raises(RulesError, match="speed points left; the casting modifiers cost 15"):
        act(state, {**CAST, "modifiers": "Shorten Spell 2"})
    with pytest.raises(RulesError, match="cannot invest 21|more than"):
        act(state, {**CAST, "ghost": 21})
    with pytest.raises(RulesError, match="out of range"):
        act(state.replace_units(state.unit("ogre").model_copy(update={"position": (11, 4)})),
            {**CAST, "spell": "Spell Barrier", "element": None})
    with pytest.raises(RulesError, match="casting no spell"):
        act(state, {"type": "mech_channel", "unit": "warden", "part": CORE})
    assert state.model_dump() == before


def test_the_ai_casts_channels_and_activates_through_the_core() -> None:
    from dataclasses import replace

    from tactician.rulesets.miridon.battle.ai import decide
    from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
    from tactician.rulesets.miridon.magic.casting import Casting
    from tactician.rulesets.miridon.spirit_battle.ai_mech_spells import core_candidates
    from tactician.rulesets.miridon.spirit_battle.ai_spell_worth import worth
    from tactician.rulesets.miridon.spirit_battle.mech_spells import with_pilot_boosts
    from tactician.rulesets.miridon.spirit_battle.mech_units import replace_part, with_mech
    from tactician.rulesets.miridon.spirit_battle.part_points import part_cost_value
    from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting

    state = _state()
    warden = state.unit("warden").model_copy(update={"controller": "ai"})
    state = state.replace_units(warden)
    found = core_candidates(BOOK, BattleOptions(), state, warden)
    cast = next(c for c in found if c.action["spell"] == "Elemental Spell")
    trial = Casting("Elemental Spell", (), 1, 0, "ogre", 60, status="activated",
                    element="fire")
    value = worth(BOOK, BattleOptions(), state, with_pilot_boosts(warden, state.unit("vex")),
                  trial)
    core = mech_of(warden).part(CORE)
    assert value is not None
    assert cast.score == pytest.approx(0.3 * value.value - part_cost_value(core, 2))
    assert not [c for c in found if c.action["spell"] == "Gather Mist"]
    for c in found:  # every candidate is an action the rules take
        act(state, c.action)
    # ready to activate: the AI activates it
    ready = with_casting(with_mech(warden, replace_part(mech_of(warden), replace(
        core, casting=True))), Casting("Elemental Spell", (), 5, 0, "ogre", 60,
                                       element="fire"))
    state = state.replace_units(ready)
    choice = decide(MiridonBattleRules(), state, ready)["actions"][0]
    assert choice == {"type": "mech_activate", "unit": "warden", "part": CORE}
    after, _, _ = act(state, choice)
    assert after.unit("ogre").hp < 40
