"""Unit files, their errors, and the derived numbers (core, from outside 003)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tactician.errors import ContentError
from tactician.rulesets.uesrpg.character import build_profile, load_profile, load_templates
from tactician.rulesets.uesrpg.state import start_state
from tests.uesrpg.units import profile

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "uesrpg"


def test_derived_numbers() -> None:
    p = profile(str_=42, end=45, ag=38, int_=30, wp=35, prc=40, lck=41)
    assert p.max_hp == 23  # Endurance / 2 rounded up
    assert p.base_wound_threshold == 4 + 4 + 3  # SB + EB + WB
    assert p.max_stamina == 4  # EB
    assert p.max_magicka == 30  # Intelligence
    assert p.base_speed == 4 + 2 * 3  # SB + 2*AB
    assert p.initiative_rating == 3 + 3 + 4  # AB + IB + PcB
    assert p.luck_bonus == 4
    state = start_state(p)
    assert (state.hp, state.sp, state.mp, state.ap) == (23, 4, 30, 3)


def test_skill_target_is_characteristic_plus_bonus() -> None:
    p = profile(str_=42)
    assert p.skill_target("Combat Style") == 52
    assert p.skill_target("lockpicking") is None


def test_examples_load() -> None:
    aela = load_profile(EXAMPLES / "aela.yaml")
    assert aela.pc and aela.lucky == frozenset({7, 23, 56, 88}) and aela.unlucky == {99}
    assert aela.critical_numbers() == (aela.lucky, aela.unlucky)
    assert aela.armor_at("body").ar == {"physical": 4}
    assert aela.armor_at("right_arm").pieces == ("Chain Hauberk",)
    captain = load_profile(EXAMPLES / "bandit-captain.yaml")
    assert not captain.pc and captain.critical_numbers()[0] == frozenset({1, 2, 3})
    witch = load_profile(EXAMPLES / "ice-witch.yaml")
    assert len(witch.traits) == 3


def test_templates_build() -> None:
    templates = load_templates()
    assert {"bandit", "battlemage", "wolf", "flame atronach"} <= set(templates)
    for character in templates.values():
        build_profile(character)


def _write(tmp_path: Path, data: dict[str, object]) -> Path:
    path = tmp_path / "unit.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _aela() -> dict[str, object]:
    data = yaml.safe_load((EXAMPLES / "aela.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"lucky": [7, 23, 56]}, "lucky: .*has 4 lucky numbers .*found 3"),
        ({"lucky": [7, 23, 56, 101]}, "lucky: .*101 is not a d100 result"),
        ({"lucky": [7, 7, 56, 88]}, "lucky: .*repeat"),
        ({"unlucky": [88]}, "unlucky: .*88 is both lucky and unlucky"),
        ({"unlucky": []}, "unlucky: .*has 1 unlucky numbers"),
        ({"kind": "npc"}, "lucky: .*an NPC has no lucky numbers"),
        ({"characteristics": {"strength": 40}}, "characteristics: .*missing endurance"),
        ({"weapons": ["Longswrd"]}, "weapons.0: unknown weapon 'Longswrd'; did you mean Longsword"),
        ({"armor": ["Chain Hauberk", "Steel Cuirass"]}, "armor.1: Steel Cuirass covers body"),
        ({"weapons": ["Fire Bolt"]}, "weapons.0: Fire Bolt is used with the skill 'destruction'"),
        ({"lost": ["tail"]}, "lost.0"),
    ],
)
def test_unit_file_errors_name_file_entry_and_field(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    data = _aela() | change
    path = _write(tmp_path, data)
    with pytest.raises(ContentError, match=message) as info:
        load_profile(path)
    assert str(path) in str(info.value) and "'Aela'" in str(info.value)


def test_luck_fifty_has_no_unlucky_numbers(tmp_path: Path) -> None:
    data = _aela()
    data["characteristics"] = dict(data["characteristics"], luck=52)  # type: ignore[call-overload]
    data["lucky"] = [1, 2, 3, 4, 5]
    data["unlucky"] = []
    assert load_profile(_write(tmp_path, data)).luck_bonus == 5


def test_inline_weapon_with_a_bad_damage_expression(tmp_path: Path) -> None:
    data = _aela() | {"weapons": [{"name": "Odd", "damage": "1d8*2"}]}
    with pytest.raises(ContentError, match="weapons.0.*damage"):
        load_profile(_write(tmp_path, data))
