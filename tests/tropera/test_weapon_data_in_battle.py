"""Every weapon of the default compendium, through the one attack procedure (issue 26's
coverage map: weapons are data, so one test runs each through ``numbers``): its Might is
the damage a hit adds (000 "Damage: (Attack Stat) + (Weapon Might) - (Defense Stat)"),
its Accuracy the Hit it adds ("Hit Chance: (Skill x 2) + Luck + Weapon Accuracy")."""

from __future__ import annotations

import pytest

from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.options import TroperaOptions
from tests.tropera.units import unit

BOOK = load_compendium()
ATTACKS = sorted(w.name for w in BOOK.weapons.values() if w.type != "staff")


@pytest.mark.parametrize("name", ATTACKS)
def test_each_weapon_adds_its_might_and_accuracy(name: str) -> None:
    weapon = BOOK.weapon(name)
    wielder = unit(str_=6, mag=6, weapon=weapon, level=6,
                   ranks={t: "S" for t in ("sword", "lance", "axe", "bow", "anima", "light",
                                           "dark", "staff", "clips")})
    plain = unit(def_=0, res=0, weapon=None)
    damage, _ = numbers.damage(wielder, weapon, plain, TroperaOptions())
    unarmed = numbers.damage(wielder, weapon.model_copy(update={"might": 0}), plain,
                             TroperaOptions())[0]
    assert damage - unarmed == weapon.might
    blunt = weapon.model_copy(update={"accuracy": 0})
    assert numbers.hit(wielder, weapon) - numbers.hit(wielder, blunt) == weapon.accuracy
