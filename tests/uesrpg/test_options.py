"""The UESRPG rulings as switchable options, and the ruleset's registration."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from tactician.errors import RulesError
from tactician.rulesets import registry
from tactician.rulesets.uesrpg import RULESET
from tactician.rulesets.uesrpg.options import UesrpgOptions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"


def test_overrides() -> None:
    options = UesrpgOptions().with_overrides(
        ["elemental_ar=higher", "head-stun-skips-refill=false", "dramatic_failure_degrees=3"]
    )
    assert options.elemental_ar == "higher"
    assert options.head_stun_skips_refill is False
    assert options.dramatic_failure_degrees == 3


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("nonsense=1", "unknown option"),
        ("elemental_ar=sum", "takes one of both, higher, specific"),
        ("burning_can_wound=maybe", "true or false"),
        ("frost_dazed_rounds=-1", "0 or more"),
        ("frost_dazed_rounds=two", "whole number"),
    ],
)
def test_bad_overrides_are_refused(pair: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        UesrpgOptions().with_overrides([pair])


def test_every_option_is_documented() -> None:
    from tactician.rulesets.uesrpg.battle_rules import BattleOptions

    text = DOCS.read_text(encoding="utf-8")
    for option in (*fields(UesrpgOptions), *fields(BattleOptions)):
        assert f"`{option.name}`" in text, option.name


def test_ruleset_registers() -> None:
    registry.register(RULESET)
    ruleset = registry.get("uesrpg")
    assert ruleset.source == "003_1bed61d1ae70171f.txt"
    rules = ruleset.contract()
    assert rules.option_values(["wound_penalties=once"])["wound_penalties"] == "once"
    examples = Path(__file__).resolve().parents[2] / "examples" / "uesrpg"
    assert rules.sheet(examples / "aela.yaml").data["hp"] == 23
