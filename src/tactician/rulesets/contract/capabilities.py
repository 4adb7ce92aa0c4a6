"""The capabilities a ruleset declares (kept in ``tactician.rulesets.capabilities``
so that registering a ruleset imports nothing of the contract)."""

from tactician.rulesets.capabilities import Capability, Unsupported

__all__ = ["Capability", "Unsupported"]
