"""What a care action can change on a unit besides its HP, in words, for the preview of
stabilising, first aid, Bleeding and wound treatment (issue 29: ``stabilise`` and
``treat_bleeding`` change no HP, so a preview of HP alone showed nothing).

Not a rule: a reading of the battle the rules' own ``apply`` left (``contract.heal_preview``
compares the words before and after each way the dice fall). Each word names the line
of 003 that gives the state its meaning:

- dying: "At 0 HP, the character falls Unconscious. Each Turn they must pass an
  Endurance test" (L50), until "stabilized ... to stop testing" (L51);
- a wound's passive effects, "-20 to all tests ... 30 seconds (5 rounds) before blood
  loss" (L44-47), "removed by first aid" (L48); a wound treated (L61);
- each condition with its X and where (Bleeding X, L66-67; the rest of L65 on).
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.uesrpg.state import Condition


def _condition(c: Condition) -> str:
    x = f" {c.x}" if c.x else ""
    where = f" ({c.where})" if c.where else ""
    return f"{c.name}{x}{where}"


def unit_marks(unit: Any) -> tuple[str, ...]:
    """``unit``'s care-relevant state in words (a battle ``UnitState``)."""
    words = [_condition(c) for c in unit.conditions]
    if unit.dead:
        words.append("dead (003 L50)")
    elif unit.hp == 0 and unit.stable:
        words.append("stabilised: no more death tests (003 L51)")
    elif unit.hp == 0:
        words.append("dying: an Endurance test each Turn (003 L50)")
    for wound in unit.wounds:
        if wound.passive:
            words.append(f"wound {wound.id}: passive effects, -20 to all tests (003 L44-47)")
        if wound.treated:
            words.append(f"wound {wound.id}: treated (003 L61)")
    return tuple(words)


def marks(state: Any) -> dict[str, tuple[str, ...]]:
    """Every unit's words (``unit_marks``), by id."""
    return {str(u.id): unit_marks(u) for u in state.units}
