"""Staves in battle (004 L3494-3509): the Cast Spell Strength Cost replaces the default
(L3500) and the Ghost Power Storage pays a cast (L3498)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import ContentError, RulesError
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.spirit_battle.ai_spells import spell_candidates
from tactician.rulesets.miridon.spirit_battle.staves import STORED, cast_cost
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of
from tests.miridon.battle.helpers import act, battle, unit

ROOT = Path(__file__).resolve().parents[4]
CAST = {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell", "ghost": 5,
        "target": "ogre", "element": "fire"}


def _mage(weapons: tuple[str, ...] = ("Short Staff",), strength: int = 4,
          **changes: object) -> object:
    changes = {"ghost": 20, **changes}
    return battle(unit("mage", weapons=weapons, strength=strength,
                       talents={"Offensive Spell Boost": 1}, **changes),
                  unit("ogre", "enemy", at=(5, 0)))


def test_a_short_staff_casts_for_its_strength_cost_4_not_the_default_5() -> None:
    """L3500 "This stat is used as the [Strength Cost] of [Cast Spell] instead of the
    default value"; Table 6.6.1: Short Staff 4 (L3505)."""
    state, _, _ = act(_mage(), CAST)
    mage = state.unit("mage")
    assert (mage.strength, mage.speed) == (0, 9)
    assert casting_of(mage) is not None


def test_the_cheapest_staff_wielded_sets_the_cost_and_without_one_it_is_5() -> None:
    from tactician.rulesets.miridon.compendium import load_compendium

    book = load_compendium()
    two = _mage(weapons=("Medium Staff", "Giant Staff")).unit("mage")  # type: ignore[attr-defined]
    assert cast_cost(book, two) == (2, 1)  # Giant Staff 2 (L3509)
    none = _mage(weapons=("Longsword",)).unit("mage")  # type: ignore[attr-defined]
    assert cast_cost(book, none) == (5, 1)
    with pytest.raises(RulesError, match="costs 5 strength points"):
        act(_mage(weapons=("Longsword",)), CAST)


def test_the_staffs_ghost_power_pays_the_spell_ghost_hp() -> None:
    """L3498 "the character can use the [Ghost Power] of the [Stave] instead of their own
    [Current Ghost Power]"."""
    state = _mage(pools={STORED + "Short Staff": 8})
    after, outcome, _ = act(state, {**CAST, "staff": "yes"})
    mage = after.unit("mage")
    assert mage.ghost == 20 and mage.pools[STORED + "Short Staff"] == 3
    assert casting_of(mage).spell_ghost == 5  # type: ignore[union-attr]
    assert "from its Short Staff (3 left, L3498)" in outcome.summary
    with pytest.raises(RulesError, match="stores 8 ghost power, not 9"):
        act(state, {**CAST, "ghost": 9, "staff": "Short Staff"})
    with pytest.raises(RulesError, match="wields no staff"):
        act(_mage(weapons=("Longsword",), strength=10), {**CAST, "staff": "yes"})


def test_a_units_file_fills_a_staff_up_to_its_storage(tmp_path: Path) -> None:
    examples = ROOT / "examples" / "miridon"
    units = tmp_path / "units.yaml"
    units.write_text(f"units:\n  - {{id: gogo, file: {examples / 'vessel_gogo.yaml'}, side: "
                     "player, at: [2, 3], staff_ghost: {Short Staff: 10}}\n"
                     f"  - {{id: husk, file: {examples / 'spirits' / 'haunted_husk.yaml'}, "
                     "side: enemy, at: [7, 3]}\n")
    rules = MiridonBattleRules()
    scenario = {"map": str(examples / "skirmish" / "map.yaml"), "units": [str(units)]}
    state = rules.start_state(scenario)
    assert state.unit("gogo").pools[STORED + "Short Staff"] == 10
    units.write_text(units.read_text().replace("Short Staff: 10", "Short Staff: 11"))
    with pytest.raises(ContentError, match="stores 0..10 ghost power"):
        rules.start_state(scenario)


def test_the_ai_pays_the_staffs_cost_and_casts_from_its_store() -> None:
    from tactician.rulesets.miridon.battle.options import BattleOptions
    from tactician.rulesets.miridon.compendium import load_compendium

    state = _mage(pools={STORED + "Short Staff": 10}, ghost=0)
    found = spell_candidates(load_compendium(), BattleOptions(), state,
                             state.unit("mage"))  # type: ignore[attr-defined]
    casts = [c for c in found if c.action["type"] == "cast_spell"]
    assert casts and all(c.action.get("staff") == "Short Staff" for c in casts)
