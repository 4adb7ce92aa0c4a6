"""examples/miridon: one character of each class, a dual-class character, a crew and a
caster; every file builds with no violation."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.rulesets.miridon.build import build_character, unit_of
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.sheet import sheet
from tactician.rulesets.miridon.unit import read_unit

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "miridon"
FILES = sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_builds(path: Path, comp: Compendium) -> None:
    character = build_character(read_unit(path), comp, source=str(path))
    assert character.unspent_points >= 0
    assert build_character(unit_of(character), comp) == character
    data = sheet(character, comp)
    assert data["max_hp"] > 0 and data["weight_penalty"] <= data["max_weight_penalty"]


def test_examples_cover_the_brief(comp: Compendium) -> None:
    built = [build_character(read_unit(p), comp) for p in FILES]
    base = {c.base_class for c in built}
    assert base == {c.name for c in comp.classes.values() if c.kind == "basic"}
    assert any(c.second_class for c in built)  # a dual-class character
    assert any(c.crew for c in built)  # a crew
    caster = [c for c in built if c.talent_rank("Offensive Spell Boost")]
    assert caster and any(comp.weapon(w).category == "staff" for w in caster[0].weapons)
