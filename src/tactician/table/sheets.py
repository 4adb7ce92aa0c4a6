"""Unit files for every ruleset: check a build, show a sheet, advance a unit.

Each goes through the ruleset's contract; ``advance`` writes the new unit file
only when asked, through ``unit_files.write_unit`` (comments and mode kept).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource, PhysicalDice, SeededDice
from tactician.rulesets.contract import Advancement, AdvanceRequest, ChoiceSpec, Sheet, UnitCheck
from tactician.rulesets.registry import contract
from tactician.table.unit_files import write_unit

__all__ = ["AdvanceRequest", "Advanced", "advance", "check", "choices", "create",
           "creation_choices", "sheet", "sheet_of"]


def check(ruleset_id: str, path: Path) -> UnitCheck:
    """Every violation of the unit file (none: a legal build)."""
    return contract(ruleset_id).check_unit(path)


def sheet_of(ruleset_id: str, path: Path) -> Sheet:
    return contract(ruleset_id).sheet(path)


def sheet(ruleset_id: str, path: Path) -> dict[str, Any]:
    """The sheet of the unit in ``path`` as JSON-ready data."""
    return sheet_of(ruleset_id, path).as_json()


def choices(ruleset_id: str) -> list[ChoiceSpec]:
    return contract(ruleset_id).advancement_choices()


@dataclass(frozen=True)
class Advanced:
    advancement: Advancement
    dice: dict[str, Any]
    written: Path | None


def advance(
    ruleset_id: str, path: Path, request: AdvanceRequest, dice: DiceSource,
    target: Path | None = None,
) -> Advanced:
    """Advance the unit in ``path`` on ``dice``; write it to ``target`` if given."""
    result = contract(ruleset_id).advance(path, request, dice)
    if target is not None:
        write_unit(path, target, result.unit)
    return Advanced(result, dice_info(dice), target)


def dice_info(dice: DiceSource) -> dict[str, Any]:
    """Every die drawn; the seed, or the supplied rolls left over."""
    info: dict[str, Any] = {"used": [d.value for d in dice.draws]}
    if isinstance(dice, SeededDice):
        info["seed"] = dice.seed
    else:
        info["unused"] = list(dice.unused) if isinstance(dice, PhysicalDice) else []
    return info


def creation_choices(ruleset_id: str) -> list[ChoiceSpec]:
    return contract(ruleset_id).creation_choices()


def create(ruleset_id: str, name: str, request: AdvanceRequest, dice: DiceSource,
           target: Path) -> Advanced:
    """A new character by the ruleset's creation rules on ``dice``, written to
    ``target`` (a new file: an existing one is refused, never overwritten) only once
    the ruleset's own check accepts what it made."""
    import yaml

    from tactician.content.writing import write_text_atomic
    from tactician.errors import ContentError, RulesError

    if target.exists():
        raise ContentError(f"{target}: already exists; creation writes a new file only")
    if not target.parent.is_dir():
        raise ContentError(f"{target}: no folder {str(target.parent)!r}")
    result = contract(ruleset_id).create(name, request, dice)
    text = yaml.safe_dump(dict(result.unit), sort_keys=False, allow_unicode=True)
    write_text_atomic(target, text, 0o644)
    verdict = check(ruleset_id, target)
    if not verdict.valid:  # the rules made what the rules refuse: keep nothing
        target.unlink()
        raise RulesError([f"internal: the new character fails its own check: {v}"
                          for v in verdict.violations])
    return Advanced(result, dice_info(dice), target)
