"""What a ruleset may or may not have, declared rather than discovered.

A ruleset that lacks something (Tropera has no hit locations, UESRPG no
level-up of its own) says so by leaving the capability out of its
registration; asking it for that thing raises ``Unsupported`` with the
ruleset's own list, never a ``KeyError`` or an ``AttributeError``.
"""

from __future__ import annotations

from enum import StrEnum

from tactician.errors import TacticianError


class Capability(StrEnum):
    """One thing a ruleset can do beyond the always-required unit files and sheets."""

    # gain a level (or the ruleset's own growth step) from a unit file
    ADVANCEMENT = "advancement"
    # build a new character by the rules' creation (dice rolled and shown)
    CREATION = "creation"
    # browse and search the ruleset's content (weapons, feats, armor, terrain, ...)
    COMPENDIUM = "compendium"
    # forecast and resolve one fight between unit files (`tactician forecast|attack`)
    FIGHTS = "fights"
    # one attack against several defenders (Chain Lightning)
    MULTI_TARGET = "multi_target"
    # the defender chooses a reaction (evade, parry, block)
    REACTIONS = "reactions"
    # damage lands on a body location
    HIT_LOCATIONS = "hit_locations"
    # terrain under a unit changes the numbers of a fight
    TERRAIN_BONUSES = "terrain_bonuses"
    # battles on a map through the core engine
    BATTLES = "battles"
    # an AI that plays a side (or a unit's turn) in a battle
    AI = "ai"
    # fog of war: a side sees only what its units see
    FOG = "fog"
    # care of a roster character between battles (healing, treating wounds)
    CARE = "care"
    # the party's shared store (001's Supply): items moved to and from a roster character
    SUPPLY = "supply"
    # a character's check outside a fight (001's 3d6 roleplay skills), exact odds first
    CHECKS = "checks"


class Unsupported(TacticianError):
    """A command asked a ruleset for a capability it does not declare."""

    def __init__(self, ruleset: str, capability: Capability, declared: frozenset[Capability]):
        self.ruleset = ruleset
        self.capability = capability
        has = ", ".join(sorted(c.value for c in declared)) or "none"
        super().__init__(
            f"ruleset {ruleset!r} has no {capability.value} (it declares: {has})"
        )
