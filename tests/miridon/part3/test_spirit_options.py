"""Part-3 options: defaults as docs/rulings.md lists them, bad values refused by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings.md"


def test_parse_and_refuse() -> None:
    assert SpiritOptions.parse({"mist_form_rerolls": "2"}).mist_form_rerolls == 2
    with pytest.raises(RulesError, match="mist_form_rerolls"):
        SpiritOptions.parse({"mist_form_rerolls": "-1"})
    with pytest.raises(RulesError, match="nonesuch"):
        SpiritOptions.parse({"nonesuch": "1"})


def test_every_option_is_a_rulings_row_with_its_default() -> None:
    text = RULINGS.read_text(encoding="utf-8")
    section = text[text.index("## Miridon part 3"):]
    for name, value in DEFAULT_SPIRIT_OPTIONS.model_dump().items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert re.search(rf"^\| `{name}` \| `{re.escape(shown)}` \|", section, re.M), name
