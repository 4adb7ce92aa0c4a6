"""The AI's Reload and Quick Reload (L1903-1907, L2406-2413) when ammunition is counted
(ruling ``track_ammo``, ``ammo``); the design is docs/miridon-ai.md.

A gun's reload is worth the damage it enables in the next block: the best attack score the
unit has with that gun full (on the state after paying the reload, its slots free as at
the next block's start) minus the best it has with its other loaded weapons (a reload
that a loaded sword makes needless is worth little), times the share of the next block's
shots the reload provides: ``need`` shots a block (1, 2 with Rapid Fire Gun Attack,
L2398), of which ``min(need, magazine) - min(need, left)`` the gun lacks. An empty gun
lacks them all; one with enough left nothing (no candidate). Score: that worth -
value(cost), like every action. Quick Reload (the flair, 0/2, a bonus action using no
slot) adds what it enables in this block (the same edge with the unit's slots as they
are: its offensive action, if unused, may fire the gun at once; the planner decides again
after it), the next block's only when the magazine holds more than a block's shots.
"""

from __future__ import annotations

from collections.abc import Callable

from tactician.rulesets.miridon.battle.ai_candidate import Candidate
from tactician.rulesets.miridon.battle.ammo import MAGAZINE, left, refill
from tactician.rulesets.miridon.battle.costs import action_cost, affordable
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

# the best attack score of ``unit`` on ``state`` with the named weapons (the planner's)
BestAttack = Callable[[MiridonBattle, UnitState, set[str]], float]
KINDS = (("reload", "Reload", "offensive"), ("quick_reload", "Quick Reload", None))


def shots_needed(unit: UnitState) -> int:
    """The shots one block can fire with one gun: its attack, and Rapid Fire's (L2398)."""
    return 2 if unit.profile.has("Rapid Fire Gun Attack") else 1


def _edge(state: MiridonBattle, unit: UnitState, gun: str, others: set[str],
          best_attack: BestAttack) -> tuple[float, float, float]:
    """(the gun's edge, its best attack full, the best with the other loaded weapons)."""
    full, _ = refill(unit, gun)
    with_gun = best_attack(state.replace_units(full), full, {gun})
    without = max(0.0, best_attack(state.replace_units(unit), unit, others)) if others else 0.0
    return max(0.0, with_gun - without), with_gun, without


def reload_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                      unit: UnitState, best_attack: BestAttack) -> list[Candidate]:
    found: list[Candidate] = []
    if not options.track_ammo:
        return found
    weapons = {w.name for w in unit.profile.weapons}
    for gun in sorted(weapons):
        shots = left(unit, gun)
        if shots is None or book.weapon(gun).attack != "gun":
            continue
        size, need = unit.pools[MAGAZINE + gun], shots_needed(unit)
        lacking = min(need, size) - min(need, shots)
        if lacking <= 0:
            continue
        others = {w for w in weapons if w != gun and left(unit, w) != 0}
        for kind, name, slot in KINDS:
            if kind == "quick_reload" and not unit.profile.has("Quick Reload"):
                continue
            cost = action_cost(book, name, unit)
            if (slot and slot in unit.slots) or not affordable(unit, cost):
                continue
            paid = unit.model_copy(update={"strength": unit.strength - cost[0],
                                           "speed": unit.speed - cost[1]})
            if slot:
                paid = paid.model_copy(update={"slots": (*paid.slots, slot)})
            # the next block: its slots free again
            after = paid.model_copy(update={"slots": ()})
            worth, with_gun, without = _edge(state, after, gun, others, best_attack)
            worth *= lacking / need
            why = (f"{name} {gun} ({shots} of {size} left): the next block's best attack with "
                   f"it scores {with_gun:.2f}, {without:.2f} without it, x {lacking}/{need} "
                   "shots")
            if not slot:
                # a bonus action: the offensive action of this block may still fire the gun
                now, with_now, without_now = _edge(state, paid, gun, others, best_attack)
                why += f"; this block {with_now:.2f} with it, {without_now:.2f} without"
                worth = now + (worth if size > need else 0.0)
            score = worth - cost_value(unit, cost)
            found.append(Candidate(
                {"type": kind, "unit": unit.id, "weapon": gun}, score,
                why + f"; cost {cost[0]}/{cost[1]} worth {cost_value(unit, cost):.2f}",
                "-", gun, unit.position, extra={"reload_worth": worth}))
    return found
