"""The point economy (004 L1600-1606, L1702): every action's [Strength Cost] and [Speed
Cost] paid from the current points; "If the action would reduce the character's
[Current Speed Points] or [Current Strength Points] to below 0, then the user cannot
perform the action." Costs are data (``data/actions.yaml``, ruling ``action_costs`` of
part 1): the TEXT ones with their lines, the rest marked default; ``cost_with`` lists the
cheaper costs a flair gives (Advanced / Greater Second Attack, L686-712).
"""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.state import UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.spirit_battle.action_drain import drain_for_action

Cost = tuple[int, int]  # (strength, speed)


def action_cost(book: Compendium, action: str, unit: UnitState) -> Cost:
    """The action's costs for ``unit``: the cheapest tier among the flairs it owns."""
    entry = book.actions[action.casefold()]
    strength, speed = entry.strength_cost, entry.speed_cost
    if strength == "chosen" or speed == "chosen":
        raise RulesError(f"{action}: its cost is chosen when acting")  # pragma: no cover
    cost = (int(strength), int(speed))
    for tier in entry.cost_with:
        if unit.profile.has(tier.flair) and sum((tier.strength_cost, tier.speed_cost)) <= sum(cost):
            cost = (tier.strength_cost, tier.speed_cost)
    return cost


def modifier_cost(book: Compendium, modifier: str, unit: UnitState) -> Cost:
    """An attack modifier's surcharge (Crushing Blow 2 -> 1 -> 0 strength with Advanced and
    Greater Crushing Blow, L826-836)."""
    entry = book.attack_modifiers[modifier.casefold()]
    cost = (entry.strength_cost, entry.speed_cost)
    for tier in entry.cost_with:
        if unit.profile.has(tier.flair):
            cost = min(cost, (tier.strength_cost, tier.speed_cost), key=sum)
    return cost


def affordable(unit: UnitState, cost: Cost) -> bool:
    return unit.strength >= cost[0] and unit.speed >= cost[1]


def pay(unit: UnitState, cost: Cost, what: str) -> UnitState:
    """``unit`` with ``cost`` paid, or the refusal (L1702) naming what is short."""
    strength, speed = cost
    short = []
    if strength > unit.strength:
        short.append(f"{strength} strength points (has {unit.strength})")
    if speed > unit.speed:
        short.append(f"{speed} speed points (has {unit.speed})")
    if short:
        raise RulesError(f"{unit.id} cannot {what}: it costs {' and '.join(short)}; an action "
                         "that would take either below 0 cannot be taken (004 L1702)")
    paid = unit.model_copy(update={"strength": unit.strength - strength,
                                   "speed": unit.speed - speed})
    return drain_for_action(paid, cost, what)  # part 3: a spell being cast drains (L3259)


def text(cost: Cost) -> str:
    return f"{cost[0]} str / {cost[1]} spd"
