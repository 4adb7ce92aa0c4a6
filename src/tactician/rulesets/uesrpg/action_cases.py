"""A battle where each of UESRPG's action kinds applies (``Examples.actions``): the
skirmish at the Old Mill (seed 3: the captain's Turn, then Brand's, then Aela's, who
carries a healer's kit), on Aela's Turn, with a unit moved, hurt, wounded or given a
condition where the kind needs one, then the kind's example from the action schema.
The conformance kit plays each on seeded and physical dice, in text and ``--json``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactician.rulesets.contract.values import ActionCase, ExampleBattle
from tactician.rulesets.uesrpg.state import Condition, Wound

# initiative, then the captain's and Brand's Turns pass: Aela's Turn
AELAS_TURN = ({"type": "begin"}, {"type": "end_turn"}, {"type": "end_turn"})


def arrange(**fields: Mapping[str, Any]) -> Callable[[Any], Any]:
    """The start with each named unit's fields changed (``brand={"hp": 9}``)."""

    def changed(state: Any) -> Any:
        return state.model_copy(update={"units": tuple(
            unit.model_copy(update=dict(fields[unit.id])) if unit.id in fields else unit
            for unit in state.units)})

    return changed


def cases(skirmish: ExampleBattle) -> tuple[ActionCase, ...]:
    beside = {"position": (2, 3)}  # Brand, next to Aela at (2, 2)
    wounded = {**beside, "hp": 12, "wounds": (Wound(id=1, damage=6, location="body"),)}

    def on_aelas_turn(kind: str, **fields: Mapping[str, Any]) -> ActionCase:
        return ActionCase(kind, skirmish, before=AELAS_TURN, arrange=arrange(**fields))

    def next_to_the_captain(kind: str, **fields: Mapping[str, Any]) -> ActionCase:
        """A wounded or fallen Brand rolls a lower initiative (his wound's penalty) or
        passes his Turn: Aela's comes right after the captain's."""
        return ActionCase(kind, skirmish, before=AELAS_TURN[:2], arrange=arrange(**fields))

    return (
        ActionCase("begin", skirmish),
        on_aelas_turn("end_turn"),
        on_aelas_turn("move"),
        on_aelas_turn("stand", aela={"conditions": (Condition("Prone"),)}),
        on_aelas_turn("extinguish", aela={"conditions": (Condition("Burning", x=1,
                                                                   where="body"),)}),
        on_aelas_turn("calm", aela={"conditions": (Condition("Frenzied"),)}),
        on_aelas_turn("attack", **{"bandit-1": {"position": (3, 2)}}),
        next_to_the_captain("first_aid", brand=wounded),
        next_to_the_captain("stabilise", brand={**beside, "hp": 0, "conditions": (
            Condition("Unconscious", cause="hp"),)}),
        on_aelas_turn("heal", brand={**beside, "hp": 12}),
        next_to_the_captain("treat_wound", brand=wounded),
        on_aelas_turn("treat_bleeding", brand={**beside, "conditions": (
            Condition("Bleeding", x=2),)}),
    )
