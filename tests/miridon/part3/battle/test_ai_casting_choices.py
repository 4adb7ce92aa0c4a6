"""The AI's casting choices (issue 26 item 10; docs/miridon-ai.md "Spells", "Veil"): the
casting modifiers (Explosive / Beam, Shorten Spell, Weakening Possession, L2650-2955), the
element against a foe dragon's affinity and Recovery (L1376, L1384), a Mech Spell Core's
modifiers, and Veil (L2076, L2520, L3273)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.miridon.battle.ai import attack_candidates
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.racial_flairs import AFFINITY_POOL
from tactician.rulesets.miridon.spirit_battle.ai_mech_spells import core_candidates
from tactician.rulesets.miridon.spirit_battle.ai_spells import spell_candidates
from tactician.rulesets.miridon.spirit_battle.ai_veil import veil_candidates
from tactician.rulesets.miridon.spirit_battle.mech_units import board, mech_of, mech_unit
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of
from tests.miridon.battle.helpers import act, battle, unit

BOOK, OPTIONS = load_compendium(), BattleOptions()


def witch(flairs: tuple[str, ...] = (), at: tuple[int, int] = (0, 2), **changes: Any) -> Any:
    return unit("witch", "enemy", at=at, controller="ai", flairs=flairs,
                talents={"Offensive Spell Boost": 1}, **{"ghost": 30, **changes})


def casts(state: Any, who: str = "witch") -> list[Any]:
    return [c for c in spell_candidates(BOOK, OPTIONS, state, state.unit(who))
            if c.action["type"] == "cast_spell"]


def _at(found: list[Any], spell: str, target: str, modifiers: tuple[str, ...] = ()) -> Any:
    return next(c for c in found if c.action["spell"] == spell and c.action["target"] == target
                and tuple(c.action.get("modifiers", ())) == modifiers)


def test_the_ai_casts_an_explosive_spell_where_it_reaches_more_foes() -> None:
    """L2682: an Explosive Spell reaches every unit within 5 ft of its point."""
    state = battle(witch(("Explosive Spell",)), unit("a", at=(6, 2)), unit("b", at=(7, 2)),
                   width=20)
    found = casts(state)
    plain = _at(found, "Elemental Spell", "a")
    burst = _at(found, "Elemental Spell", "a", ("Explosive Spell",))
    assert burst.score > plain.score and "reaches a, b" in burst.why
    # where a friend stands beside, its harm counts against
    near_friend = battle(witch(("Explosive Spell",)), unit("a", at=(6, 2)),
                         unit("ally", "enemy", at=(7, 2)), width=20)
    found = casts(near_friend)
    assert _at(found, "Elemental Spell", "a", ("Explosive Spell",)).score < \
        _at(found, "Elemental Spell", "a").score


def test_the_ai_weighs_shorten_spell_and_weakening_possession() -> None:
    state = battle(witch(("Weakening Possession",)), unit("a", at=(6, 2)), width=20)
    found = casts(state)
    shortened = _at(found, "Elemental Spell", "a", ("Shorten Spell 1",))
    assert "(2 blocks to go)" in shortened.why  # 3 - 1 (L2656)
    weak = _at(found, "Possession", "a", ("Weakening Possession",))
    assert weak.score > _at(found, "Possession", "a").score and "points drained" in weak.why


def _dragon(affinity: int, recovery: bool = True) -> Any:
    flairs = ("Dragon Elemental Affinity", *(("Dragon Recovery",) if recovery else ()))
    drake = unit("drake", at=(6, 2), flairs=flairs, hp=60)
    drake = drake.model_copy(update={"hp": 30, "pools": {AFFINITY_POOL: affinity}})
    return battle(witch(), drake, width=20)


def test_the_ai_does_not_burn_a_fire_dragon_that_heals_from_fire() -> None:
    """L1376: an attack of the dragon's affinity deals 0; L1384, with Dragon Recovery it
    heals what it would have dealt. A Fire Dragon (affinity > +1, L1372): the AI casts cold."""
    found = casts(_dragon(5))
    by_element = {c.action["element"]: c for c in found
                  if c.action["spell"] == "Elemental Spell" and not c.action.get("modifiers")}
    assert set(by_element) == {"fire", "cold", "electricity"}
    assert by_element["fire"].score < 0 < by_element["cold"].score
    assert "Dragon Recovery heals it" in by_element["fire"].why
    best = max(found, key=lambda c: c.score)
    assert best.action.get("element") != "fire"


def test_a_mech_spell_core_casts_with_its_pilots_modifiers() -> None:
    parts = [BOOK.mech_parts[p.casefold()] for p in
             ("Warden Frame Body", "Training Frame Blade", "Training Frame Gun",
              "Warden Frame Spell Core")]
    warden = mech_unit(BOOK, "warden", "Warden Frame", parts, "enemy", (1, 1), "vex")
    warden = warden.model_copy(update={"controller": "ai"})
    vex = board(unit("vex", "enemy", specials={"Mech Training": 3}, ghost=20,
                     talents={"Offensive Spell Boost": 1}, flairs=("Explosive Spell",)), "warden")
    state = battle(warden, vex, unit("a", at=(6, 1)), unit("b", at=(7, 1)), width=20,
                   order=("warden", "vex", "a", "b"))
    found = core_candidates(BOOK, OPTIONS, state, state.unit("warden"))
    burst = [c for c in found if c.action.get("modifiers") == ["Explosive Spell"]]
    assert burst
    after, _, _ = act(state, burst[0].action)
    assert casting_of(after.unit("warden")).modifiers == ("Explosive Spell",)  # type: ignore[union-attr]
    assert mech_of(after.unit("warden")).part("Warden Frame Spell Core").casting


def test_the_ai_veils_its_casting_and_a_deceived_side_does_not_target_it() -> None:
    """L3273: Veil conceals the casting; a side it deceives does not see the caster, so the
    AI of that side does not attack it; the caster weighs what that keeps off it."""
    mage = witch(at=(5, 2))
    mage = mage.model_copy(update={"profile": mage.profile.model_copy(
        update={"skills": {"Veil": 3}})})
    state = battle(mage, unit("ogre", at=(6, 2), facing="w"), order=("witch", "ogre"))
    state, _, _ = act(state, {"type": "cast_spell", "unit": "witch", "spell": "Possession",
                              "ghost": 5, "target": "ogre"})
    found = veil_candidates(BOOK, OPTIONS, state, state.unit("witch"))
    assert len(found) == 1 and found[0].action == {"type": "veil", "unit": "witch",
                                                   "bonus": "yes"}
    assert found[0].score > 0 and "P(all deceived)" in found[0].why
    for seed in range(1, 40):  # a Veil that deceives the ogre's side
        veiled, _, _ = act(state, found[0].action, seed=seed)
        if veiled.unit("witch").condition("Veiled").source.count("player"):
            break
    veiled, _, _ = act(veiled, {"type": "end_turn"})
    ogre = veiled.unit("ogre")
    assert not [c for c in attack_candidates(BOOK, OPTIONS, veiled, ogre) if c.target == "witch"]


def test_the_ai_prices_the_healing_its_elemental_weapon_gives_a_fire_dragon() -> None:
    """L1384: a hit with the element of the dragon's affinity heals it what it would have
    dealt; the AI's attack score counts that against the attack."""
    from tactician.rulesets.miridon.battle.ai import score_attack
    from tactician.rulesets.miridon.magic.effects import WeaponEnchantment
    from tactician.rulesets.miridon.spirit_battle.enchantments import enchant

    knight = enchant(unit("k", at=(0, 0), controller="ai"),
                     [WeaponEnchantment("elemental", 0, "fire")], "Longsword")
    scores = {}
    for recovery in (False, True):
        drake = _dragon(5, recovery).unit("drake").model_copy(update={"position": (1, 0)})
        state = battle(knight, drake)
        found = score_attack(BOOK, OPTIONS, state, state.unit("k"),
                             {"type": "attack", "unit": "k", "target": "drake"})
        assert found is not None
        scores[recovery] = found
    assert scores[True].score < scores[False].score
    assert "Dragon Recovery heals drake" in scores[True].why
