"""The board as one side sees it (``board_view(state, reach, side)``): a unit of another
side that is Hidden (003 Hidden; ``battle_sight`` keeps the condition only while no
observer has beaten its Stealth) is not in it, and a reach is drawn as if it were not
on the map, so it neither blocks the reach nor leaves a gap in it where it stands (a
gap would tell the side where it hides). Its own side sees it."""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.battle_service import board_view
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle


def hidden_from(state: UesrpgBattle, side: str) -> set[str]:
    return {u.id for u in state.units
            if u.side != side and any(c.name == "Hidden" for c in u.conditions)}


def side_view(state: UesrpgBattle, reach_unit: str | None, side: str) -> dict[str, Any]:
    if side not in state.sides:
        raise RulesError(f"no side {side!r} in this battle (sides: {', '.join(state.sides)})")
    hidden = hidden_from(state, side)
    if reach_unit in hidden:
        raise RulesError(f"no unit {reach_unit!r} in sight")  # as fe's: as for no unit
    seen = state.replace_units(*(u.model_copy(update={"position": None})
                                 for u in state.units if u.id in hidden)) if hidden else state
    data = board_view(seen, reach_unit)
    data["units"] = [u for u in data["units"] if u["id"] not in hidden]
    data["order"] = [u for u in data["order"] if u not in hidden]
    if data["turn"] in hidden:
        data.update(turn=None, acting=[], phase="an unseen foe's turn",
                    phase_label="An unseen foe's Turn")
    data["viewer"] = side
    return data
