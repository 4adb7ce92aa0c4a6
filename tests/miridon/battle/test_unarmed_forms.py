"""The racial flairs that make an Unarmed Melee Attack take another slot or lead to more:
Dragon Wing Buffet (004 L1446-1452), Death Worm Maw (L1498-1504), Death Worm Bite
(L1508-1512) and Eldritch Strike (L1464-1472)."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of
from tests.miridon.battle.helpers import act, battle, unit

WORM = ("Death Worm Body", "Death Worm Maw")
QUIET = {"dodge": "no", "block": "none", "riposte": "no"}
HIT = [4, 4]  # to hit 8 (Unarmed +0 vs 7); Unarmed deals 1, no die (L3486)


def _field(flairs: tuple[str, ...], **changes: object) -> object:
    beast = unit("w", weapons=("Unarmed",), flairs=flairs, talents={"Grapple Boost": 1},
                 **changes)
    return battle(beast, unit("t", "enemy", at=(1, 0), hp=60, speed=30))


def _attack(**extra: object) -> dict[str, object]:
    return {"type": "attack", "unit": "w", "target": "t", **QUIET, **extra}


def test_death_worm_maw_makes_a_second_melee_attack_the_verbal_action() -> None:
    """L1500 "The character can perform a [Melee Attack] or [Melee Combo Attack] action with
    the [Unarmed] weapon as a [Verbal Action]."; L1502 "as well as any [Offensive Action]"."""
    state, _, _ = act(_field(WORM), _attack(), rolls=HIT)
    state, _, _ = act(state, _attack(), rolls=HIT)
    w = state.unit("w")
    assert w.slots == ("offensive", "verbal")
    assert (w.strength, w.speed) == (10 - 2, 10 - 4)  # two Melee Attacks at 1/2
    assert state.unit("t").hp == 60 - 2
    with pytest.raises(RulesError, match="already taken its offensive action"):
        act(state, _attack(), rolls=HIT)


def test_without_the_maw_or_unarmed_the_second_melee_attack_is_refused() -> None:
    state, _, _ = act(_field(("Death Worm Body",)), _attack(), rolls=HIT)
    with pytest.raises(RulesError, match="already taken its offensive action"):
        act(state, _attack(), rolls=HIT)
    with pytest.raises(RulesError, match="needs Death Worm Maw"):
        act(state, _attack(slot="verbal"), rolls=HIT)
    armed = battle(unit("w", weapons=("Longsword",), flairs=WORM),
                   unit("t", "enemy", at=(1, 0)))
    with pytest.raises(RulesError, match="needs Death Worm Maw and the Unarmed weapon"):
        act(armed, _attack(slot="verbal"), rolls=HIT)


def test_dragon_wing_buffet_makes_it_the_movement_action() -> None:
    """L1448 "... with the [Unarmed] weapon as a [Movement Action]"."""
    state, _, _ = act(_field(("Dragon Wing Buffet",)), _attack(slot="movement"), rolls=HIT)
    assert state.unit("w").slots == ("movement",)
    state, _, _ = act(state, _attack(), rolls=HIT)
    assert state.unit("w").slots == ("movement", "offensive")
    with pytest.raises(RulesError, match="already taken its movement action"):
        act(state, {"type": "move", "unit": "w", "to": [0, 1]})


def test_death_worm_bite_grapples_after_a_verbal_maw_hit_when_chosen() -> None:
    """L1510 "... performed as a [Verbal Action] with [Death Worm Maw], then the character can
    choose to begin grappling the target as if they hit the target with [Initiate Grapple]"
    - and the Grapple Attack follows at once (L1875): Grapple Boost 1d6."""
    bite = (*WORM, "Death Worm Bite")
    state, _, _ = act(_field(bite), _attack(slot="verbal", bite="yes"), rolls=[*HIT, 5])
    assert state.unit("w").grappling == ("t",) and state.unit("t").grappled_by == "w"
    assert state.unit("t").hp == 60 - 1 - 5
    plain, _, _ = act(_field(bite), _attack(slot="verbal"), rolls=HIT)
    assert plain.unit("w").grappling == ()  # not chosen
    # the forecast shows the grapple a hit would begin, as the action takes it
    from tactician.rulesets.miridon.battle.forecast import attack_forecast
    from tactician.rulesets.miridon.battle.options import BattleOptions
    from tactician.rulesets.miridon.compendium import load_compendium

    found = attack_forecast(load_compendium(), BattleOptions(), _field(bite),
                            _attack(slot="verbal", bite="yes"))
    assert found["miridon"]["follow_ups"]["grapple"] == found["attacker"]["hit_probability"]
    with pytest.raises(RulesError, match="Death Worm Bite follows a Melee Attack made as the "
                                         "Verbal Action"):
        act(_field(bite), _attack(bite="yes"), rolls=HIT)
    with pytest.raises(RulesError, match="lacks the Death Worm Bite flair"):
        act(_field(WORM), _attack(slot="verbal", bite="yes"), rolls=HIT)


BEAST = ("Eldritch Blast", "Eldritch Strike")


def _possess() -> dict[str, object]:
    return {"type": "eldritch_strike", "unit": "w", "target": "t", "ghost": 5}


def test_eldritch_strike_casts_possession_for_0_0_and_no_cast_time_after_an_unarmed_hit() -> None:
    """L1466-1470: after an Unarmed melee hit, before the verbal action, "casts the
    [Possession] spell with a base [Spell Cast Time] of 0" that "costs 0 [Strength Points]
    and 0 [Speed Points]"."""
    state, _, _ = act(_field(BEAST, ghost=20), _attack(), rolls=HIT)
    before = state.unit("w")
    state, outcome, _ = act(state, _possess())
    w = state.unit("w")
    casting = casting_of(w)
    assert casting is not None and casting.spell == "Possession" and casting.remaining == 0
    assert (w.strength, w.speed, w.ghost) == (before.strength, before.speed, 15)
    assert w.slots == ("offensive", "verbal")
    assert "with Eldritch Strike" in outcome.summary
    state, _, _ = act(state, {"type": "activate_spell", "unit": "w"})  # at once (L2422)
    assert casting_of(state.unit("w")) is None


def test_eldritch_strike_needs_the_unarmed_hit_this_block() -> None:
    with pytest.raises(RulesError, match="no Unarmed Melee Attack hit this block"):
        act(_field(BEAST, ghost=20), _possess())
    missed, _, _ = act(_field(BEAST, ghost=20), _attack(), rolls=[1, 1])
    with pytest.raises(RulesError, match="no Unarmed Melee Attack hit this block"):
        act(missed, _possess())
    hit, _, _ = act(_field(("Eldritch Blast",), ghost=20), _attack(), rolls=HIT)
    with pytest.raises(RulesError, match="lacks the Eldritch Strike flair"):
        act(hit, _possess())


def test_the_ai_attacks_again_with_the_maw_bites_and_strikes_eldritch() -> None:
    from tactician.rulesets.miridon.battle.ai import attack_candidates
    from tactician.rulesets.miridon.battle.options import BattleOptions
    from tactician.rulesets.miridon.compendium import load_compendium
    from tactician.rulesets.miridon.spirit_battle.ai_spells import spell_candidates

    book, options = load_compendium(), BattleOptions()
    state, _, _ = act(_field((*WORM, "Death Worm Bite")), _attack(), rolls=HIT)
    found = attack_candidates(book, options, state, state.unit("w"))
    assert found and all(c.action.get("slot") == "verbal" for c in found)
    plain = next(c for c in found if "bite" not in c.action)
    bite = next(c for c in found if c.action.get("bite") == "yes")
    assert bite.score > plain.score  # the grapple it begins is worth something
    state, _, _ = act(_field(BEAST, ghost=20), _attack(), rolls=HIT)
    strikes = [c for c in spell_candidates(book, options, state, state.unit("w"))
               if c.action["type"] == "eldritch_strike"]
    assert [c.action["target"] for c in strikes] == ["t"]
    assert "for 0/0, no cast time" in strikes[0].why


def test_claw_grasp_and_worm_body_double_the_melee_boost_unarmed() -> None:
    """L1412, L1478, L1488 "When the character is wielding the [Unarmed] weapon, the effects
    of the [Melee Boost] talent are doubled." (one doubling, whichever flairs: C-ruling)."""
    from tactician.rulesets.miridon.battle.attack_actions import plan_attack
    from tactician.rulesets.miridon.battle.options import BattleOptions
    from tactician.rulesets.miridon.compendium import load_compendium

    def dice(flairs: tuple[str, ...], weapon: str = "Unarmed") -> int:
        state = battle(unit("w", weapons=(weapon,), flairs=flairs, talents={"Melee Boost": 2}),
                       unit("t", "enemy", at=(1, 0)))
        plan, _ = plan_attack(load_compendium(), BattleOptions(), state,
                              {"type": "attack", "unit": "w", "target": "t", **QUIET})
        return plan.spec.bonus_dice

    assert dice(()) == 2
    for flair in ("Dragon Claw", "Eldritch Grasp", "Death Worm Body"):
        assert dice((flair,)) == 4
    assert dice(("Dragon Claw", "Eldritch Grasp")) == 4
    assert dice(("Eldritch Grasp",), weapon="Gauntlet") == 2
