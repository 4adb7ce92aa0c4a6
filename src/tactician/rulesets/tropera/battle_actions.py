"""Tropera's battle actions: look the action up, check it, apply it.

Source: 000 "Players have several command options during battles": "Move
Action: Move up to your maximum movement total ... Moving does not end your
turn"; "Main Actions ... end your turn after being taken" (Attack, Dash,
Defend, Prepare Attack, Use Item, Use Staff); "Bonus Action: ... You may take
one Bonus Action on your turn" (Equip, Trade, Transform, Search...); feats'
special actions; "Enemy Actions" by tier (``tiers``). A refused action raises
``RulesError`` naming what was wrong; the state it was given is never changed
(states are immutable).

Each action lives in its own module and registers itself in
``action_registry.ACTIONS``; importing the modules below loads the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.rulesets.tropera import (  # noqa: F401  (each registers its actions)
    attack_action,
    basic_actions,
    item_actions,
    rescue,
    siege,
    special_actions,
    terrain_attack,
)
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.battle_state import TroperaBattle
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.prepared import run
from tactician.rulesets.tropera.tiers import check_tier


def apply(
    state: TroperaBattle,
    action: Mapping[str, Any],
    dice: DiceSource,
    options: TroperaOptions | None = None,
) -> tuple[TroperaBattle, Outcome]:
    """Apply one action dict (``{"type": "attack", "unit": ..., ...}``): an unknown
    action or key is refused naming what the action takes."""
    entry = ACTIONS.checked(action)
    if state.result != "ongoing" and entry.name != "end_phase":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    options = options or TroperaOptions()
    check_tier(state, entry.name, action, options)
    return run(entry.handler, state, action, dice, options)  # + Prepare Attack
