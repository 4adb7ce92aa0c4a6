"""Death Worm Burrow and Tremor Sense in battle (004 L1516-1538).

L1518: "When a character is above sand, the character can use any [Movement Action] to
burrow underground. While underground, they cannot be targeted with any ability. While
underground, they also cannot target anyone with any ability. They can use another
[Movement Action] to move around underground or to return to the surface." L1520: "When
the character returns to the surface with a [Movement Action], they cannot perform any
[Offensive Action], [Defensive Action], or [Verbal Action] in the same [Action Block]."
Tremor Sense lifts that (L1528); Advanced Tremor Sense: "targets cannot perform a [Dodge]
action against the character's attacks in the same [Action Block]" (L1536).

- ``burrow`` (``how``: the movement action used, default the cheapest): on a sand square,
  the movement action's slot and cost; the unit stays on its square, underground (the
  ``Burrowed`` condition).
- ``move`` while underground: the movement action's straight line and reach, every square
  of it sand (DEFAULT: it moves through the sand it burrowed in; walls and other ground stop
  it), units above neither block it nor obstruct it (it cannot be targeted), no trap
  triggers; the end square must be free. ``surface=yes`` comes up at its end.
- ``surface`` (``how``): back up where it is, as a movement action. A unit that surfaced
  keeps a ``Surfaced`` condition to the block's end: without Tremor Sense its offensive and
  verbal actions and every defensive action (Dodge, a block, Obstruct Movement) are refused
  for the rest of the block; with Advanced Tremor Sense its attacks cannot be dodged.

An underground unit keeps its square: nobody may end a move there (DEFAULT; the text gives
the burrow no place of its own). "Any ability" is every action that names a unit: attacks,
grapples, spells, breath, charisma skills, Healing Word, Guidance; an area (a Spinning
Strike's ring, a Shoot Through's line, a Gale Burst's radius) passes it by.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon import racial_flairs
from tactician.rulesets.miridon.battle.state import Condition, MiridonBattle, UnitState

BURROWED = "Burrowed"
SURFACED = "Surfaced"
SAND = "sand"


def underground(unit: UnitState) -> bool:
    # most units hold no condition: the AI asks this of every unit it looks at
    return bool(unit.conditions) and unit.condition(BURROWED) is not None


def surfaced(unit: UnitState) -> bool:
    """It came up this block (the condition lasts to the block's end)."""
    return bool(unit.conditions) and unit.condition(SURFACED) is not None


def held_down(unit: UnitState) -> bool:
    """L1520: no Offensive, Defensive or Verbal Action in the block it surfaced, unless
    Tremor Sense (L1528)."""
    if not unit.conditions:
        return False
    state = racial_flairs.Burrow(underground(unit), surfaced(unit))
    return not racial_flairs.may_act_after_surfacing(unit.profile.flairs, state, "offensive")


def undodgeable(attacker: UnitState) -> bool:
    """Advanced Tremor Sense (L1536): its attacks in the block it surfaced."""
    return not racial_flairs.target_may_dodge(
        attacker.profile.flairs, racial_flairs.Burrow(underground(attacker), surfaced(attacker)))


def check_targeting(user: UnitState, target: UnitState) -> None:
    """L1518: an underground unit cannot be targeted and cannot target anyone."""
    if user.id != target.id and not racial_flairs.targetable(
            racial_flairs.Burrow(underground(target))):
        raise RulesError(f"{target.id} is underground (Death Worm Burrow) and cannot be targeted "
                         "with any ability (004 L1518)")
    if user.id != target.id and underground(user):
        raise RulesError(f"{user.id} is underground (Death Worm Burrow) and cannot target anyone "
                         "with any ability (004 L1518)")


def on_sand(state: MiridonBattle, tile: tuple[int, int] | None) -> bool:
    return tile is not None and state.board().terrain_at(tile).has_tag(SAND)


def gone_under(unit: UnitState) -> UnitState:
    return unit.model_copy(update={"conditions": (*unit.conditions, Condition(
        name=BURROWED, source="Death Worm Burrow (L1518)"))})


def come_up(unit: UnitState) -> UnitState:
    racial_flairs.surface(racial_flairs.Burrow(underground(unit)))  # refused if not under
    kept = tuple(c for c in unit.conditions if c.name not in (BURROWED, SURFACED))
    # blocks=1: the block's end removes it (``turn_actions.end_block``)
    return unit.model_copy(update={"conditions": (*kept, Condition(
        name=SURFACED, blocks=1, source="returned to the surface (L1520)"))})


def may_burrow(state: MiridonBattle, unit: UnitState) -> None:
    """The refusal of a burrow that cannot be (``racial_flairs.burrow``'s reasons)."""
    racial_flairs.burrow(unit.profile.flairs, racial_flairs.Burrow(underground(unit)),
                         on_sand(state, unit.position))


def under_path(state: MiridonBattle, unit: UnitState, tiles: list[tuple[int, int]]) -> None:
    """An underground move: every square sand, the end free."""
    for tile in tiles:
        if not on_sand(state, tile):
            raise RulesError(f"{unit.id} moves underground through sand only; {tile} is "
                             f"{state.board().terrain_at(tile).name} (Death Worm Burrow, L1518)")
    if tiles and state.at(tiles[-1]) is not None:
        raise RulesError(f"{tiles[-1]} is taken by {state.at(tiles[-1]).id}")  # type: ignore[union-attr]


def surface_choice(action: Mapping[str, Any]) -> bool:
    return str(action.get("surface", "no")).casefold() in ("yes", "true", "1")
