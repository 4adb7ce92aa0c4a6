"""The enemy tiers' limits, enforced for every command (not only the AI's).

Source: 000 "Enemy Actions": "Different levels have more or fewer restrictions
on the order in which they can act during their phase, and what actions they
can take."

* Mob: "always act in numerical order"; Move; Main Actions "Attack,
  Embark/Disembark, Transform (Laguz Only), Use Item, Use Staff"; "All special
  actions require a main action to use" (no bonus actions).
* Army: "always act in numerical order"; Move; Main Actions "Attack, Defend,
  Use Item, Use Staff"; Bonus Actions "Embark/Disembark, Trade, Transform";
  "Special Actions are used as described in the feat." (no Dash, Prepare
  Attack, Equip or Search: the list is read as complete).
* Elite: "can act in any order during their phase" and "can perform all
  standard actions" (the words win over the shorter list that follows them).

Rulings (``TroperaOptions``): ``enforce_enemy_tiers`` (default on);
``numerical_order`` "side" (default: the side's Mob and Army units share one
order by number; Elites act whenever) or "tier" (each tier its own order). A
unit that cannot act (at 0 HP, carried, asleep, off the map) does not hold the
order up. Waiting is open to every tier, in its order; ending the phase is never
refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.options import TroperaOptions

#: feat-given commands (000 "Special Actions: Some relics or feats may give your
#: character access to a special command")
SPECIAL = frozenset({"steal", "provoke", "shade", "overload", "rescue", "drop"})
ALWAYS = frozenset({"wait", "end_phase"})
#: what each limited tier may do (000's lists; attacking terrain is an Attack)
ALLOWED: dict[str, frozenset[str]] = {
    "mob": frozenset(
        {"move", "attack", "attack_terrain", "embark", "disembark", "transform", "item", "staff"}
    )
    | SPECIAL
    | ALWAYS,
    "army": frozenset(
        {
            "move",
            "attack",
            "attack_terrain",
            "defend",
            "item",
            "staff",
            "embark",
            "disembark",
            "trade",
            "transform",
        }
    )
    | SPECIAL
    | ALWAYS,
}
ORDERED = frozenset({"mob", "army"})


def may(tier: str | None, kind: str) -> bool:
    """Whether a unit of ``tier`` may take action ``kind`` (None: a players' unit)."""
    allowed = ALLOWED.get(tier) if tier is not None else None
    return allowed is None or kind in allowed


def can_still_act(state: TroperaBattle, unit: Unit) -> bool:
    """Whether ``unit`` has a turn left this phase that it is able to take."""
    return (
        unit.side == state.side
        and unit.hp > 0
        and not unit.acted
        and unit.position is not None
        and unit.carried_by is None
        and not state.effects_on(unit.id, "asleep")
    )


def ahead_of(state: TroperaBattle, unit: Unit, options: TroperaOptions) -> list[Unit]:
    """Lower-numbered units of the order ``unit`` belongs to that have yet to act."""
    if unit.tier not in ORDERED:
        return []
    same = ORDERED if options.numerical_order == "side" else {unit.tier}
    number, side = unit.number, unit.side
    if side != state.side:
        return []  # no unit of a side not in its phase can still act
    # ``can_still_act`` written out, its side test hoisted and the effects (a scan)
    # read last: every action asks this, and most units ahead have acted already
    return [
        other
        for other in state.units
        if other.number < number
        and not other.acted
        and other.side == side
        and other.tier in same
        and other.hp > 0
        and other.position is not None
        and other.carried_by is None
        and not state.effects_on(other.id, "asleep")
    ]


def check_tier(
    state: TroperaBattle, kind: str, action: Mapping[str, Any], options: TroperaOptions
) -> None:
    """Refuse an action the acting unit's tier forbids, or one out of its order."""
    if not options.enforce_enemy_tiers or kind == "end_phase":
        return
    unit_id = action.get("unit")
    if not isinstance(unit_id, str):
        return
    unit = state.unit(unit_id)
    if unit.tier is None or unit.side != state.side:
        return  # the players' units; other checks refuse the wrong phase
    if not may(unit.tier, kind):
        can = ", ".join(sorted(ALLOWED[unit.tier] - ALWAYS))
        raise RulesError(
            f"{unit.name} is {unit.tier.capitalize()} tier and cannot {kind} "
            f"(000 Enemy Actions; it can: {can})"
        )
    first = sorted(ahead_of(state, unit, options), key=lambda u: u.number)
    if first:
        raise RulesError(
            f"{unit.name} ({unit.tier.capitalize()}) acts in numerical order: "
            f"{first[0].name} (#{first[0].number}) acts first (000: 'always act in "
            "numerical order'; it may wait to pass its turn)"
        )
