"""The exact forecast of a spell action in a battle (spec 004 §3.22 item 6): what it would do
to each unit it reaches, enumerated from the very activation procedure
(``magic/forecast.activation_distribution`` over ``activation.activate_spell``) on the very
targets the action would strike (``spell_aim.aim_spell``), each effect landed as the action
lands it (``spell_aim.landed``: barriers first, Unconscious, Dead).

- ``cast_spell`` / ``eldritch_strike``: the cast as ``cast_plan.plan_cast`` makes it (its
  cost, cast time and Spell Ghost HP; refused as the cast would be), then what the spell
  does if it activated now (the blocks until then are the enemies'; P(the spell survives
  them) is not forecast, L3257);
- ``activate_spell``: the spell being cast, activated now (with Variant Spell's
  ``modifiers`` and an area's ``at`` / ``targets`` / ``explode``).

The shared forecast shape (``docs/schemas/forecast.json``): the caster as the attacker
(its "weapon" the spell, hitting for certain), the first target as the defender, the others
in ``targets``; ``miridon`` holds each target's numbers and the cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.costs import Cost, action_cost
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.activation import Activation
from tactician.rulesets.miridon.magic.casting import SELF, Casting, activate
from tactician.rulesets.miridon.magic.forecast import activation_distribution
from tactician.rulesets.miridon.spirit_battle.cast_plan import plan_cast, spell_distance
from tactician.rulesets.miridon.spirit_battle.spell_aim import (
    aim_spell,
    landed,
    names,
    variant_modifiers,
)
from tactician.rulesets.miridon.spirit_battle.staves import cast_cost
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
    with_ghost,
)

SPELL_ACTIONS = ("cast_spell", "eldritch_strike", "activate_spell")


def _casting(book: Compendium, options: BattleOptions, state: MiridonBattle,
             unit: UnitState, action: Mapping[str, Any]
             ) -> tuple[Casting, Cost, UnitState, str]:
    """The casting as it would activate, the action's cost, the caster after paying its
    ghosts, and the action's name."""
    kind = action.get("type")
    if kind == "activate_spell":
        casting = casting_of(unit)
        if casting is None:
            raise RulesError(f"{unit.id} is not casting a spell (L1760)")
        casting = activate(casting, book,
                           spell_distance(options, state, unit, casting.target))
        casting, cost, _ = variant_modifiers(book, unit, casting, names(action.get("modifiers")))
        return casting, cost, unit, "Activate Spell"
    if kind == "eldritch_strike":
        planned = plan_cast(book, options, state, unit, action, "Possession",
                            action_cost(book, "Eldritch Strike", unit), base_zero=True)
        name = "Eldritch Strike"
    else:
        planned = plan_cast(book, options, state, unit, action, str(action.get("spell", "")),
                            cast_cost(book, unit))
        name = "Cast Spell"
    paid = unit if planned.done.ghost is None else with_ghost(unit, planned.done.ghost.after)
    return (replace(planned.done.casting, remaining=0, status="activated"), planned.cost, paid,
            name)


def _per_target(state: MiridonBattle, casting: Casting, outcomes: dict[Activation, float]
                ) -> dict[str, dict[str, Any]]:
    """Each unit's exact numbers: HP after (a barrier first), P(unconscious / dead),
    E[damage past the barrier], E[healing], the knockback, P(possessed)."""
    found: dict[str, dict[str, Any]] = {}
    for activation, p in outcomes.items():
        for effect in activation.effects:
            unit = state.unit(effect.target)
            land = landed(unit, effect, casting.spell)
            row = found.setdefault(unit.id, {
                "id": unit.id, "name": unit.name, "hp_before": unit.hp, "max_hp":
                unit.profile.max_hp, "hp": {}, "unconscious": 0.0, "dead": 0.0,
                "expected_damage": 0.0, "expected_healing": 0.0, "knockback_ft": {},
                "possessed": 0.0, "status_before": unit.status})
            row["hp"][land.hp] = row["hp"].get(land.hp, 0.0) + p
            row["expected_damage"] += p * land.damage
            row["expected_healing"] += p * effect.healing
            if land.status != unit.status:
                row[land.status] = row.get(land.status, 0.0) + p
            if effect.knockback_ft:
                feet = effect.knockback_ft
                row["knockback_ft"][feet] = row["knockback_ft"].get(feet, 0.0) + p
            if effect.possession is not None and effect.possession.possessed:
                row["possessed"] += p
    return found


def spell_forecast(book: Compendium, options: BattleOptions, state: MiridonBattle,
                   action: Mapping[str, Any]) -> dict[str, Any]:
    unit = state.unit(action.get("unit"))
    casting, cost, caster_unit, name = _casting(book, options, state, unit, action)
    trial = state.replace_units(caster_unit)
    aim = aim_spell(book, options, trial, caster_unit, casting, action)
    outcomes = activation_distribution(casting, caster_of_unit(caster_unit), aim.targets,
                                       ghost_of(caster_unit), caster_unit.hp,
                                       caster_unit.profile.talent("Resist Insanity"),
                                       caster_target=aim.caster)
    found = _per_target(trial, casting, outcomes)
    aimed = unit.id if casting.target == SELF else casting.target
    # the unit the spell was cast at first (the forecast's defender), the rest as struck
    rows = sorted(found.values(), key=lambda row: row["id"] != aimed)
    return _report(unit, casting, cost, name, rows, options, state)


def _side(unit: UnitState, weapon: str | None, hit: float | None) -> dict[str, Any]:
    return {"name": unit.name, "id": unit.id, "hp": unit.hp, "max_hp": unit.profile.max_hp,
            "weapon": weapon, "hit": None if hit is None else round(100 * hit),
            "hit_probability": hit, "crit": None, "crit_probability": None, "damage": None,
            "crit_damage": None, "strikes": 0 if hit is None else 1,
            "strength": unit.strength, "speed": unit.speed}


def _down(row: dict[str, Any]) -> float:
    return 1.0 if row["status_before"] == "unconscious" and not row["dead"] else \
        row["unconscious"] + row["dead"]


def _report(unit: UnitState, casting: Casting, cost: Cost, name: str,
            rows: list[dict[str, Any]], options: BattleOptions, state: MiridonBattle
            ) -> dict[str, Any]:
    first = rows[0] if rows else None
    target = state.unit(first["id"]) if first else unit
    down = _down(first) if first else 0.0
    spell = casting.spell + "".join(f" + {m}" for m in casting.modifiers)
    feet = distance_ft(unit.position, target.position, options) \
        if unit.position and target.position else 0
    report: dict[str, Any] = {
        "ruleset": "miridon", "distance": feet // max(1, options.square_feet),
        "distance_ft": feet,
        "attacker": _side(unit, spell, 1.0),
        "defender": {**_side(target, target.weapon, None), "pdr": target.pdr,
                     "stance": target.stance},
        "hp": {"attacker": {str(unit.hp): 1.0},
               "defender": {str(k): v for k, v in sorted((first["hp"] if first else {}).items())}},
        "expected_damage": {"to_attacker": 0.0,
                            "to_defender": first["expected_damage"] if first else 0.0},
        "outcome": {"attacker_defeated": 0.0, "defender_defeated": down,
                    "both_stand": 1.0 - down},
        "order": [unit.name],
        "targets": [{"name": r["name"], "hp": r["hp_before"], "max_hp": r["max_hp"],
                     "defeated": _down(r), "hp_distribution": {
                         str(k): v for k, v in sorted(r["hp"].items())}} for r in rows],
    }
    for row in rows:
        row["hp"] = {str(k): v for k, v in sorted(row["hp"].items())}
        row["knockback_ft"] = {str(k): v for k, v in sorted(row["knockback_ft"].items())}
    report["miridon"] = {"action": name, "spell": casting.spell,
                         "modifiers": list(casting.modifiers), "element": casting.element,
                         "spell_ghost": casting.spell_ghost,
                         "cost": {"strength": cost[0], "speed": cost[1]}, "targets": rows}
    report["notes"] = _notes(unit, casting, cost, name, rows)
    return report


def _notes(unit: UnitState, casting: Casting, cost: Cost, name: str,
           rows: list[dict[str, Any]]) -> list[str]:
    lines = [f"{name}: {casting.spell}" + "".join(f" + {m}" for m in casting.modifiers)
             + (f" ({casting.element})" if casting.element else "")
             + f", {casting.spell_ghost} Spell Ghost HP; pays {cost[0]} str / {cost[1]} spd, "
             f"leaves {unit.strength - cost[0]} / {unit.speed - cost[1]}"]
    if name != "Activate Spell":
        lines.append("If it activated now (the blocks of its cast time are the foes'; a hit "
                     "drains its Spell Ghost HP, L3257):")
    for row in rows:
        words = [f"E[damage] {row['expected_damage']:.2f}"] if row["expected_damage"] else []
        if row["expected_healing"]:
            words.append(f"E[healing] {row['expected_healing']:.2f}")
        if row["unconscious"] or row["dead"]:
            words.append(f"P(unconscious) {row['unconscious']:.2%}, P(dead) {row['dead']:.2%}")
        if row["knockback_ft"]:
            words.append("knocked back " + ", ".join(f"{ft} ft {p:.0%}" for ft, p in
                                                     row["knockback_ft"].items()))
        if row["possessed"]:
            words.append(f"P(possessed) {row['possessed']:.2%}")
        lines.append(f"  {row['id']}: " + ("; ".join(words) or "no change to its HP"))
    return lines
