"""A side's questions, answered on what that side knows (issue 25, holes 1 and 14).

A refusal that echoed a word the side sent once told it whether the word named a
hidden unit (the old filter replaced the whole message when it did). Now every
question is put to the battle as the side knows it (``contract.side_state``: the units
it cannot see are not in it at all), so a hidden unit's id or name in any field of
any action, forecast or reach is answered word for word as a word that names
nothing:

- an action is first tried on the side's state (on the dice it would use); a refusal there
  is the answer. Only an action the side's own knowledge allows is applied to the
  battle; if the battle then refuses it, something the side cannot see is in the way
  (a move onto a hidden unit's tile), and the answer is the one fixed line
  ``IN_THE_WAY``, whatever the rules said (the refusal itself says something is
  there, as a GM saying "you cannot go there" would: the one thing told);
- while a unit the side cannot see has the Turn, its actions are answered
  ``WAITING`` (its view says it waits);
- a forecast is computed on the side's state (the numbers as the side can know them),
  a reach on its board (``board_view(state, unit, side)``), a unit's details from it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import RulesError, TacticianError
from tactician.rulesets.registry import contract
from tactician.table.actions import checked

IN_THE_WAY = "the rules refuse this: something your side cannot see is in the way"
WAITING = "waiting for the GM: no unit your side sees has the Turn"
# a value of the wrong kind that a ruleset's action does not check (a list where a word
# goes): the one line for it, until every ruleset's action schema refuses it by name
MALFORMED = "the rules cannot read this action: a value of the wrong kind in one of its keys"
UNREADABLE = (TypeError, ValueError, KeyError, AttributeError, IndexError)
log = logging.getLogger("tactician.table")


def malformed(exc: Exception) -> RulesError:
    """The refusal of an action the rules could not read (the trace to the log)."""
    log.warning("an action the rules could not read", exc_info=exc)
    return RulesError(MALFORMED)


def waiting(ruleset: str, state: Any, side: str, view: Mapping[str, Any]) -> bool:
    """Whether the unit whose Turn it is (``view``'s ``turn``, the GM's board) is
    one ``side`` cannot see."""
    turn = view.get("turn")
    if not isinstance(turn, str):
        return False
    seen = contract(ruleset).sight(state, side)
    return seen is not None and turn not in seen


def try_on_known(ruleset: str, rules: Any, state: Any, side: str,
                 action: Mapping[str, Any], view: Mapping[str, Any],
                 dice: Callable[[], DiceSource]) -> bool:
    """Refuse ``action`` as the side's knowledge refuses it (``RulesError`` with the
    rules' own words, computed on the side's state). Returns whether anything is
    hidden from the side (then a refusal by the battle itself is ``IN_THE_WAY``).

    ``dice()`` gives the dice the action itself would use (the battle's stream for
    it, or the seat's own rolls over it): an action that rolls before it can be
    refused (fe-tabletop's turn order, due at the round's first action) is tried on
    the same roll, so the side is told what the battle would tell it."""
    action = checked(ruleset, action)  # the schema's refusals know no battle at all
    rules_contract = contract(ruleset)
    known = rules_contract.side_state(state, side)
    if known is state:
        return False
    if waiting(ruleset, state, side, view):
        raise RulesError(WAITING)
    try:
        rules.apply(known, action, dice())
    except TacticianError as exc:
        raise RulesError(str(exc)) from None
    except UNREADABLE as exc:
        raise malformed(exc) from None
    return True


def forecast(ruleset: str, rules: Any, state: Any, side: str | None,
             action: Mapping[str, Any]) -> dict[str, Any]:
    """The forecast of ``action`` as ``side`` can know it (the GM's: None)."""
    rules_contract = contract(ruleset)
    known = state if side is None else rules_contract.side_state(state, side)
    try:
        return rules_contract.battle_forecast(known, checked(ruleset, action), rules)
    except UNREADABLE as exc:
        raise malformed(exc) from None


def reach(ruleset: str, state: Any, unit: str, side: str | None) -> dict[str, Any]:
    """``unit``'s reach as ``side`` sees the board (a unit it cannot see: as no unit)."""
    found: dict[str, Any] = contract(ruleset).board_view(state, unit, side)["reach"]
    return found
