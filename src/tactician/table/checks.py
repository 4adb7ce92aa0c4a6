"""A character's check outside a fight (``Capability.CHECKS``: 001's roleplay
skills), through the ruleset's contract: the exact chance, every die, the verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.rulesets.contract import CheckRequest
from tactician.rulesets.registry import contract
from tactician.table.sheets import dice_info

__all__ = ["CheckRequest", "kinds", "make_check"]


def kinds(ruleset_id: str) -> list[str]:
    return contract(ruleset_id).check_kinds()


def make_check(ruleset_id: str, path: Path, request: CheckRequest,
               dice: DiceSource) -> tuple[dict[str, Any], Any]:
    """(the JSON report with the dice, the sections to show)."""
    verdict = contract(ruleset_id).check_unit(path)
    if not verdict.valid:
        from tactician.errors import RulesError

        raise RulesError([str(v) for v in verdict.violations])
    result = contract(ruleset_id).skill_check(path, request, dice)
    return {**result.report, "dice": dice_info(dice)}, result.sections
