"""Every feat the compendium marks ``implemented`` is named in the rules code,
and every feat the rules code names exists in the compendium."""

from __future__ import annotations

import re
from pathlib import Path

from tactician.rulesets.tropera.compendium import load_compendium

CODE = Path(__file__).resolve().parents[2] / "src" / "tactician" / "rulesets" / "tropera"


def _code_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in CODE.glob("*.py"))


def test_implemented_feats_are_named_in_the_rules_code() -> None:
    text = _code_text().casefold()
    missing = [
        feat.name
        for feat in load_compendium().feats.values()
        if feat.implemented
        and f'"{feat.name.casefold()}"' not in text
        and not feat.level1_option
    ]
    assert missing == []


def test_feats_named_in_code_exist() -> None:
    names = {feat.name for feat in load_compendium().feats.values()}
    used = set(re.findall(r'has(?:_feat)?\([^,()]*?,?\s*"([^"]+)"\)', _code_text()))
    assert used and used <= names
