"""Tropera's rulings: switchable by name, refused by name, and all documented."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import RulesError
from tactician.rulesets.tropera.options import TroperaOptions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"


def test_every_option_is_documented_with_its_default() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for name, default in TroperaOptions()._asdict().items():
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        assert f"| `{name}` | `{shown}` |" in text, name


def test_overrides_and_refusals() -> None:
    options = TroperaOptions().with_overrides(["true-hit-crit=separate", "halves=ceil",
                                               "true_hit_threshold=50"])
    assert (options.true_hit_crit, options.halves, options.true_hit_threshold) == (
        "separate", "ceil", 50)
    with pytest.raises(RulesError, match="unknown option"):
        TroperaOptions().with_overrides(["sideways=1"])
    with pytest.raises(RulesError, match="true or false"):
        TroperaOptions().with_overrides(["crit_after_halving=perhaps"])
