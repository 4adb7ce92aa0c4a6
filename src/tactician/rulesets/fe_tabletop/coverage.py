# ruff: noqa: E501 (a table: one entry a line, test node ids are long)
"""Fire Emblem Tabletop's coverage map (issue 26): FE8's weapons and items as 001 plays
them (``fe_common/coverage.py`` builds the map; ``where`` names modules under
``rulesets/fe_tabletop/``). 001 L55's standard actions: "Attack, Use Staff, ...,
Vulnerary, ..., Use Item"."""

from __future__ import annotations

from tactician.rulesets.contract.coverage import Entry, Ruled, Wired
from tactician.rulesets.fe_common.coverage import fe_coverage

ATTACK = Wired("numbers.py hit_terms/hit_damage, fight.py (the attack procedure: damage dice, Hit, crit, weight, range)",
               "tests/fe_tabletop/test_weapon_data_in_battle.py::test_each_weapon_deals_its_dice_and_bonus_and_adds_its_hit",
               "battle act UNIT attack target=T")
_HEAL = Wired("care_actions.py use_staff (STAFF_HEAL: Magic + the staff's heal)",
              "tests/fe_tabletop/test_battle_turns.py::test_staff_vulnerary_and_the_staff_rank_use",
              "battle act UNIT use_staff target=ALLY staff=NAME")
_OTHER_STAFF = Ruled("cov-fe-tabletop-staves", "001 names no staff effect but healing")
STAVES: dict[str, Entry] = {
    "Heal": _HEAL, "Mend": _HEAL, "Recover": _HEAL,
    **dict.fromkeys(("Physic", "Fortify", "Restore", "Silence", "Sleep", "Berserk", "Warp",
                     "Rescue", "Torch (staff)", "Unlock", "Barrier", "Latona"), _OTHER_STAFF),
}
_DRINK = Wired("care_actions.py vulnerary/use_item (_drink: the item's heal)",
               "tests/fe_tabletop/test_battle_turns.py::test_staff_vulnerary_and_the_staff_rank_use",
               "battle act UNIT use_item item=NAME")
ITEMS: dict[str, Entry] = {
    "Vulnerary": _DRINK,
    "Elixir": _DRINK,
    "Torch": Wired("care_actions.py use_item (Torch: +4 vision under fog)",
                   "tests/fe_tabletop/test_battle_fog.py::test_a_torch_adds_four_squares_and_a_thief_sees_eight",
                   "battle act UNIT use_item item=Torch"),
    "Pure Water": Ruled("cov-fe-tabletop-items", "use_item refuses it: it does not heal"),
    "Antitoxin": Ruled("cov-fe-tabletop-items", "001 has no poison to cure"),
    "Door Key": Ruled("cov-fe-tabletop-items", "a 001 battle map has no doors or chests"),
    "Chest Key": Ruled("cov-fe-tabletop-items", "a 001 battle map has no doors or chests"),
    "Lockpick": Ruled("cov-fe-tabletop-items", "a 001 battle map has no doors or chests"),
}
WEAPONS: dict[str, Entry] = {
    "Luna": Ruled("cov-fe-tabletop-luna", "no damage dice: FE8's Might 0 converts to none"),
}

SKILLS: dict[str, Entry] = {
    "Heal": Wired("skill_actions.py heal_skill (001 L100: up to half HP, once a battle)",
                  "tests/fe_tabletop/test_heal_and_repair.py::test_heal_restores_up_to_half_the_max_hp",
                  "battle act UNIT heal_skill target=ALLY"),
    "Artisan (Weapons)": Ruled("cov-fe-artisan-repair", "a repair between battles (001 L94)"),
}

COVERAGE = fe_coverage("fe-tabletop", ATTACK, STAVES, ITEMS, SKILLS, WEAPONS)
