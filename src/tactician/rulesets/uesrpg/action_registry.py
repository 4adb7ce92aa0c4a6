"""UESRPG's one table of battle actions (``engine.actions.ActionRegistry``).

Each action module registers its handler with the keys its action dict takes;
``battle_actions`` loads the modules and dispatches. Nothing imports back up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactician.engine.actions import ActionRegistry
from tactician.rulesets.contract.actions import declared_keys
from tactician.rulesets.uesrpg.action_schema import ACTION_SCHEMA
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle
from tactician.rulesets.uesrpg.battle_turns import Narrator

Result = tuple[UesrpgBattle, str, dict[str, Any]]
Handler = Callable[[UesrpgBattle, Mapping[str, Any], Narrator, Rulings], Result]

ACTIONS: ActionRegistry[Handler] = ActionRegistry("uesrpg", declared_keys(ACTION_SCHEMA))
