"""What a character may do in battle and at what price: actions, attack modifiers and
spell casting modifiers unlocked by its flairs, talents and specials.

An action with ``requires`` needs that flair, talent rank or special rank (e.g. "The
character can perform [Quick Reload] as a [Bonus Action].", L757; Teleport needs "[Rank] 1
[Teleport]", L1976). A modifier needs the flair of its name ("Pre-requisite: [Spinning
Strike]", L2530), except Shorten Spell 1 and 2 ("Pre-requisite: None", L2653, L2665).
Prices come from the data; a flair's cheaper tier (``cost_with``) replaces the base price,
the last owned tier winning (Greater after Advanced, L686-752, L824-836, L1347).
Equipment and battle conditions (a shield, a spell being cast...) are checked in battle.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.models import Action, ActionRequirement, CostTier
from tactician.rulesets.miridon.specials import rank_in

Cost = int | str


@dataclass(frozen=True)
class Priced:
    name: str
    slot: str
    strength_cost: Cost
    speed_cost: Cost
    source: str


def _tier(
    character: Character, base: tuple[Cost, Cost, str], tiers: tuple[CostTier, ...]
) -> tuple[Cost, Cost, str]:
    price = base
    for tier in tiers:
        if character.has_flair(tier.flair):
            price = (tier.strength_cost, tier.speed_cost, f"text L{tier.line} ({tier.flair})")
    return price


def _unlocked(character: Character, compendium: Compendium, req: ActionRequirement | None) -> bool:
    if req is None:
        return True
    if req.flair and not character.has_flair(req.flair):
        return False
    if req.talent and character.talent_rank(req.talent) < (req.rank or 1):
        return False
    return not (req.special and rank_in(character, compendium, req.special) < (req.rank or 1))


def action_price(character: Character, action: Action) -> Priced:
    st, sp, source = _tier(
        character, (action.strength_cost, action.speed_cost, action.cost_source), action.cost_with
    )
    return Priced(action.name, action.slot, st, sp, source)


def available_actions(character: Character, compendium: Compendium) -> list[Priced]:
    return [
        action_price(character, action)
        for action in compendium.actions.values()
        if _unlocked(character, compendium, action.requires)
    ]


def available_attack_modifiers(character: Character, compendium: Compendium) -> list[Priced]:
    result = []
    for mod in compendium.attack_modifiers.values():
        if character.has_flair(mod.requires_flair):
            st, sp, source = _tier(
                character, (mod.strength_cost, mod.speed_cost, mod.cost_source), mod.cost_with
            )
            result.append(Priced(mod.name, "attack_modifier", st, sp, source))
    return result


def available_spell_modifiers(character: Character, compendium: Compendium) -> list[Priced]:
    result = []
    for mod in compendium.spell_modifiers.values():
        if mod.requires_flair is None or character.has_flair(mod.requires_flair):
            st, sp, source = _tier(
                character, (mod.strength_cost, mod.speed_cost, mod.cost_source), mod.cost_with
            )
            result.append(Priced(mod.name, "spell_modifier", st, sp, source))
    return result
