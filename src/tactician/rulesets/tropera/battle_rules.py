"""Tropera's battle service for the core engine (``engine.rules.BattleRules``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import ContentError
from tactician.rulesets.tropera.battle_actions import apply
from tactician.rulesets.tropera.battle_state import TroperaBattle
from tactician.rulesets.tropera.options import TroperaOptions


class TroperaBattleRules:
    """Start, apply, dump and load Tropera battles; options are the campaign's rulings."""

    def __init__(self, options: TroperaOptions | None = None) -> None:
        self.options = options or TroperaOptions()

    def start_state(self, scenario: Mapping[str, Any]) -> TroperaBattle:
        from tactician.engine.roster import fielded_characters
        from tactician.rulesets.tropera.scenario import start_battle

        try:
            map_path = Path(scenario["map"])
            units = [Path(p) for p in scenario["units"]]
        except (KeyError, TypeError):
            raise ContentError("a Tropera scenario needs 'map' and 'units'") from None
        state = start_battle(map_path, units, fielded_characters(scenario))
        return state.model_copy(
            update={"objectives": state.objectives.capped(self.options.round_cap)})

    def apply(
        self, state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource
    ) -> tuple[TroperaBattle, Outcome]:
        return apply(state, action, dice, self.options)

    gm_hides = False  # the GM edits hide nothing here (``gm_edit``)

    def gm_edit(self, state: TroperaBattle, action: Mapping[str, Any],
                dice: DiceSource | None = None) -> tuple[TroperaBattle, Outcome]:
        """The GM's edit (``engine.gm_edit``). Tropera keeps nothing hidden (every side is
        sent every unit), so nothing is hidden or revealed; HP 1..max, since 0 HP is a
        critical wound with its countdown (000), the rules' to give."""
        from tactician.errors import RulesError
        from tactician.rulesets.contract.gm_edit import gm_edit
        from tactician.rulesets.tropera.action_checks import finish

        if action["edit"] in ("hide", "reveal"):
            raise RulesError("Tropera keeps nothing hidden: every side sees every unit")
        return gm_edit(state, action, state.map.board(), lambda s: finish(s, Outcome("", []))[0],
                       hp_range=lambda unit: (1, int(unit.max_hp)),
                       condition_edits=self.gm_condition_edits)

    @property
    def gm_condition_edits(self) -> Any:
        """Crippled and the statuses a hit inflicts (``gm_conditions``)."""
        from tactician.rulesets.tropera.gm_conditions import EDITS

        return EDITS

    def dump_state(self, state: TroperaBattle) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: Mapping[str, Any]) -> TroperaBattle:
        return TroperaBattle.model_validate(data)
