"""fe-classic's battle actions: deployment, then moves, attacks, staves, seizes, waits
and the end of a phase.

Set-up (002 L14-19): ``deploy`` (a pool unit onto a free tile of the designated
area, or a deployed one to another), ``withdraw`` (back to the pool; never a
Lord: "Lords must always start in a specific tile ... and cannot be switched"),
``start`` (at most the scenario limit deployed). The battle (L29-30 "the first
thing he or she must do is move a unit"): ``move`` once a turn, then one of
``attack``, ``staff``, ``seize`` or ``wait`` (the turn flow of
``fe_common.battle.turn``; a move of 0 is allowed, G2-16); ``end_phase`` passes
to the next side (player phase, enemy phase: L10-11, L25-27). A sleeping unit
cannot act (FE8 Sleep). ``open`` and ``break`` change a door, snag or unstable
wall (``battle_terrain``); ``rescue`` and ``drop`` are 001's (GC-08: Aid, 001 L8,
L43; the rescue is the carrier's action and ends its turn, GBA). Every action
is refused whole, naming what was wrong. After an attack the first side's
fighters gain 001's weapon-rank uses and, under ``exp_per = fight``, the party
its EXP (``battle_gains``, 001 L5, L123-128), all in the log. A berserk unit
takes no commands; ``end_phase`` first plays the ending side's berserk units
(``berserk``, FE8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.counted import counted
from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.rulesets.fe_classic import battle_gains, berserk, fight, staves
from tactician.rulesets.fe_classic.action_schema import ACTION_SCHEMA
from tactician.rulesets.fe_classic.battle_combat import plan_attack, plan_staff, without
from tactician.rulesets.fe_classic.battle_moves import movement, profile, reach
from tactician.rulesets.fe_classic.battle_phase import phase_start, tick
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_classic.battle_terrain import break_tile, open_door
from tactician.rulesets.fe_classic.contract_fight import strike_rows
from tactician.rulesets.fe_common.battle import combat, phases, rescue, result, seize, turn
from tactician.rulesets.fe_common.character.aid import aid, can_rescue
from tactician.rulesets.fe_common.compendium import load_fe8
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER

Tile = tuple[int, int]


def _tile(raw: object, what: str) -> Tile:
    if (isinstance(raw, list | tuple) and len(raw) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
        return (raw[0], raw[1])
    raise RulesError(f"{what}: give a tile as [x, y], not {raw!r}")


def _unit(state: ClassicBattle, action: Mapping[str, Any], key: str = "unit") -> ClassicUnit:
    if key not in action:
        raise RulesError(f"this action needs '{key}'")
    return state.classic_unit(action[key])


def _awake(unit: ClassicUnit) -> None:
    if "sleep" in unit.statuses:
        raise RulesError(f"{unit.name} is asleep ({unit.statuses['sleep']} turns left)")


def _check_setup(state: ClassicBattle, unit: ClassicUnit) -> None:
    if state.stage != "setup":
        raise RulesError("the battle has begun: deployment is over")
    if unit.side != state.sides[0]:
        raise RulesError(f"{unit.name} is not in the deploying side's pool")
    if unit.lord:
        raise RulesError(f"{unit.name} is a Lord: fixed on its tile and always deployed "
                         "(002 L17-19)")


def deploy(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    unit = _unit(state, action)
    _check_setup(state, unit)
    to = _tile(action.get("to"), "to")
    area = state.deployment.area
    if area and to not in area:
        raise RulesError(f"{to} is outside the designated deployment area (002 L16-17)")
    if state.at(to) is not None:
        raise RulesError(f"{to} is taken by {state.at(to).name}")  # type: ignore[union-attr]
    terrain = state.tile_at(to)
    if profile(state, unit).step_for(terrain.name) is None:
        raise RulesError(f"{unit.name} cannot stand on {terrain.name}")
    moved = unit.model_copy(update={"position": to, "deployed": True})
    return state.replace_units(moved), f"{unit.name} is deployed at {to}"


def withdraw(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    unit = _unit(state, action)
    _check_setup(state, unit)
    if not unit.deployed:
        raise RulesError(f"{unit.name} is not deployed")
    back = unit.model_copy(update={"position": None, "deployed": False})
    return state.replace_units(back), f"{unit.name} goes back to the pool"


def start(state: ClassicBattle) -> tuple[ClassicBattle, str]:
    if state.stage != "setup":
        raise RulesError("the battle has already begun")
    first = state.sides[0]
    deployed = [u for u in state.units if u.side == first and u.on_map]
    limit = state.deployment.limit
    if limit is not None and len(deployed) > limit:
        raise RulesError(f"{counted(len(deployed), 'unit')} deployed; the scenario allows {limit} "
                         "(002 L15-16); withdraw some")
    # the pool units left out leave the battle
    begun = state.model_copy(update={"stage": "battle"})
    return begun, f"the battle begins: {counted(len(deployed), 'unit')} deployed"


def _in_battle(state: ClassicBattle) -> None:
    if state.stage != "battle":
        raise RulesError("deployment first: `deploy`/`withdraw` units, then `start`")


def move(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, Outcome]:
    """The move with the path walked and the movement spent and left (002 L167-168
    "Moving cost is how much movement speed it takes to cross that terrain")."""
    _in_battle(state)
    unit = _unit(state, action)
    turn.check_move(state, unit)
    _awake(unit)
    to = _tile(action.get("to"), "to")
    found = reach(state, unit)
    path = found.path(to)
    if path is None:
        raise RulesError(f"{unit.name} cannot end a move on {to} this turn (MOV "
                         f"{unit.character.mov}; ice carries a unit on: 002 L258-262)")
    moved = turn.after_move(unit, to)
    left = found.remaining[to]
    return state.replace_units(moved), Outcome(f"{unit.name} moves to {to}", [
        {"type": "move", "unit": unit.id, "from": list(found.start), "to": list(to),
         "path": [list(t) for t in path], "spent": movement(state, unit) - left,
         "movement_left": left}])


def _target(state: ClassicBattle, action: Mapping[str, Any], unit: ClassicUnit) -> ClassicUnit:
    target = _unit(state, action, "target")
    if berserk.is_berserk(unit) and target.side == unit.side:
        # FE8 Berserk: the unit strikes friend or foe (``berserk``)
        turn.check_standard(state, unit)
        if not target.on_map:
            raise RulesError(f"{target.name} is not standing on the map")
        return target
    combat.check_attack(state, unit, target)
    return target


def attack(state: ClassicBattle, action: Mapping[str, Any], dice: DiceSource
           ) -> tuple[ClassicBattle, Outcome]:
    _in_battle(state)
    unit = _unit(state, action)
    _awake(unit)
    target = _target(state, action, unit)
    weapon = action.get("weapon")
    plan = plan_attack(state, unit, target, weapon if isinstance(weapon, str) else None)
    resolved = fight.resolve(plan, dice)
    a_weapon = plan.attacker.weapon
    d_weapon = plan.defender.weapon
    assert a_weapon is not None
    after_a = unit.with_hp(resolved.end.hp[0]).model_copy(update={"equipped": a_weapon.name})
    after_d = target.with_hp(resolved.end.hp[1])
    lines = []
    strikes = strike_rows(plan, resolved)  # every die and what it decided, as `attack` shows
    records: list[dict[str, Any]] = []
    if resolved.weapon_lost(ATTACKER):
        after_a = without(after_a, a_weapon.name)
        lines.append(f"{unit.name}'s {a_weapon.name} breaks")
    if resolved.weapon_lost(DEFENDER) and d_weapon is not None:
        after_d = without(after_d, d_weapon.name)
        lines.append(f"{target.name}'s {d_weapon.name} breaks")
    after_a = turn.after_standard(after_a, ends_turn=True)  # G2-16: acting ends the turn
    state, fallen = combat.write_back(state.replace_units(after_a, after_d), after_a, after_d,
                                      resolved.end.hp)
    hits = sum(1 for r in strikes if r["outcome"] in ("hit", "crit"))
    summary = (f"{unit.name} attacks {target.name} with {a_weapon.name}: "
               f"{counted(len(strikes), 'strike')}, {hits} land{'s' if hits == 1 else ''}; "
               f"{unit.name} {resolved.end.hp[0]} HP, "
               f"{target.name} {resolved.end.hp[1]} HP")
    # 001 L5, L123-128: ranks by use and the party's EXP (002 has no growth of its own)
    state, grown = battle_gains.after_fight(state, (unit.id, target.id), plan, resolved, dice)
    records += grown
    summary = "; ".join([summary, *lines, *fallen, *(g["text"] for g in grown
                                                      if g["type"] != "rank_uses")])
    records.insert(0, {"type": "attack", "unit": unit.id, "target": target.id,
                       "weapon": a_weapon.name, "distance": plan.distance,
                       "strikes": strikes})
    return state, Outcome(summary, records)


def staff(state: ClassicBattle, action: Mapping[str, Any], dice: DiceSource
          ) -> tuple[ClassicBattle, Outcome]:
    _in_battle(state)
    unit = _unit(state, action)
    _awake(unit)
    target = _target(state, action, unit)
    name = action.get("weapon")
    plan = plan_staff(state, unit, target, name if isinstance(name, str) else None)
    landed, _ = staves.resolve(plan, dice)
    staff_name = plan.user.weapon.name if plan.user.weapon else "staff"
    after_u = turn.after_standard(unit, ends_turn=True)
    changed = [after_u]
    if landed:
        changed.append(target.model_copy(update={
            "statuses": {**target.statuses, plan.status: plan.turns}}))
    state = state.replace_units(*changed)
    what = f"{target.name} is put to {plan.status}" if plan.status == "sleep" else \
        f"{target.name} is {plan.status}{'d' if plan.status == 'silence' else 'ed'}"
    summary = (f"{unit.name} uses {staff_name} on {target.name} ({plan.chance}%): "
               + (f"{what} for {counted(plan.turns, 'turn')}" if landed else "it fails"))
    return state, Outcome(summary, [{"type": "staff", "unit": unit.id, "target": target.id,
                                     "staff": staff_name, "chance": plan.chance,
                                     "landed": landed, "status": plan.status}])


def do_seize(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    _in_battle(state)
    unit = _unit(state, action)
    _awake(unit)
    tile = state.tile_at(unit.position) if unit.position is not None else None
    bosses = [u for u in state.units if u.side != unit.side and getattr(u, "boss", False)]
    won = seize.seize(state, unit, tile is not None and tile.seizable, bosses)
    return won, f"{unit.name} seizes the {tile.name if tile else 'tile'}: victory"


def do_open(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    _in_battle(state)
    unit = _unit(state, action)
    _awake(unit)
    return open_door(state, unit, _tile(action.get("at"), "at"))


def do_break(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    _in_battle(state)
    unit = _unit(state, action)
    _awake(unit)
    return break_tile(state, unit, {"at": _tile(action.get("at"), "at")})


def do_rescue(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    """001's rescue in fe-classic (GC-08): Aid against the carried unit's CON (001 L8)."""
    _in_battle(state)
    unit = _unit(state, action)
    _awake(unit)
    target = _unit(state, action, "target")
    klass = load_fe8().klass(unit.class_name)
    mounted = klass.mounted_aid or klass.mounted or klass.flying
    score = aid(unit.character.con, mounted, unit.character.sex)
    options = state.rules_options()
    allowed = can_rescue(score, target.character.con, options)
    why = (f"{unit.name}'s Aid {score} is below {target.name}'s CON {target.character.con} "
           f"(001 L8; rescue_aid = {options.rescue_aid})")
    after = rescue.rescue(state, unit, target, (allowed, why))
    carrier = after.classic_unit(unit.id)
    after = after.replace_units(carrier.model_copy(update={"done": True}))
    return after, f"{unit.name} rescues {target.name}"


def do_drop(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    _in_battle(state)
    unit = _unit(state, action)
    to = _tile(action.get("to"), "to")

    def standable(carried: Any, tile: Tile) -> bool:
        assert isinstance(carried, ClassicUnit)
        return profile(state, carried).step_for(state.tile_at(tile).name) is not None

    if unit.carrying is None:
        raise RulesError(f"{unit.name} carries no one")
    name = state.unit(unit.carrying).name
    return rescue.drop(state, unit, to, standable), f"{unit.name} drops {name} at {to}"


def wait(state: ClassicBattle, action: Mapping[str, Any]) -> tuple[ClassicBattle, str]:
    _in_battle(state)
    unit = _unit(state, action)
    turn.check_turn(state, unit)
    return state.replace_units(turn.wait(unit)), f"{unit.name} waits"


def end_phase(state: ClassicBattle, dice: DiceSource) -> tuple[ClassicBattle, Outcome]:
    _in_battle(state)
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    ending = state.side
    state, played = _play_berserk(state, ending, dice)
    if state.result != "ongoing":
        return state, Outcome("; ".join(played), [{"type": "berserk", "lines": played}])
    ticked = tick(state, ending)

    def hook(s: ClassicBattle, side: str) -> tuple[ClassicBattle, list[str]]:
        return phase_start(s, side, dice)

    after, lines = phases.end_phase(ticked, hook)
    lines = [*played, *lines]
    records: list[dict[str, Any]] = [{"type": "berserk", "lines": played}] if played else []
    return after, Outcome("; ".join(lines), [*records, {"type": "end_phase", "ended": ending,
                                                        "begins": after.side,
                                                        "round": after.round}])


def _play_berserk(state: ClassicBattle, side: str, dice: DiceSource
                  ) -> tuple[ClassicBattle, list[str]]:
    """The engine plays the ending side's berserk units that have not acted (``berserk``)."""
    lines: list[str] = []
    for unit_id in [u.id for u in state.units if u.side == side]:
        unit = state.classic_unit(unit_id)
        if not (berserk.is_berserk(unit) and unit.on_map and not unit.done
                and not unit.acted) or state.result != "ongoing":
            continue
        for step in berserk.plan(state, unit):
            if step["type"] == "attack":
                state, outcome = attack(state, step, dice)
                state = result.settle(state)
                lines.append(f"{unit.name} is berserk: {outcome.summary}")
            elif step["type"] == "move":
                state, moved = move(state, step)
                lines.append(f"{unit.name} is berserk: {moved.summary}")
            else:
                state, said = wait(state, step)
                lines.append(f"{unit.name} is berserk: {said}")
    return state, lines


COMMANDS = ("move", "attack", "staff", "seize", "wait", "open", "break", "rescue", "drop")


def apply(state: ClassicBattle, action: Mapping[str, Any], dice: DiceSource
          ) -> tuple[ClassicBattle, Outcome]:
    kind = action.get("type")
    declared = ACTION_SCHEMA.find(kind)
    if declared is None:
        raise RulesError(f"unknown action {kind!r}; fe-classic actions: "
                         f"{', '.join(ACTION_SCHEMA.names())}")
    unknown = sorted(str(k) for k in action if k != "type" and declared.key(str(k)) is None)
    if unknown:  # issue 25: a key no action reads was kept in the log
        raise RulesError(f"{kind} takes no {', '.join(map(repr, unknown))}; its keys are: "
                         f"{', '.join(declared.key_names)}")
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    if kind in COMMANDS and "unit" in action:
        actor = state.classic_unit(action["unit"])
        if berserk.is_berserk(actor):
            raise RulesError(f"{actor.name} is berserk ({actor.statuses['berserk']} turns "
                             "left): the engine plays it at the end of its phase")
    if kind in ("move", "attack", "staff", "end_phase"):
        if kind == "move":
            after, outcome = move(state, action)
        elif kind == "attack":
            after, outcome = attack(state, action, dice)
        elif kind == "staff":
            after, outcome = staff(state, action, dice)
        else:
            after, outcome = end_phase(state, dice)
        return result.settle(after), outcome
    simple = {"deploy": deploy, "withdraw": withdraw, "seize": do_seize,
              "wait": wait, "open": do_open, "break": do_break, "rescue": do_rescue,
              "drop": do_drop}
    if kind == "start":
        after, summary = start(state)
    else:
        after, summary = simple[str(kind)](state, action)
    return result.settle(after), Outcome(summary, [{"type": str(kind), **{
        k: v for k, v in action.items() if k != "type"}}])
