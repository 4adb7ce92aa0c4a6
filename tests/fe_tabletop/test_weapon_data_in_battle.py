"""Every weapon of the FE8 compendium through 001's attack numbers (issue 26's coverage
map: weapons are data, so one test runs each): its damage dice and bonus are what a hit
deals (001 L45 "2d6 ... rolling a 2 and a 5 with a strength of 12 deals 13"), its Hit is
the Hit a strike adds (L47)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactician.rulesets.fe_common.character.weapons import find_weapon
from tactician.rulesets.fe_common.compendium import load_fe8
from tactician.rulesets.fe_tabletop import numbers
from tactician.rulesets.fe_tabletop.combatant import Combatant
from tactician.rulesets.fe_tabletop.options import TabletopOptions

FE8 = load_fe8()
DEALING = sorted(w.name for w in FE8.weapons.values()
                 if w.type != "staff" and find_weapon(FE8, w.name).damage is not None)


@pytest.mark.parametrize("name", DEALING)
def test_each_weapon_deals_its_dice_and_bonus_and_adds_its_hit(name: str) -> None:
    weapon = find_weapon(FE8, name)
    assert weapon.damage is not None
    me = Combatant(name="A", hp=20, pow=6, skl=0, spd=0, lck=0, def_=0, res=0, con=40,
                   weapon=weapon)
    target = Combatant(name="B", hp=99, pow=0, skl=0, spd=3, lck=0, def_=0, res=0, con=10,
                       weapon=None)
    assert numbers.hit_damage(me, target, 7, False, TabletopOptions()) == \
        7 + weapon.damage.bonus + 6 // 2
    blunt = replace(me, weapon=replace(weapon, hit=0))
    options = TabletopOptions()
    assert sum(t.value for t in numbers.hit_terms(me, target, options)) - sum(
        t.value for t in numbers.hit_terms(blunt, target, options)) == weapon.hit
