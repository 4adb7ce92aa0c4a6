"""The board as data (``docs/schemas/battle_show.json``), whole or as one side sees it.

001 L110: "Whether it is fog, or decreased lighting conditions these all count
as a 'Fog of War' environment. Players are assumed to have a view of 4 squares
ahead of them. A thief/rogue can see a total of 8 squares ahead of him, and a
torch allows the party to see 4 squares ahead." In a battle with fog, a side's
view (``side_view``) holds its own units and only the other units standing on
a tile one of its units sees (``vision``, ruling ``vision_shape``): nothing
else names them (supports, the units acting, a reach computed around them).
Without fog every side sees everything.
"""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import attack_tiles
from tactician.rulesets.contract.sight import renumbered
from tactician.rulesets.fe_common.battle.known import known_to
from tactician.rulesets.fe_common.battle.turn import turn_left
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle, TabletopUnit
from tactician.rulesets.fe_tabletop.battle_units import (
    klass,
    reach,
    tile_terrain,
    vision_of,
    weapons,
)
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.player_turns import order_due
from tactician.rulesets.fe_tabletop.terrain import core_terrain_set, load_terrain
from tactician.rulesets.fe_tabletop.vision import visible_tiles

Tile = tuple[int, int]


def seen_by(state: TabletopBattle, side: str) -> frozenset[Tile]:
    """Every tile a unit of ``side`` sees (001 L110)."""
    viewers = [(u.position, vision_of(u)) for u in state.units
               if u.side == side and u.on_map and u.position is not None]
    return visible_tiles(state.map.board(), viewers)


def shown_units(state: TabletopBattle, side: str | None) -> list[TabletopUnit]:
    """The units ``side`` may see: all without fog or without a side (but those the GM
    hid from it: ``engine.gm_edit``, whatever the fog)."""
    if side is None:
        return list(state.units)
    units = [u for u in state.units if u.side == side or u.id not in state.gm_hidden]
    if not state.fog:
        return units
    tiles = seen_by(state, side)
    return [u for u in units if u.side == side
            or (u.carried_by is None and u.position is not None and u.position in tiles)]


def _unit_row(state: TabletopBattle, u: TabletopUnit) -> dict[str, Any]:
    c = u.character
    return {
        "id": u.id, "name": u.name, "side": u.side, "number": u.number,
        # the GM plays every unit off the party's side (001 L42); None: a player's
        "tier": None if u.side == state.party else "gm",
        "player": u.player, "class": c.class_name, "level": c.level, "exp": c.exp,
        "position": list(u.position) if u.position else None,
        "hp": u.hp, "max_hp": u.max_hp, "equipped": u.equipped,
        "acted": u.acted, "move_taken": u.moved, "done": u.done, "lord": u.lord, "boss": u.boss,
        "carrying": u.carrying, "carried_by": u.carried_by, "torch": u.torch,
        "inventory": [{"item": i, "uses": u.uses.get(i)} for i in c.inventory],
        "ranks": dict(c.ranks), "rank_uses": dict(c.rank_uses),
        "effects": [],
    }


def _seizes(state: TabletopBattle) -> list[str]:
    """Seize the Throne (001 L111), whenever the party has a Lord and the map a throne."""
    if not any(u.lord and u.side == state.party for u in state.units):
        return []
    board = state.map.board()
    return [f"a Lord seizes the {tile_terrain(state, t).name} at {t} (the boss defeated)"
            for t in board.tiles() if tile_terrain(state, t).seizable]


def side_state(state: TabletopBattle, side: str) -> TabletopBattle:
    """The battle as ``side`` knows it (``fe_common.battle.known``): the units it sees,
    and of the supports only those between them."""
    if not state.fog and not state.gm_hidden:
        return state
    shown = {u.id for u in shown_units(state, side)}
    known = known_to(state, shown)
    return known.model_copy(update={"supports": tuple(
        s for s in state.supports if set(s.units) <= shown)})


def board_view(state: TabletopBattle, reach_unit: str | None, options: TabletopOptions,
               side: str | None = None) -> dict[str, Any]:
    if side is not None and side not in state.sides:
        raise RulesError(f"no side {side!r} in this battle (sides: {', '.join(state.sides)})")
    hiding = state.fog or bool(state.gm_hidden)  # a seen foe's number: among the seen
    if side is not None:  # built from what the side knows: the others are not in it
        state = side_state(state, side)
    units = shown_units(state, side)
    ids = {u.id for u in units}
    current = state.current_player
    acting = None
    if current is not None:
        acting = [u.id for u in units if u.side == state.party and u.player == current
                  and u.on_map]
    data: dict[str, Any] = {
        "ruleset": "fe-tabletop", "name": state.name, "round": state.round,
        "phase": state.side, "sides": list(state.sides), "result": state.result,
        "result_reason": state.result_reason,
        **state.map.describe(core_terrain_set(load_terrain())),
        "objectives": {"victory": [*(o.describe() for o in state.objectives.victory),
                                   *_seizes(state)],
                       "defeat": [o.describe() for o in state.objectives.defeat],
                       "draw": state.objectives.draw()},
        "units": renumbered([_unit_row(state, u) for u in units], side) if side and hiding
        else [_unit_row(state, u) for u in units],
        "fog": state.fog, "weather": state.weather, "viewer": side,
        "players": list(state.players), "player_order": list(state.player_order),
        "current_player": current,
        "supports": [{"units": list(s.units), "fights": s.fights, "rank": s.rank}
                     for s in state.supports if set(s.units) <= ids],
        "buildings": [{"at": list(b.at), "visited": b.visited} for b in state.buildings],
        "supply": list(state.supply),
    }
    if acting is not None:
        data["acting"] = acting
    elif order_due(state):  # 001 L42: no player's turn until the d100s name one
        data["order_due"] = True
    if side is None and state.gm_hidden:  # the GM's own view only
        data["gm_hidden"] = list(state.gm_hidden)
    if side is None and state.fog:
        # the GM's view says what each side sees (the GM's page shows it); a side's own
        # view is built from what it knows (``side_state``), never filtered from this
        data["visibility"] = {s: sorted(u.id for u in shown_units(state, s))
                              for s in state.sides}
    if reach_unit is not None:
        data["reach"] = _reach(state, reach_unit, ids, options)
    return data


def _reach(state: TabletopBattle, unit_id: str, shown: set[str], options: TabletopOptions
           ) -> dict[str, Any]:
    if unit_id not in shown:
        raise RulesError(f"no unit {unit_id!r} in sight")
    unit = state.unit(unit_id)
    if not unit.on_map or unit.position is None:
        raise RulesError(f"{unit.name} is not standing on the map")
    # a side's reach is drawn around the foes it sees only (hidden ones block unseen)
    hidden = [u.id for u in state.units if u.id not in shown]
    seen = state.replace_units(*(state.unit(i).model_copy(update={"position": None})
                                 for i in hidden)) if hidden else state
    may_move, may_act = turn_left(state, unit)  # moved, acted: only what is left
    moves = reach(seen, unit, options) if may_move else {unit.position: 0}
    targets: set[Tile] = set()
    for weapon in weapons(unit) if may_act else ():
        top = weapon.max_range if weapon.max_range is not None else \
            max(5, unit.character.stats.pow // 2)
        targets |= attack_tiles(state.map.board(), moves, weapon.min_range, top)
    return {"unit": unit.id, "class": klass(unit).name,
            "move": sorted([list(t) for t in moves]),
            "attack": sorted([list(t) for t in targets - set(moves)])}
