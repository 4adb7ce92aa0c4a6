"""The GM's edits on a Fire Emblem battle (``engine.gm_edit``; issue 29).

No rule text has these: they are the GM's hand on the table, as a GM at a real table
moves a miniature or corrects a tally. What they keep is the state's own invariants:
HP between 0 and the unit's max HP (001 L63's 0 HP is defeat: an edit to 0 leaves
the unit defeated, as a strike would), one standing unit per tile, a placed unit on
the map, a carried unit or a carrier left as the rescue left them (drop it first,
001 L43), and a hidden unit seen by its own side only (``gm_hidden``, read by each
ruleset's sight). Each returns the new state and an ``Outcome``, or refuses in one
line and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit

B = TypeVar("B", bound=FeBattle)
# a ruleset's own conditions edit: (state, unit, conditions) -> the unit, or a refusal
Conditions = Callable[[Any, Any, Any], Any]


def gm_edit(state: B, action: Mapping[str, Any], board: Board,
            conditions: Conditions | None = None) -> tuple[B, Outcome]:
    """Apply one checked GM edit (``engine.gm_edit.check``) to ``state`` on its
    ``board``; ``conditions`` is the ruleset's (None: its units have none)."""
    unit = state.unit(action["unit"])
    edit = action["edit"]
    if edit == "hide":
        if unit.id in state.gm_hidden:
            raise RulesError(f"{unit.name} is hidden already")
        hidden = (*state.gm_hidden, unit.id)
        return _done(state.model_copy(update={"gm_hidden": hidden}), unit, edit,
                     f"{unit.name} is hidden from the other sides")
    if edit == "reveal":
        if unit.id not in state.gm_hidden:
            raise RulesError(f"{unit.name} is not hidden by the GM")
        hidden = tuple(u for u in state.gm_hidden if u != unit.id)
        return _done(state.model_copy(update={"gm_hidden": hidden}), unit, edit,
                     f"{unit.name} is revealed")
    if edit == "hp":
        hp = action["hp"]
        if not isinstance(hp, int) or isinstance(hp, bool) or not 0 <= hp <= unit.max_hp:
            raise RulesError(f"gm_edit.hp: a whole number 0..{unit.max_hp} "
                             f"({unit.name}'s max HP), not {hp!r}")
        changed = unit.with_hp(hp) if hasattr(unit, "with_hp") else unit.model_copy(
            update={"hp": hp})
        return _done(state.replace_units(changed), unit, edit,
                     f"{unit.name}'s HP set to {hp}/{unit.max_hp}", hp=hp)
    if edit == "conditions":
        if conditions is None:
            raise RulesError("this ruleset's units have no conditions to edit")
        changed = conditions(state, unit, action["conditions"])
        named = ", ".join(f"{k} ({v})" for k, v in sorted(action["conditions"].items()))
        return _done(state.replace_units(changed), unit, edit,
                     f"{unit.name}'s conditions set to {named or 'none'}",
                     conditions=action["conditions"])
    _not_rescued(unit)
    if edit == "remove":
        if unit.position is None:
            raise RulesError(f"{unit.name} is not on the map")
        return _done(state.replace_units(unit.model_copy(update={"position": None})), unit,
                     edit, f"{unit.name} is taken off the map")
    to = _tile(action["to"], board)
    standing = state.at(to)
    if standing is not None and standing.id != unit.id:
        raise RulesError(f"{standing.name} stands on {to[0]},{to[1]}: choose a free tile")
    update: dict[str, Any] = {"position": to}
    if "deployed" in type(unit).model_fields:  # fe-classic's pool: placed is deployed
        update["deployed"] = True
    return _done(state.replace_units(unit.model_copy(update=update)), unit, edit,
                 f"{unit.name} is placed on {to[0]},{to[1]}", to=list(to))


def _not_rescued(unit: FeUnit) -> None:
    if unit.carried_by is not None:
        raise RulesError(f"{unit.name} is carried by {unit.carried_by}: drop it first")
    if unit.carrying is not None:
        raise RulesError(f"{unit.name} carries {unit.carrying}: drop it first")


def _tile(value: Any, board: Board) -> tuple[int, int]:
    try:
        x, y = value
        if isinstance(x, bool) or isinstance(y, bool):
            raise TypeError
        tile = (int(x), int(y))
    except (TypeError, ValueError):
        raise RulesError(f"gm_edit.to: a tile like [3, 4], not {value!r}") from None
    if not board.in_bounds(tile):
        raise RulesError(f"gm_edit.to: {tile[0]},{tile[1]} is off the map "
                         f"({board.width}x{board.height})")
    return tile


def _done(state: B, unit: FeUnit, edit: str, summary: str, **said: Any) -> tuple[B, Outcome]:
    return state, Outcome(summary, [{"type": "gm_" + edit, "unit": unit.id, **said}])
