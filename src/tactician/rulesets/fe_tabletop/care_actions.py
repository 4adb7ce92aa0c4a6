"""Use Staff, Vulnerary, Use Item and Dance: the Standard actions that care (001 L50, L55).

001 L55 names them without numbers; the numbers are FE8's (``docs/rulings.md``,
"Battles", Use Staff): Heal restores Mag + 10, Mend Mag + 20,
Recover all, each to an ally within the staff's range, one use of the staff and
one staff-rank use (L5 "use the weapon/staff a certain amount of times"). The
Vulnerary restores 10 HP to its user (FE8 ``GetUnitItemHealAmount``, 3 uses);
Use Item takes an item that heals (Elixir) or a Torch, lit: +4 vision (L110
"a torch allows the party to see 4 squares ahead"). L50: "Performing takes a
standard action and allows another unit to regain their turn. (Must be a
Bard/Dancer to Dance)": an adjacent ally whose turn is spent gets its move and
its standard action back (not another dancer unless ``dance_dancers``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.content.compendium import lookup
from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_common.battle.turn import after_standard, check_standard, fresh_turn
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.ranks import can_wield
from tactician.rulesets.fe_tabletop.aftermath import add_rank_use
from tactician.rulesets.fe_tabletop.battle_registry import ACTIONS
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle, TabletopUnit
from tactician.rulesets.fe_tabletop.battle_units import klass, staves
from tactician.rulesets.fe_tabletop.healing import heal
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.player_turns import check_player
from tactician.rulesets.fe_tabletop.vision import TORCH_VISION

# FE8's healing staves: the heal is the user's Magic plus this (None: all HP)
STAFF_HEAL: dict[str, int | None] = {"heal": 10, "mend": 20, "recover": None}


def _actor(state: TabletopBattle, action: Mapping[str, Any]) -> TabletopUnit:
    unit = state.unit(action.get("unit"))
    check_standard(state, unit)
    check_player(state, unit)
    return unit


def _spend(unit: TabletopUnit, item: str) -> TabletopUnit:
    """One use of ``item``; an item with none left leaves the inventory (FE8)."""
    left = unit.uses.get(item, 1) - 1
    if left > 0:
        return unit.model_copy(update={"uses": {**unit.uses, item: left}})
    inventory = list(unit.character.inventory)
    inventory.remove(item)
    uses = {k: v for k, v in unit.uses.items() if k != item}
    return unit.model_copy(update={"uses": uses, "character": unit.character.model_copy(
        update={"inventory": tuple(inventory)})})


def _carried(unit: TabletopUnit, name: Any) -> str:
    for item in unit.character.inventory:
        if item.casefold() == str(name).casefold():
            return item
    raise RulesError(f"{unit.name} carries no {name!r}; carries "
                     f"{', '.join(unit.character.inventory) or 'nothing'}")


@ACTIONS.register("use_staff", keys=("target", "staff"), aliases=("staff", "heal"))
def use_staff(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
              options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = _actor(state, action)
    target = state.unit(action.get("target"))
    usable = [s for s in staves(unit) if action.get("staff") is None
              or s.name.casefold() == str(action.get("staff")).casefold()]
    if not usable:
        raise RulesError(f"{unit.name} carries no usable staff")
    staff = usable[0]
    ok, why = can_wield(unit.character, staff, options)
    if not ok:
        raise RulesError(why)
    bonus = STAFF_HEAL.get(staff.name.casefold(), 0)
    if staff.name.casefold() not in STAFF_HEAL:
        raise RulesError(f"{staff.name} is not a healing staff (001 names no other staff effect)")
    if target.side != unit.side or not target.on_map or target.id == unit.id:
        raise RulesError(f"{unit.name} can heal an ally on the map, not {target.name}")
    assert unit.position is not None and target.position is not None
    distance = manhattan(unit.position, target.position)
    if not staff.reaches(distance, unit.character.stats.pow):
        raise RulesError(f"{target.name} is out of {staff.name}'s range ({distance} squares)")
    if target.hp >= target.max_hp:
        raise RulesError(f"{target.name} has full HP")
    amount = target.max_hp if bonus is None else unit.character.stats.pow + bonus
    healed = heal(target.hp, target.max_hp, amount)
    after = state.replace_units(after_standard(_spend(unit, staff.name)),
                                target.with_hp(healed))
    after, ups = add_rank_use(after, unit.id, "staff")
    text = [f"{unit.name} uses {staff.name} on {target.name}: +{healed - target.hp} HP "
            f"({healed}/{target.max_hp})", *(r["text"] for r in ups)]
    return after, Outcome("; ".join(text), [
        {"type": "use_staff", "unit": unit.id, "target": target.id, "staff": staff.name,
         "healed": healed - target.hp}, *ups])


@ACTIONS.register("vulnerary")
def vulnerary(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
              options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = _actor(state, action)
    return _drink(state, unit, _carried(unit, "Vulnerary"))


def _drink(state: TabletopBattle, unit: TabletopUnit, item: str
           ) -> tuple[TabletopBattle, Outcome]:
    amount = lookup(load_content().fe8.items, item, "item").heal
    if amount is None:
        raise RulesError(f"{item} does not heal")
    if unit.hp >= unit.max_hp:
        raise RulesError(f"{unit.name} has full HP")
    healed = heal(unit.hp, unit.max_hp, amount)
    after = state.replace_units(after_standard(_spend(unit, item).with_hp(healed)))
    return after, Outcome(f"{unit.name} uses a {item}: +{healed - unit.hp} HP "
                          f"({healed}/{unit.max_hp})",
                          [{"type": "item", "unit": unit.id, "item": item,
                            "healed": healed - unit.hp}])


@ACTIONS.register("use_item", keys=("item",))
def use_item(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
             options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = _actor(state, action)
    item = _carried(unit, action.get("item"))
    if item.casefold() == "torch":
        lit = _spend(unit, item).model_copy(update={"torch": TORCH_VISION})
        after = state.replace_units(after_standard(lit))
        return after, Outcome(f"{unit.name} lights a Torch (+{TORCH_VISION} vision)",
                              [{"type": "item", "unit": unit.id, "item": item}])
    if load_content().fe8.is_weapon(item):
        raise RulesError(f"{item} is a weapon: equip it or attack with it")
    return _drink(state, unit, item)


@ACTIONS.register("dance", keys=("target",))
def dance(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
          options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = _actor(state, action)
    if not klass(unit).dancer:
        raise RulesError(f"{unit.name} is no Bard or Dancer (001 L50)")
    target = state.unit(action.get("target"))
    if target.side != unit.side or not target.on_map or target.id == unit.id:
        raise RulesError(f"{unit.name} can dance for an ally on the map, not {target.name}")
    assert unit.position is not None and target.position is not None
    if manhattan(unit.position, target.position) != 1:
        raise RulesError(f"{target.name} is not next to {unit.name}")
    if klass(target).dancer and not options.dance_dancers:
        raise RulesError(f"{target.name} is a dancer too (ruling dance_dancers)")
    if not (target.acted or target.moved or target.done):
        raise RulesError(f"{target.name} has not used its turn yet")
    after = state.replace_units(after_standard(unit), fresh_turn(target))
    return after, Outcome(f"{unit.name} dances: {target.name} regains its turn (001 L50)",
                          [{"type": "dance", "unit": unit.id, "target": target.id}])
