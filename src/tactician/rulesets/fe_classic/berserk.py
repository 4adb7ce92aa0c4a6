"""A berserk unit's turn, played by the engine (FE8 ``UNIT_STATUS_BERSERK``).

002 names status staves (L145-146 "Offensive staves (Status inflicting staves,
generally)") but not what Berserk does; FE8's Berserk staff takes the unit out
of its commander's hands: the game's AI plays it and it attacks any unit, friend
or foe. Ruling (docs/rulings.md, Battles, "Berserk"): the unit's commands are
refused while it is berserk; at the end of its side's phase, if it has not
acted, the engine picks the nearest other unit on the map (Manhattan distance,
then the lower id), attacks it from the nearest tile it can reach that its
weapon covers (the tile it stands on first), else walks toward it and waits. A
berserk unit that is asleep only waits.
"""

from __future__ import annotations

from typing import Any

from tactician.errors import TacticianError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_classic.battle_ai import _toward  # the AI's walk toward a tile
from tactician.rulesets.fe_classic.battle_combat import plan_attack
from tactician.rulesets.fe_classic.battle_moves import reach
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit

Tile = tuple[int, int]


def is_berserk(unit: ClassicUnit) -> bool:
    return "berserk" in unit.statuses


def nearest(state: ClassicBattle, unit: ClassicUnit) -> ClassicUnit | None:
    """The nearest other unit on the map, any side; ties to the lower id."""
    assert unit.position is not None
    here = unit.position
    others = [(manhattan(here, u.position), u.id, u) for u in state.units
              if isinstance(u, ClassicUnit) and u.id != unit.id and u.on_map
              and u.position is not None]
    return min(others, key=lambda o: (o[0], o[1]))[2] if others else None


def plan(state: ClassicBattle, unit: ClassicUnit) -> list[dict[str, Any]]:
    """The berserk unit's actions this turn (move, then attack or wait)."""
    wait = [{"type": "wait", "unit": unit.id}]
    target = nearest(state, unit)
    if "sleep" in unit.statuses or target is None or unit.position is None:
        return wait
    start = unit.position
    tiles = sorted(reach(state, unit).remaining, key=lambda t: (manhattan(start, t), t))
    for tile in tiles:
        placed = unit.model_copy(update={"position": tile})
        try:
            plan_attack(state.replace_units(placed), placed, target, None)
        except TacticianError:
            continue
        move = [] if tile == start else [{"type": "move", "unit": unit.id, "to": list(tile)}]
        return [*move, {"type": "attack", "unit": unit.id, "target": target.id}]
    assert target.position is not None
    to = _toward(state, unit, [target.position])
    return ([{"type": "move", "unit": unit.id, "to": list(to)}] if to else []) + wait
