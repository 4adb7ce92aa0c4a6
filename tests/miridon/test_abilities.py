"""Actions and modifiers a character has unlocked, at its price."""

from __future__ import annotations

from tactician.rulesets.miridon.abilities import (
    available_actions,
    available_attack_modifiers,
    available_spell_modifiers,
)
from tactician.rulesets.miridon.compendium import Compendium
from tests.miridon.conftest import make


def names(items: list) -> set[str]:  # type: ignore[type-arg]
    return {i.name for i in items}


def test_second_attack_costs_follow_the_flair_ladder(comp: Compendium) -> None:
    """L692 (1/2), L686 Advanced (1/1), L702 Greater (1/0) for the Second Melee Attack."""
    ladder = [{"grant_points": 60}, {"buy_flair": "Second Attack"}]
    plain = make(comp, "Duelist", ladder)
    price = {p.name: p for p in available_actions(plain, comp)}["Second Melee Attack"]
    assert (price.strength_cost, price.speed_cost) == (1, 2)
    greater = make(
        comp,
        "Duelist",
        [*ladder, {"buy_flair": "Advanced Second Attack"}, {"buy_flair": "Greater Second Attack"}],
    )
    price = {p.name: p for p in available_actions(greater, comp)}["Second Melee Attack"]
    assert (price.strength_cost, price.speed_cost, price.source) == (
        1,
        0,
        "text L702 (Greater Second Attack)",
    )


def test_actions_locked_until_unlocked(comp: Compendium) -> None:
    duelist = make(comp, "Duelist")
    have = names(available_actions(duelist, comp))
    assert "Riposte Melee Attack" in have  # the Duelist's special (L89)
    assert (
        "Teleport" not in have and "Quick Reload" not in have and "Second Melee Attack" not in have
    )
    assert "Melee Attack" in have and "Dodge" in have
    assert names(available_attack_modifiers(duelist, comp)) == set()
    assert names(available_spell_modifiers(duelist, comp)) == {"Shorten Spell 1", "Shorten Spell 2"}


def test_crushing_blow_and_shorten_spell_prices(comp: Compendium) -> None:
    """Crushing Blow strength 2 -> 1 -> 0 (L824-836); Shorten Spell 2 speed 15 -> 10 (L1347)."""
    ledger = [{"grant_points": 100}] + [
        {"buy_flair": f}
        for f in (
            "True Strike",
            "Power Attack",
            "Crushing Blow",
            "Advanced Crushing Blow",
            "Cheaper Shorten Spell",
        )
    ]
    fighter = make(comp, "Grand Devourer", ledger)
    mods = {p.name: p for p in available_attack_modifiers(fighter, comp)}
    assert mods["Crushing Blow"].strength_cost == 1
    spells = {p.name: p for p in available_spell_modifiers(fighter, comp)}
    assert spells["Shorten Spell 2"].speed_cost == 10
