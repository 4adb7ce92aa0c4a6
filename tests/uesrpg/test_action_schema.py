"""UESRPG's action schema names the defences its attack reads."""

from __future__ import annotations

from tactician.rulesets.uesrpg import action_schema
from tactician.rulesets.uesrpg.attack import DEFENCES


def test_the_schemas_defences_are_the_attacks_own() -> None:
    assert action_schema.DEFENCES == DEFENCES
