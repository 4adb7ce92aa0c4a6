"""The AI for UESRPG units the players do not control (``controller: ai``).

``Planner.next(state)`` gives the next decision while the unit whose Turn it is
is AI-controlled, and None when a player's unit has the Turn (or the battle is
over). Before initiative, the first decision is ``begin``. A decision is one
intent, a short list of actions applied in order: [move, attack], [attack],
[move, end_turn], [end_turn], [stand], [extinguish]; the planner is asked again
after each, so it re-plans on what the dice did. It ends its own Turns, so the
table does not append an ``end_phase`` (``ends_own_turns``).

How it chooses (a Tactician AI, not a rule of 003): every standing foe it could
attack this Turn with every weapon, from the nearest tile in reach, is scored
with the exact forecast (the same procedure that resolves the attack, against
the defence the foe would make): score = P(foe down) + 0.5 x P(wound) + 0.1 x
expected damage / foe's HP. It attacks the best; it keeps ``ai_reserve_ap`` AP
for defending after its first action of a Turn; it never attacks a fallen foe.
With no foe in reach it moves as close as it can to the nearest standing foe.
Burning, it tries to put the flames out first; Prone, it stands when it has the
AP to spare.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.uesrpg import battle_frenzy as frenzy
from tactician.rulesets.uesrpg.battle_combat import attack_weapons, matchup
from tactician.rulesets.uesrpg.battle_moves import budget, reach
from tactician.rulesets.uesrpg.battle_rules import UesrpgBattleRules
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat
from tactician.rulesets.uesrpg.numbers import can_attack, speed

Tile = tuple[int, int]


@dataclass(frozen=True)
class Candidate:
    tile: Tile
    target: str
    weapon: str
    defence: str
    hit: float
    wound: float
    down: float
    damage: float
    score: float
    metres: int  # metres it must move first

    def describe(self) -> dict[str, Any]:
        return {
            "tile": list(self.tile),
            "target": self.target,
            "weapon": self.weapon,
            "defence": self.defence,
            "hit": round(self.hit, 4),
            "wound": round(self.wound, 4),
            "down": round(self.down, 4),
            # the keys the CLI's --explain table reads (no counterattacks in UESRPG)
            "counter_hit": 0.0,
            "defeat_target": round(self.down, 4),
            "defeated": 0.0,
            "damage_dealt": round(self.damage, 3),
            "score": round(self.score, 4),
        }


@dataclass
class Decision:
    unit: str | None
    actions: list[dict[str, Any]]
    reason: str
    candidates: list[Candidate] = field(default_factory=list)

    def describe(self, limit: int = 8) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "tier": "npc" if self.unit else None,
            "actions": self.actions,
            "reason": self.reason,
            "candidates_scored": len(self.candidates),
            "best": [c.describe() for c in self.candidates[:limit]],
        }


def foes(state: UesrpgBattle, unit: UnitState) -> list[UnitState]:
    """Standing enemies on the map."""
    return [u for u in state.units if u.side != unit.side and not u.down and u.position]


def _frenzy_allows(state: UesrpgBattle, unit: UnitState, tile: Tile, foe: Tile) -> bool:
    """A Frenzied unit attacks only a nearest foe, and moves only to get nearer."""
    assert unit.position is not None
    if manhattan(tile, foe) != frenzy.nearest_distance(state, unit, tile):
        return False
    if tile == unit.position:
        return True
    before = frenzy.nearest_distance(state, unit, unit.position)
    after = frenzy.nearest_distance(state, unit, tile)
    return before is None or (after is not None and after < before)


def candidates(
    state: UesrpgBattle, unit: UnitState, rules: UesrpgBattleRules, ap_for_attack: int
) -> list[Candidate]:
    """Every attack it could make this Turn, scored by exact odds."""
    options = rules.battle_options
    current = combat(unit)
    if not can_attack(current) or current.ap < ap_for_attack or unit.position is None:
        return []
    # metres it may spend and still keep the AP for the attack
    metres = unit.move_left
    if current.ap >= ap_for_attack + options.move_ap and speed(current) > 0:
        metres = budget(unit, options)
    elif speed(current) == 0:
        metres = 0
    spots = reach(state, unit, options, metres).remaining
    found: list[Candidate] = []
    for weapon in attack_weapons(unit):
        for foe in foes(state, unit):
            assert foe.position is not None
            tiles = [t for t in spots if 1 <= manhattan(t, foe.position) <= max(1, weapon.reach)]
            if frenzy.frenzied(unit):
                # 003 Frenzied: "Must All Out Attack the nearest target each Turn"
                tiles = [t for t in tiles if _frenzy_allows(state, unit, t, foe.position)]
            if not tiles:
                continue
            tile = min(tiles, key=lambda t: (metres - spots[t], t != unit.position, t))
            try:
                odds = matchup(state, unit, foe, rules, weapon)
            except RulesError:
                continue
            result = odds.odds
            value = result.kill + 0.5 * result.wound + 0.1 * result.expected_damage() / max(
                1, foe.hp
            )
            found.append(
                Candidate(tile, foe.id, weapon.name, odds.chosen, result.hit, result.wound,
                          result.kill, result.expected_damage(), value, metres - spots[tile])
            )
    found.sort(key=lambda c: (-c.score, c.metres, c.target, c.weapon))
    return found


def _approach(
    state: UesrpgBattle, unit: UnitState, rules: UesrpgBattleRules, metres: int
) -> Tile | None:
    """The reachable tile nearest (Manhattan) to the nearest standing foe; None to stay."""
    targets = [f.position for f in foes(state, unit) if f.position is not None]
    if not targets or unit.position is None:
        return None
    spots = reach(state, unit, rules.battle_options, metres).remaining

    def distance(tile: Tile) -> int:
        return min(manhattan(tile, t) for t in targets)

    best = min(spots, key=lambda t: (distance(t), -spots[t], t))
    if distance(best) >= distance(unit.position):
        return None
    return best


def decide(state: UesrpgBattle, unit: UnitState, rules: UesrpgBattleRules) -> Decision:
    """What the unit does next this Turn, and why."""
    options = rules.battle_options
    current = combat(unit)
    me = unit.id
    end = {"type": "end_turn", "unit": me}
    if current.condition("Burning") is not None and current.ap >= 1:
        return Decision(me, [{"type": "extinguish", "unit": me}], "burning: put out the flames")
    reserve = options.ai_reserve_ap if unit.spent else 0
    if current.condition("Prone") is not None and current.ap >= 1 + reserve + options.attack_ap:
        return Decision(me, [{"type": "stand", "unit": me}], "prone: stand up")
    found = candidates(state, unit, rules, options.attack_ap)
    affordable = []
    for c in found:
        cost = options.attack_ap + (options.move_ap if c.metres > unit.move_left else 0)
        if current.ap - cost >= reserve:
            affordable.append(c)
    if affordable:
        best = affordable[0]
        actions: list[dict[str, Any]] = []
        if best.tile != unit.position:
            actions.append({"type": "move", "unit": me, "to": list(best.tile)})
        actions.append({"type": "attack", "unit": me, "target": best.target,
                        "weapon": best.weapon})
        why = (f"attack {best.target} with {best.weapon} from {tuple(best.tile)}: hit "
               f"{best.hit:.1%}, wound {best.wound:.1%}, down {best.down:.1%} "
               f"(it would {best.defence if best.defence != 'none' else 'not defend'})")
        return Decision(me, actions, why, found)
    if found:
        return Decision(me, [end], "keeps its AP to defend", found)
    metres = budget(unit, options) if current.ap - options.move_ap >= reserve else unit.move_left
    goal = _approach(state, unit, rules, metres) if metres else None
    if goal is not None:
        return Decision(
            me, [{"type": "move", "unit": me, "to": list(goal)}, end],
            "no foe in reach: close in on the nearest",
        )
    return Decision(me, [end], "no foe in reach" if not unit.spent else "nothing more to do")


class Planner:
    """Plays the AI-controlled units' Turns, one decision at a time."""

    ends_own_turns = True

    def __init__(self, rules: UesrpgBattleRules) -> None:
        self.rules = rules

    def next(self, state: UesrpgBattle) -> dict[str, Any] | None:
        if state.result != "ongoing":
            return None
        if not state.started:
            return Decision(None, [{"type": "begin"}], "roll initiative").describe()
        unit = state.current
        if unit is None or unit.controller != "ai":
            return None
        return decide(state, unit, self.rules).describe()


def planner(rules: UesrpgBattleRules) -> Planner:
    return Planner(rules)
