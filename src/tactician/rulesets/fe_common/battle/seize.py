"""Seize the Throne (001 L77-78, L111; 002's Seize).

001 L77 Throne "Can be seized by a Lord", L78 Gate "Can be seized by Lord";
L111: "the units must reach the throne occupied by the boss of the level. In
doing so, the units must defeat the boss as normal, and seize the throne
(regardless of how many enemies are [left]). Doing so causes the enemy to
surrender and/or retreat, and is considered a success for the units." L55:
Seize Throne is a Standard action.

So: a Lord standing on a seizable tile, every boss defeated, takes its standard
action and its side wins at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from tactician.errors import RulesError
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit
from tactician.rulesets.fe_common.battle.turn import after_standard, check_standard

B = TypeVar("B", bound=FeBattle)


def seize(state: B, unit: FeUnit, seizable: bool, bosses: Iterable[FeUnit]) -> B:
    """The Lord ``unit`` seizes the tile it stands on (``seizable``: the ruleset's
    terrain says so); refused while a boss stands."""
    check_standard(state, unit)
    if not unit.lord:
        raise RulesError(f"only a Lord can seize; {unit.name} is not one")
    if not seizable:
        raise RulesError(f"{unit.name} does not stand on a throne or gate")
    standing = [b.name for b in bosses if not b.out]
    if standing:
        raise RulesError(f"defeat the boss first ({', '.join(standing)}): 001 L111")
    after = state.replace_units(after_standard(unit))
    return after.model_copy(update={"result": "victory",
                                    "result_reason": f"{unit.name} seized {unit.position}"})
