"""Tropera's battle actions: each checks the rules, then returns a new state.

Source: 000 "Players have several command options during battles": "Move
Action: Move up to your maximum movement total ... Moving does not end your
turn"; "Main Actions ... end your turn after being taken" (Attack, Dash,
Defend, Prepare Attack, Use Item, Use Staff); "Bonus Action: ... You may take
one Bonus Action on your turn" (Equip, Trade, Transform, Search...); feats'
special actions. A refused action raises ``RulesError`` naming what was wrong;
the state it was given is never changed (states are immutable).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.effects import Effect
from tactician.engine.objectives import status
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.aftermath import charges_left, settle
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import combatant, foes_of, movement_left, route
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.fight import attack_records
from tactician.rulesets.tropera.maneuvers import maneuver, multishot_in_range, quick_draw
from tactician.rulesets.tropera.models import StatLine
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.phases import end_phase
from tactician.rulesets.tropera.prepared import prepare, run
from tactician.rulesets.tropera.proficiency import spends_charge
from tactician.rulesets.tropera.progression import has_feat
from tactician.rulesets.tropera.rescue import drop, rescue
from tactician.rulesets.tropera.sequence import plan_sequence, resolve
from tactician.rulesets.tropera.siege import SIEGE_ACTIONS, check_weapon_choice
from tactician.rulesets.tropera.special_actions import SPECIAL_ACTIONS
from tactician.rulesets.tropera.terrain_attack import attack_terrain
from tactician.rulesets.tropera.wounds import healed

Tile = tuple[int, int]
Handler = Callable[
    [TroperaBattle, Mapping[str, Any], DiceSource, TroperaOptions], tuple[TroperaBattle, Outcome]
]


def _tile(value: Any, field: str) -> Tile:
    try:
        x, y = value
        return (int(x), int(y))
    except (TypeError, ValueError):
        raise RulesError(f"{field} must be a tile like [3, 4], not {value!r}") from None


def actor(state: TroperaBattle, action: Mapping[str, Any]) -> Unit:
    """The acting unit, checked: exists, on its side's phase, able to act."""
    unit_id = action.get("unit")
    if not isinstance(unit_id, str):
        raise RulesError("the action needs 'unit': the id of the unit that acts")
    unit = state.unit(unit_id)
    if unit.side != state.side:
        raise RulesError(f"{unit.name} is on the {unit.side} side; it is the {state.side} phase")
    if unit.hp == 0:
        raise RulesError(
            f"{unit.name} is at 0 HP: 000 'A wounded character cannot move or take any actions'"
        )
    if state.effects_on(unit.id, "asleep"):
        raise RulesError(f"{unit.name} is asleep and cannot act until its status ends")
    return unit


def _main_action(unit: Unit, what: str) -> None:
    if unit.acted:
        raise RulesError(f"{unit.name} already took a main action this turn; {what} is one too")
    if unit.healed_this_turn:
        raise RulesError(
            f"{unit.name} was healed from a critical wound this turn and 'may move, but not "
            "take any main or bonus actions'"
        )
    if unit.carried_by is not None:
        raise RulesError(f"{unit.name} is being carried by {unit.carried_by}")


def _bonus_action(unit: Unit, what: str) -> None:
    if unit.bonus_used:
        raise RulesError(f"{unit.name} already took a bonus action this turn ({what} is one)")
    if unit.healed_this_turn:
        raise RulesError(f"{unit.name} was healed from a critical wound this turn and cannot act")
    if unit.acted and not has_feat(unit.character, "Canto"):
        raise RulesError(f"{unit.name}'s turn ended with its main action")


def _finish(state: TroperaBattle, outcome: Outcome) -> tuple[TroperaBattle, Outcome]:
    result, why = status(state.objectives, state.tokens(), state.round)
    if result != "ongoing" and state.result == "ongoing":
        state = state.model_copy(update={"result": result, "result_reason": why})
        summary = f"{outcome.summary} — {result.upper()}: {why}"
        # 000 Crippled: "if their player has any alternate characters, cannot
        # participate in the next battle while they take time to recover"
        crippled = [u.name for u in state.units if u.crippled and u.tier is None]
        records = list(outcome.records)
        if crippled:
            summary += f"; crippled ({', '.join(crippled)}): a player with an alt deploys it next"
            records.append({"type": "battle_end", "result": result, "crippled": crippled})
        outcome = Outcome(summary, records)
    return state, outcome


# --- movement ----------------------------------------------------------------------------


def move(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Move up to the movement left (000 "Move up to your maximum movement total as
    allowed by the terrain. Moving does not end your turn."). After a main action
    only Canto ("use any remaining movement you have left for the turn after
    performing a main action") or a Dash lets the unit move on."""
    unit = actor(state, action)
    goal = _tile(action.get("to"), "to")
    if unit.carried_by is not None:
        raise RulesError(f"{unit.name} is being carried and cannot move on its own")
    if unit.embarked is not None:
        raise RulesError(f"{unit.name} controls the {unit.embarked}; it must disembark to move")
    if unit.acted and not (unit.dashed or has_feat(unit.character, "Canto")):
        raise RulesError(f"{unit.name}'s main action ended its turn (no Canto)")
    board = state.map.board()
    if not board.in_bounds(goal):
        raise RulesError(f"{goal} is off the {board.width}x{board.height} map")
    left_before = movement_left(state, unit)
    found = route(state, unit, goal)
    if found is None:
        raise RulesError(
            f"{unit.name} cannot reach {goal} with {left_before} movement left "
            "(too far, blocked, impassable, or occupied)"
        )
    steps, spent = found
    moved = unit.model_copy(update={"position": goal, "moved": unit.moved + spent})
    changed = [moved]
    if unit.carrying:
        passenger = state.unit(unit.carrying)
        changed.append(passenger.model_copy(update={"position": goal}))
    new_state = state.replace_units(*changed)
    record = {
        "type": "move",
        "unit": unit.id,
        "path": [list(t) for t in steps],
        "spent": spent,
        "movement_left": left_before - spent,
    }
    return _finish(new_state, Outcome(f"{unit.name} moves to {goal} ({spent} movement)", [record]))


# --- combat ------------------------------------------------------------------------------


def attack(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Attack: "Initiates an Attack Sequence against a hostile target." Attacking
    with a weapon "automatically equips it". Other adjacent enemies can be
    reached by Cleave; several targets make a multi-target Sequence."""
    unit = actor(state, action)
    _main_action(unit, "Attack")
    target_ids = action.get("targets") or [action.get("target")]
    if not all(isinstance(t, str) for t in target_ids):
        raise RulesError("attack needs 'target' (a unit id) or 'targets' (a list of ids)")
    targets = [state.unit(t) for t in target_ids]
    for target in targets:
        if target.side == unit.side:
            raise RulesError(f"{target.name} is an ally of {unit.name}")
        if target.hp == 0 or target.position is None:
            raise RulesError(f"{target.name} is not standing on the map")
    weapon = action.get("weapon")
    check_weapon_choice(unit, weapon)  # an embarked unit attacks with its siege weapon
    assert unit.position is not None
    distance = manhattan(unit.position, targets[0].position)  # type: ignore[arg-type]
    compendium = load_compendium()
    attacker = combatant(state, unit, weapon=weapon, compendium=compendium)
    chosen, landing = maneuver(state, unit, targets, action)
    if chosen.multishot:
        multishot_in_range(state, attacker, unit, targets)
    # Quick Draw: the attacked unit switches to its most favourable weapon first
    switched: dict[str, str] = {}
    for target in targets:
        assert target.position is not None
        pick = quick_draw(
            state,
            target,
            attacker,
            manhattan(unit.position, target.position),
            options,
            compendium,
        )
        if pick is not None and pick != target.equipped:
            switched[target.id] = pick
    if switched:
        state = state.replace_units(
            *(state.unit(i).model_copy(update={"equipped": w}) for i, w in switched.items())
        )
        targets = [state.unit(t.id) for t in targets]
    defenders = [combatant(state, t, compendium=compendium) for t in targets]
    nearby = (
        [
            foe
            for foe in sorted(foes_of(state, unit), key=lambda f: f.number)
            if foe.id not in target_ids
            and foe.position is not None
            and manhattan(unit.position, foe.position) == 1
        ]
        if attacker.has("Cleave")
        else []
    )
    bystanders = [combatant(state, foe, compendium=compendium) for foe in nearby]
    plan = plan_sequence(attacker, defenders, distance, options, bystanders, chosen)
    if attacker.weapon is not None and attacker.weapon.charges is not None:
        charges_left(unit, attacker.weapon)
    resolution = resolve(plan, dice)
    records = attack_records(resolution)
    involved = [unit, *targets, *nearby]  # the same order as plan.units
    new_state, notes = settle(state, involved, plan, resolution, options)
    used_weapon = plan.units[0].weapon
    after = new_state.unit(unit.id)
    new_state = new_state.replace_units(
        after.model_copy(
            update={"acted": True, "equipped": used_weapon.name if used_weapon else unit.equipped}
        )
    )
    final_hps = resolution.final[1]
    new_state = _hit_effects(new_state, unit, involved, resolution, used_weapon, chosen.grapple)
    trampled = any("Trample" in " ".join(n.record.effects) for n in resolution.records)
    if trampled and landing is not None and new_state.unit(unit.id).hp > 0:
        mover = new_state.unit(unit.id)
        new_state = new_state.replace_units(mover.model_copy(update={"position": landing}))
    quick = [f"{state.unit(i).name} quick-draws {w}" for i, w in switched.items()]
    notes = quick + notes
    hp_line = ", ".join(f"{s.name} {final_hps[i]} HP" for i, s in enumerate(plan.units))
    summary = f"{unit.name} attacks {', '.join(t.name for t in targets)}: {hp_line}"
    if notes:
        summary += "; " + "; ".join(notes)
    return _finish(
        new_state, Outcome(summary, [{"type": "attack", "strikes": records, "notes": notes}])
    )


def _hit_effects(
    state: TroperaBattle,
    unit: Unit,
    involved: list[Unit],
    resolution: Any,
    weapon: Any,
    grapple: bool,
) -> TroperaBattle:
    """Effects the attacker's hits leave on their targets.

    A weapon that inflicts a status (a Sleep or Silence staff; the Frost Tome's
    "Slowed condition") inflicts it on a hit until the end of the target's next
    phase (000 gives no duration: a ruling). Grappler: "their movement becomes 0,
    and their avoidance is halved (not including terrain bonuses) until your next
    turn" (the grappler's side's next phase).
    """
    effects = list(state.effects)
    for note in resolution.records:
        record = note.record
        if record.striker_index != 0 or record.outcome == "miss":
            continue
        target = involved[record.target_index]
        if state.unit(target.id).hp == 0:
            continue
        if (
            weapon is not None
            and weapon.inflicts
            and not state.effects_on(target.id, weapon.inflicts)
        ):
            effects.append(
                Effect(
                    name=weapon.inflicts,
                    unit=target.id,
                    source=unit.id,
                    ends="phase_end",
                    ends_owner=target.side,
                    made_round=state.round,
                    made_phase_owner=state.side,
                )
            )
        if grapple and not state.effects_on(target.id, "grappled"):
            effects.append(
                Effect(
                    name="grappled",
                    unit=target.id,
                    source=unit.id,
                    ends="phase_start",
                    ends_owner=unit.side,
                    made_round=state.round,
                    made_phase_owner=state.side,
                )
            )
        state = state.model_copy(update={"effects": tuple(effects)})
    return state


def wait(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """End this unit's turn without a main action."""
    unit = actor(state, action)
    return _finish(
        state.replace_units(unit.model_copy(update={"acted": True})),
        Outcome(f"{unit.name} waits", [{"type": "wait", "unit": unit.id}]),
    )


def dash(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Dash: "Sprint, doubling your movement distance for this turn." A main
    action: the unit may keep moving up to double its movement, but takes no
    other main action (ruling)."""
    unit = actor(state, action)
    _main_action(unit, "Dash")
    dashed = unit.model_copy(update={"dashed": True, "acted": True})
    return _finish(
        state.replace_units(dashed),
        Outcome(
            f"{unit.name} dashes ({movement_left(state, dashed)} movement left)",
            [{"type": "dash", "unit": unit.id}],
        ),
    )


def defend(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Defend: "adding your Skill to your Avoidance until the beginning of your next
    turn" (your side's next phase). Sentinel: "You can Defend as a bonus action".
    Fast Healer: "You recover hit points equal to 1/4 your level (rounded down,
    minimum 1) whenever you take the Defend action"."""
    unit = actor(state, action)
    sentinel = has_feat(unit.character, "Sentinel")
    if sentinel and not unit.bonus_used:
        _bonus_action(unit, "Defend")
        update: dict[str, Any] = {"bonus_used": True}
    else:
        _main_action(unit, "Defend")
        update = {"acted": True}
    effect = Effect(
        name="defend",
        unit=unit.id,
        ends="phase_start",
        ends_owner=unit.side,
        made_round=state.round,
        made_phase_owner=state.side,
    )
    if has_feat(unit.character, "Fast Healer"):
        update["hp"] = min(unit.max_hp, unit.hp + max(1, unit.character.level // 4))
    new_state = state.replace_units(unit.model_copy(update=update)).model_copy(
        update={
            "effects": (
                *[e for e in state.effects if not (e.unit == unit.id and e.name == "defend")],
                effect,
            )
        }
    )
    return _finish(
        new_state, Outcome(f"{unit.name} defends", [{"type": "defend", "unit": unit.id}])
    )


def equip(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Equip: "Switch which weapon you are wielding" (a bonus action)."""
    unit = actor(state, action)
    _bonus_action(unit, "Equip")
    name = action.get("weapon")
    if not isinstance(name, str):
        raise RulesError("equip needs 'weapon'")
    combatant(state, unit, weapon=name)  # refuses a weapon not carried or not usable
    changed = unit.model_copy(update={"equipped": name, "bonus_used": True})
    return _finish(
        state.replace_units(changed),
        Outcome(f"{unit.name} equips {name}", [{"type": "equip", "unit": unit.id, "weapon": name}]),
    )


# --- items and staves ---------------------------------------------------------------------


def _uses_left(unit: Unit, name: str, charges: int | None) -> int | None:
    if charges is None:
        return None
    return unit.uses.get(name, charges)


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
    bonus = has_feat(unit.character, "Quick Salve") and not unit.bonus_used
    (_bonus_action if bonus else _main_action)(unit, "Use Item")
    amount = item.heal + _fast_healer_bonus(target)
    after = healed(target, amount)
    user_update: dict[str, Any] = {"bonus_used": True} if bonus else {"acted": True}
    user_update.update(_spend_use(unit, item.name, left))
    user = unit.model_copy(update=user_update)
    changed = [after.model_copy(update=user_update)] if target.id == unit.id else [user, after]
    summary = f"{unit.name} uses {item.name} on {target.name}: {target.hp} -> {after.hp} HP"
    return _finish(
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
    _main_action(unit, "Use Item")
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
    return _finish(
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


def use_staff(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Use Staff: "Cast a spell using the chosen staff's effects. Staves that target
    hostile units initiate Attack Sequences." Healing: staff heal + Magic ("1 point
    of Magic = 1 point of ... staff healing") + the Staff rank's Might; Resistant:
    "the effect of healing staves is also halved on you"."""
    unit = actor(state, action)
    _main_action(unit, "Use Staff")
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
    return _finish(
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


def end_phase_action(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    new_state, lines = end_phase(state)
    summary = f"{state.side} phase ends; round {new_state.round}, {new_state.side} phase"
    return _finish(new_state, Outcome(summary, [{"type": "end_phase", "events": lines}]))


ACTIONS: dict[str, Handler] = {
    "move": move,
    "attack": attack,
    "wait": wait,
    "dash": dash,
    "defend": defend,
    "equip": equip,
    "item": use_item,
    "staff": use_staff,
    "end_phase": end_phase_action,
    "rescue": rescue,
    "drop": drop,
    "prepare": prepare,
    "attack_terrain": attack_terrain,
    **SIEGE_ACTIONS,
    **SPECIAL_ACTIONS,
}


def apply(
    state: TroperaBattle,
    action: Mapping[str, Any],
    dice: DiceSource,
    options: TroperaOptions | None = None,
) -> tuple[TroperaBattle, Outcome]:
    """Apply one action dict (``{"type": "attack", "unit": ..., ...}``)."""
    kind = action.get("type")
    handler = ACTIONS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RulesError(f"unknown action {kind!r}; actions are: {', '.join(ACTIONS)}")
    if state.result != "ongoing" and kind != "end_phase":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    return run(handler, state, action, dice, options or TroperaOptions())  # + Prepare Attack
