"""Tropera's remaining battle commands: Transform, Trade, Search, and the feats'
special actions Steal (Thief), Provoke, Shade and Overload.

Source: 000 Bonus Actions: "Trade: Give, take, or exchange items or equipment
with an adjacent friendly character", "Transform (Laguz Only): Transform into
or out of your beast form", "Search: Inspect a house or other suspicious space
you are standing on for items, people, etc."; "Special Actions: Some relics or
feats may give your character access to a special command, such as the Steal
command of the Thief feat. Special Actions will specify whether they require a
Main or a Bonus Action to undertake." Enemy Mob: "Main Actions ... Transform
(Laguz Only)" and "All special actions require a main action to use".

None of the feats below says which action it takes ("As an action", "the
Overload action", "the Steal command"); each is a main action (ruling: the
heavier reading, and what 000 requires of Mobs anyway).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.effects import Effect
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera import inventory
from tactician.rulesets.tropera.action_checks import actor, bonus_action, finish, main_action
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import foes_of
from tactician.rulesets.tropera.combatant import carried_weapons, usable_problem
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.progression import LAGUZ_KINDS, current_stats, has_feat
from tactician.rulesets.tropera.targeting import PROVOKED, SHADED

PROVOKE_REACH = 2  # 000 Provoke: "all foes within 2 spaces"


def _feat(unit: Unit, feat: str, what: str) -> None:
    if not has_feat(unit.character, feat):
        raise RulesError(f"{unit.name} does not have the {feat} feat ({what} needs it)")


def _partner(state: TroperaBattle, unit: Unit, other_id: Any, what: str) -> Unit:
    if not isinstance(other_id, str):
        raise RulesError(f"{what} needs the id of the other unit")
    other = state.unit(other_id)
    if other.id == unit.id:
        raise RulesError(f"{unit.name} cannot {what} with itself")
    return other


# --- Transform -----------------------------------------------------------------------------


@ACTIONS.register("transform")
def transform(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Transform ``{unit}``: "Transforming into or out of laguz form is a bonus
    action" (Mob enemies list it among their main actions). Movement and usable
    weapons follow the form ("While in laguz form, you cannot use weapons other
    than clips and your beast form's natural weapons"): an equipped weapon the
    new form cannot wield is put away, and the first usable one is wielded."""
    unit = actor(state, action)
    if unit.character.kind not in LAGUZ_KINDS:
        raise RulesError(f"{unit.name} is not a laguz: 'Transform (Laguz Only)'")
    if unit.embarked:
        raise RulesError(f"{unit.name} is at the {unit.embarked}: disembark before transforming")
    mob = unit.tier == "mob"
    if mob:
        main_action(unit, "Transform")
        update: dict[str, Any] = {"acted": True}
    else:
        bonus_action(unit, "Transform")
        update = {"bonus_used": True}
    form = not unit.transformed
    update["transformed"] = form
    if unit.equipped:
        compendium = load_compendium()
        for weapon in carried_weapons(unit.character, compendium):
            if weapon.name.casefold() == unit.equipped.casefold():
                if usable_problem(unit.character, weapon, form) is not None:
                    update["equipped"] = None
                break
    changed = unit.model_copy(update=update)
    shape = "beast form" if form else "humanoid form"
    return finish(
        state.replace_units(changed),
        Outcome(
            f"{unit.name} transforms into {shape}",
            [{"type": "transform", "unit": unit.id, "transformed": form, "main_action": mob}],
        ),
    )


# --- Trade ---------------------------------------------------------------------------------


def _names(action: Mapping[str, Any], key: str) -> list[str]:
    value = action.get(key) or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RulesError(f"'{key}' must be a list of weapon or item names")
    return list(value)


@ACTIONS.register("trade", keys=("with", "give", "take"))
def trade(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Trade ``{unit, with, give: [...], take: [...]}``: "Give, take, or exchange
    items or equipment with an adjacent friendly character" (a bonus action).
    Both inventories must fit their slots afterwards ("3 inventory slots for
    weapons, 2 slots for items, and 1 slot for a relic"). A carrier and its
    passenger share a space and count as adjacent (ruling); otherwise neither
    may be carried."""
    unit = actor(state, action)
    bonus_action(unit, "Trade")
    other = _partner(state, unit, action.get("with"), "trade")
    if other.side != unit.side:
        raise RulesError(f"{other.name} is not a friendly character")
    pair = unit.carrying == other.id or other.carrying == unit.id
    if not pair:
        if unit.carried_by is not None or other.carried_by is not None:
            raise RulesError("a carried unit trades only with the unit carrying it")
        if (
            other.position is None
            or unit.position is None
            or manhattan(unit.position, other.position) != 1
        ):
            raise RulesError(f"{other.name} is not adjacent to {unit.name}")
    give, take = _names(action, "give"), _names(action, "take")
    if not give and not take:
        raise RulesError("trade needs something to 'give' or 'take'")
    compendium = load_compendium()
    mine, theirs = unit, other
    to_them, to_me = [], []
    for name in give:
        mine, held = inventory.take_out(mine, name, compendium)
        to_them.append(held)
    for name in take:
        theirs, held = inventory.take_out(theirs, name, compendium)
        to_me.append(held)
    for held in to_them:
        theirs = inventory.put_in(theirs, held, compendium)
    for held in to_me:
        mine = inventory.put_in(mine, held, compendium)
    inventory.check_slots(mine, compendium)
    inventory.check_slots(theirs, compendium)
    mine = mine.model_copy(update={"bonus_used": True})
    gave = ", ".join(h.name for h in to_them) or "nothing"
    took = ", ".join(h.name for h in to_me) or "nothing"
    return finish(
        state.replace_units(mine, theirs),
        Outcome(
            f"{unit.name} trades with {other.name}: gives {gave}, takes {took}",
            [
                {
                    "type": "trade",
                    "unit": unit.id,
                    "with": other.id,
                    "give": [h.name for h in to_them],
                    "take": [h.name for h in to_me],
                }
            ],
        ),
    )


# --- Search --------------------------------------------------------------------------------


@ACTIONS.register("search")
def search(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Search ``{unit}``: "Inspect a house or other suspicious space you are
    standing on for items, people, etc." (a bonus action). The space must be
    tagged ``searchable`` (village, house in ``data/terrain.yaml``). What is found
    is the GM's: the search is logged (the record names the unit, space and
    terrain) for a scenario or the GM to answer."""
    unit = actor(state, action)
    if unit.carried_by is not None or unit.position is None:
        raise RulesError(f"{unit.name} is being carried and stands on no space")
    terrain = state.map.board().terrain_at(unit.position)
    if not terrain.has_tag("searchable"):
        raise RulesError(
            f"{unit.name} stands on {terrain.name}; only a house or other suspicious space "
            "(terrain tagged searchable) can be searched"
        )
    bonus_action(unit, "Search")
    return finish(
        state.replace_units(unit.model_copy(update={"bonus_used": True})),
        Outcome(
            f"{unit.name} searches the {terrain.name} at {unit.position}",
            [
                {
                    "type": "search",
                    "unit": unit.id,
                    "tile": list(unit.position),
                    "terrain": terrain.name,
                    "round": state.round,
                }
            ],
        ),
    )


# --- Steal (Thief) -------------------------------------------------------------------------


@ACTIONS.register("steal", keys=("target", "item"))
def steal(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Steal ``{unit, target, item}``: Thief "You gain the ability to Steal". 000
    gives no further rules; ruling, as in the Fire Emblem games: a main action
    against an adjacent enemy whose Speed is not higher than the thief's, taking
    one item — not a weapon, not a relic, not a worn clip — into a free item slot."""
    unit = actor(state, action)
    _feat(unit, "Thief", "Steal")
    main_action(unit, "Steal")
    target = _partner(state, unit, action.get("target"), "steal")
    if target.side == unit.side:
        raise RulesError(f"{target.name} is an ally of {unit.name}")
    if target.position is None or target.carried_by is not None:
        raise RulesError(f"{target.name} is not standing on the map")
    assert unit.position is not None
    if manhattan(unit.position, target.position) != 1:
        raise RulesError(f"{target.name} is not adjacent to {unit.name}")
    name = action.get("item")
    if not isinstance(name, str):
        raise RulesError("steal needs 'item': the name of the item to take")
    compendium = load_compendium()
    slot, ref = inventory.find(target, name, compendium)
    if slot != "item":
        raise RulesError(f"only items can be stolen, and {name} is a {slot}")
    if compendium.item(str(ref)).kind == "clip":
        raise RulesError(f"{name} is a clip {target.name} wears; it cannot be stolen")
    speed = current_stats(unit.character).get("spd")
    theirs = current_stats(target.character).get("spd")
    if speed < theirs:
        raise RulesError(f"{unit.name}'s Speed {speed} is lower than {target.name}'s {theirs}")
    robbed, held = inventory.take_out(target, name, compendium)
    thief = inventory.put_in(unit, held, compendium)
    inventory.check_slots(thief, compendium)
    thief = thief.model_copy(update={"acted": True})
    return finish(
        state.replace_units(thief, robbed),
        Outcome(
            f"{unit.name} steals {held.name} from {target.name}",
            [{"type": "steal", "unit": unit.id, "target": target.id, "item": held.name}],
        ),
    )


# --- Provoke, Shade, Overload --------------------------------------------------------------


def _effect(state: TroperaBattle, **fields: Any) -> Effect:
    return Effect(made_round=state.round, made_phase_owner=state.side, **fields)


def _replace(
    state: TroperaBattle, name: str, unit_ids: set[str], new: list[Effect]
) -> TroperaBattle:
    kept = [e for e in state.effects if not (e.name == name and e.unit in unit_ids)]
    return state.model_copy(update={"effects": (*kept, *new)})


@ACTIONS.register("provoke")
def provoke(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Provoke ``{unit}``: "As an action you can taunt all foes within 2 spaces,
    forcing them to ignore any allied units but you on their next turn" (a main
    action, ruling). Each foe within 2 spaces gets ``provoked`` (source: the
    provoker) until the end of its side's next phase, replacing an earlier taunt.
    The enemy AI honours it (``targeting.targetable_foes``); for the units the
    players command the GM decides (ruling)."""
    unit = actor(state, action)
    _feat(unit, "Provoke", "Provoke")
    main_action(unit, "Provoke")
    assert unit.position is not None
    taunted = sorted(
        (
            f
            for f in foes_of(state, unit)
            if f.position is not None and manhattan(unit.position, f.position) <= PROVOKE_REACH
        ),
        key=lambda f: (f.side, f.number, f.id),
    )
    if not taunted:
        raise RulesError(f"no foe stands within {PROVOKE_REACH} spaces of {unit.name}")
    effects = [
        _effect(
            state, name=PROVOKED, unit=f.id, source=unit.id, ends="phase_end", ends_owner=f.side
        )
        for f in taunted
    ]
    new_state = _replace(state, PROVOKED, {f.id for f in taunted}, effects)
    new_state = new_state.replace_units(unit.model_copy(update={"acted": True}))
    return finish(
        new_state,
        Outcome(
            f"{unit.name} provokes {', '.join(f.name for f in taunted)}",
            [{"type": "provoke", "unit": unit.id, "targets": [f.id for f in taunted]}],
        ),
    )


@ACTIONS.register("shade")
def shade(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Shade ``{unit}``: "As an action you can mask your presence, forcing all foes
    to ignore you on their next turn as long as at least one other target is in
    their range" (a main action, ruling). ``shaded`` lasts until the start of the
    unit's side's next phase, which covers every foe's next turn; the enemy AI
    honours it (``targeting.shaded_ignored``)."""
    unit = actor(state, action)
    _feat(unit, "Shade", "Shade")
    main_action(unit, "Shade")
    effect = _effect(
        state, name=SHADED, unit=unit.id, source=unit.id, ends="phase_start", ends_owner=unit.side
    )
    new_state = _replace(state, SHADED, {unit.id}, [effect])
    new_state = new_state.replace_units(unit.model_copy(update={"acted": True}))
    return finish(
        new_state,
        Outcome(f"{unit.name} masks its presence", [{"type": "shade", "unit": unit.id}]),
    )


@ACTIONS.register("overload")
def overload(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Overload ``{unit}``: "You gain the Overload action. When you take this
    action, your Magic stat doubles for the duration of your next phase" (a main
    action, ruling). The ``overload`` effect (``numbers.effective_stat`` doubles
    Magic while it runs) starts now and ends at the end of the unit's side's next
    phase; ruling: it also covers the foes' phase in between (counterattacks),
    since an effect cannot yet wait for a later edge to start."""
    unit = actor(state, action)
    _feat(unit, "Overload", "Overload")
    main_action(unit, "Overload")
    effect = _effect(
        state, name="overload", unit=unit.id, source=unit.id, ends="phase_end", ends_owner=unit.side
    )
    new_state = _replace(state, "overload", {unit.id}, [effect])
    new_state = new_state.replace_units(unit.model_copy(update={"acted": True}))
    return finish(
        new_state,
        Outcome(
            f"{unit.name} overloads: Magic doubles through its next phase",
            [{"type": "overload", "unit": unit.id}],
        ),
    )
