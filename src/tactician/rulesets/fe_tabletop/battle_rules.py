"""fe-tabletop's battle rules for the core engine (``engine.rules.BattleRules``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import ContentError
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.options import TabletopOptions


class TabletopBattleRules:
    """Start, apply, dump and load fe-tabletop battles; options are the rulings."""

    def __init__(self, options: TabletopOptions | None = None) -> None:
        self.options = options or TabletopOptions()

    def start_state(self, scenario: Mapping[str, Any]) -> TabletopBattle:
        from tactician.rulesets.fe_tabletop.scenario import start_battle

        try:
            map_path = Path(scenario["map"])
            units = [Path(p) for p in scenario["units"]]
        except (KeyError, TypeError):
            raise ContentError("a fe-tabletop scenario needs 'map' and 'units'") from None
        state = start_battle(map_path, units).with_rulings(self.options)
        return state.model_copy(
            update={"objectives": state.objectives.capped(self.options.round_cap)})

    def apply(self, state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource
              ) -> tuple[TabletopBattle, Outcome]:
        from tactician.rulesets.fe_tabletop.battle_actions import apply

        return apply(state, action, dice, self.options)

    def dump_state(self, state: TabletopBattle) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: Mapping[str, Any]) -> TabletopBattle:
        return TabletopBattle.model_validate(data)
