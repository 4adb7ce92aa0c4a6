"""The exact odds of an attack in the battle (``docs/schemas/forecast.json``).

The plan is the attack's own (``battle_fight.plan_attack``: tiles, supports,
uses left, the equipped weapons), so the odds and the dice never disagree;
the report is the single fight's (``contract_fight.forecast_report``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.rulesets.fe_tabletop.battle_fight import plan_attack
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.battle_units import tile_terrain
from tactician.rulesets.fe_tabletop.contract_fight import TabletopFight, forecast_report
from tactician.rulesets.fe_tabletop.options import TabletopOptions


def battle_forecast(state: TabletopBattle, action: Mapping[str, Any], options: TabletopOptions
                    ) -> dict[str, Any]:
    unit, target, plan = plan_attack(state, action, options)
    assert unit.position is not None and target.position is not None
    fought = TabletopFight(plan, options, (unit.max_hp, target.max_hp),
                           (tile_terrain(state, unit.position).name,
                            tile_terrain(state, target.position).name))
    return forecast_report(fought)
