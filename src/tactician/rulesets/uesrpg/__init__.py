"""UESRPG Wounds & Conditions (rules text 003) on the smallest UESRPG 3e v4 core it
needs: d100 tests with degrees and criticals, damage types and AR, hit
locations, wounds and shock tests, death tests, healing and 22 conditions.

Public API (see each module):

- ``character``: ``load_profile(path)``, ``build_profile(Character)``, ``Profile``
- ``state``: ``CombatState`` (frozen, hashable), ``start_state(profile)``, ``Record``
- ``turns``: ``start_of_round``, ``end_of_turn``, ``roll_initiative``
- ``wounds``: ``apply_damage``, ``first_aid``, ``treat_wound``, ``treat_bleeding``
- ``healing``: ``apply_healing``, ``long_rest``, ``days_pass``
- ``death``: ``death_test``, ``stabilise``
- ``conditions``: ``add_condition``, ``remove_condition``, ``extinguish``, ...
- ``attack``: ``plan_attack``, ``forecast``, ``resolve``
- ``options``: ``UesrpgOptions`` (the rulings)

Battles on the map (the ``battle_*`` modules; docs/rulings.md): the same
services Tropera offers the table layer — ``battle`` (rules for the core
engine: initiative, Turns, AP, conditions ticking, death tests at their edge),
``ai`` (the planner for AI-controlled units), ``battle_view``,
``battle_forecast``, and ``plan_fight``/``forecast_report``/``attack_report``
for ``tactician forecast|attack --ruleset uesrpg``, and ``sheet``.
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.registry import Ruleset


def _load_unit(path: Any) -> Any:
    from tactician.rulesets.uesrpg.character import load_profile

    return load_profile(path)


def _start_state(profile: Any) -> Any:
    from tactician.rulesets.uesrpg.state import start_state

    return start_state(profile)


def _options(pairs: Any = ()) -> Any:
    from tactician.rulesets.uesrpg.options import UesrpgOptions

    return UesrpgOptions().with_overrides(list(pairs))


def _plan_attack(*args: Any, **kwargs: Any) -> Any:
    from tactician.rulesets.uesrpg.attack import plan_attack

    return plan_attack(*args, **kwargs)


def _forecast(plan: Any) -> Any:
    from tactician.rulesets.uesrpg.attack import forecast

    return forecast(plan)


def _resolve(plan: Any, dice: Any) -> Any:
    from tactician.rulesets.uesrpg.attack import resolve

    return resolve(plan, dice)


def _start_of_round(unit: Any, chance: Any, options: Any = None) -> Any:
    from tactician.rulesets.uesrpg.turns import start_of_round

    return start_of_round(unit, chance, options)


def _end_of_turn(unit: Any, chance: Any, options: Any = None) -> Any:
    from tactician.rulesets.uesrpg.turns import end_of_turn

    return end_of_turn(unit, chance, options)


def _initiative(unit: Any, chance: Any, options: Any = None) -> Any:
    from tactician.rulesets.uesrpg.turns import roll_initiative

    return roll_initiative(unit, chance, options)


def _battle(options: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_rules import battle_rules

    return battle_rules(list(options))


def _ai(rules: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_ai import planner

    return planner(rules)


def _battle_view(state: Any, reach_unit: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_service import board_view

    return board_view(state, reach_unit)


def _battle_forecast(state: Any, action: Any, rules: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_service import battle_forecast

    return battle_forecast(state, action, rules)


def _plan_fight(request: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_service import plan_fight

    return plan_fight(request)


def _forecast_report(plan: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_service import forecast_report

    return forecast_report(plan)


def _attack_report(plan: Any, dice: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_service import attack_report

    return attack_report(plan, dice)


def _sheet(path: Any) -> Any:
    from tactician.rulesets.uesrpg.battle_service import sheet

    return sheet(path)


RULESET = Ruleset(
    id="uesrpg",
    title="UESRPG Wounds & Conditions",
    source="003_1bed61d1ae70171f.txt",
    summary="d100 tests, hit locations, AR by damage type, wounds, death tests, conditions",
    services={
        "load_unit": _load_unit,
        "start_state": _start_state,
        "options": _options,
        "plan_attack": _plan_attack,
        "forecast": _forecast,
        "resolve": _resolve,
        "start_of_round": _start_of_round,
        "end_of_turn": _end_of_turn,
        "initiative": _initiative,
        "battle": _battle,
        "ai": _ai,
        "battle_view": _battle_view,
        "battle_forecast": _battle_forecast,
        "plan_fight": _plan_fight,
        "forecast_report": _forecast_report,
        "attack_report": _attack_report,
        "sheet": _sheet,
    },
)
