# ruff: noqa: E501 (a table: one entry a line, test node ids are long)
"""Fire Emblem Classic's coverage map (issue 26): FE8's weapons and items as 002 plays
them (``fe_common/coverage.py`` builds the map; ``where`` names modules under
``rulesets/fe_classic/``). A 002 battle's actions: attack, staff (an offensive staff),
seize, open, break, rescue, drop, wait."""

from __future__ import annotations

from tactician.rulesets.contract.coverage import Entry, Ruled, Wired
from tactician.rulesets.fe_common.coverage import fe_coverage

ATTACK = Wired("numbers.py attack/accuracy/damage, fight.py (the attack procedure: Might, Hit, crit, weight, range, effectiveness)",
               "tests/fe_classic/test_weapon_data_in_battle.py::test_each_weapon_adds_its_might_and_hit",
               "battle act UNIT attack target=T")
_NOT_PLAYED = Ruled("cov-fe-classic-staves", "002 battles play only FE8's offensive staves")
STAVES: dict[str, Entry] = {
    "Sleep": Wired("staves.py, battle_actions.py staff (status sleep: no acting, no counter)",
                   "tests/fe_classic/test_battle.py::test_staff_sleep_stops_acting_and_countering",
                   "battle act UNIT staff target=FOE weapon=Sleep"),
    "Silence": Wired("staves.py, battle_combat.py usable (a silenced unit uses no tome)",
                     "tests/fe_classic/test_weapon_data_in_battle.py::test_a_silenced_unit_cannot_use_a_tome_but_can_a_sword",
                     "battle act UNIT staff target=FOE weapon=Silence"),
    "Berserk": Wired("staves.py, berserk.py (the berserk unit attacks the nearest unit)",
                     "tests/fe_classic/test_berserk.py::test_a_berserk_unit_strikes_its_nearest_ally_at_the_phase_end",
                     "battle act UNIT staff target=FOE weapon=Berserk"),
    **dict.fromkeys(("Heal", "Mend", "Recover", "Physic", "Fortify", "Restore", "Warp",
                     "Rescue", "Torch (staff)", "Unlock", "Barrier", "Latona"), _NOT_PLAYED),
}
_KEY = Wired("battle_terrain.py open (a Door Key, used up, or a Lockpick opens a door)",
             "tests/fe_classic/test_battle.py::test_doors_open_and_snags_break_c69",
             "battle act UNIT open at=X,Y")
_UNUSED = Ruled("cov-fe-classic-items", "a 002 battle has no Use Item action")
ITEMS: dict[str, Entry] = {
    "Door Key": _KEY, "Lockpick": _KEY,
    **dict.fromkeys(("Vulnerary", "Elixir", "Pure Water", "Antitoxin", "Torch", "Chest Key"),
                    _UNUSED),
}

SKILLS: dict[str, Entry] = {
    "Heal": Ruled("cov-fe-classic-heal-skill", "a 002 battle has no heal action"),
    "Artisan (Weapons)": Ruled("cov-fe-artisan-repair", "a repair between battles (001 L94)"),
}

COVERAGE = fe_coverage("fe-classic", ATTACK, STAVES, ITEMS, SKILLS)
