"""fe-tabletop's battle rules for the core engine (``engine.rules.BattleRules``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.log import PHASE_ENDS, Entry
from tactician.engine.rules import Outcome
from tactician.errors import ContentError, RulesError
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.options import TabletopOptions


class TabletopBattleRules:
    """Start, apply, dump and load fe-tabletop battles; options are the rulings."""

    def __init__(self, options: TabletopOptions | None = None) -> None:
        self.options = options or TabletopOptions()

    def start_state(self, scenario: Mapping[str, Any]) -> TabletopBattle:
        from tactician.engine.roster import fielded_characters
        from tactician.rulesets.fe_tabletop.scenario import start_battle

        try:
            map_path = Path(scenario["map"])
            units = [Path(p) for p in scenario["units"]]
        except (KeyError, TypeError):
            raise ContentError("a fe-tabletop scenario needs 'map' and 'units'") from None
        state = start_battle(map_path, units, fielded_characters(scenario)).with_rulings(
            self.options)
        return state.model_copy(
            update={"objectives": state.objectives.capped(self.options.round_cap)})

    def apply(self, state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource
              ) -> tuple[TabletopBattle, Outcome]:
        from tactician.rulesets.fe_tabletop.battle_actions import apply

        return apply(state, action, dice, self.options)

    def gm_edit(self, state: TabletopBattle, action: Mapping[str, Any],
                dice: DiceSource | None = None) -> tuple[TabletopBattle, Outcome]:
        """The GM's edit (``engine.gm_edit``): 001's units have no conditions to edit
        (``gm_condition_edits``); an edit that ends the battle runs its end as an action
        does (``battle_actions.battle_ends``: the EXP under ``exp_per = battle`` and the
        support conversations, L118-128)."""
        from tactician.rulesets.contract.gm_edit import gm_edit
        from tactician.rulesets.fe_common.battle.result import settle
        from tactician.rulesets.fe_tabletop.battle_actions import battle_ends

        def ends(won: TabletopBattle) -> tuple[TabletopBattle, list[dict[str, Any]]]:
            if dice is None:
                raise RulesError("this edit ends the battle: its end rolls dice (EXP)")
            return battle_ends(won, dice, self.options)

        return gm_edit(state, action, state.map.board(), settle,
                       condition_edits=self.gm_condition_edits, aftermath=ends)

    @property
    def gm_condition_edits(self) -> Any:
        """None to edit: 001 defines no condition. It names poison once (L100, Heal "Can be
        used to negate poison") and gives it no effect, and its staves do nothing but heal
        (``coverage``: 001 names no staff effect but healing)."""
        from tactician.rulesets.contract.gm_conditions import ConditionEdits

        return ConditionEdits.without(
            "fe-tabletop's units have no conditions to edit: 001 defines none (it names "
            "poison once, L100 \"negate poison\", with no effect)")

    def due(self, state: TabletopBattle, action: Mapping[str, Any]) -> dict[str, Any] | None:
        """The Player turn's order roll, when it is due before ``action`` (001 L42:
        "Each player rolls 1d100; the player with the highest result goes first"):
        taken as its own entry, so it belongs to its turn and an undo of the turn's
        first action keeps it (``engine.battle.act_steps``). Not before a player's End
        phase (``player_turns.player_ends``): that is refused until the order is rolled."""
        from tactician.rulesets.fe_tabletop.player_turns import order_due, player_ends

        if (action.get("type") in ("turn_order", "roll_order") or player_ends(action)
                or not order_due(state)):
            return None
        return {"type": "turn_order"}

    def ends_phase(self, entry: Entry) -> bool:
        """A player's turn, the Player turn and the Enemy Turn end (``end_turn``,
        ``end_phase``, 001 L42), and so does the roll that opens a Player turn
        (``turn_order``): the order belongs to the round, not to the first player."""
        return any(r.get("type") in (*PHASE_ENDS, "turn_order") for r in entry.records)

    def dump_state(self, state: TabletopBattle) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: Mapping[str, Any]) -> TabletopBattle:
        return TabletopBattle.model_validate(data)
