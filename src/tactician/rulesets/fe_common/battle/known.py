"""A Fire Emblem battle as one side knows it under fog (001 L110: "Players are
assumed to have a view of 4 squares ahead of them"; issue 25).

``known_to`` keeps the units the side sees (``battle_sight``/``battle_view``'s
``shown_units``) and drops every reference to the others: a seen unit carrying one it
cannot see carries no one for it (the carried unit is on no tile). The side's view,
its forecasts and the refusals of its actions are computed on this state, so a
hidden unit is not in them at all, rather than filtered out of them afterwards.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeVar

from tactician.rulesets.fe_common.battle.state import FeBattle

B = TypeVar("B", bound=FeBattle)


def known_to(state: B, shown: Collection[str]) -> B:
    """``state`` with only the units ``shown`` (ids), no reference to the others."""
    units = []
    for unit in state.units:
        if unit.id not in shown:
            continue
        update: dict[str, None] = {}
        if unit.carrying is not None and unit.carrying not in shown:
            update["carrying"] = None
        if unit.carried_by is not None and unit.carried_by not in shown:
            update["carried_by"] = None
        units.append(unit.model_copy(update=update) if update else unit)
    # the GM's hidden units it still holds are its own (no other side sees them)
    hidden = tuple(u for u in state.gm_hidden if u in shown)
    return state.model_copy(update={"units": tuple(units), "gm_hidden": hidden})
