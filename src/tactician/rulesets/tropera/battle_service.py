"""Tropera's battle services for the table layer: rules, enemy AI, board view
and in-battle forecasts."""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import attack_tiles, manhattan
from tactician.rulesets.tropera.battle_rules import TroperaBattleRules
from tactician.rulesets.tropera.battle_state import TroperaBattle
from tactician.rulesets.tropera.battle_units import combatant, reach
from tactician.rulesets.tropera.combatant import carried_weapons, usable_problem
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.fight import forecast_report
from tactician.rulesets.tropera.maneuvers import quick_draw
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import plan_sequence
from tactician.rulesets.tropera.siege import siege_weapon
from tactician.rulesets.tropera.terrain import terrain_set
from tactician.rulesets.tropera.terrain_attack import terrain_forecast, tile_key


def battle_rules(options: list[str]) -> TroperaBattleRules:
    return TroperaBattleRules(TroperaOptions().with_overrides(options))


class Planner:
    """Plays the enemy side one decision at a time (forecasts shared in a phase).

    The AI is imported here, not with this module: showing a board or moving a
    unit does not need it (start-up, issue 16)."""

    def __init__(self, rules: TroperaBattleRules) -> None:
        from tactician.rulesets.tropera.ai import Scorer

        self.scorer = Scorer(rules.options)

    def next(self, state: TroperaBattle) -> dict[str, Any] | None:
        from tactician.rulesets.tropera.ai import next_decision

        decision = next_decision(state, self.scorer)
        if decision is None:
            return None
        return {**decision.describe(limit=8), "scored_total": self.scorer.scored}


def planner(rules: TroperaBattleRules) -> Planner:
    return Planner(rules)


def board_view(state: TroperaBattle, reach_unit: str | None = None) -> dict[str, Any]:
    board = state.map.board()
    data: dict[str, Any] = {
        "ruleset": "tropera",
        "name": state.name,
        "round": state.round,
        "phase": state.side,
        "sides": list(state.sides),
        "result": state.result,
        "result_reason": state.result_reason,
        **state.map.describe(terrain_set()),
        "objectives": {
            "victory": [o.describe() for o in state.objectives.victory],
            "defeat": [o.describe() for o in state.objectives.defeat],
            "draw": state.objectives.draw(),
        },
        "units": [
            {
                "id": u.id,
                "name": u.name,
                "side": u.side,
                "number": u.number,
                "tier": u.tier,
                "position": list(u.position) if u.position else None,
                "hp": u.hp,
                "max_hp": u.max_hp,
                "equipped": u.equipped,
                "acted": u.acted,
                "moved": u.moved,
                "countdown": u.countdown,
                "crippled": u.crippled,
                "carrying": u.carrying,
                "carried_by": u.carried_by,
                "embarked": u.embarked,
                "effects": [e.name for e in state.effects_on(u.id)],
            }
            for u in state.units
        ],
        # Destructible Terrain: every breakable tile with its HP left (terrain_attack)
        "destructible": [
            {
                "tile": [x, y],
                "terrain": terrain.name,
                "hp": state.terrain_hp.get(tile_key((x, y)), terrain.destructible_hp),
                "max_hp": terrain.destructible_hp,
            }
            for y in range(state.map.height)
            for x in range(state.map.width)
            for terrain in [board.terrain_at((x, y))]
            if terrain.has_tag("destructible") and terrain.destructible_hp is not None
        ],
    }
    if reach_unit is not None:
        unit = state.unit(reach_unit)
        if unit.position is None or unit.hp == 0:
            raise RulesError(f"{unit.name} is not standing on the map")
        moves = reach(state, unit) if not unit.acted or unit.dashed else {unit.position: 0}
        compendium = load_compendium()
        targets: set[tuple[int, int]] = set()
        engine = siege_weapon(unit, compendium)  # embarked: the siege weapon only
        arms = [engine] if engine is not None else carried_weapons(unit.character, compendium)
        for weapon in arms:
            if engine is None and (
                weapon.heal is not None or usable_problem(unit.character, weapon, unit.transformed)
            ):
                continue
            targets |= attack_tiles(board, moves, weapon.range[0], weapon.range[1])
        # an ally is no target: its tile is neither a move nor an attack; nor is a
        # tile no unit can stand on, unless it is terrain an attack can break
        allies = {
            u.position for u in state.units
            if u.side == unit.side and u.position is not None and not u.carried_by
        }
        attackable = {
            t for t in targets - set(moves) - allies
            if _holds_a_target(board.terrain_at(t))
        }
        data["reach"] = {
            "unit": unit.id,
            "move": sorted([list(t) for t in moves]),
            "attack": sorted([list(t) for t in attackable]),
        }
    return data


def _holds_a_target(terrain: Any) -> bool:
    """A tile worth marking as an attack: some movement class can stand on it (a
    foe may be there), or it is destructible terrain (000 Attack: "Some terrain
    such as dead trees or crumbling walls can be destroyed with attacks")."""
    if terrain.has_tag("destructible") and terrain.destructible_hp is not None:
        return True
    return any(cost is not None for cost in terrain.cost.values())


def battle_forecast(
    state: TroperaBattle, action: dict[str, Any], rules: TroperaBattleRules
) -> dict[str, Any]:
    """The exact odds of an attack action from the attacker's current tile; an
    ``attack_terrain`` action gets the same plan its resolution runs."""
    if action.get("type") == "attack_terrain":
        return terrain_forecast(state, action, rules.options)
    unit = state.unit(str(action.get("unit")))
    target = state.unit(str(action.get("target")))
    if unit.position is None or target.position is None:
        raise RulesError("both units must stand on the map")
    # the attack's own refusals (battle_actions.attack: "against a hostile target")
    if target.side == unit.side:
        raise RulesError(f"{target.name} is an ally of {unit.name}")
    if target.hp == 0:
        raise RulesError(f"{target.name} is not standing on the map")
    attacker = combatant(state, unit, weapon=action.get("weapon"))
    distance = manhattan(unit.position, target.position)
    # the same weapon switch the attack will make (Quick Draw)
    drawn = quick_draw(state, target, attacker, distance, rules.options, load_compendium())
    defender = combatant(state, target, weapon=drawn)
    plan = plan_sequence(attacker, [defender], distance, rules.options)
    return forecast_report(plan)
