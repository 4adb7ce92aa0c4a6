"""Miridon's conditions for a GM edit: the lasting effects of Table 7.1 (004 L3043-3241)
that a GM may give or take away, with the severity the text measures them in, applied
by the insanity rules' own handlers (``insanity_conditions``) and kept on the unit as
its ``insanity: <name>`` conditions (``spirit_battle.unit_slices``).

- **Phobia** (L3149-3151: "a phobia for [Severity] days ... decided by the GM", -5 to
  Defensive Charisma Rolls) and **Minor Insanity** (L3154-3157, the same): severity in
  days, 1..99.
- **Curse** (L3160-3163: "Seemingly no effect ... The GM can decide the manifestation"):
  no value.
- **Disruption** (L3171: "cannot use [Cast Spell] or [Echo Spell] for [Severity]
  [Action Blocks]"): severity in blocks, 1..99, counted down at each block's end.
The effects that act once (Stun, Spell Drain, Spell Backfire, Increase Roll), end the
unit's part in the battle (Unconscious, Possessed, Mist Form, Dematerialize, the
Transformations) or count (Hardened) are the insanity roll's to give, not a condition
to set: going down is the unit's ``status``, the rules' (a GM edit sets HP 1..max).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.contract.gm_conditions import ConditionEdits, ConditionKind, Field
from tactician.rulesets.miridon.insanity_conditions import apply_effect
from tactician.rulesets.miridon.insanity_roll import Taken
from tactician.rulesets.miridon.spirit_battle.unit_slices import mind_of, with_mind

DAYS = Field("severity", "days")
KINDS = (
    ConditionKind("Phobia", "004 L3149-3151: a phobia for [Severity] days, -5 to Defensive "
                  "Charisma Rolls in its presence", (DAYS,)),
    ConditionKind("Minor Insanity", "004 L3154-3157: a minor insanity for [Severity] days, "
                  "-5 to Defensive Charisma Rolls", (DAYS,)),
    ConditionKind("Curse", "004 L3160-3163: cursed; the GM decides the manifestation"),
    ConditionKind("Disruption", "004 L3171: no Cast Spell or Echo Spell for [Severity] "
                  "Action Blocks", (Field("severity", "blocks"),)),
)


def _add(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
    name = condition["name"]
    mind = mind_of(unit)
    if mind.has(name):
        raise RulesError(f"{unit.name} has {name} already (take it away first)")
    severity = condition.get("severity")
    taken = Taken(name, None if severity is None else str(severity))
    # a printed number: no die is drawn (``roll_severity``), so ``chance`` goes unused
    changed, applied = apply_effect(mind, taken, None)
    return state.replace_units(with_mind(unit, changed)), applied.what


def _remove(state: Any, unit: Any, condition: dict[str, Any]) -> tuple[Any, str]:
    name = condition["name"]
    mind = mind_of(unit)
    if not mind.has(name):
        raise RulesError(f"{unit.name} has no {name}")
    kept = replace(mind, conditions=tuple(c for c in mind.conditions if c.name != name))
    return state.replace_units(with_mind(unit, kept)), f"{name} ends"


def _current(_state: Any, unit: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for c in mind_of(unit).conditions:
        shown: dict[str, Any] = {"name": c.name}
        if c.remaining is not None:
            shown["severity"] = c.remaining
        left = f" ({c.remaining} {c.unit} left)" if c.remaining is not None else ""
        found.append({**shown, "text": c.name + left})
    return found


EDITS = ConditionEdits(KINDS, _add, _remove, _current)
