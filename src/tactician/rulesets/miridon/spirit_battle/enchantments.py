"""Weapon enchantments lasting on a unit in battle (004 L3352-3380; numbers in
``magic/effects``, their effect on a hit in ``battle/attack_roll.lasting_hit``).

Elemental Weapon and Vampiric Weapon: "Duration: 30 [Action Blocks]" (L3356, L3371);
"This effect can be placed on either a weapon or a character. If the effect is placed on a
character, then the enchantment affects unarmed attacks made by the character." (L3360,
L3375). An enchantment is kept as the wielder's ``enchantment: <kind>[ <element>]:
<weapon>`` condition (its blocks counted down by the block's end, its value the flat the
boosts add to the 1d6), the weapon ``Unarmed`` when it was placed on the character. A second
enchantment of a kind on the same weapon replaces the first if it adds as much or more (new:
the text does not say they stack; the same policy as barriers).
"""

from __future__ import annotations

from collections.abc import Sequence

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.state import Condition, UnitState
from tactician.rulesets.miridon.derived import UNARMED
from tactician.rulesets.miridon.magic.effects import WeaponEnchantment

PREFIX = "enchantment: "
SOURCE = "L3352-3380"


def _name(spell: WeaponEnchantment, weapon: str) -> str:
    kind = spell.kind if spell.element is None else f"{spell.kind} {spell.element}"
    return f"{PREFIX}{kind}: {weapon}"


def _parse(held: Condition) -> tuple[WeaponEnchantment, str] | None:
    if not held.name.startswith(PREFIX):
        return None
    kind, _, weapon = held.name[len(PREFIX):].partition(": ")
    name, _, element = kind.partition(" ")
    return WeaponEnchantment(name, held.value, element or None,
                             held.blocks if held.blocks is not None else 0), weapon


def enchantments_on(unit: UnitState, weapon: str) -> tuple[WeaponEnchantment, ...]:
    """The enchantments on ``unit``'s ``weapon`` (``Unarmed``: on the character)."""
    found = []
    for held in unit.conditions:
        parsed = _parse(held)
        if parsed is not None and parsed[1].casefold() == weapon.casefold():
            found.append(parsed[0])
    return tuple(found)


def of_kind(unit: UnitState, weapon: str, kind: str) -> WeaponEnchantment | None:
    return next((e for e in enchantments_on(unit, weapon) if e.kind == kind), None)


def enchanted_weapon(unit: UnitState, chosen: object) -> str:
    """The weapon an enchantment goes on: the one named (one ``unit`` wields, or
    ``Unarmed`` for the character, L3360), else the one it holds ready; a clear refusal
    naming what it wields otherwise."""
    if chosen in (None, ""):
        return unit.weapon
    name = str(chosen)
    if name.casefold() == UNARMED.casefold():
        return UNARMED
    try:
        return unit.profile.weapon(name).name
    except RulesError as exc:
        raise RulesError(f"weapon: {unit.id} {exc}; or {UNARMED} to enchant the character "
                         "(L3360)") from None


def enchant(unit: UnitState, spells: Sequence[WeaponEnchantment], weapon: str) -> UnitState:
    """``unit`` with ``spells`` on its ``weapon`` (a weaker one does not replace a stronger)."""
    for spell in spells:
        old = of_kind(unit, weapon, spell.kind)
        if old is not None and old.flat > spell.flat:
            continue
        others = tuple(c for c in unit.conditions
                       if not ((p := _parse(c)) and p[0].kind == spell.kind
                               and p[1].casefold() == weapon.casefold()))
        held = Condition(name=_name(spell, weapon), blocks=spell.blocks, value=spell.flat,
                         source=SOURCE)
        unit = unit.model_copy(update={"conditions": (*others, held)})
    return unit
