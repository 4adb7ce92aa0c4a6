"""The board as data (``battle show``, ``docs/schemas/battle_show.json``) with 002's
briefing (L5-8 "all players should be told about special terrain, objectives and
such"), and the exact forecast of an attack or staff where the units stand.

Fog of war: 002 has none (G2-39); under ``fog_rules = tabletop`` a scenario with
``fog: true`` uses 001 L110's vision (``fe_common.battle.vision``: 4 squares, a
thief 8, Manhattan, ``battle_sight``): a side's view holds its own units and only the
others on a tile one of its units sees, built from the battle as it knows it
(``side_state``); the GM's view lists each side's ``visibility``.
"""

from __future__ import annotations

from typing import Any

from tactician.counted import counted
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.contract.sight import renumbered
from tactician.rulesets.fe_classic import fight
from tactician.rulesets.fe_classic.battle_combat import plan_attack, plan_staff, weapons_of
from tactician.rulesets.fe_classic.battle_moves import reach
from tactician.rulesets.fe_classic.battle_sight import shown_units
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_classic.contract_fight import ClassicFight, forecast_report
from tactician.rulesets.fe_classic.terrain import load_terrain
from tactician.rulesets.fe_common.battle.known import known_to
from tactician.rulesets.fe_common.battle.turn import turn_left

Tile = tuple[int, int]


def briefing_lines(state: ClassicBattle) -> list[str]:
    b = state.briefing
    lines = []
    for label, text in (("Objective", b.objective), ("Victory", b.victory),
                        ("Defeat", b.defeat), ("Weather", b.weather), ("Plot", b.plot)):
        if text:
            lines.append(f"{label}: {text.strip()}")
    names = sorted({n for row in state.rows for n in row})
    table = load_terrain()
    special = [f"{n}: {table[n.casefold()].notes}" for n in names
               if table[n.casefold()].notes not in ("", "-")]
    lines.extend(f"Terrain: {s}" for s in (*b.special_terrain, *special))
    if state.fog:
        lines.append("Fog of war: " + ("each side sees 4 squares, a thief 8 (001 L110)"
                                       if state.fogged else
                                       "announced; not played (fog_rules = none: 002 has none)"))
    if state.stage == "setup":
        limit = state.deployment.limit
        pool = [u.name for u in state.units if u.side == state.sides[0] and not u.deployed]
        most = counted(limit, "unit") if limit else "every unit"
        area = counted(len(state.deployment.area), "tile")
        lines.append(f"Set-up: deploy up to {most} in the area ({area}); Lords are fixed; "
                     f"in the pool: {', '.join(pool) or 'no one'}; then `battle act <unit> "
                     "start`")
    return lines


def _effects(unit: ClassicUnit) -> list[str]:
    effects = [f"{n} ({t})" for n, t in sorted(unit.statuses.items())]
    if unit.lord:
        effects.append("Lord")
    if unit.boss:
        effects.append("boss")
    if not unit.deployed:
        effects.append("in the pool")
    return effects


def unit_view(unit: ClassicUnit) -> dict[str, Any]:
    return {
        "id": unit.id, "name": unit.name, "side": unit.side, "number": unit.number,
        "tier": unit.tier, "position": list(unit.position) if unit.position else None,
        "hp": unit.hp, "max_hp": unit.max_hp, "equipped": unit.equipped,
        "acted": unit.acted, "has_moved": unit.moved, "done": unit.done,
        "carrying": unit.carrying, "carried_by": unit.carried_by,
        "effects": _effects(unit), "class": unit.class_name, "lord": unit.lord,
        "boss": unit.boss, "deployed": unit.deployed, "statuses": dict(unit.statuses),
        "inventory": list(unit.character.inventory),
    }


def side_state(state: ClassicBattle, side: str) -> ClassicBattle:
    """The battle as ``side`` knows it under fog (``fe_common.battle.known``), on the
    map as it knows it (``known_rows``: a door a hidden unit opened stays shut in it)."""
    if not state.fogged and not state.gm_hidden:
        return state
    known = known_to(state, {u.id for u in shown_units(state, side)})
    rows = state.known_rows(side)  # a changed tile it has not seen: as it knew it
    return known if rows is state.rows else known.model_copy(update={"rows": rows})


def board_view(state: ClassicBattle, reach_unit: str | None = None,
               side: str | None = None) -> dict[str, Any]:
    if side is not None and side not in state.sides:
        raise RulesError(f"no side {side!r} in this battle (sides: {', '.join(state.sides)})")
    hiding = state.fogged or bool(state.gm_hidden)  # a seen foe's number: among the seen
    if side is not None:  # built from what the side knows: the others are not in it
        state = side_state(state, side)
    table = load_terrain()
    shown = shown_units(state, side)
    names = sorted({n for row in state.rows for n in row})
    data: dict[str, Any] = {
        "ruleset": "fe-classic",
        "name": state.name,
        "round": state.round,
        "phase": state.side,
        "phase_label": None if state.stage == "battle" else f"the {state.side} set-up",
        "stage": state.stage,
        "sides": list(state.sides),
        "result": state.result,
        "result_reason": state.result_reason,
        "width": len(state.rows[0]),
        "height": len(state.rows),
        "rows": [list(row) for row in state.rows],
        "symbols": {n: table[n.casefold()].symbol for n in names},
        "objectives": {"victory": [o.describe() for o in state.objectives.victory]
                       + ["a Lord seizes the Throne"],
                       "defeat": [o.describe() for o in state.objectives.defeat],
                       "draw": state.objectives.draw()},
        "briefing": briefing_lines(state),
        "deployment": {"limit": state.deployment.limit,
                       "area": [list(t) for t in state.deployment.area]},
        "units": renumbered([unit_view(u) for u in shown], side) if side and hiding
        else [unit_view(u) for u in shown],
        "fog": state.fogged, "viewer": side,
    }
    if side is None and state.gm_hidden:  # the GM's own view only
        data["gm_hidden"] = list(state.gm_hidden)
    if side is None and state.fogged:
        data["visibility"] = {s: sorted(u.id for u in shown_units(state, s))
                              for s in state.sides}
    if reach_unit is not None:
        if reach_unit not in {u.id for u in shown}:
            raise RulesError(f"no unit {reach_unit!r} in sight")
        unit = state.classic_unit(reach_unit)
        if not unit.on_map or unit.position is None:
            raise RulesError(f"{unit.name} is not standing on the map")
        # a side's reach is drawn around the units it sees only (the hidden do not block)
        ids = {u.id for u in shown}
        seen = state.replace_units(*(u.model_copy(update={"position": None})
                                     for u in state.units if u.id not in ids))
        may_move, may_act = turn_left(state, unit)  # moved, acted: only what is left
        spots = reach(seen, unit).remaining if may_move else {unit.position: 0}
        longest = max((w.range[1] or max(5, unit.character.stats.pow // 2)
                       for w in weapons_of(unit)), default=0) if may_act else 0
        width, height = data["width"], data["height"]
        # the unit's allies in sight (a hidden one leaves no gap in a seen foe's reach)
        allies = {u.position for u in shown if u.side == unit.side and u.on_map}
        targets = {(x, y) for x in range(width) for y in range(height)
                   if any(1 <= manhattan((x, y), s) <= longest for s in spots)}
        data["reach"] = {"unit": unit.id, "move": sorted([list(t) for t in spots]),
                         "attack": sorted([list(t) for t in targets - set(spots) - allies])}
    return data


def battle_forecast(state: ClassicBattle, action: dict[str, Any]) -> dict[str, Any]:
    """The exact odds of ``action`` (an attack or a staff) from where the units stand."""
    unit = state.classic_unit(action.get("unit"))
    target = state.classic_unit(action.get("target"))
    if not unit.on_map or not target.on_map:
        raise RulesError("both units must stand on the map")
    weapon = action.get("weapon")
    name = weapon if isinstance(weapon, str) else None
    tiles = (state.tile_at(unit.position).name if unit.position else None,
             state.tile_at(target.position).name if target.position else None)
    plan: Any
    if action.get("type") == "staff":
        plan = plan_staff(state, unit, target, name)
    else:
        plan = plan_attack(state, unit, target, name)
        assert isinstance(plan, fight.FightPlan)
    return forecast_report(ClassicFight(plan, tiles))
