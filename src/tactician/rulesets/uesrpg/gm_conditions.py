"""UESRPG's conditions for a GM edit: 003's 25 conditions with the values the text gives
them, given and taken away by the rules' own procedures (``conditions.add_condition``,
``remove_condition``), so a GM's Stunned loses the unit's AP and a GM's Unconscious
drops it Prone, as 003 says they do.

The values, from the text (003 "Conditions", L65-126):
- **X** for the conditions written with one: Bleeding (X) L66, Burning (X) L70,
  Chameleon (X) L72, Muffled (X) L112; Fatigued's levels (L82-89: 1 Fatigued .. 4
  Unconscious, "5+ Dead") are its X too. They stack as 003 says (``CONDITION_RULES``).
- **a location** for Burning ("the affected location (body by default)", L71), one of
  the six hit locations; **a body part** for Crippled Body Part ("Multiple instances can
  affect different locations", L75) and Lost Body Part (its sub-types L106-111: an eye,
  an ear, a foot-leg, a hand-arm, organ damage), required.
- **rounds**: 003 gives its conditions no duration ("Ends when ..." where it says one);
  the GM may set one, counted down at each start of round (``state.Condition.rounds``),
  or leave it out: until taken away. Not for Lost Body Part ("Permanent", L106) or
  Fatigued (it eases as SP return).
A Lost Body Part cannot be taken away ("Lost limbs cannot be cured", L64).
"""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.contract.gm_conditions import ConditionEdits, ConditionKind, Field
from tactician.rulesets.uesrpg.battle_state import combat, with_combat
from tactician.rulesets.uesrpg.conditions import CONDITION_RULES, add_condition, remove_condition
from tactician.rulesets.uesrpg.locations import BODY_PARTS, LOCATIONS, label
from tactician.rulesets.uesrpg.numbers import fatigue_level
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CONDITION_NAMES

# each condition's line in 003 (its name's own line under "Conditions", L65)
LINES = {"Bleeding": 66, "Blinded": 68, "Burning": 70, "Chameleon": 72,
         "Crippled Body Part": 74, "Dazed": 76, "Deafened": 78, "Entangled": 80,
         "Fatigued": 82, "Frenzied": 91, "Hidden": 99, "Immobilized": 101, "Invisible": 103,
         "Lost Body Part": 105, "Muffled": 112, "Paralyzed": 114, "Prone": 116,
         "Restrained": 118, "Silenced": 120, "Slowed": 122, "Stunned": 124,
         "Unconscious": 126}
ROUNDS = Field("rounds", "rounds", required=False, default="until taken away")
PART = Field("where", "body part", choices=tuple(BODY_PARTS))


def _kind(name: str) -> ConditionKind:
    rule = CONDITION_RULES[name]  # type: ignore[index]
    fields: list[Field] = []
    removes_by: tuple[str, ...] = ()
    if name == "Fatigued":
        fields.append(Field("x", "levels", 1, 5))
    elif rule.takes_x:
        fields.append(Field("x", "X"))
    if name == "Burning":
        fields.append(Field("where", "location", choices=tuple(LOCATIONS), required=False,
                            default="body"))
        removes_by = ("where",)
    elif name in ("Crippled Body Part", "Lost Body Part"):
        fields.append(PART)
        removes_by = ("where",)
    if name not in ("Lost Body Part", "Fatigued"):
        fields.append(ROUNDS)
    return ConditionKind(name, f"003 L{LINES.get(name, 65)}: {rule.words}", tuple(fields),
                         removes_by)


KINDS = tuple(_kind(n) for n in CONDITION_NAMES)


def _said(records: Any) -> str:
    return "; ".join(r.text for r in records)


def _add(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
    changed, records = add_condition(combat(unit), condition["name"], x=condition.get("x", 0),
                                     rounds=condition.get("rounds"),
                                     where=condition.get("where"), cause="the GM")
    return state.replace_units(with_combat(unit, changed)), _said(records)


def _remover(options: UesrpgOptions) -> Any:
    def remove(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
        name, where = condition["name"], condition.get("where")
        held = [c for c in unit.conditions
                if c.name == name and (where is None or c.where == where)]
        fatigue = name == "Fatigued" and unit.fatigue_extra
        # a Lost Body Part goes to the rules' own refusal ("Lost limbs cannot be cured")
        if not held and not fatigue and name != "Lost Body Part":
            on = f" on the {label(where)}" if where else ""
            raise RulesError(f"{unit.name} is not {name}{on}")
        changed, records = remove_condition(combat(unit), name, where=where, options=options)
        return state.replace_units(with_combat(unit, changed)), _said(records) or f"{name} ends"
    return remove


def _current(_state: Any, unit: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for c in unit.conditions:
        shown: dict[str, Any] = {"name": c.name}
        if c.x:
            shown["x"] = c.x
        if c.where:
            shown["where"] = c.where
        if c.rounds is not None:
            shown["rounds"] = c.rounds
        text = c.name + (f" ({c.x})" if c.x else "") + (f" on the {label(c.where)}"
                                                          if c.where else "")
        found.append({**shown, "text": text + (f", {c.rounds} rounds" if c.rounds else "")})
    for part in unit.lost:
        found.append({"name": "Lost Body Part", "where": part, "permanent": True,
                      "text": f"Lost Body Part: the {label(part)}"})
    level = fatigue_level(combat(unit))
    if unit.fatigue_extra:
        found.append({"name": "Fatigued", "x": unit.fatigue_extra,
                      "text": f"Fatigued (level {level})"})
    return found


def condition_edits(options: UesrpgOptions) -> ConditionEdits:
    """The GM's condition edits under the battle's rulings (``frenzy_end_costs_sp``)."""
    return ConditionEdits(KINDS, _add, _remover(options), _current)
