"""What an interface sends a ruleset to forecast or resolve one fight: the
participants as unit files with their situation, and the rulings in force.

Its own module (``values`` re-exports it) so that a forecast, the command most
often typed at the table, imports these two values and none of the contract's
other sixteen (issue 16: start-up is paid per class defined). Both are
``NamedTuple``s: immutable values like the frozen dataclasses beside them in
``values``, about ten times cheaper to define.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple


class Combatant(NamedTuple):
    path: Path
    terrain: str | None = None
    hp: int | None = None
    defending: bool = False
    weapon: str | None = None
    statuses: tuple[str, ...] = ()


class FightRequest(NamedTuple):
    ruleset: str
    attacker: Combatant
    defenders: tuple[Combatant, ...]
    distance: int | None = None
    options: tuple[str, ...] = ()
    # other enemies next to the attacker that only an effect such as Cleave reaches
    bystanders: tuple[Combatant, ...] = ()
    # the defender's reaction (evade, parry, block, none) for rulesets that have one;
    # None lets the ruleset choose (rulesets without reactions refuse it)
    defence: str | None = None
