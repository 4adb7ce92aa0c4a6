"""The GM's edits on a battle's units (``engine.gm_edit``; issue 29), for every ruleset
whose state has the usual shape: units with ``id``, ``name``, ``hp`` and ``position``,
looked up by ``state.unit``, changed by ``state.replace_units``, found on a tile by
``state.at``, and a ``gm_hidden`` tuple its sight reads (fe-classic, fe-tabletop,
UESRPG, Miridon).

No rule text has these: they are the GM's hand on the table, as a GM at a real table
moves a miniature or corrects a tally. What they keep is the state's own invariants:
HP within the unit's bounds (the ruleset's ``hp_range``: 0 to max in the FE rulesets,
where 0 HP is defeat as a strike would leave it), one unit per tile, a placed unit on
the map, a carried or grappled unit and its partner left as the rules left them
(drop it or break free first), and a hidden unit seen by its own side only
(``gm_hidden``, read by each ruleset's sight). Each returns the new state and an
``Outcome``, or refuses in one line and changes nothing.

An edit can decide the battle (0 HP on the last foe in the Fire Emblem rulesets, the
last foe taken off the map in any): the ruleset's ``settle`` (its objectives check
after every action) scores it at once, the battle's end runs as it does after any
action (``aftermath``: fe-tabletop's EXP and support conversations, on the entry's
dice), and the entry says the result as any action's does ("... — VICTORY: reason"),
so the next action is refused as the battle being over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.rulesets.contract.gm_conditions import ConditionEdits, described

B = TypeVar("B")
# a ruleset's own conditions edit: (state, unit, conditions) -> the unit, or a refusal
Conditions = Callable[[Any, Any, Any], Any]
# a unit's HP bounds for an edit: (lowest, highest)
HpRange = Callable[[Any], tuple[int, int]]
# the ruleset's objectives check after an action: the state with its result up to date
Settle = Callable[[Any], Any]
# what a ruleset's battle's end does beyond its result: (state, the records it made)
Aftermath = Callable[[Any], tuple[Any, list[dict[str, Any]]]]
# partners a unit may have that an edit must not leave behind: (field, what to do)
BOUND = (("carried_by", "drop it first"), ("carrying", "drop it first"),
         ("grappled_by", "break the grapple first"), ("grappling", "break the grapple first"))


def _hp_range(unit: Any) -> tuple[int, int]:
    return 0, int(unit.max_hp)


def gm_edit(state: B, action: Mapping[str, Any], board: Board, settle: Settle,
            conditions: Conditions | None = None, hp_range: HpRange = _hp_range,
            condition_edits: ConditionEdits | None = None,
            aftermath: Aftermath | None = None) -> tuple[B, Outcome]:
    """Apply one checked GM edit (``engine.gm_edit.check``) to ``state`` on its
    ``board``, then score it with the ruleset's ``settle`` (as after any action);
    ``conditions`` sets fe-classic's statuses at once (None: no such edit);
    ``condition_edits`` gives and takes away one condition as the ruleset's rules
    define it (``gm_conditions``); ``hp_range`` a unit's HP bounds; ``aftermath`` is
    what the ruleset's battle's end does beyond scoring it (fe-tabletop's EXP and
    support conversations), the same procedure its actions run when they end it."""
    if action["edit"] in ("add_condition", "remove_condition"):
        after, outcome = _condition(state, action, condition_edits)
    else:
        after, outcome = _edited(state, action, board, conditions, hp_range)
    if getattr(state, "result", "ongoing") != "ongoing":  # decided already: it stays so
        return after, outcome
    return _scored(settle(after), outcome, aftermath)


def _scored(state: B, outcome: Outcome, aftermath: Aftermath | None = None
            ) -> tuple[B, Outcome]:
    """The edit's outcome with the battle's result when the edit decided it, after the
    battle's end (``aftermath``) has run."""
    result = getattr(state, "result", "ongoing")
    if result == "ongoing":
        return state, outcome
    ending: list[dict[str, Any]] = []
    if aftermath is not None:
        state, ending = aftermath(state)
    said = "".join(f"; {r['text']}" for r in ending if r.get("text"))
    reason = getattr(state, "result_reason", "")
    return state, Outcome(f"{outcome.summary}{said} — {str(result).upper()}: {reason}", [
        *outcome.records, *ending,
        {"type": "battle_end", "result": result, "reason": reason}])


def _edited(state: B, action: Mapping[str, Any], board: Board,
            conditions: Conditions | None, hp_range: HpRange) -> tuple[B, Outcome]:
    unit: Any = state.unit(action["unit"])  # type: ignore[attr-defined]
    edit = action["edit"]
    if edit == "hide":
        if unit.id in state.gm_hidden:  # type: ignore[attr-defined]
            raise RulesError(f"{unit.name} is hidden already")
        hidden = (*state.gm_hidden, unit.id)  # type: ignore[attr-defined]
        return _done(state.model_copy(update={"gm_hidden": hidden}),  # type: ignore[attr-defined]
                     unit, edit,
                     f"{unit.name} is hidden from the other sides")
    if edit == "reveal":
        if unit.id not in state.gm_hidden:  # type: ignore[attr-defined]
            raise RulesError(f"{unit.name} is not hidden by the GM")
        hidden = tuple(u for u in state.gm_hidden if u != unit.id)  # type: ignore[attr-defined]
        return _done(state.model_copy(update={"gm_hidden": hidden}),  # type: ignore[attr-defined]
                     unit, edit,
                     f"{unit.name} is revealed")
    if edit == "hp":
        hp = action["hp"]
        low, high = hp_range(unit)
        if not isinstance(hp, int) or isinstance(hp, bool) or not low <= hp <= high:
            raise RulesError(f"gm_edit.hp: a whole number {low}..{high} "
                             f"({unit.name}'s max HP {high}), not {hp!r}")
        changed = unit.with_hp(hp) if hasattr(unit, "with_hp") else unit.model_copy(
            update={"hp": hp})
        return _done(_replaced(state, changed), unit, edit,
                     f"{unit.name}'s HP set to {hp}/{high}", hp=hp)
    if edit == "conditions":
        if conditions is None:
            raise RulesError("this ruleset's units have no conditions to edit")
        changed = conditions(state, unit, action["conditions"])
        named = ", ".join(f"{k} ({v})" for k, v in sorted(action["conditions"].items()))
        return _done(_replaced(state, changed), unit, edit,
                     f"{unit.name}'s conditions set to {named or 'none'}",
                     conditions=action["conditions"])
    _not_rescued(unit)
    if edit == "remove":
        if unit.position is None:
            raise RulesError(f"{unit.name} is not on the map")
        gone = _replaced(state, unit.model_copy(update={"position": None}))
        # out for the objectives (``Token.out``: "removed from the map") until placed
        gone = gone.model_copy(update={  # type: ignore[attr-defined]
            "gm_removed": (*state.gm_removed, unit.id)})  # type: ignore[attr-defined]
        return _done(gone, unit, edit, f"{unit.name} is taken off the map")
    to = _tile(action["to"], board)
    standing = state.at(to)  # type: ignore[attr-defined]
    if standing is not None and standing.id != unit.id:
        raise RulesError(f"{standing.name} stands on {to[0]},{to[1]}: choose a free tile")
    update: dict[str, Any] = {"position": to}
    if "deployed" in getattr(type(unit), "model_fields", {}):  # fe-classic's pool
        update["deployed"] = True
    placed = _replaced(state, unit.model_copy(update=update)).model_copy(  # type: ignore[attr-defined]
        update={"gm_removed": tuple(u for u in state.gm_removed  # type: ignore[attr-defined]
                                    if u != unit.id)})
    return _done(placed, unit, edit, f"{unit.name} is placed on {to[0]},{to[1]}", to=list(to))


def _condition(state: B, action: Mapping[str, Any], edits: ConditionEdits | None
               ) -> tuple[B, Outcome]:
    """Give (``add_condition``) or take away (``remove_condition``) one condition, read
    by the ruleset's kinds and applied by its own procedure."""
    if edits is None:
        raise RulesError("this ruleset's units have no conditions to edit")
    unit: Any = state.unit(action["unit"])  # type: ignore[attr-defined]
    removing = action["edit"] == "remove_condition"
    condition = edits.checked(action["condition"], removing)
    after, said = (edits.remove if removing else edits.add)(state, unit, condition)
    shown = described(condition, edits.kind(condition["name"]))
    return _done(after, unit, action["edit"], f"{unit.name}: {said or shown}",
                 condition=condition)


def _replaced(state: B, unit: Any) -> B:
    changed: B = state.replace_units(unit)  # type: ignore[attr-defined]
    return changed


def _not_rescued(unit: Any) -> None:
    """Refuse moving a unit bound to another (a rescue, a grapple) off its tile."""
    for name, fix in BOUND:
        partner = getattr(unit, name, None)
        if partner:
            who = ", ".join(partner) if isinstance(partner, tuple) else partner
            raise RulesError(f"{unit.name} is {name.replace('_', ' ')} {who}: {fix}")


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


def _done(state: B, unit: Any, edit: str, summary: str, **said: Any) -> tuple[B, Outcome]:
    return state, Outcome(summary, [{"type": "gm_" + edit, "unit": unit.id, **said}])
