"""fe-tabletop's one table of battle actions (``engine.actions.ActionRegistry``).

Each action module registers its handler here with the keys its action dict
takes; ``battle_actions`` loads the modules and dispatches. Nothing imports
back up, so the layer reads top-down and a new action is one new module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.actions import ActionRegistry
from tactician.engine.rules import Outcome
from tactician.rulesets.contract.actions import declared_keys
from tactician.rulesets.fe_tabletop.action_schema import ACTION_SCHEMA
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.options import TabletopOptions

Handler = Callable[
    [TabletopBattle, Mapping[str, Any], DiceSource, TabletopOptions],
    tuple[TabletopBattle, Outcome],
]

ACTIONS: ActionRegistry[Handler] = ActionRegistry("fe-tabletop", declared_keys(ACTION_SCHEMA))
