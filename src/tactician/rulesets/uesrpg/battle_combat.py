"""An attack on the map: reach, AP, the defender's reaction and the exact odds.

The attack itself is the rules package's one procedure (``attack.plan_attack``,
``forecast``, ``resolve``): the battle adds only what the map and the clock
decide. From outside the text (UESRPG 3e core): an attack costs ``attack_ap``
AP (default 1); a defence (evade, parry, block) is a reaction costing the
defender ``reaction_ap`` AP (default 1), spent only when it defends (the attack
test passed: the defence is rolled only then), so a defender with no AP left
cannot defend; a weapon's ``reach`` is in tiles (Manhattan distance, as the grid core
measures ranges). When an attack does not name the defence, the defender makes
the one with the lowest exact chance to be hit (``auto_defence: best``), or
none (``auto_defence: none``); a defence that does not lower the chance is
not made (it would only spend AP).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from tactician.dice.enumerate import distribution
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.uesrpg.attack import (
    DEFENCES,
    AttackForecast,
    AttackPlan,
    Defence,
    forecast,
    make_step,
    plan_attack,
)
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat
from tactician.rulesets.uesrpg.content import Weapon
from tactician.rulesets.uesrpg.numbers import can_attack, can_defend
from tactician.rulesets.uesrpg.state import CombatState

EPSILON = 1e-12


def weapon_of(unit: UnitState, name: str | None = None) -> Weapon:
    """The named weapon, else the one it last used (its first at the start)."""
    return combat(unit).profile.weapon(name or unit.weapon)


def attack_weapons(unit: UnitState) -> list[Weapon]:
    """Weapons it can attack with (a shield without damage cannot)."""
    return [
        w for w in combat(unit).profile.weapons if not (w.shield and w.damage.strip() in ("", "0"))
    ]


def in_reach(unit: UnitState, target: UnitState, weapon: Weapon) -> bool:
    if unit.position is None or target.position is None:
        return False
    return 1 <= manhattan(unit.position, target.position) <= max(1, weapon.reach)


def check_target(unit: UnitState, target: UnitState, weapon: Weapon) -> None:
    """Refuse an attack the map forbids (an ally, the fallen dead, out of reach)."""
    if target.id == unit.id:
        raise RulesError(f"{unit.name} cannot attack itself")
    if target.side == unit.side:
        raise RulesError(f"{target.name} is an ally of {unit.name}")
    if target.dead or target.position is None:
        raise RulesError(f"{target.name} is not on the map")
    if not in_reach(unit, target, weapon):
        assert unit.position is not None and target.position is not None
        distance = manhattan(unit.position, target.position)
        raise RulesError(
            f"{target.name} is {distance} tiles away; {weapon.name} reaches "
            f"{max(1, weapon.reach)} (move closer first)"
        )


def _paying(state: CombatState, ap: int) -> CombatState:
    return replace(state, ap=state.ap - ap)


def defences_open(
    attacker: CombatState, defender: CombatState, weapon: Weapon, rules: Rulings
) -> list[Defence]:
    """The defences the defender can make now (``none`` always)."""
    if defender.ap < rules.battle_options.reaction_ap or not can_defend(defender):
        return ["none"]
    if attacker.condition("Hidden"):
        return ["none"]  # 003 Hidden: "Enemies cannot defend against the character's attacks"
    open_: list[Defence] = ["none"]
    for defence in DEFENCES[1:]:
        try:
            plan_attack(attacker, defender, weapon, defence, options=rules.options)
        except RulesError:
            continue
        open_.append(defence)
    return open_


@lru_cache(maxsize=4096)
def hit_chance(plan: AttackPlan) -> float:
    """The exact chance the attack lands: the attack's own procedure (``make_step``),
    enumerated up to the end of its roll phase (the damage is not needed to choose
    a defence, and skipping it keeps replays fast)."""
    final = distribution(plan.start(), make_step(plan), lambda s: s.phase != "roll")
    return sum((p for s, p in final.items() if s.hit), 0.0)


@dataclass
class Matchup:
    """One attack planned for every defence open to the defender, each with its exact
    chance to hit, and the defence chosen. ``odds`` is the chosen plan's full
    forecast, ``forecast_of`` any other's (computed on demand)."""

    chosen: Defence
    plans: dict[Defence, AttackPlan]
    hits: dict[Defence, float]
    _full: dict[Defence, AttackForecast] = field(default_factory=dict, repr=False)

    @property
    def plan(self) -> AttackPlan:
        return self.plans[self.chosen]

    def forecast_of(self, defence: Defence) -> AttackForecast:
        found = self._full.get(defence)
        if found is None:
            found = self._full[defence] = forecast(self.plans[defence])
        return found

    @property
    def odds(self) -> AttackForecast:
        return self.forecast_of(self.chosen)


def matchup(
    state: UesrpgBattle,
    unit: UnitState,
    target: UnitState,
    rules: Rulings,
    weapon: Weapon | None = None,
    defence: str | None = None,
) -> Matchup:
    """The attack of ``unit`` on ``target`` in the battle (see ``odds``)."""
    return odds(combat(unit), combat(target), rules, weapon or weapon_of(unit), defence)


def odds(
    attacker: CombatState,
    defender: CombatState,
    rules: Rulings,
    weapon: Weapon,
    defence: str | None = None,
) -> Matchup:
    """Plan the attack with the AP it costs, and pick the defence: the one named
    (refused if the defender cannot make it), else the defender's best."""
    options = rules.battle_options
    if not can_attack(attacker):
        raise RulesError(f"{attacker.name} cannot attack now")
    if attacker.ap < options.attack_ap:
        raise RulesError(
            f"{attacker.name} has {attacker.ap} AP; an attack costs {options.attack_ap} AP"
        )
    attacker = _paying(attacker, options.attack_ap)
    open_ = defences_open(attacker, defender, weapon, rules)
    if defence is not None:
        if defence not in DEFENCES:
            raise RulesError(f"unknown defence {defence!r}; choose one of {', '.join(DEFENCES)}")
        if defence not in open_:
            if defender.ap < options.reaction_ap:
                raise RulesError(
                    f"{defender.name} has no AP left to {defence} (a defence costs "
                    f"{options.reaction_ap} AP)"
                )
            plan_attack(attacker, _paying(defender, options.reaction_ap), weapon,
                        defence, options=rules.options)
            raise RulesError(f"{defender.name} cannot {defence} now")
        candidates: list[Defence] = [defence]
    elif options.auto_defence == "none":
        candidates = ["none"]
    else:
        candidates = open_
    plans: dict[Defence, AttackPlan] = {}
    hits: dict[Defence, float] = {}
    for choice in candidates:
        paid = defender if choice == "none" else _paying(defender, options.reaction_ap)
        plans[choice] = plan_attack(attacker, paid, weapon, choice, options=rules.options)
        hits[choice] = hit_chance(plans[choice]) if len(candidates) > 1 else 0.0
    chosen = candidates[0]
    for choice in candidates[1:]:
        if hits[choice] < hits[chosen] - EPSILON:
            chosen = choice
    return Matchup(chosen, plans, hits)
