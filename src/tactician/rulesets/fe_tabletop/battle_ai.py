"""The engine's play for a side (the GM's enemies, 001 L42: "the GM controls all
the enemies to move, attack ... or other actions"), on the exact forecast.

One unit at a time, in the side's order (in the Player turn: the current
player's units), each decision a whole turn, ending it:

1. a Lord with the bosses down seizes (001 L111: "defeat the boss as normal, and
   seize the throne"): where she stands on a throne or gate, or moving onto one she
   reaches, a Move and the seize in one turn (L44); her allies make way, keeping
   off the thrones and gates and stepping off one they stand on;
2. the best attack over every tile it can reach and every foe its weapons
   reach from there, scored from the exact forecast (``fight.forecast``):
   ``P(defeat target) + expected damage dealt / target max HP - 1.5 P(defeated)
   - 0.3 expected damage taken / own max HP``; for the party an attack scoring
   below -0.25 is not worth making while a foe other than a boss stands (the
   GM's units attack whenever they can, and a boss holding its throne must be
   fought, so a battle cannot stall on two sides waiting);
3. a healer heals the most hurt ally it can reach; a unit at half HP or less
   drinks its Vulnerary;
4. else it moves toward the nearest foe it knows of (a Lord with no foe left
   toward the throne) and waits. A boss holds its throne (it attacks from it).

A Lord, whose fall loses the battle, keeps out of every known foe's reach
(MOV + weapon range) while the boss stands and an ally does, and attacks only
when a counter defeats her with at most 2% chance.

What a unit knows of is ruling ``ai_sight``: by default the GM sees every
unit (001 gives the fog's view to the players: "Players are assumed to have a
view of 4 squares ahead of them", L110); ``own_side`` plays on the side's
fogged view (``battle_view.shown_units``). ``--explain`` shows the scored
candidates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_common.character.ranks import can_wield
from tactician.rulesets.fe_tabletop import fight
from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle, TabletopUnit
from tactician.rulesets.fe_tabletop.battle_units import (
    equipped_weapon,
    fighter,
    mov,
    reach,
    staves,
    tile_terrain,
    weapons,
)
from tactician.rulesets.fe_tabletop.battle_view import shown_units
from tactician.rulesets.fe_tabletop.options import TabletopOptions

Tile = tuple[int, int]
NOT_WORTH = -0.25
LORD_RISK = 0.02


@dataclass
class Candidate:
    tile: Tile
    target: str
    weapon: str
    hit: float
    counter_hit: float
    defeat_target: float
    defeated: float
    score: float

    def describe(self) -> dict[str, Any]:
        return {"tile": list(self.tile), "target": self.target, "weapon": self.weapon,
                "hit": round(self.hit, 4), "counter_hit": round(self.counter_hit, 4),
                "defeat_target": round(self.defeat_target, 4),
                "defeated": round(self.defeated, 4), "score": round(self.score, 4)}


@dataclass
class Decision:
    unit: str
    actions: list[dict[str, Any]]
    reason: str
    candidates: list[Candidate] = field(default_factory=list)

    def describe(self, limit: int = 8) -> dict[str, Any]:
        return {"unit": self.unit, "tier": "gm", "actions": self.actions, "reason": self.reason,
                "candidates_scored": len(self.candidates),
                "best": [c.describe() for c in self.candidates[:limit]]}


class Planner:
    """Plays the side whose phase it is, in the Player turn the current player's
    units. As Tropera's, it plays whatever phase it is asked to: the command line
    refuses to start it on a phase the players command unless ``--any-side``
    (``every_side`` changes nothing here)."""

    def __init__(self, rules: TabletopBattleRules, every_side: bool = False) -> None:
        self.options: TabletopOptions = rules.options

    def next(self, state: TabletopBattle) -> dict[str, Any] | None:
        if state.result != "ongoing":
            return None
        if (state.side == state.party and state.order_round != state.round
                and len(state.players) > 1):
            # who plays first is the dice's (001 L42): roll before choosing a unit
            return {"unit": None, "actions": [{"type": "turn_order"}],
                    "reason": "the players roll 1d100 each for the turn order"}
        for unit in sorted(state.units, key=lambda u: u.number):
            if self._may_act(state, unit):
                return decide(state, unit, self.options).describe()
        return None

    @staticmethod
    def _may_act(state: TabletopBattle, unit: TabletopUnit) -> bool:
        if unit.side != state.side or not unit.on_map or unit.done:
            return False
        current = state.current_player
        return unit.side != state.party or current is None or unit.player == current


def _known_foes(state: TabletopBattle, unit: TabletopUnit, options: TabletopOptions
                ) -> list[TabletopUnit]:
    side = unit.side if options.ai_sight == "own_side" else None
    return [u for u in shown_units(state, side)
            if u.side != unit.side and u.on_map and u.position is not None]


def _tiles(state: TabletopBattle, unit: TabletopUnit, options: TabletopOptions
           ) -> dict[Tile, int]:
    assert unit.position is not None
    if unit.moved or unit.boss:
        return {unit.position: 0}
    return reach(state, unit, options)


def _finish(unit: TabletopUnit, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A decision ends the unit's turn with a wait, except after an attack or a seize,
    which may end the battle (an attack without a move leaves the move for the unit's
    next decision: act-then-move, 001 L44)."""
    kinds = {a["type"] for a in actions}
    if kinds & {"seize", "attack"}:
        return actions
    return [*actions, {"type": "wait", "unit": unit.id}]


def decide(state: TabletopBattle, unit: TabletopUnit, options: TabletopOptions) -> Decision:
    assert unit.position is not None
    tiles = _tiles(state, unit, options)
    seizing = _may_seize(state, unit)
    if seizing and unit.lord and not unit.acted:
        free = _seizable(state, unit, tiles)
        if free:
            tile = min(free, key=lambda t: (tiles[t], t))
            return Decision(unit.id, [*_move(unit, tile), {"type": "seize", "unit": unit.id}],
                            f"seizes the {tile_terrain(state, tile).name} at {tile}")
    if seizing and not unit.lord:
        tiles = {t: c for t, c in tiles.items()
                 if not tile_terrain(state, t).seizable} or tiles
    foes = _known_foes(state, unit, options)
    careful = unit.lord and unit.side == state.party and any(
        u.boss and not u.out and u.side != unit.side for u in state.units) and any(
        u.side == unit.side and not u.out and u.id != unit.id for u in state.units)
    if careful:
        safe = {t: c for t, c in tiles.items() if not _threatened(state, t, foes, options)}
        tiles = safe or {unit.position: 0}
    if not unit.acted and unit.hp * 2 <= unit.max_hp and any(
            i.casefold() == "vulnerary" for i in unit.character.inventory):
        return Decision(unit.id, _finish(unit, [{"type": "vulnerary", "unit": unit.id}]),
                        "drinks a Vulnerary")
    candidates = _attacks(state, unit, tiles, foes, options) if not unit.acted else []
    if careful:
        candidates = [c for c in candidates if c.defeated <= LORD_RISK]
    # only a boss left, holding its throne: waiting would never end the battle
    bosses_only = all(f.boss for f in foes)
    bar = NOT_WORTH if unit.side == state.party and not bosses_only else float("-inf")
    if candidates and candidates[0].score >= bar:
        best = candidates[0]
        actions = _move(unit, best.tile) + [{"type": "attack", "unit": unit.id,
                                             "target": best.target, "weapon": best.weapon}]
        return Decision(unit.id, _finish(unit, actions),
                        f"attacks {best.target} from {best.tile} "
                        f"({best.defeat_target:.0%} to defeat)", candidates)
    healed = _heal(state, unit, tiles, options) if not unit.acted else None
    if healed is not None:
        return Decision(unit.id, _finish(unit, healed), "heals an ally", candidates)
    goal = _goal(state, unit, foes)
    if goal is None and unit.position not in tiles:
        tile = min(tiles, key=lambda t: (tiles[t], t))
        return Decision(unit.id, _finish(unit, _move(unit, tile)),
                        "makes way for the Lord's seize", candidates)
    if goal is None or len(tiles) == 1:
        return Decision(unit.id, _finish(unit, []), "holds its ground", candidates)
    tile = min(tiles, key=lambda t: (manhattan(t, goal), tiles[t], t))
    return Decision(unit.id, _finish(unit, _move(unit, tile)),
                    _walk_reason(unit, tile, goal, careful), candidates)


def _walk_reason(unit: TabletopUnit, tile: Tile, goal: Tile, careful: bool) -> str:
    """What the walk does, said truly: a careful Lord kept to the tiles no foe can
    strike may end farther from the goal than she started (issue 24: "advances
    toward (7, 4)" while she stepped back from (2, 4) to (0, 4))."""
    assert unit.position is not None
    if manhattan(tile, goal) < manhattan(unit.position, goal):
        return f"advances toward {goal}"
    if careful and tile != unit.position:
        return f"keeps out of the foes' reach (toward {goal} only where no foe can strike)"
    if careful:
        return "holds its ground out of the foes' reach"
    return f"holds its ground (no tile nearer {goal})"


def _may_seize(state: TabletopBattle, unit: TabletopUnit) -> bool:
    """Whether the unit's side can seize now: a Lord of its side stands and no boss
    of another side does (001 L111)."""
    return not any(u.boss and not u.out and u.side != unit.side for u in state.units) and any(
        u.lord and not u.out and u.side == unit.side for u in state.units)


def _seizable(state: TabletopBattle, unit: TabletopUnit, tiles: dict[Tile, int]) -> list[Tile]:
    """The thrones and gates among ``tiles`` no other unit stands on."""
    taken = {u.position for u in state.units if u.on_map and u.id != unit.id}
    return [t for t in tiles if t not in taken and tile_terrain(state, t).seizable]


def _threatened(state: TabletopBattle, tile: Tile, foes: list[TabletopUnit],
                options: TabletopOptions) -> bool:
    """Whether a foe could move and strike ``tile`` next phase (MOV + range, a bound)."""
    for foe in foes:
        arms = weapons(foe)
        if not arms or foe.position is None:
            continue
        top = max(w.max_range if w.max_range is not None else 5 for w in arms)
        step = 0 if foe.boss else mov(state, foe, options)
        if manhattan(foe.position, tile) <= step + top:
            return True
    return False


def _move(unit: TabletopUnit, tile: Tile) -> list[dict[str, Any]]:
    return [] if tile == unit.position else [{"type": "move", "unit": unit.id, "to": list(tile)}]


def _attacks(state: TabletopBattle, unit: TabletopUnit, tiles: dict[Tile, int],
             foes: list[TabletopUnit], options: TabletopOptions) -> list[Candidate]:
    found: list[Candidate] = []
    arms = [w for w in weapons(unit) if can_wield(unit.character, w, options)[0]]
    occupied = {u.position for u in state.units if u.on_map and u.id != unit.id}
    for weapon in arms:
        for foe in foes:
            assert foe.position is not None
            defender = fighter(state, foe, equipped_weapon(foe), options)
            for tile in tiles:
                if tile in occupied:
                    continue
                distance = manhattan(tile, foe.position)
                if not weapon.reaches(distance, unit.character.stats.pow):
                    continue
                attacker = fighter(state, unit, weapon, options, at=tile)
                try:
                    plan = fight.plan_fight(attacker, defender, distance, options)
                except RulesError:
                    continue
                found.append(_score(plan, tile, foe, weapon.name))
    found.sort(key=lambda c: (-c.score, c.tile, c.target))
    return found


def _score(plan: fight.FightPlan, tile: Tile, foe: TabletopUnit, weapon: str) -> Candidate:
    odds = fight.forecast(plan)
    a, d = plan.attacker, plan.defender
    hit = sum(plan.rolls["attacker"].probabilities()[k] for k in ("hit", "crit"))
    counter = plan.rolls.get("defender")
    counter_hit = sum(counter.probabilities()[k] for k in ("hit", "crit")) if counter else 0.0
    dealt = odds.expected_damage("defender") / max(1, d.hp)
    taken = odds.expected_damage("attacker") / max(1, a.hp)
    score = odds.defender_falls + 0.5 * dealt - 1.5 * odds.attacker_falls - 0.3 * taken
    return Candidate(tile, foe.id, weapon, hit, counter_hit, odds.defender_falls,
                     odds.attacker_falls, score)


def _heal(state: TabletopBattle, unit: TabletopUnit, tiles: dict[Tile, int],
          options: TabletopOptions) -> list[dict[str, Any]] | None:
    rods = [s for s in staves(unit) if can_wield(unit.character, s, options)[0]]
    if not rods:
        return None
    hurt = sorted((u for u in state.units if u.side == unit.side and u.on_map
                   and u.id != unit.id and u.hp < u.max_hp), key=lambda u: u.hp - u.max_hp)
    occupied = {u.position for u in state.units if u.on_map and u.id != unit.id}
    for ally in hurt:
        assert ally.position is not None
        for tile in sorted(tiles, key=lambda t: tiles[t]):
            if tile not in occupied and rods[0].reaches(manhattan(tile, ally.position),
                                                        unit.character.stats.pow):
                return _move(unit, tile) + [{"type": "use_staff", "unit": unit.id,
                                             "target": ally.id, "staff": rods[0].name}]
    return None


def _goal(state: TabletopBattle, unit: TabletopUnit, foes: list[TabletopUnit]) -> Tile | None:
    assert unit.position is not None
    here = unit.position
    if unit.lord and not any(u.boss and not u.out and u.side != unit.side for u in state.units):
        # a tile an ally holds counts: the ally makes way (``decide``)
        taken = {u.position for u in state.units
                 if u.on_map and u.id != unit.id and u.side != unit.side}
        thrones = [t for t in state.map.board().tiles()
                   if tile_terrain(state, t).seizable and t not in taken]
        if thrones:
            return min(thrones, key=lambda t: manhattan(t, here))
    if foes:
        nearest = min(foes, key=lambda f: manhattan(f.position or here, here))
        return nearest.position
    return None
