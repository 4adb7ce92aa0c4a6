"""The GM's edits: a logged action of their own, beside the rules' actions (issue 29).

At a table the GM reveals or hides a unit, sets its HP or its conditions, places it
on a tile or takes it off the map, as a GM at a real table moves a miniature. Each
is an action like any other (design principle 2): it goes into the battle's log, is
undone and redone like one and replays identically, so a battle is still its start
and its log. It is no rule of any text, so it is not in a ruleset's action schema
(no player may send it, ``battle act`` refuses it as unknown); the table sends it
for the GM only (``table.gm_edits``).

The engine knows no ruleset's state, so the edit itself is the ruleset's: its battle
rules may have ``gm_edit(state, action, dice) -> (state, Outcome)`` (all five do, on
``rulesets.contract.gm_edit``); a ruleset without it refuses every edit in one line.
``apply_action`` is the one way an entry is applied (``engine.battle``'s act and
replay, the table's sight of a log), so a GM edit replays wherever a battle is
rebuilt. Its records carry ``by: "gm"`` so every log
shows who made it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import BattleRules, Outcome
from tactician.errors import RulesError

KIND = "gm_edit"
# what the GM may do to a unit: ``hp`` (key ``hp``), ``add_condition`` and
# ``remove_condition`` (key ``condition``: its name and the values its rules give it,
# ``rulesets.contract.gm_conditions``), ``conditions`` (fe-classic's statuses all at
# once, key ``conditions``: name -> turns left), ``place`` (key ``to``: a tile),
# ``remove``, ``hide`` (from every side but its own), ``reveal`` (back to what the rules
# let each side see)
EDITS = ("hide", "reveal", "hp", "add_condition", "remove_condition", "conditions", "place",
         "remove")
KEYS = {"hide": (), "reveal": (), "hp": ("hp",), "add_condition": ("condition",),
        "remove_condition": ("condition",), "conditions": ("conditions",),
        "place": ("to",), "remove": ()}


def is_gm_edit(action: Mapping[str, Any]) -> bool:
    return action.get("type") == KIND


def check(action: Mapping[str, Any]) -> dict[str, Any]:
    """The edit as the rules read it, or one line naming what is wrong: ``type``,
    ``edit`` (one of ``EDITS``), ``unit`` and the edit's own key, nothing else."""
    edit = action.get("edit")
    if edit not in EDITS:
        raise RulesError(f"gm_edit.edit: one of {', '.join(EDITS)}, not {edit!r}")
    unit = action.get("unit")
    if not isinstance(unit, str) or not unit:
        raise RulesError("gm_edit.unit: name the unit to edit")
    allowed = {"type", "edit", "unit", *KEYS[edit]}
    extra = sorted(str(k) for k in action if k not in allowed)
    if extra:
        takes = ", ".join(KEYS[edit]) or "no other key"
        raise RulesError(f"gm_edit {edit} takes no {', '.join(extra)} (it takes {takes})")
    missing = [k for k in KEYS[edit] if k not in action]
    if missing:
        raise RulesError(f"gm_edit {edit}: give {', '.join(missing)}")
    return dict(action)


def apply_action(rules: BattleRules, state: Any, action: Mapping[str, Any],
                 dice: DiceSource) -> tuple[Any, Outcome]:
    """Apply one logged action: a GM edit by the ruleset's ``gm_edit``, any other by
    ``rules.apply``. A GM edit draws no dice of its own, but a battle it ends runs the
    battle's end as any action's does (fe-tabletop's EXP may roll a level-up), on the
    entry's dice like any entry's; its records say it was the GM's."""
    if not is_gm_edit(action):
        return rules.apply(state, action, dice)
    edit = getattr(rules, "gm_edit", None)
    if not callable(edit):
        raise RulesError("this ruleset's battles take no GM edits yet")
    state, outcome = edit(state, check(action), dice)
    records = [{"type": KIND, "by": "gm", "edit": action["edit"], "unit": action["unit"]},
               *outcome.records]
    return state, Outcome(f"{outcome.summary} (by the GM)", records)
