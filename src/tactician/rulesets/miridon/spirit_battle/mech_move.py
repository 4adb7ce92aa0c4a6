"""A mech part's movement (004 L3641, L3647; the movement actions L1923-1965).

"Each [Mech Part] can only perform 1 action each [Action Block] chosen by the pilot of the
[Mech]. Each action uses a set amount of [Speed Points]." (L3641) and "The rules for the
[Mech Part] performing the action are similar to if the character performed the action"
(L3647): ``mech_move`` (``part``, ``to``, ``how``, ``face``) has a part whose actions include
a movement action - Sidestep ("move 5 feet in a straight line", L1929), Fast Sidestep (10
ft, L1939), Charge (up to 10 ft the way it faces or 60 degrees off, L1949), Fast Charge (up
to 20 ft, L1961) - move the whole mech along the line as a character's move would
(``move_actions.check_move``: on the map, not through walls or enemies, the end free), paid
in that part's own speed points, once a block. ``how`` defaults to the part's cheapest move
that reaches. A charge faces the way it moved and adds the weapon's weight to the mech's next
melee attack this block, as a character's (L1953, L1965). The pilot inside goes with it.
Traps on the squares trigger as for a character (``traps.enter``).

DEFAULT (docs/rulings.md "A mech's movement"): no Obstruct Movement against a mech's move -
the reaction reads a character's "movement action" (L2186) and a part's action is paid in
no pool of the mover's that "the movement are still paid" could mean. Refused input
changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.engine.actions import as_tile
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting
from tactician.rulesets.miridon.battle.geometry import DIRECTIONS
from tactician.rulesets.miridon.battle.move_actions import MOVES, check_move, straight_ends
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, Tile, UnitState
from tactician.rulesets.miridon.mechs.mech import PartState, part_action
from tactician.rulesets.miridon.spirit_battle.mech_units import is_mech, mech_of, with_mech

MOVE = "Sidestep"


def part_moves(part: PartState) -> dict[str, int]:
    """The part's movement actions: ``how`` -> its speed cost (L3641), cheapest first."""
    costs = dict(part.actions)
    found = {how: costs[spec[0]] for how, spec in MOVES.items() if spec[0] in costs}
    return dict(sorted(found.items(), key=lambda kv: (kv[1], MOVES[kv[0]][1])))


def choose_move(state: MiridonBattle, options: BattleOptions, unit: UnitState,
                part: PartState, end: Tile, how: object = None) -> str:
    """The ``how`` of a part's move to ``end`` (given, or the cheapest that reaches), or a
    refusal naming what the part can do."""
    offered = part_moves(part)
    if not offered:
        raise RulesError(f"{part.name} has no movement action; it can: "
                         f"{', '.join(a for a, _ in part.actions) or 'nothing'} (L3641)")
    if how not in (None, ""):
        if how not in offered:
            raise RulesError(f"{part.name} cannot move by {how!r}; it can: "
                             f"{', '.join(offered)} (L3641)")
        check_move(state, options, unit, end, str(how))
        return str(how)
    errors = []
    for name in offered:
        try:
            check_move(state, options, unit, end, name)
        except RulesError as exc:
            errors.append(str(exc))
            continue
        return name
    raise RulesError(f"{part.name}'s moves ({', '.join(offered)}) do not reach {end}: "
                     + "; ".join(dict.fromkeys(errors)))


@ACTIONS.register("mech_move", keys=("part", "to", "how", "face"))
def mech_move(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "mech_move")
    if not is_mech(unit) or unit.position is None:
        raise RulesError(f"{unit.id} is not a mech on the map")
    mech = mech_of(unit)
    part = mech.part(str(action.get("part", "")))
    end = as_tile(action.get("to"), "to")
    how = choose_move(state, ctx.options, unit, part, end, action.get("how"))
    name, _, factor, cone = MOVES[how]
    direction, tiles = check_move(state, ctx.options, unit, end, how)
    face = action.get("face")
    if face is not None and (cone or face not in DIRECTIONS):
        raise RulesError(f"face must be one of {', '.join(DIRECTIONS)} and only after a "
                         "sidestep (a charge faces the way it moved)")
    mech = part_action(mech, part.name, name)  # its own speed, once a block (L3641)
    facing = direction if cone else (str(face) if face else unit.facing)
    start = unit.position
    moved = with_mech(unit, mech).model_copy(update={"position": end, "facing": facing,
                                                     "charge": factor or unit.charge})
    spent = part.speed - mech.part(part.name).speed
    ctx.say(f"{unit.id}'s {part.name}: {name} to {end}, facing {facing} ({spent} of its "
            "speed points, L3641)")
    ctx.records.append({"type": "move", "path": [list(start), *map(list, tiles)],
                        "spent": f"{spent} spd ({part.name})",
                        "movement_left": f"{mech.part(part.name).speed} spd"})
    ctx.summary = f"{unit.id}'s {part.name}: {name} to {end[0]},{end[1]}"
    from tactician.rulesets.miridon.battle.traps import enter

    return enter(ctx, state.replace_units(moved), unit.id, start, tiles)


def legal_mech_moves(state: MiridonBattle, options: BattleOptions,
                     unit: UnitState) -> list[tuple[str, str, Tile, int]]:
    """Every (part, how, end, speed cost) the mech could move by now (for the AI)."""
    found: list[tuple[str, str, Tile, int]] = []
    if not is_mech(unit) or unit.position is None:
        return found
    mech = mech_of(unit)
    if mech.disabled or mech.pilot is None:
        return found
    for part in mech.parts:
        if part.acted:
            continue
        for how, cost in part_moves(part).items():
            if cost > part.speed:
                continue
            found += [(part.name, how, end, cost)
                      for end in straight_ends(state, options, unit, how, MOVES[how][1])]
    return found
