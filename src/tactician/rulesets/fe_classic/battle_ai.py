"""The engine's play (a Tactician choice, not a rule of 002): each unit in turn picks
the move and attack whose exact forecast scores best.

For every tile it can reach and every foe its weapons (or offensive staff) reach
from there, the forecast of that very combat (``fight.forecast``, the procedure
the dice resolve) gives the chance the foe falls, the expected damage each way
and the chance the unit itself falls; the score is
``2·P(foe falls) + E[damage dealt]/foe's max HP − 3·P(falls) − ½·E[damage taken]/max HP``
(a Lord counts its own fall ten times: 002 L17-19 it "must always be present").
A staff scores half its chance to land. With no attack, a unit moves toward the
nearest foe (a Lord holds back until no boss stands, then goes for the Throne
and seizes it; her allies then keep off the Throne and step off it). A boss holds
its tile (GBA bosses guard the throne). ``--explain`` shows each unit's best
candidates.

Under fog (``fog_rules = tabletop``, a scenario with ``fog: true``) the foes a unit
scores, and the one it walks toward, are those its side sees (``battle_sight``:
001 L110's view of 4 squares ahead (``fe_common.battle.vision``), read as
every side's view: ruling ``ai_sight = own_side``; ``gm_sees_all`` plays on the
whole board). Its moves are still the rules' own: a hidden unit blocks a path as
it does on the table, and the bosses and the Throne are the briefing's, known to all.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from tactician.errors import TacticianError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_classic import fight, staves
from tactician.rulesets.fe_classic.battle_combat import plan_attack, plan_staff, weapons_of
from tactician.rulesets.fe_classic.battle_moves import profile, reach
from tactician.rulesets.fe_classic.battle_sight import shown_units
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER

Tile = tuple[int, int]


@dataclass(frozen=True)
class Candidate:
    tile: Tile
    target: ClassicUnit
    action: str
    weapon: str
    hit: float
    counter_hit: float
    defeat_target: float
    defeated: float
    score: float

    def row(self) -> dict[str, Any]:
        return {"tile": list(self.tile), "target": self.target.id, "weapon": self.weapon,
                "action": self.action, "hit": self.hit, "counter_hit": self.counter_hit,
                "defeat_target": self.defeat_target, "defeated": self.defeated,
                "score": round(self.score, 6)}


def _attack(state: ClassicBattle, unit: ClassicUnit, tile: Tile, foe: ClassicUnit
            ) -> Candidate | None:
    placed = unit.model_copy(update={"position": tile})
    there = state.replace_units(placed)
    try:
        plan = plan_attack(there, placed, foe, None)
    except TacticianError:
        return None
    odds = fight.forecast(plan)
    first = plan.rolls[ATTACKER].probabilities()
    counter = plan.rolls.get(DEFENDER)
    counter_hit = 0.0 if counter is None else sum(
        p for k, p in counter.probabilities().items() if k in ("hit", "crit"))
    falls = odds.falls(ATTACKER)
    weight = 30.0 if unit.lord else 3.0
    score = (2 * odds.falls(DEFENDER) + odds.expected_damage(DEFENDER) / foe.max_hp
             - weight * falls - 0.5 * odds.expected_damage(ATTACKER) / unit.max_hp)
    weapon = plan.attacker.weapon.name if plan.attacker.weapon else ""
    return Candidate(tile, foe, "attack", weapon, first["hit"] + first["crit"], counter_hit,
                     odds.falls(DEFENDER), falls, score)


def _staff(state: ClassicBattle, unit: ClassicUnit, tile: Tile, foe: ClassicUnit
           ) -> Candidate | None:
    if any(k in foe.statuses for k in staves.OFFENSIVE):
        return None
    placed = unit.model_copy(update={"position": tile})
    there = state.replace_units(placed)
    try:
        plan = plan_staff(there, placed, foe, None)
    except TacticianError:
        return None
    landed = staves.probability(plan)
    staff = plan.user.weapon.name if plan.user.weapon else ""
    return Candidate(tile, foe, "staff", staff, landed, 0.0, 0.0, 0.0, 0.5 * landed)


def known_foes(state: ClassicBattle, unit: ClassicUnit) -> list[ClassicUnit]:
    """The foes on the map ``unit`` may decide on: under fog with ``ai_sight =
    own_side``, only those its side sees (001 L110); else every one."""
    blind = state.fogged and state.rules_options().ai_sight == "own_side"
    return [u for u in shown_units(state, unit.side if blind else None)
            if u.on_map and u.side != unit.side and u.position is not None]


def candidates(state: ClassicBattle, unit: ClassicUnit) -> list[Candidate]:
    tiles = [unit.position] if unit.boss else list(reach(state, unit).remaining)
    foes = known_foes(state, unit)
    carried = weapons_of(unit)
    longest = max((w.range[1] or max(5, unit.character.stats.pow // 2) for w in carried),
                  default=0)
    has_staff = any(staves.status_of(w.name) for w in carried)
    found = []
    for tile in tiles:
        assert tile is not None
        for foe in foes:
            assert foe.position is not None
            if manhattan(tile, foe.position) > longest:
                continue
            for make in (_attack, _staff) if has_staff else (_attack,):
                c = make(state, unit, tile, foe)
                if c is not None:
                    found.append(c)
    return sorted(found, key=lambda c: (-c.score, c.tile, c.target.id))


def distances(state: ClassicBattle, unit: ClassicUnit, goals: list[Tile]) -> dict[Tile, int]:
    """Movement the unit needs from each tile to stand next to a goal (Dijkstra over the
    unit type's costs, walls and water included, other units ignored)."""
    board = state.board()
    move = profile(state, unit)
    best: dict[Tile, int] = {}
    queue: list[tuple[int, Tile]] = []
    for goal in goals:
        for tile in (*board.neighbours(goal), goal):
            if tile not in best:
                best[tile] = 0
                heapq.heappush(queue, (0, tile))
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best.get(here, cost):
            continue
        step = move.step_for(board.terrain_at(here).name)
        if step is None:
            continue
        for nxt in board.neighbours(here):
            total = cost + step.cost  # walking from nxt into here
            if total < best.get(nxt, total + 1):
                best[nxt] = total
                heapq.heappush(queue, (total, nxt))
    return best


def _toward(state: ClassicBattle, unit: ClassicUnit, goals: list[Tile],
            avoid: frozenset[Tile] = frozenset()) -> Tile | None:
    """The reachable tile, none of ``avoid``, that brings the unit closest to a goal;
    None to stay. A unit standing on a tile of ``avoid`` steps off it even with no
    goal (an ally making way for the Lord's seize)."""
    if unit.boss:
        return None
    assert unit.position is not None
    spots = {t: left for t, left in reach(state, unit).remaining.items() if t not in avoid}
    if unit.position in avoid and spots:
        if not goals:
            return min(spots, key=lambda t: (-spots[t], t))
    elif not goals or not spots:
        return None
    far = distances(state, unit, goals)
    unreachable = 10**6
    here = far.get(unit.position, unreachable) if unit.position not in avoid else unreachable + 1
    best = min(spots, key=lambda t: (far.get(t, unreachable), -spots[t], t))
    return best if far.get(best, unreachable) < here else None


def _thrones(state: ClassicBattle) -> list[Tile]:
    return [(x, y) for y, row in enumerate(state.rows) for x, _ in enumerate(row)
            if state.tile_at((x, y)).seizable]


class ClassicPlanner:
    """Plays every unit of the side whose phase it is (the command line refuses a
    players' side unless ``--any-side``), and starts a battle still in set-up with
    the units as placed."""

    def __init__(self, every_side: bool) -> None:
        self.every_side = every_side

    def _next_unit(self, state: ClassicBattle) -> ClassicUnit | None:
        for unit in state.units:
            if (isinstance(unit, ClassicUnit) and unit.side == state.side and unit.on_map
                    and not unit.done and not unit.acted
                    and "berserk" not in unit.statuses):  # played at the phase's end
                return unit
        return None

    def next(self, state: ClassicBattle) -> dict[str, Any] | None:
        if state.result != "ongoing":
            return None
        if state.stage == "setup":
            return {"unit": None, "tier": None, "actions": [{"type": "start"}],
                    "reason": "deploy as placed and begin", "candidates_scored": 0, "best": []}
        unit = self._next_unit(state)
        if unit is None:
            return None
        base = {"unit": unit.id, "tier": unit.tier or "player"}
        if "sleep" in unit.statuses:
            return base | {"actions": [{"type": "wait", "unit": unit.id}], "reason": "asleep",
                           "candidates_scored": 0, "best": []}
        bosses = [u for u in state.units if u.side != unit.side and getattr(u, "boss", False)
                  and not u.out]
        thrones = _thrones(state)
        if unit.lord and not bosses and thrones:
            if unit.position in thrones:
                return base | {"actions": [{"type": "seize", "unit": unit.id}],
                               "reason": "seize the Throne", "candidates_scored": 0,
                               "best": []}
            spots = reach(state, unit).remaining
            on = [t for t in thrones if t in spots and state.at(t) is None]
            if on:
                return base | {"actions": [{"type": "move", "unit": unit.id, "to": list(on[0])},
                                           {"type": "seize", "unit": unit.id}],
                               "reason": "reach the Throne and seize it",
                               "candidates_scored": 0, "best": []}
        # with the bosses down its allies keep off the Throne the Lord must seize
        making_way = frozenset(thrones) if not unit.lord and not bosses and any(
            u.lord and not u.out and u.side == unit.side for u in state.units) else frozenset()
        scored = [c for c in candidates(state, unit) if c.tile not in making_way]
        best = [c.row() for c in scored[:10]]
        if scored and scored[0].score > (0.0 if unit.lord else -0.5):
            top = scored[0]
            actions: list[dict[str, Any]] = []
            if top.tile != unit.position:
                actions.append({"type": "move", "unit": unit.id, "to": list(top.tile)})
            actions.append({"type": top.action, "unit": unit.id, "target": top.target.id,
                            "weapon": top.weapon})
            reason = (f"{top.action} {top.target.name} from {top.tile} with {top.weapon}: "
                      f"falls {top.defeat_target:.0%}, risk {top.defeated:.0%}")
            return base | {"actions": actions, "reason": reason,
                           "candidates_scored": len(scored), "best": best}
        if unit.lord and not bosses and thrones:
            goals = thrones
        elif unit.lord:  # a Lord must survive (L17-19): it waits for the way to clear
            goals = []
        else:
            goals = [u.position for u in known_foes(state, unit) if u.position is not None]
        to = _toward(state, unit, goals, making_way)
        actions = [{"type": "move", "unit": unit.id, "to": list(to)}] if to else []
        actions.append({"type": "wait", "unit": unit.id})
        reason = "advance toward the Throne" if goals is thrones else \
            ("advance toward the nearest foe" if to and goals else
             "make way for the Lord's seize" if to else "hold")
        return base | {"actions": actions, "reason": reason, "candidates_scored": len(scored),
                       "best": best}


def planner(every_side: bool) -> ClassicPlanner:
    return ClassicPlanner(every_side)
