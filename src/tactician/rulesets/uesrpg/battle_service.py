"""UESRPG's services for the table layer: the board view, in-battle forecasts, the
one-fight forecast and attack (``tactician forecast|attack --ruleset uesrpg``) and
the character sheet.

The view has the keys the CLI renders for every ruleset (name, round, phase,
sides, units with id/name/side/hp/...) plus UESRPG's own (AP, wounds,
conditions, death tests, initiative order). ``phase`` says whose Turn it is;
``acting`` lists that unit and ``tier`` is ``npc`` for AI-controlled units, so
the CLI's enemy-phase check needs no knowledge of UESRPG.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.contract import modifiers
from tactician.rulesets.uesrpg.attack import AttackForecast, resolve
from tactician.rulesets.uesrpg.battle_combat import (
    Matchup,
    attack_weapons,
    check_target,
    in_reach,
    matchup,
    odds,
    weapon_of,
)
from tactician.rulesets.uesrpg.battle_moves import reach
from tactician.rulesets.uesrpg.battle_rules import UesrpgBattleRules
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat, terrain_set
from tactician.rulesets.uesrpg.battle_turns import event_of
from tactician.rulesets.uesrpg.character import load_profile
from tactician.rulesets.uesrpg.death import needs_death_test
from tactician.rulesets.uesrpg.locations import LOCATIONS, label
from tactician.rulesets.uesrpg.numbers import (
    crippled_parts,
    fatigue_level,
    has,
    initiative_rating,
    speed,
    wound_threshold,
)
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState, start_state

# --- the board ----------------------------------------------------------------------------


def _effects(unit: UnitState) -> list[str]:
    """Conditions, wounds and the death-test count as short words for the unit list."""
    current = combat(unit)
    words: list[str] = []
    for c in current.conditions:
        text = c.name + (f" ({c.x})" if c.x else "")
        if c.where:
            text += f" on {label(c.where)}"
        if c.rounds is not None:
            text += f", {c.rounds} rd"
        words.append(text)
    for part in sorted(crippled_parts(current) - current.lost):
        words.append(f"crippled {label(part)}")
    for part in sorted(current.lost):
        words.append(f"lost {label(part)}")
    for w in current.wounds:
        text = f"wound {w.id}: {label(w.location)} {w.damage}"
        if w.passive and w.blood_loss is not None:
            text += f", blood loss in {w.blood_loss} rd"
        words.append(text)
    if needs_death_test(current):
        # 003: "Failing a number of tests exceeding their Luck Bonus ... = death"
        words.append(f"death tests failed {current.death_failures}/"
                     f"{current.profile.luck_bonus + 1}")
    if current.stable and current.hp == 0:
        words.append("stable")
    if not unit.down:
        words.append(f"AP {current.ap}")
    return words


def _down(unit: UnitState) -> str | None:
    if unit.dead:
        return "dead"
    if unit.down:
        return "unconscious"
    return None


def unit_view(unit: UnitState, options: UesrpgOptions) -> dict[str, Any]:
    current = combat(unit)
    return {
        "id": unit.id,
        "name": unit.name,
        "side": unit.side,
        "number": unit.number,
        "tier": unit.tier,
        "controller": unit.controller,
        "position": list(unit.position) if unit.position else None,
        "hp": unit.hp,
        "max_hp": unit.max_hp,
        "equipped": unit.weapon,
        "acted": unit.acted,
        "moved": unit.moved,
        "countdown": None,
        "crippled": False,
        "carrying": None,
        "carried_by": None,
        "effects": _effects(unit),
        "down": _down(unit),
        # UESRPG's own
        "ap": current.ap,
        "sp": current.sp,
        "mp": current.mp,
        "wt": wound_threshold(current, options),
        "speed": speed(current),
        "move_left": unit.move_left,
        "initiative": unit.initiative,
        "kit": unit.kit,
        "fatigue": fatigue_level(current),
        "conditions": [
            {"name": c.name, "x": c.x, "rounds": c.rounds, "where": c.where}
            for c in current.conditions
        ],
        "wounds": [
            {"id": w.id, "damage": w.damage, "location": w.location, "passive": w.passive,
             "blood_loss": w.blood_loss, "crippled": list(w.crippled)}
            for w in current.wounds
        ],
        "dead": unit.dead,
        "unconscious": has(current, "Unconscious"),
        "stable": current.stable,
        "death_failures": current.death_failures,
        "death_limit": current.profile.luck_bonus,
    }


def rules_of(state: UesrpgBattle) -> UesrpgBattleRules:
    return UesrpgBattleRules(list(state.options))


def board_view(state: UesrpgBattle, reach_unit: str | None = None) -> dict[str, Any]:
    rules = rules_of(state)
    board = state.map.board()
    current = state.current
    if current is None:
        phase = "before initiative"
        label_ = "before initiative (`battle end-phase` or `battle enemy-phase` rolls it)"
    else:
        phase = f"{current.name}'s turn"
        label_ = f"{current.name}'s Turn ({current.id}, {combat(current).ap} AP)"
    data: dict[str, Any] = {
        "ruleset": "uesrpg",
        "name": state.name,
        "round": state.round,
        "phase": phase,
        "phase_label": label_,
        "acting": [current.id] if current is not None else [],
        "turn": current.id if current is not None else None,
        "order": list(state.order),
        "sides": list(state.sides),
        "result": state.result,
        "result_reason": state.result_reason,
        **state.map.describe(terrain_set()),
        "metres_per_tile": rules.battle_options.metres_per_tile,
        "objectives": {
            "victory": [o.describe() for o in state.objectives.victory],
            "defeat": [o.describe() for o in state.objectives.defeat],
            "draw": state.objectives.draw(),
        },
        "units": [unit_view(u, rules.options) for u in state.units],
        "death_tests": {
            "pending": [u.id for u in state.units if needs_death_test(combat(u))],
            "last": list(state.death_tests),
        },
    }
    if reach_unit is not None:
        unit = state.unit(reach_unit)
        if unit.position is None or unit.down:
            raise RulesError(f"{unit.name} is not standing on the map")
        spots = reach(state, unit, rules.battle_options).remaining
        longest = max((max(1, w.reach) for w in attack_weapons(unit)), default=0)
        board_tiles = {
            (x, y) for x in range(board.width) for y in range(board.height)
            if board.terrain_at((x, y)).cost_for("default") is not None  # no foe in a wall
        }
        # an ally is no target: its tile is neither a move nor an attack
        allies = {
            tuple(u.position) for u in state.units
            if u.side == unit.side and u.position is not None
        }
        targets = {
            t for t in board_tiles
            if any(1 <= manhattan(t, s) <= longest for s in spots)
        } - set(spots) - allies
        data["reach"] = {
            "unit": unit.id,
            "move": sorted([list(t) for t in spots]),
            "attack": sorted([list(t) for t in targets]),
        }
    return data


# --- forecasts --------------------------------------------------------------------------


def _side(current: CombatState, ap: int, **extra: Any) -> dict[str, Any]:
    return {"name": current.name, "hp": current.hp, "max_hp": current.profile.max_hp,
            "ap": ap, **extra}


def report(fight: Matchup, distance: int | None, options: UesrpgOptions) -> dict[str, Any]:
    """The exact odds of one attack: hit, each location, wound, down (0 HP), dead,
    the defender's HP distribution, and the same for each defence it could make."""
    result: AttackForecast = fight.odds
    plan = result.plan
    data: dict[str, Any] = {
        "ruleset": "uesrpg",
        "distance": distance,
        "attacker": _side(plan.attacker, plan.attacker.ap, weapon=plan.weapon.name,
                          damage=plan.weapon.damage, target=plan.attack_test.target),
        "defender": _side(plan.defender, plan.defender.ap, wt=wound_threshold(
            plan.defender, options), defence=plan.defence,
            target=plan.defence_test.target if plan.defence_test else None),
        "defence": fight.chosen,
        "hit": result.hit,
        "locations": {loc: result.locations[loc] for loc in LOCATIONS},
        "wound": result.wound,
        "kill": result.kill,
        "dead": result.dead,
        "expected_damage": result.expected_damage(),
        "hp": {"defender": {str(hp): p for hp, p in result.hp_distribution().items()}},
        # the terms each displayed target is summed from (zero terms left out)
        "modifiers": (modifiers.report("attacker", plan.attack_terms)
                      + modifiers.report("defender", plan.defence_terms)),
        "defences": {
            name: {"hit": f.hit, "wound": f.wound, "kill": f.kill}
            for name, f in ((d, fight.forecast_of(d)) for d in fight.plans)
        },
    }
    return data


def battle_forecast(
    state: UesrpgBattle, action: dict[str, Any], rules: UesrpgBattleRules
) -> dict[str, Any]:
    """The exact odds of an attack action from where the attacker stands; an attack
    the map forbids (an ally, a target out of reach) is refused as the attack itself
    would refuse it."""
    unit = state.unit(str(action.get("unit")))
    target = state.unit(str(action.get("target")))
    if unit.position is None or target.position is None:
        raise RulesError("both units must stand on the map")
    name = action.get("weapon")
    weapon = weapon_of(unit, name if isinstance(name, str) else None)
    check_target(unit, target, weapon)
    defence = action.get("defence")
    cost = rules.battle_options.attack_ap
    # the odds are shown even when the attacker has spent its AP (marked unaffordable)
    ready = unit if unit.ap >= cost else unit.model_copy(update={"ap": cost})
    fight = matchup(state, ready, target, rules, weapon,
                    defence if isinstance(defence, str) else None)
    data = report(fight, manhattan(unit.position, target.position), rules.options)
    data["in_reach"] = in_reach(unit, target, weapon)  # always true: refused otherwise
    data["affordable"] = unit.ap >= cost
    return data


@dataclass
class FightPlan:
    """A one-off fight between two unit files (no map)."""

    fight: Matchup
    options: UesrpgOptions
    distance: int | None = None


def _combatant(combatant: Any) -> CombatState:
    profile = load_profile(Path(combatant.path))
    state = start_state(profile)
    if combatant.hp is not None:
        if not 0 <= combatant.hp <= profile.max_hp:
            raise RulesError(f"{profile.name}: hp {combatant.hp} must be 0..{profile.max_hp}")
        state = replace(state, hp=combatant.hp)
    return state


def plan_fight(request: Any) -> FightPlan:
    """``tactician forecast|attack --ruleset uesrpg``: one attack between two unit
    files at full AP; ``--defence`` names the defence (default: the defender's best)."""
    if len(request.defenders) != 1:
        raise RulesError("a UESRPG attack has one defender")
    sides = (request.attacker, request.defenders[0])
    unused = [
        words for words, given in (
            ("terrain bonuses (003 has no terrain)", any(c.terrain for c in sides)),
            ("Defend (use --defence evade|parry|block|none)", any(c.defending for c in sides)),
            ("Cleave targets", bool(request.bystanders)),
            ("statuses", any(c.statuses for c in sides)),
            ("a defender's weapon (a parry uses the defender's own)",
             request.defenders[0].weapon is not None),
        ) if given
    ]
    if unused:
        raise RulesError(f"uesrpg has no {', '.join(unused)}")
    rules = UesrpgBattleRules(list(request.options))
    attacker = _combatant(request.attacker)
    defender = _combatant(request.defenders[0])
    weapon = attacker.profile.weapon(request.attacker.weapon)
    if request.distance is not None and not 1 <= request.distance <= max(1, weapon.reach):
        raise RulesError(
            f"{weapon.name} reaches {max(1, weapon.reach)} tiles, not {request.distance}"
        )
    fight = odds(attacker, defender, rules, weapon, getattr(request, "defence", None))
    return FightPlan(fight, rules.options, request.distance)


def forecast_report(plan: FightPlan) -> dict[str, Any]:
    return report(plan.fight, plan.distance, plan.options)


def attack_report(plan: FightPlan, dice: DiceSource) -> dict[str, Any]:
    """Resolve the attack on dice; every roll and what it decided, as lines."""
    resolution = resolve(plan.fight.plan, dice)
    final = resolution.final
    events = [event_of(n) for n in resolution.notes]
    attacker, defender = resolution.attacker, resolution.defender
    return {
        "ruleset": "uesrpg",
        "defence": plan.fight.chosen,
        "hit": final.hit,
        "location": final.location,
        "damage": final.damage,
        "wounded": final.wounded,
        "lines": [e["line"] for e in events],
        "details": events,
        "rolls": [{"sides": d.sides, "value": d.value, "purpose": d.purpose}
                  for d in dice.draws],
        "strikes": [],
        "critically_wounded": [],
        "hp": {attacker.name: attacker.hp, defender.name: defender.hp},
        "defender": {
            "name": defender.name,
            "hp": defender.hp,
            "conditions": [c.name + (f" ({c.x})" if c.x else "") for c in defender.conditions],
            "wounds": [{"id": w.id, "damage": w.damage, "location": w.location}
                       for w in defender.wounds],
        },
    }


# --- the sheet ------------------------------------------------------------------------------


def sheet(path: Any) -> dict[str, Any]:
    """A unit file's numbers: characteristics and bonuses, derived numbers (core,
    outside 003), skills, weapons, armor by location, traits."""
    profile = load_profile(Path(path))
    state = start_state(profile)
    options = UesrpgOptions()
    return {
        "ruleset": "uesrpg",
        "name": profile.name,
        "kind": "pc" if profile.pc else "npc",
        "characteristics": {
            name: {"score": score, "bonus": profile.bonus(name)}
            for name, score in profile.characteristics.items()
        },
        "hp": profile.max_hp,
        "wound_threshold": profile.base_wound_threshold,
        "stamina": profile.max_stamina,
        "magicka": profile.max_magicka,
        "action_points": state.ap,
        "speed": profile.base_speed,
        "initiative_rating": initiative_rating(state, options),
        "lucky": sorted(profile.lucky),
        "unlucky": sorted(profile.unlucky),
        "skills": {name: profile.skill_target(name) for name in profile.skills},
        "weapons": [
            {"name": w.name, "damage": w.damage, "type": w.type, "reach": w.reach,
             "skill": w.skill, "target": profile.skill_target(w.skill), "shield": w.shield}
            for w in profile.weapons
        ],
        "armor": {loc: dict(profile.armor_at(loc).ar) for loc in LOCATIONS},
        "traits": [f"{t.kind} ({t.x}, {t.type})" for t in profile.traits],
        "lost": sorted(profile.lost),
    }
