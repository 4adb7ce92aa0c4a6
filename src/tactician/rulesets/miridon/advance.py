"""Advancement: one purchase or grant at a time, refused with nothing changed.

004 has no experience, levels or source of points (Chapter 1 is missing): skill points
and Maximum Strength / Speed Points are GM grants (ruling ``advancement``). Each function
returns the new character and the ledger entry, or raises a RulesError naming every
violation; the character passed in is immutable, so a refusal changes nothing.
"""

from __future__ import annotations

from typing import Literal

from tactician.rulesets.miridon.character import Character, LedgerEntry
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.events import LedgerEvent
from tactician.rulesets.miridon.loadout import check_loadout
from tactician.rulesets.miridon.options import DEFAULT_OPTIONS, MiridonOptions
from tactician.rulesets.miridon.purchases import apply, check
from tactician.rulesets.miridon.violations import refuse

Result = tuple[Character, LedgerEntry]


def advance(
    character: Character,
    event: LedgerEvent,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
) -> Result:
    problems = check(character, event, compendium, options, f"advance {event.label()}")
    if problems:
        raise refuse(problems)
    return apply(character, event, compendium, options)


def buy_skill(
    character: Character,
    skill: str,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
) -> Result:
    """One more rank in a skill (004 L272-278)."""
    return advance(character, LedgerEvent(kind="buy_skill", name=skill), compendium, options)


def buy_talent(
    character: Character,
    talent: str,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
) -> Result:
    """One more rank in a talent at [Rank] x 5 (004 L284-291)."""
    return advance(character, LedgerEvent(kind="buy_talent", name=talent), compendium, options)


def buy_flair(
    character: Character,
    flair: str,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
) -> Result:
    """A flair at 10 x flairs owned (004 L399), its prerequisites met."""
    return advance(character, LedgerEvent(kind="buy_flair", name=flair), compendium, options)


def take_dual_class(
    character: Character,
    second_class: str,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
) -> Result:
    """The Dual-Class talent: 100 points, 20/20 maxima (004 L390-393), refund (L121)."""
    return advance(
        character, LedgerEvent(kind="take_dual_class", name=second_class), compendium, options
    )


def grant_points(
    character: Character,
    amount: int,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
    note: str = "",
) -> Result:
    return advance(
        character, LedgerEvent(kind="grant_points", amount=amount, note=note), compendium, options
    )


def grant_stat(
    character: Character,
    stat: Literal["strength", "speed", "ghost_hp"],
    amount: int,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
    note: str = "",
) -> Result:
    """Raise Maximum Strength / Speed Points or Maximum Ghost HP (special ranks follow, L5)."""
    kind: Literal["grant_strength", "grant_speed", "grant_ghost_hp"] = (
        "grant_strength"
        if stat == "strength"
        else "grant_speed"
        if stat == "speed"
        else "grant_ghost_hp"
    )
    return advance(character, LedgerEvent(kind=kind, amount=amount, note=note), compendium, options)


def recruit_crew(
    character: Character,
    name: str,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
) -> Result:
    """A Crew Member, up to the Caravan Master rank (004 L75)."""
    return advance(character, LedgerEvent(kind="recruit_crew", name=name), compendium, options)


def equip(
    character: Character,
    weapons: tuple[str, ...],
    armor: str,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
) -> Character:
    """Change what the character wields and wears; refused (nothing changed) if illegal."""
    candidate = character.with_changes(weapons=tuple(weapons), armor=armor)
    problems = check_loadout(candidate, compendium, options)
    if problems:
        raise refuse(problems)
    return candidate
