"""Victory and defeat: the objectives (``engine.objectives``), a seize, a fallen Lord.

A seize sets the result itself (``seize.seize``); otherwise the result is what
the objectives say of the tokens after every action (defeat first; the player
side routed is always a defeat).
"""

from __future__ import annotations

from typing import TypeVar

from tactician.engine.objectives import status
from tactician.rulesets.fe_common.battle.state import FeBattle

B = TypeVar("B", bound=FeBattle)


def settle(state: B) -> B:
    """The state with its result brought up to date (a decided battle stays decided)."""
    if state.result != "ongoing":
        return state
    result, reason = status(state.objectives, state.tokens(), state.round)
    if result == "ongoing":
        return state
    return state.model_copy(update={"result": result, "result_reason": reason})
