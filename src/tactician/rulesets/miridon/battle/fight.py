"""One fight between two unit files (``tactician forecast|attack --ruleset miridon``):
the two characters on a small open map ``distance`` squares apart (default: adjacent),
the attacker's turn, one ``attack`` action. The forecast and the resolution are the
battle's own (``forecast.attack_forecast`` and the ``attack`` action), so they cannot
disagree. The defender's reaction is ``--defence`` (none, dodge, block, heavy, super,
shield = block with Shield Block) or its policy; a Riposte is not part of one fight (it
is an attack of the defender's, shown by a battle).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.rulesets.contract import FightRequest
from tactician.rulesets.miridon.battle.forecast import attack_forecast
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.battle.scenario import Placement, start_unit
from tactician.rulesets.miridon.battle.state import MapState, MiridonBattle, terrain_set

DEFENCES = {"none": {"dodge": "no", "block": "none"},
            "dodge": {"dodge": "yes", "block": "none"},
            "block": {"dodge": "no", "block": "block"},
            "heavy": {"dodge": "no", "block": "heavy"},
            "super": {"dodge": "no", "block": "super"},
            "shield": {"dodge": "no", "block": "block", "shield": "yes"}}


@dataclass(frozen=True)
class FightPlan:
    rules: MiridonBattleRules
    state: MiridonBattle
    action: dict[str, Any]


def plan_fight(request: FightRequest) -> FightPlan:
    from tactician.rulesets.miridon.build import load_character

    rules = MiridonBattleRules(request.options)
    distance = 1 if request.distance is None else request.distance
    if not 1 <= distance <= 60:
        raise RulesError(f"distance {distance}: give 1..60 squares")
    terrains = terrain_set()
    board = Board(distance + 3, 3, [terrains["open"]] * (3 * (distance + 3)))
    units = []
    for number, (who, combatant, at, facing) in enumerate((
            ("attacker", request.attacker, (1, 1), "e"),
            ("defender", request.defenders[0], (1 + distance, 1), "w")), start=1):
        character = load_character(combatant.path, rules.book)
        placement = Placement(id=who, side="player" if who == "attacker" else "enemy",
                              at=at, file=str(combatant.path), facing=facing,
                              weapon=combatant.weapon if who == "attacker" else None,
                              hp=combatant.hp)
        units.append(start_unit(placement, character, number, "player", rules.book,
                                f"{combatant.path}"))
    if units[0].name == units[1].name:
        units = [u.model_copy(update={"name": f"{u.name} ({u.id})"}) for u in units]
    state = MiridonBattle(name="fight", map=MapState.of(board), units=tuple(units),
                          order=("attacker", "defender"), options=tuple(request.options))
    action: dict[str, Any] = {"type": "attack", "unit": "attacker", "target": "defender",
                              "riposte": "no"}
    if request.defence is not None:
        if request.defence not in DEFENCES:
            raise RulesError(f"miridon defences are {', '.join(DEFENCES)}, not "
                             f"{request.defence!r}")
        action.update(DEFENCES[request.defence])
    return FightPlan(rules, state, action)


def forecast(plan: FightPlan) -> dict[str, Any]:
    return attack_forecast(plan.rules.book, plan.rules.options, plan.state, plan.action)


def resolve(plan: FightPlan, dice: DiceSource) -> dict[str, Any]:
    after, outcome = plan.rules.apply(plan.state, plan.action, dice)
    strikes = [s for r in outcome.records if r.get("type") == "attack" for s in r["strikes"]]
    lines = [line for r in outcome.records for line in r.get("lines", [])]
    return {
        "ruleset": "miridon", "seed": getattr(dice, "seed", None),
        "hp": {u.name: u.hp for u in after.units},
        "dice": [{"sides": d.sides, "value": d.value, "purpose": d.purpose}
                 for d in dice.draws],
        "unused_rolls": list(getattr(dice, "unused", [])),
        "strikes": strikes, "critically_wounded": [], "lines": lines,
        "summary": outcome.summary,
    }
