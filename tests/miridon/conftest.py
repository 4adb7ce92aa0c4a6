"""Shared Miridon fixtures: the default compendium and a quick way to build a character."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.rulesets.miridon.build import build_character
from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium, load_compendium
from tactician.rulesets.miridon.options import DEFAULT_OPTIONS, MiridonOptions
from tactician.rulesets.miridon.unit import MiridonUnit


@pytest.fixture(scope="session")
def comp() -> Compendium:
    return load_compendium()


def make(
    compendium: Compendium,
    klass: str,
    ledger: list[Any] | None = None,
    options: MiridonOptions = DEFAULT_OPTIONS,
    **fields: Any,
) -> Character:
    """Build a character from a class, ledger events (shorthand mappings) and fields."""
    unit = MiridonUnit.model_validate(
        {"name": fields.pop("name", "Test"), "class": klass, "ledger": ledger or [], **fields}
    )
    return build_character(unit, compendium, options, source="test.yaml")
