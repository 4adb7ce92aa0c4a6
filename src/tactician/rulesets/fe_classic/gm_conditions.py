"""fe-classic's conditions for a GM edit: a unit's statuses with their turns left
(``battle_state.ClassicUnit.statuses``), as the rules give them.

002 L145-147 "Offensive staves (Status inflicting staves, generally)": Sleep, Silence
and Berserk (their effects are FE8's, ``staves``, ``berserk``); 002 L273 "50% chance of
poison per turn spent in jungle" (``battle_phase``). Each lasts a number of turns
(``options.status_turns`` when a staff or the jungle gives it; the GM names it, 1..99).
"""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.contract.gm_conditions import ConditionEdits, ConditionKind, Field

TURNS = Field("turns", "turns left")
KINDS = (
    ConditionKind("berserk", "002 L145-147 offensive staves (FE8 Berserk)", (TURNS,)),
    ConditionKind("poison", '002 L273 "50% chance of poison per turn spent in jungle"',
                  (TURNS,)),
    ConditionKind("silence", "002 L145-147 offensive staves (FE8 Silence)", (TURNS,)),
    ConditionKind("sleep", "002 L145-147 offensive staves (FE8 Sleep)", (TURNS,)),
)
STATUSES = tuple(k.name for k in KINDS)


def _add(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
    name, turns = condition["name"], condition["turns"]
    statuses = dict(sorted({**unit.statuses, name: turns}.items()))
    again = " (again)" if name in unit.statuses else ""
    return (state.replace_units(unit.model_copy(update={"statuses": statuses})),
            f"{name} for {turns} turn{'s' if turns != 1 else ''}{again}")


def _remove(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
    name = condition["name"]
    if name not in unit.statuses:
        raise RulesError(f"{unit.name} has no {name} to cure (statuses: "
                         f"{', '.join(sorted(unit.statuses)) or 'none'})")
    statuses = {k: v for k, v in unit.statuses.items() if k != name}
    return state.replace_units(unit.model_copy(update={"statuses": statuses})), f"{name} cured"


def _current(_state: Any, unit: Any) -> list[dict[str, Any]]:
    return [{"name": n, "turns": t, "text": f"{n} ({t} turn{'s' if t != 1 else ''} left)"}
            for n, t in sorted(unit.statuses.items())]


EDITS = ConditionEdits(KINDS, _add, _remove, _current)
