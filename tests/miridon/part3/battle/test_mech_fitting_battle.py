"""The mech a pilot may take into battle (004 L3593-3601) and the further parts Mech Spell
Training (L224) and Mech Puzzle Weapon (L238) allow, checked when a units file puts a pilot
inside and when it enters."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import ContentError, RulesError
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.mechs.fitting import fit_problems, pilot_limits
from tactician.rulesets.miridon.models import MechPart
from tactician.rulesets.miridon.spirit_battle.mech_units import mech_unit
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
ROOT = Path(__file__).resolve().parents[4]
WARDEN = ("Warden Frame Body", "Training Frame Blade", "Training Frame Gun",
          "Warden Frame Spell Core")


def _part(kind: str, name: str) -> MechPart:
    return MechPart(name=name, kind=kind, mech_points=10, max_speed=2, speed_regen=1,  # type: ignore[arg-type]
                    source="test", cited_at=(238,))


def test_a_spell_core_or_a_puzzle_part_may_be_a_further_part() -> None:
    """L224 "The character can use a additional [Mech Part] ... This [Mech Part] must be a
    [Mech Spell Core]. For every 3 [Ranks] ... an additional [Mech Spell Core]"; L238 the
    same for "a [Mech Puzzle Gun] or a [Mech Puzzle Blade]"."""
    warden = [BOOK.mech_parts[p.casefold()] for p in WARDEN]
    assert any("at most 3" in p for p in fit_problems(warden, pilot_limits(2)))
    assert fit_problems(warden, pilot_limits(2, spell_training=1)) == []
    base = [BOOK.mech_parts[p.casefold()] for p in WARDEN[:3]]
    puzzles = [_part("puzzle_gun", "Puzzle Gun A"), _part("puzzle_blade", "Puzzle Blade B")]
    assert any("at most 3" in p for p in fit_problems([*base, puzzles[0]], pilot_limits(2)))
    assert fit_problems([*base, puzzles[0]], pilot_limits(2, puzzle_weapon=1)) == []
    # one further puzzle part at rank 1..2, two at 3 (by the Mech Puzzle Weapon rank, or
    # by Mech Spell Training as L238 prints: ruling puzzle_parts_rank)
    assert any("at most 4" in p for p in fit_problems([*base, *puzzles],
                                                      pilot_limits(2, puzzle_weapon=2)))
    assert fit_problems([*base, *puzzles], pilot_limits(2, puzzle_weapon=3)) == []
    assert fit_problems([*base, *puzzles], pilot_limits(2, spell_training=3, puzzle_weapon=1,
                                                        puzzle_ranks=3)) == []
    # a further part is only of its kind: a puzzle allowance does not take a spell core
    assert any("at most 3" in p for p in fit_problems(warden, pilot_limits(2, puzzle_weapon=3)))


def _enter(specials: dict[str, int]) -> object:
    warden = mech_unit(BOOK, "warden", "Warden Frame",
                       [BOOK.mech_parts[p.casefold()] for p in WARDEN], "player", (1, 0))
    vex = unit("vex", specials=specials)
    state = battle(vex, warden, unit("ogre", "enemy", at=(8, 0)), order=("vex", "ogre",
                                                                        "warden"))
    return act(state, {"type": "enter_mech", "unit": "vex", "mech": "warden"})[0]


def test_entering_a_mech_beyond_the_pilots_limits_is_refused() -> None:
    with pytest.raises(RulesError, match="vex cannot pilot the Warden Frame: 4 parts"):
        _enter({"Mech Training": 2})
    entered = _enter({"Mech Training": 2, "Mech Spell Training": 1})
    assert entered.unit("vex").position is None  # type: ignore[attr-defined]


def test_a_units_file_cannot_seat_a_pilot_in_a_mech_it_may_not_pilot(tmp_path: Path) -> None:
    examples = ROOT / "examples" / "miridon"
    text = (examples / "spirits" / "casters.yaml").read_text()
    units = tmp_path / "casters.yaml"
    units.write_text(text.replace("../vessel_gogo.yaml", str(examples / "vessel_gogo.yaml"))
                     .replace("../techie_rill.yaml", str(examples / "techie_rill.yaml"))
                     .replace("[Training Frame Body, Training Frame Blade, Training Frame Gun]",
                              "[" + ", ".join(WARDEN) + "]"))
    rules = MiridonBattleRules()
    scenario = {"map": str(examples / "skirmish" / "map.yaml"),
                "units": [str(units), str(examples / "spirits" / "haunted.yaml")]}
    with pytest.raises(ContentError, match="rill cannot pilot the Training Frame: 4 parts"):
        rules.start_state(scenario)
