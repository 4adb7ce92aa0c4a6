"""Talk, Enter Building, Seize Throne, Rescue, Drop and Steal (001 L42-43, L55-56, L111).

L55 "Talk (to recruit enemy units or ally/green units)": the scenario names who
may recruit a unit (``recruit_by``); talking from an adjacent tile brings it to
the talker's side and player, its turn spent (001 gives no other condition).
"Enter Building": a unit standing on a building's tile takes its gift once
(L49: with 5 carried, the unit chooses what goes to the Supply, the gift or an old
item: the action's ``send``). "Seize Throne": a Lord on a
Throne or Gate with the boss defeated wins (``fe_common.battle.seize``).
"Rescue Unit" / "Drop unit": ``fe_common.battle.rescue`` with 001's Aid
(``aid.aid``, ruling ``rescue_aid``). L42: in the Enemy Turn the GM's units
"move, attack, steal (if they are thieves/rogues)": 001 has no steal rule, so
FE8's (G1-47): a thief takes one item that is not a weapon or staff from an
adjacent foe whose Spd is not above its own (ruling ``steal_speed_check``), a
Standard action; a thief with 5 carried sends one to the Supply, as on entering a
building (L49).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.actions import as_tile
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_common.battle import rescue as carry
from tactician.rulesets.fe_common.battle.seize import seize
from tactician.rulesets.fe_common.battle.turn import after_standard, check_standard
from tactician.rulesets.fe_common.character import inventory
from tactician.rulesets.fe_common.character.aid import aid, can_rescue
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.unit import INVENTORY_SIZE
from tactician.rulesets.fe_tabletop.battle_registry import ACTIONS
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.battle_units import can_stand, klass, tile_terrain
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.player_turns import check_player
from tactician.rulesets.fe_tabletop.scenario import item_uses


@ACTIONS.register("talk", keys=("target",))
def talk(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
         options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    target = state.unit(action.get("target"))
    check_standard(state, unit)
    check_player(state, unit)
    if not target.on_map or unit.position is None or target.position is None or \
            manhattan(unit.position, target.position) != 1:
        raise RulesError(f"{target.name} is not next to {unit.name}")
    if unit.id not in target.recruit_by:
        raise RulesError(f"{unit.name} cannot recruit {target.name} (the scenario's "
                         f"recruit_by: {', '.join(target.recruit_by) or 'nobody'})")
    joined = target.model_copy(update={"side": unit.side, "player": unit.player, "done": True,
                                       "moved": True, "acted": True, "recruit_by": ()})
    after = state.replace_units(after_standard(unit), joined)
    return after, Outcome(f"{unit.name} talks to {target.name}, who joins the {unit.side} side",
                          [{"type": "talk", "unit": unit.id, "target": target.id}])


def _send(unit: Any, item: str, action: Mapping[str, Any]) -> str | None:
    """What a unit with 5 carried sends to the Supply as it takes ``item``: L49 "he
    must choose: Will he send one of his old weapons/items to the Supply, or put the
    Vulnerary in the Supply?" (the action's ``send``: an item carried or ``item``);
    refused, with the choices, when it is missing. None while there is room."""
    send = action.get("send")
    if len(unit.character.inventory) < INVENTORY_SIZE:
        if send is not None:
            raise RulesError(f"{unit.name} carries {len(unit.character.inventory)} items: "
                             f"{item} fits, nothing goes to the Supply")
        return None
    if send is None:
        choices = ", ".join([*unit.character.inventory, item])
        raise RulesError(f"{unit.name} carries {INVENTORY_SIZE} items: choose what goes to "
                         f"the Supply (001 L49 'he must choose'), send=ITEM, one of {choices}")
    return str(send)


@ACTIONS.register("enter_building", keys=("send",), aliases=("visit",))
def enter_building(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
                   options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    check_standard(state, unit)
    check_player(state, unit)
    index = next((i for i, b in enumerate(state.buildings) if b.at == unit.position), None)
    if index is None:
        raise RulesError(f"{unit.name} stands on no building")
    building = state.buildings[index]
    if building.visited:
        raise RulesError(f"the building at {building.at} has been entered already")
    character, supply = unit.character, state.supply
    lines = [f"{unit.name} enters the building at {building.at}"]
    uses = dict(unit.uses)
    sent = None
    if building.gift is not None:
        sent = _send(unit, building.gift, action)
        carried, supply = inventory.pick_up(character.inventory, supply, building.gift, sent)
        character = character.model_copy(update={"inventory": carried})
        lines.append(f"and receives {building.gift}" + (
            "" if sent is None else f" ({_sent_words(sent, building.gift)})"))
        if sent is not None and sent.casefold() != building.gift.casefold():
            uses.pop(next(i for i in unit.character.inventory
                          if i.casefold() == sent.casefold()), None)
    buildings = list(state.buildings)
    buildings[index] = building.model_copy(update={"visited": True})
    if building.gift is not None and building.gift in character.inventory:
        found = item_uses(building.gift)
        if found is not None:
            uses.setdefault(building.gift, found)
    changed = after_standard(unit).model_copy(update={"character": character, "uses": uses})
    after = state.replace_units(changed).model_copy(
        update={"buildings": tuple(buildings), "supply": supply})
    return after, Outcome(" ".join(lines), [{"type": "enter_building", "unit": unit.id,
                                             "at": list(building.at), "gift": building.gift,
                                             "sent": sent}])


def _sent_words(sent: str, gift: str) -> str:
    if sent.casefold() == gift.casefold():
        return "to the Supply"
    return f"{sent} goes to the Supply"


@ACTIONS.register("seize")
def seize_action(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
                 options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    check_player(state, unit)
    seizable = unit.position is not None and tile_terrain(state, unit.position).seizable
    bosses = [u for u in state.units if u.boss and u.side != unit.side]
    after = seize(state, unit, seizable, bosses)
    return after, Outcome(f"{unit.name} seizes the {tile_terrain(state, unit.position).name} "
                          f"at {unit.position}: victory (001 L111)" if unit.position else "",
                          [{"type": "seize", "unit": unit.id}])


@ACTIONS.register("rescue", keys=("target",))
def rescue(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
           options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    target = state.unit(action.get("target"))
    check_player(state, unit)
    own = aid(unit.character.con, klass(unit).mounted_or_flying, unit.character.sex)
    able = can_rescue(own, target.character.con, options)
    why = (f"{unit.name}'s Aid {own} is below {target.name}'s CON {target.character.con} "
           "(001 L8, ruling rescue_aid)")
    after = carry.rescue(state, unit, target, (able, why))
    return after, Outcome(f"{unit.name} rescues {target.name}",
                          [{"type": "rescue", "unit": unit.id, "target": target.id}])


@ACTIONS.register("drop", keys=("to",))
def drop(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
         options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    check_player(state, unit)
    to = as_tile(action.get("to"), "to")
    carried = unit.carrying

    def standable(who: Any, tile: tuple[int, int]) -> bool:
        return can_stand(state, state.unit(who.id), tile)

    after = carry.drop(state, unit, to, standable)
    return after, Outcome(f"{unit.name} drops {carried} on {to}",
                          [{"type": "drop", "unit": unit.id, "target": carried, "to": list(to)}])


@ACTIONS.register("steal", keys=("target", "item", "send"))
def steal(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
          options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    target = state.unit(action.get("target"))
    check_standard(state, unit)
    check_player(state, unit)
    if not klass(unit).thief:
        raise RulesError(f"{unit.name} is no thief or rogue (001 L42)")
    if not state.hostile(unit, target) or not target.on_map or unit.position is None or \
            target.position is None or manhattan(unit.position, target.position) != 1:
        raise RulesError(f"{unit.name} can steal only from a foe next to it")
    if options.steal_speed_check and target.character.stats.spd > unit.character.stats.spd:
        raise RulesError(f"{target.name} is faster than {unit.name} (ruling steal_speed_check)")
    wanted = str(action.get("item", ""))
    item = next((i for i in target.character.inventory if i.casefold() == wanted.casefold()),
                None)
    if item is None:
        raise RulesError(f"{target.name} carries no {wanted!r}; carries "
                         f"{', '.join(target.character.inventory) or 'nothing'}")
    if load_content().fe8.is_weapon(item):
        raise RulesError(f"{item} is a weapon or staff: it cannot be stolen (FE8)")
    sent = _send(unit, item, action)  # L49: picked up with 5 carried
    carried, supply = inventory.pick_up(unit.character.inventory, state.supply, item, sent)
    left = list(target.character.inventory)
    left.remove(item)
    uses = target.uses.get(item)
    robbed = target.model_copy(update={
        "uses": {k: v for k, v in target.uses.items() if k != item},
        "character": target.character.model_copy(update={"inventory": tuple(left)})})
    kept = {k: v for k, v in unit.uses.items() if k in carried}
    thief = after_standard(unit).model_copy(update={
        "uses": {**kept, **({item: uses} if uses is not None and item in carried else {})},
        "character": unit.character.model_copy(update={"inventory": carried})})
    words = "" if sent is None else f" ({_sent_words(sent, item)})"
    return state.replace_units(thief, robbed).model_copy(update={"supply": supply}), Outcome(
        f"{unit.name} steals {item} from {target.name}{words}",
        [{"type": "steal", "unit": unit.id, "target": target.id, "item": item, "sent": sent}])
