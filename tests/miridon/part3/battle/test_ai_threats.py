"""The AI weighs cancelling a foe's spell and the insanity its hits cause (spec §3.23, DEFAULT
design; 004 L3257, L2507, L3015, L3039, L3247)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.ai import decide
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.ai_threats import (
    cancel_term,
    insanity_term,
    safe_invest,
)
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of, with_casting
from tests.miridon.battle.helpers import act, battle, unit

SPELL = Casting("Elemental Spell", (), 3, 2, "brute", 60, element="fire")


def _field(mage_casts: bool, **mage: object) -> object:
    brute = unit("brute", "enemy", at=(5, 2), controller="ai", ghost=0,
                 talents={"Melee Boost": 4})
    guard = unit("guard", at=(4, 2), facing="e", ghost=0)
    caster = unit("mage", at=(6, 2), facing="w", ghost=0, **mage)
    if mage_casts:
        caster = with_casting(caster, SPELL)
    return battle(brute, guard, caster, order=("brute", "guard", "mage"))


def _damage(state: object, target: str) -> dict[int, float]:
    plan, _ = plan_attack(load_compendium(), BattleOptions(), state,  # type: ignore[arg-type]
                          {"type": "attack", "unit": "brute", "target": target,
                           "weapon": "Longsword", "kind": "melee"})
    return odds(plan.spec).damage


def test_the_ai_strikes_the_caster_to_cancel_its_spell() -> None:
    rules = MiridonBattleRules()
    plain = _field(False)
    # equal foes: the tie goes to the first by name (guard) ...
    first = decide(rules, plain, plain.unit("brute"))
    assert first["actions"][0]["target"] == "guard" and "P(insanity" not in first["reason"]
    casting = _field(True)
    chosen = decide(rules, casting, casting.unit("brute"))
    # ... until the mage's spell can be cancelled by the hit (L3257, L2507)
    assert chosen["actions"][0]["target"] == "mage"
    assert "P(cancels mage's Elemental Spell)" in chosen["reason"]


def test_cancel_bonus_is_zero_without_a_spell_and_grows_with_p_cancel() -> None:
    state = _field(True)
    damage = _damage(state, "mage")
    assert cancel_term(state.unit("guard"), damage)[0] == 0.0
    rich = state.unit("mage")  # 20 points to spend on Recover Ghost Power (L2513)
    poor = rich.model_copy(update={"strength": 0, "speed": 0})
    assert cancel_term(poor, damage)[0] > cancel_term(rich, damage)[0] >= 0.0
    assert cancel_term(poor, {0: 1.0})[0] == 0.0  # a miss never cancels


def test_p_cancel_agrees_with_seeded_play() -> None:
    """A caster with no points left cannot recover: the spell is threatened, i.e. cancelled
    at its next action, exactly when the hit drains it to 0 or less."""
    state = _field(True, strength=0, speed=0)
    damage = _damage(state, "mage")
    bonus, _ = cancel_term(state.unit("mage"), damage)
    exact = bonus / (6.0 + 2.0 * SPELL.spell_ghost)
    runs, cancelled = 300, 0
    for seed in range(runs):
        after, _, _ = act(state, {"type": "attack", "unit": "brute", "target": "mage",
                                  "weapon": "Longsword", "kind": "melee"}, seed=seed)
        held = casting_of(after.unit("mage"))
        cancelled += held is None or held.status == "threatened"
    sigma = (exact * (1 - exact) / runs) ** 0.5
    assert abs(cancelled / runs - exact) <= 4 * sigma + 1e-9


def test_a_foes_insanity_counts_for_a_friends_against() -> None:
    state = _field(False)
    book = load_compendium()
    damage = _damage(state, "guard")
    haunted = state.unit("guard").model_copy(update={"ghost": 45})  # 40 HP: any hit rolls
    calm = state.unit("guard")
    assert insanity_term(book, state.unit("brute"), calm, damage)[0] == 0.0
    foe, why = insanity_term(book, state.unit("brute"), haunted, damage)
    friend, _ = insanity_term(book, state.unit("brute"),
                              haunted.model_copy(update={"side": "enemy"}), damage)
    assert foe > 0 and friend == -foe and "P(insanity roll, foe guard)" in why
    resisting = haunted.model_copy(update={"profile": haunted.profile.model_copy(
        update={"talents": {"Resist Insanity": 1}})})  # effective HP + 10 (L3039)
    milder = insanity_term(book, state.unit("brute"), resisting, damage)[0]
    assert 0.0 < milder < foe  # a hit of 5 or less no longer rolls, and the bonus is lower


def test_the_caster_invests_enough_to_stop_triggering_its_own_insanity() -> None:
    witch = unit("witch", "enemy", hp=10, ghost=30)
    assert safe_invest(witch, 10) == (20, safe_invest(witch, 10)[1])
    assert safe_invest(witch, 25)[0] == 25  # already enough
    assert safe_invest(witch.model_copy(update={"hp": 0}), 5)[0] == 30  # all of it (L3247)
    rules = MiridonBattleRules()
    state = battle(unit("witch", "enemy", at=(6, 0), weapons=("Short Staff",), ghost=30,
                        hp=10, controller="ai", talents={"Offensive Spell Boost": 2}),
                   unit("sable", at=(0, 0)), order=("witch", "sable"))
    chosen = decide(rules, state, state.unit("witch"))
    cast = chosen["actions"][0]
    assert cast["type"] == "cast_spell" and 30 - cast["ghost"] <= 10
    assert "no insanity trigger" in chosen["reason"]
