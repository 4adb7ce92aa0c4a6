"""UESRPG's battle service for the core engine (``engine.rules.BattleRules``).

The battle rulings live in ``battle_options`` (re-exported here); the actions in
``battle_actions``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.roster import fielded_characters
from tactician.engine.rules import Outcome
from tactician.errors import ContentError
from tactician.rulesets.uesrpg.battle_actions import apply
from tactician.rulesets.uesrpg.battle_options import (
    BATTLE_OPTION_NAMES,
    AutoDefence,
    BattleOptions,
    split_options,
)
from tactician.rulesets.uesrpg.battle_scenario import start_battle
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle

__all__ = ["BATTLE_OPTION_NAMES", "AutoDefence", "BattleOptions", "UesrpgBattleRules",
           "battle_rules", "split_options"]


class UesrpgBattleRules:
    """Start, apply, dump and load UESRPG battles."""

    def __init__(self, options: list[str] | None = None) -> None:
        self.pairs = tuple(options or ())
        self.battle_options, self.options = split_options(list(self.pairs))

    def start_state(self, scenario: Mapping[str, Any]) -> UesrpgBattle:
        try:
            map_path = Path(scenario["map"])
            units = [Path(p) for p in scenario["units"]]
        except (KeyError, TypeError):
            raise ContentError("a UESRPG scenario needs 'map' and 'units'") from None
        state = start_battle(map_path, units, fielded_characters(scenario))
        return state.model_copy(update={
            "options": self.pairs,
            "objectives": state.objectives.capped(self.battle_options.round_cap)})

    def apply(
        self, state: UesrpgBattle, action: Mapping[str, Any], dice: DiceSource
    ) -> tuple[UesrpgBattle, Outcome]:
        return apply(state, action, dice, self)

    def gm_edit(self, state: UesrpgBattle, action: Mapping[str, Any],
                dice: DiceSource | None = None) -> tuple[UesrpgBattle, Outcome]:
        """The GM's edit (``engine.gm_edit``): a hidden unit is ``gm_hidden`` (read with
        003's Hidden by ``side_view.hidden_from``); HP 1..max, since 0 HP is Unconscious
        with its death tests (003), the rules' to give; conditions are given and taken
        away by 003's own procedures (``gm_conditions``)."""
        from tactician.rulesets.contract.gm_edit import gm_edit
        from tactician.rulesets.uesrpg.battle_turns import finish

        return gm_edit(state, action, state.map.board(),
                       lambda s: finish(s) if s.started else s,
                       hp_range=lambda unit: (1, int(unit.max_hp)),
                       condition_edits=self.gm_condition_edits)

    @property
    def gm_condition_edits(self) -> Any:
        """003's conditions for the GM's edits, with X, rounds and hit locations
        (``gm_conditions``)."""
        from tactician.rulesets.uesrpg.gm_conditions import condition_edits

        return condition_edits(self.options)

    def dump_state(self, state: UesrpgBattle) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: Mapping[str, Any]) -> UesrpgBattle:
        return UesrpgBattle.model_validate(data)


def battle_rules(options: list[str]) -> UesrpgBattleRules:
    return UesrpgBattleRules(options)
