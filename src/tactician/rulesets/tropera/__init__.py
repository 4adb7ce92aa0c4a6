"""Fire Emblem Tropera (rules text 000): point-buy characters, d20 growth
level-ups, feats, proficiency ranks, Attack Sequences with True Hit, enemy
tiers and critical wounds."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.registry import Ruleset


def _plan_fight(request: Any) -> Any:
    from tactician.rulesets.tropera.fight import Side, build_plan
    from tactician.rulesets.tropera.options import TroperaOptions

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


def _forecast_report(plan: Any) -> Any:
    from tactician.rulesets.tropera.fight import forecast_report

    return forecast_report(plan)


def _attack_report(plan: Any, dice: Any) -> Any:
    from tactician.rulesets.tropera.fight import attack_report

    return attack_report(plan, dice)


def _sheet(path: Any) -> Any:
    from tactician.rulesets.tropera.compendium import load_compendium
    from tactician.rulesets.tropera.creation import load_character
    from tactician.rulesets.tropera.sheet import sheet_data

    return sheet_data(load_character(path), load_compendium())


def _battle(options: Any) -> Any:
    from tactician.rulesets.tropera.battle_service import battle_rules

    return battle_rules(list(options))


def _ai(rules: Any) -> Any:
    from tactician.rulesets.tropera.battle_service import planner

    return planner(rules)


def _battle_view(state: Any, reach_unit: Any) -> Any:
    from tactician.rulesets.tropera.battle_service import board_view

    return board_view(state, reach_unit)


def _battle_forecast(state: Any, action: Any, rules: Any) -> Any:
    from tactician.rulesets.tropera.battle_service import battle_forecast

    return battle_forecast(state, action, rules)


RULESET = Ruleset(
    id="tropera",
    title="Fire Emblem Tropera",
    source="000_2214244d4b22f60c.txt",
    summary="Point-buy characters, d20 growths, feats, ranks D..S+4, True Hit",
    services={
        "plan_fight": _plan_fight,
        "forecast_report": _forecast_report,
        "attack_report": _attack_report,
        "sheet": _sheet,
        "battle": _battle,
        "ai": _ai,
        "battle_view": _battle_view,
        "battle_forecast": _battle_forecast,
    },
)
