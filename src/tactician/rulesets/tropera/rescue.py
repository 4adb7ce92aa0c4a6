"""Rescue and drop: carrying an ally as a passenger (Mounted, Flying Mount).

Source: 000 Mounted: "you can pick up an adjacent ally as a main action and
carry them as a passenger. While carrying an ally, your avoidance is halved.
You or your passenger must use a main action to dismount them to an adjacent
space." Flying Mount: "you can pick up an adjacent ally without the Armored
feat as a main action and carry them as a passenger" (same dismount words).
Critical wounds: "A wounded character cannot move or take any actions, though
they can be picked up and carried by a mounted character the same as normal,
except that they cannot dismount on their own; either the rescuing character
or an adjacent ally must use their action to dismount the wounded character."

The passenger moves with its carrier (``battle_actions.move``), stands on the
carrier's tile, and the halved avoidance is ``Situation.carrying``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.actions import as_tile
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera.action_checks import actor, finish, main_action
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import move_profile
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.progression import has_feat, mount_feat
from tactician.rulesets.tropera.siege import abandon


def mount(unit: Unit) -> str | None:
    """Which mount lets ``unit`` carry a passenger: "Mounted", "Flying Mount" or None
    (with both, the one taken later: ``progression.mount_feat``)."""
    return mount_feat(unit.character)


@ACTIONS.register("rescue", keys=("target",))
def rescue(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Rescue ``{unit, target}``: Mounted / Flying Mount "pick up an adjacent ally
    ... as a main action and carry them as a passenger". Flying Mount: "without
    the Armored feat" — 000 has no Armored feat; read as Heavy Armor (ruling).
    A critically wounded ally can be "picked up and carried by a mounted
    character the same as normal"."""
    unit = actor(state, action)
    main_action(unit, "Rescue")
    kind = mount(unit)
    if kind is None:
        raise RulesError(
            f"{unit.name} cannot carry a passenger: 000 gives rescue to Mounted and Flying Mount"
        )
    if unit.carrying is not None:
        raise RulesError(f"{unit.name} already carries {state.unit(unit.carrying).name}")
    target_id = action.get("target")
    if not isinstance(target_id, str):
        raise RulesError("rescue needs 'target': the id of the adjacent ally to pick up")
    target = state.unit(target_id)
    if target.id == unit.id:
        raise RulesError(f"{unit.name} cannot pick itself up")
    if target.side != unit.side:
        raise RulesError(f"{target.name} is not an ally of {unit.name}")
    if target.carried_by is not None:
        raise RulesError(f"{target.name} is already carried by {target.carried_by}")
    if target.position is None or (target.hp == 0 and target.tier is not None):
        raise RulesError(f"{target.name} is not on the map")
    assert unit.position is not None
    if manhattan(unit.position, target.position) != 1:
        raise RulesError(f"{target.name} is not adjacent to {unit.name}")
    if target.carrying is not None:
        raise RulesError(f"{target.name} is carrying a passenger and cannot be picked up")
    if kind == "Flying Mount" and has_feat(target.character, "Heavy Armor"):
        raise RulesError(
            f"{unit.name}'s Flying Mount cannot lift {target.name}: 'an adjacent ally without "
            "the Armored feat' (read as Heavy Armor)"
        )
    carrier = unit.model_copy(update={"carrying": target.id, "acted": True})
    # picked up off a ballista or mage tower, the ally abandons it (siege ruling)
    passenger = abandon(target).model_copy(
        update={"carried_by": unit.id, "position": unit.position}
    )
    note = " (critically wounded)" if target.hp == 0 else ""
    return finish(
        state.replace_units(carrier, passenger),
        Outcome(
            f"{unit.name} picks up {target.name}{note}",
            [
                {
                    "type": "rescue",
                    "unit": unit.id,
                    "target": target.id,
                    "from": list(target.position),
                }
            ],
        ),
    )


@ACTIONS.register("drop", keys=("to", "passenger"))
def drop(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Drop ``{unit, to}`` (``passenger`` too when an adjacent ally acts): "You or your
    passenger must use a main action to dismount them to an adjacent space". A
    wounded passenger "cannot dismount on their own; either the rescuing character
    or an adjacent ally must use their action to dismount the wounded character".

    ``unit`` is the carrier, the passenger itself, or (for a wounded passenger
    only) an ally adjacent to the carrier. ``to`` is a free tile adjacent to the
    carrier that the passenger could stand on. Ruling: the dismounted passenger's
    turn is over (as a dropped unit in the Game Boy Advance games).
    """
    unit = actor(state, action)
    goal = as_tile(action.get("to"), "to")
    if unit.carried_by is not None:
        passenger = unit
        carrier = state.unit(unit.carried_by)
        # the passenger's own main action ("You or your passenger must use a main action")
        if unit.acted:
            raise RulesError(f"{unit.name} already took a main action this turn; Drop is one too")
        if unit.healed_this_turn:
            raise RulesError(
                f"{unit.name} was healed from a critical wound this turn and 'may move, but "
                "not take any main or bonus actions'"
            )
    elif unit.carrying is not None:
        main_action(unit, "Drop")
        carrier, passenger = unit, state.unit(unit.carrying)
    else:
        main_action(unit, "Drop")
        passenger_id = action.get("passenger")
        if not isinstance(passenger_id, str):
            raise RulesError(
                f"{unit.name} carries no one; to dismount a wounded ally from another's "
                "mount, name it as 'passenger'"
            )
        passenger = state.unit(passenger_id)
        if passenger.carried_by is None:
            raise RulesError(f"{passenger.name} is not being carried")
        carrier = state.unit(passenger.carried_by)
        if passenger.side != unit.side:
            raise RulesError(f"{passenger.name} is not an ally of {unit.name}")
        if passenger.hp > 0:
            raise RulesError(
                f"only 'You or your passenger' dismount a passenger; an adjacent ally may "
                f"dismount only a wounded one, and {passenger.name} is not wounded"
            )
        assert unit.position is not None and carrier.position is not None
        if manhattan(unit.position, carrier.position) != 1:
            raise RulesError(f"{unit.name} is not adjacent to {carrier.name}")
    assert carrier.position is not None
    board = state.map.board()
    if not board.in_bounds(goal):
        raise RulesError(f"{goal} is off the {board.width}x{board.height} map")
    if manhattan(carrier.position, goal) != 1:
        raise RulesError(f"{goal} is not adjacent to {carrier.name} at {carrier.position}")
    occupant = state.at(goal)
    if occupant is not None:
        raise RulesError(f"{goal} is occupied by {occupant.name}")
    terrain = board.terrain_at(goal)
    if move_profile(state, passenger).step_for(terrain.name) is None:
        raise RulesError(f"{passenger.name} cannot stand on {terrain.name} at {goal}")
    changed: dict[str, Unit] = {
        carrier.id: carrier.model_copy(update={"carrying": None}),
        passenger.id: passenger.model_copy(
            update={"carried_by": None, "position": goal, "acted": True}
        ),
    }
    if unit.id not in changed:  # an adjacent ally spent its action
        changed[unit.id] = unit.model_copy(update={"acted": True})
    else:
        changed[unit.id] = changed[unit.id].model_copy(update={"acted": True})
    return finish(
        state.replace_units(*changed.values()),
        Outcome(
            f"{unit.name} dismounts {passenger.name} from {carrier.name} to {goal}",
            [
                {
                    "type": "drop",
                    "unit": unit.id,
                    "carrier": carrier.id,
                    "passenger": passenger.id,
                    "to": list(goal),
                }
            ],
        ),
    )
