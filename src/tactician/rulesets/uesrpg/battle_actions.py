"""UESRPG battle actions: each checks the rules, then returns a new state.

An action is a dict with ``type`` and ``unit`` (the unit whose Turn it is):
``begin`` (roll initiative), ``move`` {to}, ``attack`` {target, weapon?,
defence?}, ``first_aid`` {target?}, ``stabilise`` {target}, ``extinguish``
{where?}, ``stand``, ``end_turn`` (also ``wait`` and ``end_phase``; before
initiative, ``end_phase`` begins the battle). A refused action raises
``RulesError`` and changes nothing. AP costs are rulings from outside 003
(``BattleOptions``); 003's own words are quoted at each handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.uesrpg import battle_frenzy as frenzy
from tactician.rulesets.uesrpg.attack import resolve
from tactician.rulesets.uesrpg.battle_combat import check_target, matchup, weapon_of
from tactician.rulesets.uesrpg.battle_moves import budget, reach
from tactician.rulesets.uesrpg.battle_rules import UesrpgBattleRules
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator, advance, begin, finish, settle
from tactician.rulesets.uesrpg.conditions import (
    burning_action_test,
    extinguish,
    remove_condition,
    resist_frenzy,
)
from tactician.rulesets.uesrpg.death import stabilise
from tactician.rulesets.uesrpg.locations import label
from tactician.rulesets.uesrpg.numbers import has, speed
from tactician.rulesets.uesrpg.state import CombatState
from tactician.rulesets.uesrpg.wounds import first_aid

Tile = tuple[int, int]
Result = tuple[UesrpgBattle, str, dict[str, Any]]
Handler = Callable[[UesrpgBattle, Mapping[str, Any], Narrator, UesrpgBattleRules], Result]


def _tile(value: Any, field: str) -> Tile:
    try:
        x, y = value
        return (int(x), int(y))
    except (TypeError, ValueError):
        raise RulesError(f"{field} must be a tile like [3, 4], not {value!r}") from None


def actor(state: UesrpgBattle, action: Mapping[str, Any]) -> UnitState:
    """The acting unit, checked: the battle has begun and it is this unit's Turn."""
    current = state.current
    if current is None:
        raise RulesError(
            "initiative has not been rolled: begin the battle first (`battle end-phase`, "
            "or the begin action)"
        )
    unit_id = action.get("unit")
    if not isinstance(unit_id, str):
        raise RulesError("the action needs 'unit': the id of the unit whose Turn it is")
    unit = state.unit(unit_id)
    if unit.id != current.id:
        raise RulesError(f"it is {current.name}'s Turn ({current.id}), not {unit.name}'s")
    return unit


def _spend(unit: UnitState, state: CombatState, ap: int) -> tuple[UnitState, CombatState]:
    return unit.model_copy(update={"spent": unit.spent + ap}), replace(state, ap=state.ap - ap)


def _burning_gate(
    unit: UnitState, narrator: Narrator, rules: UesrpgBattleRules, cost: int
) -> UnitState | None:
    """003 Burning: "Must pass Willpower -20 to take any action other than
    extinguishing." On a failure the action is lost: its AP (at least 1 while any
    are left) and the metres left of the Move action. Returns the unit after a
    failure, None when it may act."""
    current = combat(unit)
    if current.condition("Burning") is None:
        return None
    _, _, result = burning_action_test(current, narrator.chance, rules.options)
    if result.passed:
        return None
    lost = min(current.ap, max(1, cost))
    narrator.say(unit.name, "turn", f"fails to act through the flames (loses {lost} AP)")
    unit = unit.model_copy(update={"move_left": 0, "spent": unit.spent + lost})
    return with_combat(unit, replace(current, ap=current.ap - lost))


# --- the clock -------------------------------------------------------------------------


def begin_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """Roll initiative (core: "initiative = 1d6 + rating") and start round 1."""
    state = begin(state, narrator, rules.options)
    current = state.current
    who = f"{current.name}'s Turn" if current else "no one can act"
    return state, f"Initiative rolled; round 1: {who}", {"order": list(state.order)}


def end_turn(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """End the current unit's Turn: its end-of-Turn edge (Bleeding, Burning, death
    test), the next units' Turns (the unconscious pass theirs with a death test) and,
    after the last, a new round (AP refill, Dazed, Stunned, durations)."""
    if not state.started:
        return begin_action(state, action, narrator, rules)
    current = state.current
    assert current is not None
    given = action.get("unit")
    if given is not None:
        actor(state, action)
    state = advance(state, narrator, rules.options)
    state = settle(state, narrator, rules.options)
    nxt = state.current
    summary = f"{current.name}'s Turn ends"
    if state.result == "ongoing" and nxt is not None:
        summary += f"; round {state.round}: {nxt.name}'s Turn"
    return state, summary, {"next": nxt.id if nxt else None, "round": state.round}


# --- moving ---------------------------------------------------------------------------


def move(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """Move to ``to``. A Move action (``move_ap``, default 1 AP; outside 003) buys
    Speed metres for this Turn; a move that fits in what is left costs no AP. 003's
    Prone/Hidden "2 m per 1 m", Slowed/Entangled "Speed halved (round up)",
    Immobilized "Cannot move" apply (``battle_moves``)."""
    unit = actor(state, action)
    goal = _tile(action.get("to"), "to")
    options = rules.battle_options
    current = combat(unit)
    metres = speed(current)
    if metres == 0:
        why = [n for n in ("Immobilized", "Restrained", "Paralyzed") if has(current, n)]
        raise RulesError(f"{unit.name} cannot move" + (f" ({', '.join(why)})" if why else ""))
    board = state.map.board()
    if not board.in_bounds(goal):
        raise RulesError(f"{tuple(goal)} is off the {board.width}x{board.height} map")
    if goal == unit.position:
        raise RulesError(f"{unit.name} is already on {tuple(goal)}")
    total = budget(unit, options)
    found = reach(state, unit, options, total)
    steps = found.path(goal)
    if steps is None:
        raise RulesError(
            f"{unit.name} cannot reach {tuple(goal)}: {unit.move_left} m left of its Move "
            f"action and {current.ap} AP (Speed {metres} m, {options.metres_per_tile} m a "
            "tile; too far, blocked, impassable or occupied)"
        )
    spent = total - found.remaining[goal]
    left = unit.move_left
    paid = 0
    if spent > left:
        paid = options.move_ap
        left += metres
    failed = _burning_gate(unit, narrator, rules, paid)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not move (Burning)", {}
    unit, current = _spend(unit, current, paid)
    moved = with_combat(unit, current).model_copy(
        update={"position": goal, "move_left": left - spent, "moved": unit.moved + spent}
    )
    state = finish(state.replace_units(moved))
    record = {
        "path": [list(t) for t in steps],
        "spent": spent,
        "movement_left": left - spent,
        "ap_spent": paid,
    }
    cost = f", {paid} AP" if paid else ""
    return state, f"{unit.name} moves to {tuple(goal)} ({spent} m{cost})", record


def stand(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """003 Prone: "Standing up costs half base Speed in movement. If insufficient
    movement remains, must use Arise." Arise is 1 AP (UESRPG 3e core, outside 003)."""
    unit = actor(state, action)
    current = combat(unit)
    if current.condition("Prone") is None:
        raise RulesError(f"{unit.name} is not Prone")
    need = -(-current.profile.base_speed // 2)
    uses_movement = unit.move_left >= need
    if not uses_movement and current.ap < 1:
        raise RulesError(
            f"{unit.name} has {unit.move_left} m left (needs {need}) and no AP to Arise"
        )
    failed = _burning_gate(unit, narrator, rules, 0 if uses_movement else 1)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not stand (Burning)", {}
    if uses_movement:
        unit = unit.model_copy(update={"move_left": unit.move_left - need,
                                       "moved": unit.moved + need})
        how = f"{need} m of movement"
    else:
        unit, current = _spend(unit, current, 1)
        how = "Arise, 1 AP"
    current, records = remove_condition(current, "Prone", options=rules.options)
    narrator.add_records(records)
    return finish(state.replace_units(with_combat(unit, current))), \
        f"{unit.name} stands up ({how})", {}


# --- attacking ------------------------------------------------------------------------


def attack(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """Attack ``target`` with ``weapon`` (its last or first weapon by default): the
    rules package's one attack procedure on the battle's dice; the attacker pays
    ``attack_ap``, a defending target ``reaction_ap`` (``battle_combat``)."""
    unit = actor(state, action)
    target_id = action.get("target")
    if not isinstance(target_id, str):
        raise RulesError("attack needs 'target': the id of the unit to attack")
    target = state.unit(target_id)
    name = action.get("weapon")
    weapon = weapon_of(unit, name if isinstance(name, str) else None)
    check_target(unit, target, weapon)
    defence = action.get("defence")
    chosen = matchup(state, unit, target, rules, weapon,
                     defence if isinstance(defence, str) else None)
    failed = _burning_gate(unit, narrator, rules, rules.battle_options.attack_ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not attack (Burning)", {}
    narrator.drain()
    resolution = resolve(chosen.plan, narrator.chance.dice)
    narrator.add_notes(resolution.notes)
    final = resolution.final
    attacker = with_combat(unit, resolution.attacker).model_copy(
        update={"weapon": weapon.name, "spent": unit.spent + rules.battle_options.attack_ap}
    )
    defender = with_combat(target, final.defender)
    attack_roll = resolution.chance.decisions[0].outcome if resolution.chance.decisions else None
    if chosen.plan.defence != "none" and not getattr(attack_roll, "passed", True):
        # no defence is made against an attack that failed its own test: the AP stay
        defender = defender.model_copy(
            update={"ap": defender.ap + rules.battle_options.reaction_ap}
        )
    state = finish(state.replace_units(attacker, defender))
    plan = chosen.plan
    how = "" if plan.defence == "none" else f"; {target.name} tries to {plan.defence}"
    if final.hit:
        where = label(final.location or "body")
        text = f"hits the {where} for {final.damage} damage"
        if final.wounded:
            text += " and wounds"
    else:
        text = "misses"
    summary = f"{unit.name} attacks {target.name} with {weapon.name}{how}: {text}; " \
              f"{target.name} {defender.hp}/{defender.max_hp} HP"
    if defender.dead:
        summary += f"; {target.name} dies"
    elif defender.down and not target.down:
        summary += f"; {target.name} falls Unconscious"
    record = {
        "target": target.id,
        "weapon": weapon.name,
        "defence": plan.defence,
        "hit": final.hit,
        "location": final.location,
        "damage": final.damage,
        "wounded": final.wounded,
        "defence_hit_chances": {name: round(p, 6) for name, p in chosen.hits.items()
                                if len(chosen.hits) > 1},
    }
    return state, summary, record


# --- care and conditions ----------------------------------------------------------------


def _patient(state: UesrpgBattle, unit: UnitState, action: Mapping[str, Any]) -> UnitState:
    target_id = action.get("target", unit.id)
    if not isinstance(target_id, str):
        raise RulesError("'target' is the id of the unit to tend")
    target = state.unit(target_id)
    if target.position is None or unit.position is None:
        raise RulesError(f"{target.name} is not on the map")
    if manhattan(unit.position, target.position) > 1:
        raise RulesError(f"{target.name} is not next to {unit.name}")
    if not unit.kit:
        raise RulesError(f"{unit.name} has no healer's kit (003: it \"requires a healer's kit\")")
    return target


def _care(
    state: UesrpgBattle,
    unit: UnitState,
    target: UnitState,
    done: tuple[CombatState, CombatState],
) -> UesrpgBattle:
    """Store the healer and the patient after a Turn of care: the healer's AP and
    Move action are spent (003 first aid: "1 Turn")."""
    patient_after, healer_after = done
    if target.id == unit.id:
        healer_after = patient_after
    spent = healer_after.ap
    healer = with_combat(unit, replace(healer_after, ap=0)).model_copy(
        update={"move_left": 0, "spent": unit.spent + spent}
    )
    if target.id == unit.id:
        return finish(state.replace_units(healer))
    return finish(state.replace_units(healer, with_combat(target, patient_after)))


def first_aid_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """003: "These effects can be removed by first aid (a Survival or Profession
    [Medicine] test, 1 Turn, requires a healer's kit)". The healer's Turn: it needs
    1 AP or more and spends all it has left (ruling)."""
    unit = actor(state, action)
    target = _patient(state, unit, action)
    healer = combat(unit)
    if healer.ap < 1:
        raise RulesError(f"{unit.name} has no AP left: first aid takes a Turn")
    patient = healer if target.id == unit.id else combat(target)
    wound = action.get("wound")
    failed = _burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} gives no first aid (Burning)", {}
    after, _, result = first_aid(
        patient, healer, narrator.chance, wound_id=wound if isinstance(wound, int) else None,
        kit=True, options=rules.options,
    )
    state = _care(state, unit, target, (after, healer))
    word = "succeeds" if result.passed else "fails"
    return state, f"{unit.name} gives {target.name} first aid: {word}", {"target": target.id}


def stabilise_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """003: "A character can be stabilized (Survival or Profession [Medicine] test +
    healer's kit) ... to stop testing." It takes the healer's Turn, as first aid does
    (ruling: the same test and kit, so the same time)."""
    unit = actor(state, action)
    if "target" not in action:
        raise RulesError("stabilise needs 'target': the dying unit")
    target = _patient(state, unit, action)
    healer = combat(unit)
    if healer.ap < 1:
        raise RulesError(f"{unit.name} has no AP left: stabilising takes a Turn")
    failed = _burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not stabilise (Burning)", {}
    after, _, result = stabilise(combat(target), healer, narrator.chance, kit=True,
                                 options=rules.options)
    state = _care(state, unit, target, (after, healer))
    word = "succeeds" if result.passed else "fails"
    return state, f"{unit.name} tries to stabilise {target.name}: {word}", {"target": target.id}


def extinguish_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """003 Burning: "To extinguish: 1 AP, Str or Ag test at +20 with -10 per X beyond 1;
    fall Prone on attempt, lose condition on success." (``conditions.extinguish``)"""
    unit = actor(state, action)
    where = action.get("where")
    after, _, result = extinguish(
        combat(unit), narrator.chance, where if isinstance(where, str) else None, rules.options
    )
    unit = unit.model_copy(update={"spent": unit.spent + 1})
    state = finish(state.replace_units(with_combat(unit, after)))
    word = "puts out the flames" if result.passed else "fails to put out the flames"
    return state, f"{unit.name} {word} (falls Prone)", {}


def calm_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: UesrpgBattleRules
) -> Result:
    """003 Frenzied: "Ends when ... the character passes Willpower -20 as an action"
    (1 AP, a ruling)."""
    unit = actor(state, action)
    current = combat(unit)
    if current.ap < 1:
        raise RulesError(f"{unit.name} has no AP left to try to calm itself")
    after, records, result = resist_frenzy(current, narrator.chance, rules.options)
    narrator.add_records(records)
    moved = with_combat(unit, replace(after, ap=after.ap - 1)).model_copy(
        update={"spent": unit.spent + 1}
    )
    state = finish(state.replace_units(moved))
    outcome = "calms down" if result.passed else "stays Frenzied"
    return state, f"{unit.name} tries to master the frenzy: {outcome}", {"passed": result.passed}


ACTIONS: dict[str, Handler] = {
    "begin": begin_action,
    "calm": calm_action,
    "move": move,
    "attack": attack,
    "stand": stand,
    "first_aid": first_aid_action,
    "stabilise": stabilise_action,
    "extinguish": extinguish_action,
    "end_turn": end_turn,
}
ALIASES = {"end_phase": "end_turn", "wait": "end_turn", "stabilize": "stabilise", "arise": "stand"}


def apply(
    state: UesrpgBattle,
    action: Mapping[str, Any],
    dice: DiceSource,
    rules: UesrpgBattleRules,
) -> tuple[UesrpgBattle, Outcome]:
    """Apply one action dict (``{"type": "attack", "unit": ..., ...}``)."""
    kind = action.get("type")
    name = ALIASES.get(kind, kind) if isinstance(kind, str) else None
    handler = ACTIONS.get(name) if isinstance(name, str) else None
    if handler is None or name is None:
        known = ", ".join([*ACTIONS, *ALIASES])
        raise RulesError(f"unknown action {kind!r}; actions are: {known}")
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    unit_id = action.get("unit")
    if name != "begin" and isinstance(unit_id, str) and state.started:
        frenzy.check(state, state.unit(unit_id), name, action)
    narrator = Narrator(dice)
    new_state, summary, record = handler(state, action, narrator, rules)
    if new_state.result != "ongoing":
        summary += f" — {new_state.result.upper()}: {new_state.result_reason}"
    lines = narrator.lines()
    if lines and name == "end_turn":
        summary += " (" + "; ".join(_short(line) for line in lines) + ")"
    full = {
        "type": name,
        "unit": action.get("unit"),
        **record,
        "lines": lines,
        "details": narrator.events,
    }
    return new_state, Outcome(summary, [full])


def _short(line: str) -> str:
    return line.split(" [rolled", 1)[0]
