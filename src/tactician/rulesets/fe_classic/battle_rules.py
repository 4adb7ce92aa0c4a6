"""fe-classic's battle service for the core engine (``engine.rules.BattleRules``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.log import PHASE_ENDS, Entry
from tactician.engine.roster import fielded_characters
from tactician.engine.rules import Outcome
from tactician.errors import ContentError, RulesError
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
        state = start_battle(map_path, units, self.pairs, fielded_characters(scenario))
        return state.model_copy(
            update={"objectives": state.objectives.capped(self.options.round_cap)})

    def apply(self, state: ClassicBattle, action: Mapping[str, Any], dice: DiceSource
              ) -> tuple[ClassicBattle, Outcome]:
        return apply(state, action, dice)

    @property
    def gm_condition_edits(self) -> Any:
        """The statuses a GM edit gives or cures (``gm_conditions``)."""
        from tactician.rulesets.fe_classic.gm_conditions import EDITS

        return EDITS

    def gm_edit(self, state: ClassicBattle, action: Mapping[str, Any],
                dice: DiceSource | None = None) -> tuple[ClassicBattle, Outcome]:
        """The GM's edit (``engine.gm_edit``); a unit's conditions are its statuses
        (``battle_state.ClassicUnit.statuses``: name -> turns left), given or cured one
        at a time (``gm_conditions``) or set at once (``set_statuses``)."""
        from tactician.rulesets.contract.gm_edit import gm_edit
        from tactician.rulesets.fe_common.battle.result import settle

        return gm_edit(state, action, state.board(), settle, set_statuses,
                       condition_edits=self.gm_condition_edits)

    def ends_phase(self, entry: Entry) -> bool:
        """A phase ends (``end_phase``), and so does the set-up (002 L14-19: the
        ``start`` that ends deployment and begins the first Player Phase)."""
        return any(r.get("type") in (*PHASE_ENDS, "start") for r in entry.records)

    def dump_state(self, state: ClassicBattle) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: Mapping[str, Any]) -> ClassicBattle:
        return ClassicBattle.model_validate(data)


def set_statuses(state: ClassicBattle, unit: Any, conditions: Any) -> Any:
    """``unit`` with exactly the statuses ``conditions`` names (name -> turns left, 1..99;
    ``{}`` cures them all), or a refusal naming what is wrong."""
    from tactician.rulesets.fe_classic.gm_conditions import STATUSES

    if not isinstance(conditions, Mapping):
        raise RulesError("gm_edit.conditions: statuses by name with their turns left, "
                         'like {"sleep": 2} ({} cures them all)')
    for name, turns in conditions.items():
        if name not in STATUSES:
            raise RulesError(f"gm_edit.conditions: no status {name!r} (statuses: "
                             f"{', '.join(STATUSES)})")
        if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= 99:
            raise RulesError(f"gm_edit.conditions.{name}: turns left 1..99, not {turns!r}")
    return unit.model_copy(update={"statuses": dict(sorted(conditions.items()))})


def battle_rules(options: list[str]) -> ClassicBattleRules:
    return ClassicBattleRules(options)
