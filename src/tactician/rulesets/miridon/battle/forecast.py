"""Exact forecasts of a battle action before it is committed (spec 004 §3.22), from the
very plan and procedure the action resolves with (``attack_actions.plan_attack``,
``attack_roll.outcomes``).

An attack's forecast: P(hit), P(crit), the whole Damage Dealt distribution (0 on a miss;
strong re-rolls and margin terms included, the to-hit roll and the damage enumerated
jointly), the target's HP after, P(unconscious), P(dead), the on-hit losses (PDR, speed,
strength); the branch per defender reaction (no reaction / Dodge, x each block tier)
beside the one the defender's policy takes; the follow-ups each outcome opens (Redouble,
Second attack); and the point economy: the attacker's points after paying, flagged when
they leave no speed for an attack in the next block (004 has no refill but Restore).
A grapple's forecast: P(Initiate Grapple hits), the Grapple Attack that follows, the
speed-drain schedule and the Break Grapple contest table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle import forecast_modifiers, ghastly
from tactician.rulesets.miridon.battle.attack_actions import (
    ACTION_NAMES,
    modifiers_of,
    plan_attack,
)
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.attack_roll import Odds, odds, outcomes
from tactician.rulesets.miridon.battle.costs import Cost, action_cost
from tactician.rulesets.miridon.battle.follow_up_actions import (
    FOLLOW_UPS,
    plan_follow_up,
    redouble_allowed,
)
from tactician.rulesets.miridon.battle.grapple_actions import (
    crit_grapples,
    grapple_attack_spec,
    grapple_plan,
    may_begin,
)
from tactician.rulesets.miridon.battle.grapple_rules import (
    break_chance,
    drain_amount,
    max_grapple_strength,
)
from tactician.rulesets.miridon.battle.melee_slots import attack_slot, bites
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.reactions import block_cost
from tactician.rulesets.miridon.battle.stances import TIERS, free_shield
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.spirit_battle.mech_counter import counters
from tactician.rulesets.miridon.spirit_battle.part_attacks import part_attack
from tactician.rulesets.miridon.spirit_battle.spell_forecast import SPELL_ACTIONS, spell_forecast


def economy(book: Compendium, unit: UnitState, cost: Cost) -> dict[str, Any]:
    """Points after paying ``cost`` and whether an attack is still affordable next block."""
    strength, speed = unit.strength - cost[0], unit.speed - cost[1]
    cheapest = min((action_cost(book, ACTION_NAMES[k], unit) for k in ("melee", "gun")),
                   key=lambda c: c[1])
    starved = speed < cheapest[1] or strength < cheapest[0]
    return {"cost": {"strength": cost[0], "speed": cost[1]},
            "after": {"strength": strength, "speed": speed},
            "no_points_next_block": starved,
            "note": ("leaves no points for an attack in the next block (only Restore "
                     "Strength / Speed Points refill, L1919-1921, L2031-2033)") if starved
            else ""}


def _odds_json(found: Odds) -> dict[str, Any]:
    return {"hit": found.hit, "crit": found.crit,
            "damage": {str(k): v for k, v in found.damage.items()},
            "hp": {str(k): v for k, v in found.hp.items()},
            "unconscious": found.unconscious, "dead": found.dead,
            "expected_damage": found.expected_damage,
            "pdr_loss": {str(k): v for k, v in found.pdr_loss.items()},
            "speed_loss": {str(k): v for k, v in found.speed_loss.items()},
            "strength_loss": {str(k): v for k, v in found.strength_loss.items()},
            "hits": {str(k): v for k, v in found.hits.items()},
            # the lasting spells the hit meets (L3326-3380): barriers absorb, a Vampiric
            # Weapon heals its wielder
            "absorbed": {str(k): v for k, v in found.absorbed.items()},
            "healed": {str(k): v for k, v in found.healed.items()}}


def branches(book: Compendium, options: BattleOptions, state: MiridonBattle,
             plan: AttackPlan) -> list[dict[str, Any]]:
    """The attack per defender reaction: Dodge or not, x no block / each affordable tier."""
    target = state.unit(plan.target)
    passive, active = numbers.evasions(state, target, options)
    rows = []
    shield = free_shield(target, book) is not None  # L2461, Shield Bash L527
    for dodge in ((False, True) if numbers.can_dodge(target) else (False,)):
        base = replace(plan, dodge=dodge, spec=replace(plan.spec,
                                                       evasion=active if dodge else passive))
        for tier in (0, *TIERS):
            for with_shield in ((False, True) if shield and tier else (False,)):
                if tier and book.weapon(plan.weapon).category == "tesla":
                    continue
                cost = block_cost(book, target, tier, with_shield) if tier else (0, 0)
                if dodge:
                    extra = action_cost(book, "Dodge", target)
                    cost = (cost[0] + extra[0], cost[1] + extra[1])
                trial = numbers.with_block(base, book, target, tier, tier, with_shield)
                found = odds(trial.spec)
                rows.append({
                    "dodge": dodge,
                    "block": TIERS[tier][0] if tier else "none",
                    "shield_block": with_shield,
                    "defender_cost": {"strength": cost[0], "speed": cost[1]},
                    "hit": found.hit, "expected_damage": found.expected_damage,
                    "unconscious": found.unconscious, "dead": found.dead,
                    "policy": (dodge == plan.dodge and tier == plan.block_on_hit
                               and with_shield == plan.shield_block),
                })
    return rows


def follow_ups(book: Compendium, options: BattleOptions, state: MiridonBattle,
               plan: AttackPlan, stage: int) -> dict[str, float]:
    """The chance each bonus attack becomes available after this attack (§3.22 item 4)."""
    unit = state.unit(plan.attacker)
    ends = outcomes(plan.spec)
    found: dict[str, float] = {}
    rank = unit.profile.talent("Redouble")
    if rank and stage == 1 and plan.acts_as in ("melee", "combo") and "redouble" not in unit.once:
        found["redouble"] = sum(p for r, p in ends.items()
                                if (r.hits or options.redouble_on_miss)
                                and redouble_allowed(options, r.counted, rank))
    if stage == 1 and unit.profile.has("Second Attack") and len(unit.profile.weapons) > 1 \
            and "second_attack" not in unit.once:
        found["second_attack"] = 1.0
    if unit.profile.has("Rapid Fire Gun Attack") and book.weapon(plan.weapon).category == "pistol":
        found["rapid_fire"] = sum(p for r, p in ends.items() if r.crits)
    if counters(book, options, state, plan.target, plan.attacker):  # a miss on a mech (L210)
        found["mech_counter"] = sum(p for r, p in ends.items() if not r.hits)
    if crit_grapples(book, state, plan):  # Grappling Weapon Critical Hit (L1031)
        found["grapple"] = sum(p for r, p in ends.items() if r.crits)
    return found


def side(unit: UnitState, weapon: str | None, found: Odds | None) -> dict[str, Any]:
    return {
        "name": unit.name, "id": unit.id, "hp": unit.hp, "max_hp": unit.profile.max_hp,
        "weapon": weapon,
        "hit": None if found is None else round(100 * found.hit),
        "hit_probability": None if found is None else found.hit,
        "crit": None if found is None else round(100 * found.crit),
        "crit_probability": None if found is None else found.crit,
        "damage": None if found is None else round(
            sum(k * p for k, p in found.damage.items()) / found.hit, 2) if found.hit else 0,
        "crit_damage": None, "strikes": 0 if found is None else 1,
        "strength": unit.strength, "speed": unit.speed,
    }


def report(state: MiridonBattle, attacker: UnitState, target: UnitState, weapon: str,
           found: Odds, distance_ft: int, square_feet: int) -> dict[str, Any]:
    """The shared forecast shape (``docs/schemas/forecast.json``) of one attack."""
    down = found.unconscious + found.dead
    if target.status == "unconscious":
        down = 1.0
    return {
        "ruleset": "miridon", "distance": distance_ft // max(1, square_feet),
        "distance_ft": distance_ft,
        "attacker": side(attacker, weapon, found),
        "defender": {**side(target, target.weapon, None), "pdr": target.pdr,
                     "stance": target.stance},
        "hp": {"attacker": {str(attacker.hp): 1.0},
               "defender": {str(k): v for k, v in found.hp.items()}},
        "expected_damage": {"to_attacker": 0.0, "to_defender": found.expected_damage},
        "outcome": {"attacker_defeated": 0.0, "defender_defeated": down,
                    "both_stand": 1.0 - down},
        "order": [attacker.name],
    }


def attack_forecast(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    action: Mapping[str, Any]) -> dict[str, Any]:
    kind = action.get("type")
    if kind in ("grapple", "initiate_grapple"):
        return grapple_forecast(book, options, state, action)
    if kind in SPELL_ACTIONS:  # part 3: what the spell does, on the targets it would reach
        return spell_forecast(book, options, state, action)
    stage, name, part = 1, None, None
    if kind in FOLLOW_UPS:
        follow = plan_follow_up(book, options, state, action)
        plan, cost, stage, name = follow.plan, follow.cost, follow.stage, follow.name
    elif kind == "attack":
        plan, cost = plan_attack(book, options, state, action)
    elif kind == "mech_attack":  # the plan the mech's part resolves (part_attacks, L3647)
        mech = state.unit(action.get("unit"))
        part = part_attack(book, options, state, mech, str(action.get("part", "")), action)
        plan, cost, name = part.plan, (0, part.cost), f"{part.part.name} {part.name}"
    else:
        raise RulesError(f"a forecast is of an attack, a bonus attack, a grapple, a mech "
                         f"part's attack or a spell ({', '.join(SPELL_ACTIONS)}), not {kind!r}")
    found = odds(plan.spec)
    attacker, target = state.unit(plan.attacker), state.unit(plan.target)
    data = report(state, attacker, target, plan.weapon, found, plan.distance_ft,
                  options.square_feet)
    data["miridon"] = {
        "action": name or ACTION_NAMES[plan.acts_as], "odds": _odds_json(found),
        "to_hit_terms": [vars(t) for t in plan.to_hit_terms],
        "damage_terms": [vars(t) for t in plan.damage_terms],
        "evasion": plan.spec.evasion, "reduction": plan.spec.reduction,
        "crit_from": plan.spec.crit_from, "bullets": plan.spec.bullets,
        "defender_choice": {"dodge": plan.dodge,
                            "block_on_hit": TIERS[plan.block_on_hit][0] if plan.block_on_hit
                            else "none",
                            "block_on_crit": TIERS[plan.block_on_crit][0]
                            if plan.block_on_crit else "none",
                            "shield_block": plan.shield_block},
        "branches": branches(book, options, state, plan),
        "follow_ups": follow_ups(book, options, state, plan, stage),
        "economy": economy(book, attacker, cost) if part is None else {
            "cost": {"strength": 0, "speed": part.cost},
            "after": {"strength": 0, "speed": part.part.speed - part.cost},
            "no_points_next_block": False,
            "note": f"of the {part.part.name}'s own speed points (L3641)"},
    }
    rank = attacker.profile.special("Ghastly Strength")
    if rank:  # L152: the points a kill gives back, and its chance
        data["miridon"]["economy"]["ghastly_strength"] = {
            "points": rank, "probability": ghastly.chance(options, plan, target, found)}
    if kind == "attack":  # Death Worm Bite's grapple on a hit (L1510), as the action takes it
        slot = attack_slot(attacker, plan.weapon, plan.acts_as, plan.modifiers,
                           action.get("slot"))
        if bites(attacker, slot, True, action.get("bite")) and \
                may_begin(state, attacker.id, target.id):
            data["miridon"]["follow_ups"]["grapple"] = found.hit
    if kind == "attack" and "shoot_through" in modifiers_of(action):
        data["miridon"]["line"] = line(book, options, state, action)
    data["notes"] = notes(data)
    forecast_modifiers.attach(data, book, options, state, plan)  # the panel's terms
    return data


def line(book: Compendium, options: BattleOptions, state: MiridonBattle,
         action: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every target of a Shoot Through with its exact odds, nearest first."""
    from tactician.rulesets.miridon.battle.shoot_through import line_odds

    return [{"target": row.target, "after_hit": row.after_hit,
             "marked_bullets": {str(k): v for k, v in row.marked.items()},
             **_odds_json(row.odds)} for row in line_odds(book, options, state, action)]


def notes(data: dict[str, Any]) -> list[str]:
    """The forecast's Miridon lines for the terminal (``render_forecast`` prints them)."""
    mine = data["miridon"]
    terms = ", ".join(f"{t['label']} {t['value']:+d}" for t in mine["to_hit_terms"])
    choice = mine["defender_choice"]
    lines = [f"{mine['action']}: to hit {terms} vs Evasion {mine['evasion']}; critical on "
             f"{mine['crit_from'] or 'never'}+; reduction {mine['reduction']}",
             f"Defender's policy: {'Dodge' if choice['dodge'] else 'no Dodge'}, on a hit "
             f"{choice['block_on_hit']}, on a critical {choice['block_on_crit']}"
             + (" + Shield Block" if choice["shield_block"] else ""),
             f"P(unconscious) {mine['odds']['unconscious']:.2%}, P(dead) "
             f"{mine['odds']['dead']:.2%}"]
    point = mine["economy"]
    lines.append(f"Points: pays {point['cost']['strength']} str / {point['cost']['speed']} "
                 f"spd, leaves {point['after']['strength']} / {point['after']['speed']}"
                 + (f"; {point['note']}" if point["note"] else ""))
    if "ghastly_strength" in point:
        gain = point["ghastly_strength"]
        lines.append(f"Ghastly Strength: +{gain['points']} str / +{gain['points']} spd if the "
                     f"target dies: {gain['probability']:.2%} (L152)")
    for row in mine.get("line", ()):
        lines.append(f"  line {row['target']}: after a hit {row['after_hit']:.2%}, hit "
                     f"{row['hit']:.2%}, E[damage] {row['expected_damage']:.2f}, out "
                     f"{row['unconscious'] + row['dead']:.2%}")
    for name, p in mine["follow_ups"].items():
        lines.append(f"Opens {name.replace('_', ' ')}: {p:.2%}")
    for row in mine["branches"]:
        lines.append(f"  branch {'Dodge' if row['dodge'] else 'no Dodge'} / {row['block']}"
                     + (" + Shield Block" if row["shield_block"] else "")
                     + f": hit {row['hit']:.2%}, E[damage] {row['expected_damage']:.2f}, "
                     f"out {row['unconscious'] + row['dead']:.2%}"
                     + ("  <- the defender's policy" if row["policy"] else ""))
    return lines


def grapple_forecast(book: Compendium, options: BattleOptions, state: MiridonBattle,
                     action: Mapping[str, Any]) -> dict[str, Any]:
    unit, target = state.unit(action.get("unit")), state.unit(action.get("target"))
    plan = grapple_plan(book, options, state, unit, target, str(action.get("dodge", "auto")))
    hit = odds(plan.spec).hit
    follow = odds(grapple_attack_spec(book, options, unit, target))
    hp: dict[str, float] = {str(target.hp): 1.0 - hit}
    for value, p in follow.hp.items():
        hp[str(value)] = hp.get(str(value), 0.0) + hit * p
    found = Odds(hit=hit, crit=0.0, damage={}, hp={}, unconscious=hit * follow.unconscious,
                 dead=hit * follow.dead, expected_damage=hit * follow.expected_damage,
                 hits={}, pdr_loss={}, speed_loss={}, strength_loss={})
    data = report(state, unit, target, plan.weapon, found, plan.distance_ft,
                  options.square_feet)
    data["hp"]["defender"] = hp
    most = max_grapple_strength(book, unit, options.grapple_table_index)
    theirs = max_grapple_strength(book, target, options.grapple_table_index)
    data["miridon"] = {
        "action": "Initiate Grapple", "hit": hit,
        "grapple_attack": _odds_json(follow),
        "drain": [drain_amount(book, unit, n) for n in (1, 2, 3, 4)],
        "break_contest": {f"{t} vs {g}": break_chance(t, g)
                          for t in range(theirs + 1) for g in range(most + 1)},
        "economy": economy(book, unit, action_cost(book, "Initiate Grapple", unit)),
    }
    return data
