"""Tropera's conditions for a GM edit, as 000 and its rulings give them.

- **Crippled** (000 L255: "the character is Crippled for the remainder of the battle. A
  Crippled character suffers a -10 penalty to their Hit, Avoid, Critical, and Critical
  Avoid for the remainder of the map"): the unit's ``crippled``; it takes no value.
- **Slowed** (000 L53: "the Slowed condition inflicted by the Frost Tome"; its effect is
  the ``slowed_denies_speed_extra`` ruling), and the staves' **asleep**, **silenced**
  and **berserk** (000 names the staves, the compendium's FE8 defaults inflict these):
  effects on the unit that last, as a hit's do, until the end of its side's next phase
  (docs/rulings.md "Statuses a hit inflicts": 000 gives no duration). An asleep unit
  cannot act; silenced and berserk are inflicted but nothing reads them
  (``cov-tropera-silence-berserk``).
Critically Wounded is not one of them: it is 0 HP and its countdown, the rules' to give
(a GM edit sets HP 1..max).
"""

from __future__ import annotations

from typing import Any

from tactician.engine.effects import Effect
from tactician.errors import RulesError
from tactician.rulesets.contract.gm_conditions import ConditionEdits, ConditionKind

CRIPPLED = "crippled"
LASTING = "until the end of the unit's side's next phase (docs/rulings.md \"Statuses a hit " \
    "inflicts\")"
KINDS = (
    ConditionKind(CRIPPLED, "000 L255: -10 Hit, Avoid, Critical and Critical Avoid for the "
                  "remainder of the map"),
    ConditionKind("slowed", f'000 L53 "the Slowed condition inflicted by the Frost Tome"; '
                  f"{LASTING}"),
    ConditionKind("asleep", f"the Sleep staff's status (FE8): cannot act; {LASTING}"),
    ConditionKind("silenced", f"the Silence staff's status (FE8); {LASTING}"),
    ConditionKind("berserk", f"the Berserk staff's status (FE8); {LASTING}"),
)
EFFECTS = tuple(k.name for k in KINDS if k.name != CRIPPLED)


def _add(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
    name = condition["name"]
    if name == CRIPPLED:
        if unit.crippled:
            raise RulesError(f"{unit.name} is Crippled already")
        return (state.replace_units(unit.model_copy(update={"crippled": True})),
                "Crippled for the rest of the map")
    if state.effects_on(unit.id, name):
        raise RulesError(f"{unit.name} is {name} already")
    effect = Effect(name=name, unit=unit.id, source=None, ends="phase_end",
                    ends_owner=unit.side, made_round=state.round,
                    made_phase_owner=state.side)
    return (state.model_copy(update={"effects": (*state.effects, effect)}),
            f"{name} until the end of the {unit.side} side's next phase")


def _remove(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
    name = condition["name"]
    if name == CRIPPLED:
        if not unit.crippled:
            raise RulesError(f"{unit.name} is not Crippled")
        healed = unit.model_copy(update={"crippled": False})
        return state.replace_units(healed), "no longer Crippled"
    if not state.effects_on(unit.id, name):
        raise RulesError(f"{unit.name} is not {name}")
    kept = tuple(e for e in state.effects if not (e.unit == unit.id and e.name == name))
    return state.model_copy(update={"effects": kept}), f"no longer {name}"


def _current(state: Any, unit: Any) -> list[dict[str, Any]]:
    found = [{"name": CRIPPLED, "text": "Crippled"}] if unit.crippled else []
    for name in EFFECTS:
        if state.effects_on(unit.id, name):
            found.append({"name": name, "text": f"{name} (to its side's next phase end)"})
    return found


EDITS = ConditionEdits(KINDS, _add, _remove, _current)
