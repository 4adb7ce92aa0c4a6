"""fe-classic's battle service for the core engine (``engine.rules.BattleRules``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import ContentError
from tactician.rulesets.fe_classic.battle_actions import apply
from tactician.rulesets.fe_classic.battle_scenario import start_battle
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, options_of


class ClassicBattleRules:
    """Start, apply, dump and load fe-classic battles; ``options`` are the rulings."""

    def __init__(self, options: list[str] | None = None) -> None:
        self.pairs = tuple(options or ())
        self.options = options_of(self.pairs)  # refuses an unknown option or value now

    def start_state(self, scenario: Mapping[str, Any]) -> ClassicBattle:
        try:
            map_path = Path(scenario["map"])
            units = [Path(p) for p in scenario["units"]]
        except (KeyError, TypeError):
            raise ContentError("a fe-classic scenario needs 'map' and 'units'") from None
        state = start_battle(map_path, units, self.pairs)
        return state.model_copy(
            update={"objectives": state.objectives.capped(self.options.round_cap)})

    def apply(self, state: ClassicBattle, action: Mapping[str, Any], dice: DiceSource
              ) -> tuple[ClassicBattle, Outcome]:
        return apply(state, action, dice)

    def dump_state(self, state: ClassicBattle) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: Mapping[str, Any]) -> ClassicBattle:
        return ClassicBattle.model_validate(data)


def battle_rules(options: list[str]) -> ClassicBattleRules:
    return ClassicBattleRules(options)
