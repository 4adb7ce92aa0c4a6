"""Tropera's one table of battle actions (``engine.actions.ActionRegistry``).

Every action module registers its handler here with the keys its action dict
takes (``@ACTIONS.register("rescue", keys=("target",))``), held to the ruleset's
action schema (``action_schema``: a registration it does not declare is refused on
import); ``battle_actions``
loads the action modules and dispatches. No module imports back up, so the
layer reads top-down and a new action is one new module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.actions import ActionRegistry
from tactician.engine.rules import Outcome
from tactician.rulesets.contract.actions import declared_keys
from tactician.rulesets.tropera.action_schema import ACTION_SCHEMA
from tactician.rulesets.tropera.battle_state import TroperaBattle
from tactician.rulesets.tropera.options import TroperaOptions

Handler = Callable[
    [TroperaBattle, Mapping[str, Any], DiceSource, TroperaOptions], tuple[TroperaBattle, Outcome]
]

ACTIONS: ActionRegistry[Handler] = ActionRegistry("tropera", declared_keys(ACTION_SCHEMA))
