"""Movement actions (L1923-2033) and Obstruct Movement (L2183-2188).

- ``move`` with ``to=x,y`` and ``how`` = sidestep (5 ft straight, any direction,
  L1925-1931) | fast_sidestep (10 ft, L1935-1941) | charge (up to 10 ft straight "in the
  direction they are facing or up to 60 degrees off", L1945-1953) | fast_charge (up to
  20 ft, L1957-1965); default: the cheapest that reaches. A charge faces the way it
  moved and adds the weapon's weight (x2 for a fast charge) to a melee attack's damage
  after it this block (L1953, L1965). ``face=`` turns a sidestepping unit ("any").
  Squares: on the map, not a wall, not an enemy's (allies are passed), the end free.
- ``turn`` (face=DIR, L1969-1971), ``restore_strength`` / ``restore_speed`` (5 + the
  Boost talent's rank, capped at the battle maximum, L1919-1921, L2031-2033; spec C4: the
  cap of strength is the strength maximum) are movement actions too.
- Obstruct Movement: a unit in whose melee range a movement action starts may cancel it
  (L2186-2188: "The movement is cancelled, and the [Speed Cost] and [Strength Cost] of the
  movement are still paid. The character cannot perform another [Movement Action]");
  ``obstruct`` = auto (the policy: an enemy obstructs a unit leaving its reach) | no.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.engine.actions import as_tile
from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.rulesets.miridon.battle.burrow import (
    come_up,
    gone_under,
    may_burrow,
    surface_choice,
    under_path,
    underground,
)
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import Cost, action_cost, affordable, pay, text
from tactician.rulesets.miridon.battle.geometry import (
    DIRECTIONS,
    Tile,
    direction_of,
    distance_ft,
    in_melee,
    within_cone,
)
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.reactions import defensive_ok
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState, terrain_set
from tactician.rulesets.miridon.compendium import Compendium

MOVES = {  # how -> (action, most feet, charge factor, cone)
    "sidestep": ("Sidestep", 5, 0, False),
    "fast_sidestep": ("Fast Sidestep", 10, 0, False),
    "charge": ("Charge", 10, 1, True),
    "fast_charge": ("Fast Charge", 20, 2, True),
}


def line_of(board: Board, unit: UnitState, end: Tile) -> tuple[str, list[Tile]]:
    """The straight line of squares from the unit to ``end`` along one of the 8 directions,
    or the refusal (L1929)."""
    assert unit.position is not None
    if not board.in_bounds(end):
        raise RulesError(f"{end} is off the {board.width}x{board.height} map")
    direction = direction_of(unit.position, end)
    if direction is None:
        raise RulesError(f"a movement action goes in a straight line along one of the 8 "
                         f"directions; {unit.position} -> {end} is not one (004 L1929)")
    step = DIRECTIONS[direction]
    tiles, here = [], unit.position
    while here != end:
        here = (here[0] + step[0], here[1] + step[1])
        tiles.append(here)
    return direction, tiles


def path_of(state: MiridonBattle, unit: UnitState, end: Tile) -> tuple[str, list[Tile]]:
    """The straight line of squares from the unit to ``end``, or the refusal; underground
    (Death Worm Burrow) only sand, units above passed (``burrow.under_path``)."""
    board = state.board()
    direction, tiles = line_of(board, unit, end)
    if underground(unit):
        under_path(state, unit, tiles)
        return direction, tiles
    terrains = terrain_set()
    for tile in tiles:
        if terrains[board.terrain_at(tile).name].cost_for("default") is None:
            raise RulesError(f"{tile} is a {board.terrain_at(tile).name}: it blocks movement")
        other = state.at(tile)
        if other is not None and other.id != unit.id and (
                (other.side != unit.side and not underground(other)) or tile == end):
            raise RulesError(f"{tile} is taken by {other.id}")
    return direction, tiles


def check_move(state: MiridonBattle, options: BattleOptions, unit: UnitState, end: Tile,
               how: str) -> tuple[str, list[Tile]]:
    if how not in MOVES:
        raise RulesError(f"how must be one of {', '.join(MOVES)}, not {how!r}")
    _, most, _, cone = MOVES[how]
    direction, tiles = path_of(state, unit, end)
    assert unit.position is not None
    feet = distance_ft(unit.position, end, options)
    if feet > most or (how in ("sidestep", "fast_sidestep") and feet != most):
        raise RulesError(f"{MOVES[how][0]} moves {'up to ' if cone else ''}{most} ft, "
                         f"not {feet} ft (004 L1927-1959)")
    if cone and not within_cone(unit.facing, direction):
        raise RulesError(f"a {MOVES[how][0]} goes the way {unit.id} faces ({unit.facing}) or "
                         f"up to 60 degrees off, not {direction} (004 L1949)")
    return direction, tiles


def cheapest(book: Compendium, state: MiridonBattle, options: BattleOptions, unit: UnitState,
             end: Tile) -> str:
    errors = []
    for how in sorted(MOVES, key=lambda h: sum(action_cost(book, MOVES[h][0], unit))):
        try:
            check_move(state, options, unit, end, how)
        except RulesError as exc:
            errors.append(str(exc))
            continue
        return how
    raise RulesError(errors[0] if len(errors) == 1 else
                     f"no movement action reaches {end}: " + "; ".join(dict.fromkeys(errors)))


def obstructor(book: Compendium, options: BattleOptions, state: MiridonBattle,
               unit: UnitState, end: Tile) -> UnitState | None:
    """The policy's obstructor: an enemy in whose melee range the move starts and whose
    range it leaves, that can pay and may still react (L2186)."""
    assert unit.position is not None
    if underground(unit):
        return None  # it cannot be targeted (L1518)
    for other in state.units:
        if other.side == unit.side or other.down or other.position is None:
            continue
        if other.grappling or other.grappled_by is not None or not defensive_ok(other, options) \
                or underground(other):
            continue
        if not in_melee(other.position, unit.position, options):
            continue
        if in_melee(other.position, end, options):
            continue
        if affordable(other, action_cost(book, "Obstruct Movement", other)):
            return other
    return None


@ACTIONS.register("move", keys=("to", "how", "face", "obstruct", "surface"))
def move(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "move")
    end = as_tile(action.get("to"), "to")
    how = str(action.get("how") or cheapest(ctx.book, state, ctx.options, unit, end))
    direction, tiles = check_move(state, ctx.options, unit, end, how)
    name, _, factor, cone = MOVES[how]
    cost = action_cost(ctx.book, name, unit)
    unit = active(pay(use_slot(unit, "movement", name), cost, name), state.block)
    face = action.get("face")
    if face is not None and (cone or face not in DIRECTIONS):
        raise RulesError(f"face must be one of {', '.join(DIRECTIONS)} and only after a "
                         "sidestep (a charge faces the way it moved)")
    blocker = None
    if action.get("obstruct", "auto") == "auto" and ctx.options.auto_reactions == "policy":
        blocker = obstructor(ctx.book, ctx.options, state, unit, end)
    elif action.get("obstruct", "auto") not in ("auto", "no"):
        blocker = state.unit(action.get("obstruct"))
    if blocker is not None:
        blocker_cost = action_cost(ctx.book, "Obstruct Movement", blocker)
        blocker = pay(blocker, blocker_cost, "Obstruct Movement").model_copy(
            update={"defensive": blocker.defensive + 1})
        state = state.replace_units(unit.model_copy(update={"obstructed": True}), blocker)
        ctx.say(f"{blocker.id} obstructs {unit.id}'s {name} ({text(blocker_cost)}): the move "
                "is cancelled, its costs paid, no other movement action this block (L2188)")
        ctx.summary = f"{unit.id}'s {name} is obstructed by {blocker.id}"
        return state
    facing = direction if cone else (str(face) if face else unit.facing)
    moved = unit.model_copy(update={"position": end, "facing": facing,
                                    "charge": factor or unit.charge})
    if unit.grappling:
        state = drag(state, unit, end)
    ctx.say(f"{unit.id}: {name} to {end} ({text(cost)}), facing {facing}")
    ctx.records.append({"type": "move", "unit": unit.id, "how": how,
                        "path": [list(unit.position or end), *map(list, tiles)],
                        "spent": text(cost), "movement_left": f"{moved.speed} spd",
                        "facing": facing})
    ctx.summary = f"{unit.id}: {name} to {end[0]},{end[1]}"
    if underground(unit):  # under the sand: no trap, and up at the end if it chooses
        if surface_choice(action):
            moved = come_up(moved)
            ctx.summary += ", and returns to the surface (L1518-1520)"
        return state.replace_units(moved)
    if surface_choice(action):
        raise RulesError(f"surface: {unit.id} is not underground (Death Worm Burrow, L1518)")
    from tactician.rulesets.miridon.battle.traps import enter

    assert unit.position is not None
    return enter(ctx, state.replace_units(moved), unit.id, unit.position, tiles)


def drag(state: MiridonBattle, unit: UnitState, end: Tile) -> MiridonBattle:
    """Moving Grapple: "The [Grappled] single target moves with the character" (L671): it
    keeps its place beside the grappler (the same step), if that square is free."""
    target = state.unit(unit.grappling[0])
    assert unit.position is not None and target.position is not None
    shift = (end[0] - unit.position[0], end[1] - unit.position[1])
    where = (target.position[0] + shift[0], target.position[1] + shift[1])
    board = state.board()
    blocked = not board.in_bounds(where) or \
        terrain_set()[board.terrain_at(where).name].cost_for("default") is None or \
        (state.at(where) is not None and where != end and state.at(where) is not unit)
    if where == end or blocked:
        raise RulesError(f"{target.id}, grappled, cannot be moved along to {where} (004 L671)")
    return state.replace_units(target.model_copy(update={"position": where}))


def legal_moves(book: Compendium, state: MiridonBattle, options: BattleOptions,
                unit: UnitState) -> list[tuple[str, Tile, Cost]]:
    """Every (how, end, cost) the unit could move to now (for the AI)."""
    found: list[tuple[str, Tile, Cost]] = []
    if unit.position is None:
        return found
    for how, (name, most, _, _) in MOVES.items():
        cost = action_cost(book, name, unit)
        if not affordable(unit, cost):
            continue
        found += [(how, end, cost) for end in straight_ends(state, options, unit, how, most)]
    return found


def straight_ends(state: MiridonBattle, options: BattleOptions, unit: UnitState, how: str,
                  most_ft: int) -> list[Tile]:
    """The squares ``how`` could end on in a straight line of one of the 8 directions,
    up to ``most_ft`` feet (at least one square), each one ``check_move`` allows: the
    AI's move candidates, a character's and a mech part's alike."""
    assert unit.position is not None
    ends: list[Tile] = []
    for dx, dy in DIRECTIONS.values():
        for n in range(1, max(1, most_ft // options.square_feet) + 1):
            end = (unit.position[0] + dx * n, unit.position[1] + dy * n)
            try:
                check_move(state, options, unit, end, how)
            except RulesError:
                continue
            ends.append(end)
    return ends


def _in_place(ctx: Context, state: MiridonBattle, action: Mapping[str, Any], kind: str
              ) -> tuple[UnitState, str]:
    """Burrow / surface: a movement action spent where the unit stands (L1518)."""
    unit = acting(state, action, kind)
    how = str(action.get("how") or min(MOVES, key=lambda h: sum(action_cost(
        ctx.book, MOVES[h][0], unit))))
    if how not in MOVES:
        raise RulesError(f"how must be one of {', '.join(MOVES)}, not {how!r}")
    name = MOVES[how][0]
    cost = action_cost(ctx.book, name, unit)
    return active(pay(use_slot(unit, "movement", name), cost, name), state.block), \
        f"{name}, {text(cost)}"


@ACTIONS.register("burrow", keys=("how",))
def burrow(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    """Death Worm Burrow (L1518): "above sand ... any [Movement Action] to burrow"."""
    may_burrow(state, state.unit(action.get("unit")))
    unit, paid = _in_place(ctx, state, action, "burrow")
    ctx.summary = f"{unit.id} burrows under the sand ({paid}; Death Worm Burrow, L1518)"
    return state.replace_units(gone_under(unit))


@ACTIONS.register("surface", keys=("how",))
def surface(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    """L1518 "another [Movement Action] ... to return to the surface"; L1520 what follows."""
    if not underground(state.unit(action.get("unit"))):
        raise RulesError(f"{action.get('unit')} is not underground (Death Worm Burrow, L1518)")
    unit, paid = _in_place(ctx, state, action, "surface")
    ctx.summary = f"{unit.id} returns to the surface ({paid}; L1518-1520)"
    return state.replace_units(come_up(unit))


@ACTIONS.register("turn", keys=("face",))
def turn(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "turn")
    face = action.get("face")
    if face not in DIRECTIONS:
        raise RulesError(f"face must be one of {', '.join(DIRECTIONS)}, not {face!r}")
    cost = action_cost(ctx.book, "Turn", unit)
    unit = pay(use_slot(unit, "movement", "Turn"), cost, "Turn")
    ctx.summary = f"{unit.id} turns to face {face}"
    return state.replace_units(unit.model_copy(update={"facing": face}))


def _restore(ctx: Context, state: MiridonBattle, action: Mapping[str, Any], pool: str,
             name: str, talent: str) -> MiridonBattle:
    unit = acting(state, action, f"restore_{pool}")
    unit = use_slot(unit, "movement", name)
    unit = active(pay(unit, action_cost(ctx.book, name, unit), name), state.block)
    maximum = unit.profile.battle_strength if pool == "strength" else unit.profile.battle_speed
    gain = 5 + unit.profile.talent(talent)
    now = getattr(unit, pool)
    after = min(maximum, now + gain)
    ctx.summary = f"{unit.id}: {name}, {pool} {now} -> {after} (+{gain}, cap {maximum})"
    ctx.say(ctx.summary + " (L344, L352, L1921, L2033)")
    return state.replace_units(unit.model_copy(update={pool: after}))


@ACTIONS.register("restore_strength")
def restore_strength(ctx: Context, state: MiridonBattle,
                     action: Mapping[str, Any]) -> MiridonBattle:
    return _restore(ctx, state, action, "strength", "Restore Strength Points",
                    "Restore Strength Points Boost")


@ACTIONS.register("restore_speed")
def restore_speed(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    return _restore(ctx, state, action, "speed", "Restore Speed Points",
                    "Restore Speed Points Boost")
