"""``Planner``, the AI a ruleset's contract gives (``RulesetContract.planner``): defined
with the engine that plays it (``engine.rules``, ``engine.play``), named here too for
rulesets that import the contract's names. A module of its own so that loading the
contract's interface does not load the engine (a Tropera forecast needs neither)."""

from __future__ import annotations

from tactician.engine.rules import Planner

__all__ = ["Planner"]
