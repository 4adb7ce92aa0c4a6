"""Prepare Attack: designating spaces, and the attack that fires in the enemy's phase.

Source: 000 Main Actions: "Prepare Attack: You ready yourself to make an
attack during the enemy's phase when an enemy unit enters a space you
designate. You can designate multiple spaces, but only make your attack
against the first enemy to meet your requirements. You can designate any
space(s) within your attack range. If the enemy makes an attack from the
space you designated, their attack goes first."

When it fires (ruling, deterministic): a foe "enters" a designated space when
its turn there is settled, which the engine sees at these moments, in this
order of checks after every action of the phase's side:

* right after the foe's main action taken on the space — an attack from the
  space resolves first ("their attack goes first"), then the prepared attack;
  Wait, Defend, items and staves likewise;
* right after a Canto move that stops on the space once the foe's main action
  is spent;
* when its phase ends while it stands on the space without having settled
  there: no main action yet, or a Dash (its doubled movement may carry it on)
  (``end_phase``).

A space only passed through in the middle of a move does not trigger it (one
move action is not split), nor does a foe that moves on before its main
action. A foe already standing on a designated space when its phase starts
triggers it in the same way when its turn there is settled (attacking from the
space is what the text names). Every foe of the preparer's side order counts; the preparations
covering the space fire in side order, then unit number. A fired preparation
is spent ("only make your attack against the first enemy to meet your
requirements"); one that cannot fire (the preparer is at 0 HP or carried, or
the foe is out of its equipped weapon's range) waits for the next foe. The
rest lapse when the preparer's side's next phase starts (``phases.end_phase``).

The prepared attack is an ordinary Attack Sequence (``plan_sequence`` /
``resolve``) with the preparer as the attacker, so the foe counterattacks as
usual; Cleave ("on your turn") does not apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.actions import as_tile
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.action_checks import actor, finish, main_action
from tactician.rulesets.tropera.action_registry import ACTIONS, Handler
from tactician.rulesets.tropera.aftermath import settle
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import combatant
from tactician.rulesets.tropera.fight import attack_records
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import plan_sequence, resolve

Tile = tuple[int, int]


@ACTIONS.register("prepare", keys=("tiles", "weapon"))
def prepare(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Prepare Attack ``{unit, tiles: [[x, y], ...], weapon?}`` (or a flat list of
    coordinates, ``[x1, y1, x2, y2]``): a main action; "You
    can designate any space(s) within your attack range" — the range of the
    weapon it will strike with (``weapon``, else the equipped one; preparing
    with a weapon equips it, as attacking does)."""
    unit = actor(state, action)
    main_action(unit, "Prepare Attack")
    raw = action.get("tiles")
    if not isinstance(raw, list) or not raw:
        raise RulesError("prepare needs 'tiles': a list of spaces like [[3, 4], [4, 4]]")
    if len(raw) % 2 == 0 and all(isinstance(v, int) for v in raw):
        # a flat list of coordinates (the command line's tiles=1,1 or tiles=1,1,2,1)
        raw = [raw[i : i + 2] for i in range(0, len(raw), 2)]
    tiles: list[Tile] = []
    for value in raw:
        tile = as_tile(value, "each of 'tiles'")
        if tile not in tiles:
            tiles.append(tile)
    weapon_name = action.get("weapon")
    if weapon_name is not None and not isinstance(weapon_name, str):
        raise RulesError("'weapon' must be the name of a carried weapon")
    attacker = combatant(state, unit, weapon=weapon_name)
    weapon = attacker.weapon
    if weapon is None or weapon.heal is not None:
        raise RulesError(f"{unit.name} has no weapon to prepare an attack with")
    if weapon.charges is not None and unit.uses.get(weapon.name, weapon.charges) <= 0:
        raise RulesError(f"{weapon.name} has no charges left this map")
    board = state.map.board()
    assert unit.position is not None
    for tile in tiles:
        if not board.in_bounds(tile):
            raise RulesError(f"{tile} is off the {board.width}x{board.height} map")
        distance = manhattan(unit.position, tile)
        if not numbers.in_range(weapon, attacker, distance):
            low, high = weapon.range
            raise RulesError(
                f"{tile} is {distance} away; {unit.name}'s {weapon.name} reaches {low}-{high} "
                "(000: 'any space(s) within your attack range')"
            )
    changed = unit.model_copy(update={"acted": True, "equipped": weapon.name})
    new_state = state.replace_units(changed).model_copy(
        update={"prepared": {**state.prepared, unit.id: tuple(tiles)}}
    )
    return finish(
        new_state,
        Outcome(
            f"{unit.name} prepares an attack with {weapon.name} on "
            + ", ".join(str(t) for t in tiles),
            [
                {
                    "type": "prepare",
                    "unit": unit.id,
                    "weapon": weapon.name,
                    "tiles": [list(t) for t in tiles],
                }
            ],
        ),
    )


# --- settling a resolved Attack Sequence ---------------------------------------------------


# --- firing ----------------------------------------------------------------------------------


def _preparers_on(state: TroperaBattle, mover: Unit) -> list[Unit]:
    """Foes of ``mover`` whose preparation covers its space, in side then number order."""
    found = [
        state.unit(unit_id) for unit_id, tiles in state.prepared.items() if mover.position in tiles
    ]
    order = {side: i for i, side in enumerate(state.sides)}
    return sorted(
        (u for u in found if u.side != mover.side),
        key=lambda u: (order.get(u.side, len(order)), u.number, u.id),
    )


def cannot_fire(state: TroperaBattle, preparer: Unit, mover: Unit) -> str | None:
    """Why ``preparer`` cannot strike ``mover`` now, or None."""
    if preparer.hp == 0 or preparer.position is None:
        return f"{preparer.name} is out of the fight"
    if preparer.carried_by is not None:
        return f"{preparer.name} is being carried"
    assert mover.position is not None
    try:
        attacker = combatant(state, preparer)
    except RulesError as exc:
        return str(exc)
    weapon = attacker.weapon
    if weapon is None or weapon.heal is not None:
        return f"{preparer.name} has no weapon equipped"
    if weapon.charges is not None and preparer.uses.get(weapon.name, weapon.charges) <= 0:
        return f"{weapon.name} has no charges left"
    if not numbers.in_range(weapon, attacker, manhattan(preparer.position, mover.position)):
        return f"{mover.name} is out of {preparer.name}'s range"
    return None


def fire_prepared(
    state: TroperaBattle,
    mover_id: str,
    dice: DiceSource,
    options: TroperaOptions,
    turn_over: bool | None = None,
) -> tuple[TroperaBattle, list[dict[str, Any]]]:
    """Fire every preparation whose designated space ``mover`` stands on, if its
    turn there is settled (``turn_over``; default: it has taken its main action,
    and not a Dash, after which it may move on). Returns the new state and one
    ``prepared_attack`` record per attack made."""
    records: list[dict[str, Any]] = []
    if state.result != "ongoing" or not state.prepared:
        return state, records
    mover = state.unit(mover_id)
    settled = (mover.acted and not mover.dashed) if turn_over is None else turn_over
    if not settled or mover.side != state.side:
        return state, records
    for preparer in _preparers_on(state, mover):
        mover = state.unit(mover_id)
        if mover.hp == 0 or mover.position is None or mover.carried_by is not None:
            break
        preparer = state.unit(preparer.id)
        if cannot_fire(state, preparer, mover) is not None:
            continue
        assert preparer.position is not None and mover.position is not None
        tile = mover.position
        distance = manhattan(preparer.position, tile)
        plan = plan_sequence(
            combatant(state, preparer), [combatant(state, mover)], distance, options
        )
        resolution = resolve(plan, dice, [preparer.id, mover.id])
        state, notes = settle(state, [preparer, mover], plan, resolution, options)
        state = state.model_copy(
            update={"prepared": {k: v for k, v in state.prepared.items() if k != preparer.id}}
        )
        records.append(
            {
                "type": "prepared_attack",
                "unit": preparer.id,
                "target": mover.id,
                "tile": list(tile),
                "strikes": attack_records(resolution),
                "notes": notes,
                "hp": {preparer.id: resolution.hp(0), mover.id: resolution.hp(1)},
            }
        )
    return state, records


def _fire_all(
    state: TroperaBattle, dice: DiceSource, options: TroperaOptions, phase_ends: bool
) -> tuple[TroperaBattle, list[dict[str, Any]]]:
    """Check every unit of the acting side (number order) standing on a designated space."""
    records: list[dict[str, Any]] = []
    if not state.prepared or state.result != "ongoing":
        return state, records
    covered = {tile for tiles in state.prepared.values() for tile in tiles}
    movers = sorted(
        (
            u
            for u in state.units
            if u.side == state.side and u.hp > 0 and u.carried_by is None and u.position in covered
        ),
        key=lambda u: (u.number, u.id),
    )
    for mover in movers:
        state, fired = fire_prepared(
            state, mover.id, dice, options, turn_over=True if phase_ends else None
        )
        records += fired
    return state, records


def _summary(state: TroperaBattle, records: list[dict[str, Any]]) -> str:
    parts = []
    for record in records:
        preparer, target = state.unit(record["unit"]), state.unit(record["target"])
        hps = record["hp"]
        line = (
            f"{preparer.name}'s prepared attack on {target.name}: "
            f"{preparer.name} {hps[preparer.id]} HP, {target.name} {hps[target.id]} HP"
        )
        if record["notes"]:
            line += "; " + "; ".join(record["notes"])
        parts.append(line)
    return "; ".join(parts)


def run(
    handler: Handler,
    state: TroperaBattle,
    action: Mapping[str, Any],
    dice: DiceSource,
    options: TroperaOptions,
) -> tuple[TroperaBattle, Outcome]:
    """Apply ``handler``, then fire the prepared attacks the action settled (see
    the module text). ``end_phase`` first fires on foes still standing on
    designated spaces; if that ends the battle, the phase does not advance."""
    if action.get("type") == "end_phase" and state.result == "ongoing":
        fired, records = _fire_all(state, dice, options, phase_ends=True)
        if not records:
            return handler(state, action, dice, options)
        fired, before = finish(fired, Outcome(_summary(fired, records), records))
        if fired.result != "ongoing":
            return fired, before
        after, outcome = handler(fired, action, dice, options)
        return after, Outcome(f"{before.summary}; {outcome.summary}", [*records, *outcome.records])
    after, outcome = handler(state, action, dice, options)
    fired, records = _fire_all(after, dice, options, phase_ends=False)
    if not records:
        return after, outcome
    return finish(
        fired,
        Outcome(f"{outcome.summary}; {_summary(fired, records)}", [*outcome.records, *records]),
    )
