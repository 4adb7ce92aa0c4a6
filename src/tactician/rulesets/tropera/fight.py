"""A fight as the command line, the API and the battle engine ask for it:
units from files, situation from options, and JSON-ready reports.

``forecast_report`` and ``attack_report`` build the same ``Plan`` and differ
only in running it through the enumerator or on dice. The plan is made afresh
on every call from each side's snapshot (``sides.side_combatant``, kept between
runs); this module imports neither pydantic nor PyYAML, so a forecast whose
snapshots are kept starts in a fraction of the time (issue 16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactician.errors import RulesError
from tactician.rulesets.contract import modifiers
from tactician.rulesets.tropera.combatant import Combatant
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import (
    Plan,
    Resolution,
    StrikeRecord,
    forecast,
    plan_sequence,
    resolve,
)
from tactician.rulesets.tropera.sides import Side, side_combatant

if TYPE_CHECKING:  # annotations only: a forecast never imports the dice sources
    from tactician.dice.source import DiceSource


def build_plan(
    attacker: Side,
    defenders: list[Side],
    distance: int | None = None,
    options: TroperaOptions | None = None,
    bystanders: list[Side] | None = None,
) -> Plan:
    """The Attack Sequence of the sides (``sides.side_combatant``: each unit's
    snapshot, kept between runs), planned afresh: the forecast and the attack on
    dice both start here."""
    options = options or TroperaOptions()
    a = side_combatant(attacker, options)
    targets = [side_combatant(d, options) for d in defenders]
    others = [side_combatant(b, options) for b in bystanders or []]
    names = [a.name, *[t.name for t in targets], *[o.name for o in others]]
    if len(set(names)) != len(names):
        raise RulesError(f"participants need distinct names, got {names}")
    return plan_sequence(a, targets, distance, options, others)


def plan_fight(request: Any) -> Plan:
    """The plan of a ``table.fights.FightRequest``: its combatants as Tropera sides,
    its ``--option`` rulings applied."""
    if getattr(request, "defence", None):
        raise RulesError("--defence is for rulesets with reactions; Tropera has none")

    def side(combatant: Any) -> Side:
        return Side(
            path=combatant.path,
            terrain=combatant.terrain,
            hp=combatant.hp,
            defending=combatant.defending,
            weapon=combatant.weapon,
            statuses=frozenset(combatant.statuses),
        )

    options = TroperaOptions().with_overrides(list(request.options))
    return build_plan(
        side(request.attacker),
        [side(d) for d in request.defenders],
        request.distance,
        options,
        [side(b) for b in request.bystanders],
    )


def _side_summary(plan: Plan, index: int) -> dict[str, Any]:
    unit = plan.units[index]
    opponent = 1 if index == 0 else 0
    numbers_ = plan.table.get((index, opponent, -1, 0))
    probabilities = numbers_.roll.probabilities() if numbers_ else None
    return {
        "name": unit.name,
        "hp": unit.hp,
        "max_hp": unit.stats["hp"],
        "weapon": unit.weapon.name if unit.weapon else None,
        "hit": numbers_.hit if numbers_ else None,
        "crit": numbers_.crit if numbers_ else None,
        "damage": numbers_.damage if numbers_ else None,
        "crit_damage": numbers_.crit_damage if numbers_ else None,
        "true_hit": numbers_.roll.averaged if numbers_ else False,
        "hit_probability": (
            round(probabilities["hit"] + probabilities["crit"], 6) if probabilities else None
        ),
        "crit_probability": round(probabilities["crit"], 6) if probabilities else None,
        "strikes": plan.counts[index],
    }


def _modifiers(plan: Plan, index: int, role: str) -> list[dict[str, Any]]:
    """The terms of the Hit and Crit Chances ``_side_summary`` shows (the strike
    numbers' own, ``sequence.strike_numbers``)."""
    opponent = 1 if index == 0 else 0
    numbers_ = plan.table.get((index, opponent, -1, 0))
    return modifiers.report(role, numbers_.terms) if numbers_ else []


def _attacker_on(plan: Plan, index: int) -> dict[str, Any]:
    """The attacker's displayed Hit and true chance to hit against one target of a
    multi-target attack (``hit`` in a target's summary is that target's counter)."""
    numbers_ = plan.table.get((0, index, -1, 0))
    probabilities = numbers_.roll.probabilities() if numbers_ else None
    return {
        "attacker_hit": numbers_.hit if numbers_ else None,
        "attacker_hit_probability": (
            round(probabilities["hit"] + probabilities["crit"], 6) if probabilities else None
        ),
    }


def forecast_report(plan: Plan) -> dict[str, Any]:
    """The exact odds of the sequence, shaped for ``--json`` and the Rich table."""
    result = forecast(plan)
    defender_indexes = range(1, 1 + plan.targets)
    attacker_defeated = result.defeated(0)
    defender_defeated = result.all_targets_defeated()
    report: dict[str, Any] = {
        "ruleset": "tropera",
        "distance": plan.distance,
        "attacker": _side_summary(plan, 0),
        "defender": _side_summary(plan, 1),
        "order": [plan.units[s.striker].name for s in plan.strikes],
        "outcome": {
            "attacker_defeated": attacker_defeated,
            "defender_defeated": defender_defeated,
            "both_stand": max(0.0, 1.0 - attacker_defeated - defender_defeated),
        },
        "hp": {
            "attacker": {str(hp): p for hp, p in result.hp_distribution(0).items()},
            "defender": {str(hp): p for hp, p in result.hp_distribution(1).items()},
        },
        "expected_damage": {
            "to_attacker": result.expected_damage_taken(0),
            "to_defender": result.expected_damage_taken(1),
        },
        "modifiers": _modifiers(plan, 0, "attacker") + _modifiers(plan, 1, "defender"),
    }
    if plan.targets > 1:
        report["targets"] = [
            {
                **_side_summary(plan, i),
                **_attacker_on(plan, i),
                "defeated": result.defeated(i),
                "hp_distribution": {str(hp): p for hp, p in result.hp_distribution(i).items()},
            }
            for i in defender_indexes
        ]
    if len(plan.units) > 1 + plan.targets:
        report["cleave"] = [
            {
                "name": plan.units[i].name,
                "hp": plan.units[i].hp,
                "defeated": result.defeated(i),
                "hp_distribution": {str(hp): p for hp, p in result.hp_distribution(i).items()},
            }
            for i in range(1 + plan.targets, len(plan.units))
        ]
    return report


def attack_records(resolution: Resolution) -> list[dict[str, Any]]:
    """Every strike of a resolved sequence with the dice that decided it."""
    strikes = []
    for number, note in enumerate(resolution.records, start=1):
        record: StrikeRecord = note.record
        strikes.append(
            {
                "number": number,
                "cleave": record.cleave,
                "striker": record.striker,
                "target": record.target,
                "hit": record.hit,
                "crit": record.crit,
                "rolls": [
                    {"purpose": d.purpose, "dice": list(d.faces), "value": d.value}
                    for d in note.decisions
                ],
                "outcome": record.outcome,
                "damage": record.damage,
                "target_hp": record.target_hp,
                "effects": list(record.effects),
            }
        )
    return strikes


def attack_report(plan: Plan, dice: DiceSource) -> dict[str, Any]:
    """Resolve the sequence on dice: every strike, every die, and the end state."""
    resolution = resolve(plan, dice)
    strikes = attack_records(resolution)
    final_hp = {unit.name: resolution.hp(i) for i, unit in enumerate(plan.units)}
    wounded = []
    for i, unit in enumerate(plan.units):
        if resolution.hp(i) == 0:
            wounded.append(critical_wound_report(unit))
    return {
        "ruleset": "tropera",
        "seed": getattr(dice, "seed", None),
        "strikes": strikes,
        "hp": final_hp,
        "critically_wounded": wounded,
        "dice": [{"sides": d.sides, "value": d.value, "purpose": d.purpose} for d in dice.draws],
    }


def critical_wound_report(unit: Combatant) -> dict[str, Any]:
    """000: "When a character is reduced to 0 hit points, they are Critically
    Wounded, and a countdown begins"; table "1st 2 Rounds / 2nd 1 Round / 3rd 0
    Rounds / 4th Crippled"."""
    times = unit.situation.times_wounded + 1
    countdown = {1: 2, 2: 1, 3: 0}.get(times)
    return {
        "name": unit.name,
        "times_wounded": times,
        "countdown_rounds": countdown,
        "crippled": countdown is None,
    }
