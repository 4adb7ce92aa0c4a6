"""Tropera's Use Item and Use Staff actions (healing, stat boosters).

Source: 000 Main Actions "Use Item: Use an item you are carrying such as a
Vulnerary or Pure Water"; "Use Staff: Cast a spell using the chosen staff's
effects. Staves that target hostile units initiate Attack Sequences" (those
go through ``attack``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.effects import Effect
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.action_checks import actor, bonus_action, finish, main_action
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import combatant
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.models import StatLine
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.proficiency import spends_charge
from tactician.rulesets.tropera.progression import has_feat
from tactician.rulesets.tropera.wounds import healed


def _uses_left(unit: Unit, name: str, charges: int | None) -> int | None:
    if charges is None:
        return None
    return unit.uses.get(name, charges)


@ACTIONS.register("item", keys=("item", "target"))
def use_item(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Use Item (a main action; Quick Salve: "You can use medicinal items as a bonus
    action"). On an adjacent ally only with Battle Medic ("You can use medicinal
    items on adjacent allies") or on a critically wounded ally ("Adjacent characters
    can use their action to administer medicinal items they are carrying to the
    dying character as if they were using them on themself")."""
    unit = actor(state, action)
    name = action.get("item")
    if not isinstance(name, str) or not any(
        i.casefold() == name.casefold() for i in unit.character.items
    ):
        raise RulesError(f"{unit.name} carries no item {name!r}")
    item = load_compendium().item(name)
    left = _uses_left(unit, item.name, item.charges)
    if left is not None and left <= 0:
        raise RulesError(f"{item.name} has no uses left")
    if item.stat_bonus and item.heal is None:
        return _use_booster(state, unit, item, left)
    if item.kind != "medicinal" or item.heal is None:
        raise RulesError(f"{item.name} is not an item the engine can apply (no heal or stat gain)")
    target = state.unit(action.get("target") or unit.id)
    if target.id != unit.id:
        assert unit.position is not None
        if target.position is None or manhattan(unit.position, target.position) != 1:
            raise RulesError(f"{target.name} is not adjacent to {unit.name}")
        if target.side != unit.side:
            raise RulesError(f"{target.name} is not an ally")
        if not (target.hp == 0 or has_feat(unit.character, "Battle Medic")):
            raise RulesError(f"{unit.name} needs Battle Medic to use items on a standing ally")
    # a Mob has no bonus actions (000 Mob: "Main Actions ... Use Item"; no Bonus Actions)
    bonus = has_feat(unit.character, "Quick Salve") and not unit.bonus_used and unit.tier != "mob"
    (bonus_action if bonus else main_action)(unit, "Use Item")
    amount = item.heal + _fast_healer_bonus(target)
    after = healed(target, amount)
    user_update: dict[str, Any] = {"bonus_used": True} if bonus else {"acted": True}
    user_update.update(_spend_use(unit, item.name, left))
    user = unit.model_copy(update=user_update)
    changed = [after.model_copy(update=user_update)] if target.id == unit.id else [user, after]
    summary = f"{unit.name} uses {item.name} on {target.name}: {target.hp} -> {after.hp} HP"
    return finish(
        state.replace_units(*changed),
        Outcome(
            summary,
            [
                {
                    "type": "item",
                    "unit": unit.id,
                    "item": item.name,
                    "target": target.id,
                    "healed": after.hp - target.hp,
                }
            ],
        ),
    )


def _spend_use(unit: Unit, name: str, left: int | None) -> dict[str, Any]:
    """Unit updates for one use of an item with ``left`` uses (None: unlimited); the
    spent copy leaves the inventory and another copy starts with full uses."""
    if left is None:
        return {}
    if left - 1 > 0:
        return {"uses": {**unit.uses, name: left - 1}}
    items = list(unit.character.items)
    items.pop(next(i for i, n in enumerate(items) if n.casefold() == name.casefold()))
    return {
        "character": unit.character.model_copy(update={"items": items}),
        "uses": {k: v for k, v in unit.uses.items() if k != name},
    }


def _use_booster(
    state: TroperaBattle, unit: Unit, item: Any, left: int | None
) -> tuple[TroperaBattle, Outcome]:
    """Use Item on a stat booster (000 Use Item: "such as a Vulnerary or Pure Water";
    the items are FE8's). A permanent booster adds to the character for good (an HP
    booster raises current HP with the maximum); a fading one (Pure Water) becomes an
    effect that falls by 1 at each start of the user's phase. Main action, self only."""
    main_action(unit, "Use Item")
    update: dict[str, Any] = {"acted": True, **_spend_use(unit, item.name, left)}
    character = update.get("character", unit.character)
    gains = dict(item.stat_bonus)
    effects = state.effects
    if item.lasts == "fading":
        effects = (
            *[e for e in state.effects if not (e.unit == unit.id and e.name.startswith("boost:"))],
            *[
                Effect(
                    name=f"boost:{stat}",
                    unit=unit.id,
                    value=gain,
                    decay=1,
                    ends="phase_start",
                    ends_owner=unit.side,
                    made_round=state.round,
                    made_phase_owner=state.side,
                )
                for stat, gain in gains.items()
            ],
        )
    else:
        boosts = character.boosts.as_dict()
        for stat, gain in gains.items():
            if stat != "mov":
                boosts[stat] += gain
        character = character.model_copy(
            update={
                "boosts": StatLine.of(boosts),
                "movement_boost": character.movement_boost + gains.get("mov", 0),
            }
        )
        update["character"] = character
        update["hp"] = unit.hp + gains.get("hp", 0)
    after = unit.model_copy(update=update)
    shown = ", ".join(f"{stat} +{gain}" for stat, gain in gains.items())
    how = "fading" if item.lasts == "fading" else "permanent"
    summary = f"{unit.name} uses {item.name}: {shown} ({how})"
    new_state = state.replace_units(after).model_copy(update={"effects": effects})
    return finish(
        new_state,
        Outcome(
            summary,
            [{"type": "item", "unit": unit.id, "item": item.name, "gains": gains, "lasts": how}],
        ),
    )


def _fast_healer_bonus(target: Unit) -> int:
    """Fast Healer: "all other healing you receive is increased by 1/4 of your level
    (rounded down, minimum 1)"."""
    if has_feat(target.character, "Fast Healer"):
        return max(1, target.character.level // 4)
    return 0


@ACTIONS.register("staff", keys=("staff", "target"))
def use_staff(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Use Staff: "Cast a spell using the chosen staff's effects. Staves that target
    hostile units initiate Attack Sequences." Healing: staff heal + Magic ("1 point
    of Magic = 1 point of ... staff healing") + the Staff rank's Might; Resistant:
    "the effect of healing staves is also halved on you"."""
    unit = actor(state, action)
    main_action(unit, "Use Staff")
    name = action.get("staff")
    compendium = load_compendium()
    if not isinstance(name, str):
        raise RulesError("staff action needs 'staff'")
    staff = compendium.weapon(name)
    if not staff.is_staff or not any(
        compendium.weapon(ref).name == staff.name for ref in unit.character.weapons
    ):
        raise RulesError(f"{unit.name} carries no staff {name!r}")
    target = state.unit(action.get("target") or unit.id)
    assert unit.position is not None
    distance = (
        0 if target.id == unit.id else manhattan(unit.position, target.position or (-99, -99))
    )
    low, high = staff.range
    if not low <= distance <= high and not (distance == 0 and staff.heal is not None):
        raise RulesError(f"{staff.name} reaches {low}-{high}; {target.name} is {distance} away")
    left = _uses_left(unit, staff.name, staff.charges)
    if not spends_charge(unit.character.proficiencies.get("staff"), staff.type, staff.rank):
        left = None  # S+ ranks: "You no longer expend charges when using ... staves"
    if left is not None and left <= 0:
        raise RulesError(f"{staff.name} has no charges left this map")
    user_update: dict[str, Any] = {"acted": True}
    if left is not None:
        user_update["uses"] = {**unit.uses, staff.name: left - 1}
    if staff.heal is None:
        raise RulesError(
            f"{staff.name} is not a healing staff; hostile staves are used with attack"
        )
    if target.side != unit.side:
        raise RulesError(f"{target.name} is not an ally")
    caster = combatant(state, unit, compendium=compendium)
    amount = staff.heal + caster.stats["mag"] + numbers.might(caster, staff, None) - staff.might
    if has_feat(target.character, "Resistant"):
        amount = numbers.half(amount, options)
    amount += _fast_healer_bonus(target)
    after = healed(target, amount)
    user = unit.model_copy(update=user_update)
    changed = [after.model_copy(update=user_update)] if target.id == unit.id else [user, after]
    summary = f"{unit.name} uses {staff.name} on {target.name}: {target.hp} -> {after.hp} HP"
    return finish(
        state.replace_units(*changed),
        Outcome(
            summary,
            [
                {
                    "type": "staff",
                    "unit": unit.id,
                    "staff": staff.name,
                    "target": target.id,
                    "healed": after.hp - target.hp,
                }
            ],
        ),
    )


