"""Every weapon and armor piece of the default compendium, through the one attack
procedure (issue 26's coverage map: they are data, so one test runs each): a weapon's
damage dice and bonus are what a hit can deal (003 "Damage"), an armor piece's AR is
taken off the damage at the locations it covers (``damage.ar_against``: an elemental
type also counts the piece's magic AR)."""

from __future__ import annotations

import re

import pytest

from tactician.rulesets.uesrpg.attack import forecast, plan_attack
from tactician.rulesets.uesrpg.content import load_compendium as load_content
from tactician.rulesets.uesrpg.damage import ar_against
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tests.uesrpg.units import unit

BOOK = load_content()
BY_TYPE = {"physical": "Greatsword", "fire": "Fire Bolt", "frost": "Frost Spike",
           "shock": "Shock Bolt", "magic": "Arcane Bolt", "shadow": "Shadow Bolt",
           "poison": "Venom Blade"}
SKILLS = {"combat style": {"characteristic": "strength", "bonus": 60},
          "destruction": {"characteristic": "willpower", "bonus": 60}}


def _most(weapon: str, **defender: object) -> dict[str, int]:
    """The most damage a hit deals at each location."""
    attacker = unit("A", str_=60, wp=60, weapons=(weapon,), skills=SKILLS)
    target = unit("D", **defender)  # type: ignore[arg-type]
    found: dict[str, int] = {}
    for state in forecast(plan_attack(attacker, target, weapon, "none")).final:
        if state.location:
            found[state.location] = max(found.get(state.location, 0), state.damage)
    return found


@pytest.mark.parametrize("name", sorted(BOOK.weapons))
def test_each_weapon_deals_its_dice_and_bonus(name: str) -> None:
    weapon = BOOK.weapons[name]
    count, sides, bonus = re.fullmatch(r"(\d+)d(\d+)(?:\+(SB|WB))?", weapon.damage).groups()
    most = int(count) * int(sides) + (6 if bonus else 0)  # SB / WB of 60 is 6
    assert max(_most(name).values()) == most


@pytest.mark.parametrize("name", sorted(BOOK.armor))
def test_each_armor_piece_takes_its_ar_off_at_its_locations(name: str) -> None:
    piece = BOOK.armor[name]
    kind = max(piece.ar, key=lambda k: piece.ar[k])
    ar = ar_against(piece.ar, kind, UesrpgOptions())  # type: ignore[arg-type]
    weapon = BY_TYPE[kind]
    bare, worn = _most(weapon), _most(weapon, armor=(name,))
    for location in piece.locations:
        assert bare[location] - worn[location] == ar, location
    others = set(bare) - set(piece.locations)
    assert all(bare[loc] == worn[loc] for loc in others)
