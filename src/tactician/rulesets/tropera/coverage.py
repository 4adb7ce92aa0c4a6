# ruff: noqa: E501 (a table: one entry a line, test node ids are long)
"""Tropera's coverage map (issue 26): where each feat, item and weapon of the default
compendium takes effect in battle, with the test that exercises it, or the ruling
(``docs/rulings.md``) that says why it does nothing there. ``where`` names modules under
``rulesets/tropera/``. Weapons are data: each one's numbers feed the one attack procedure
(``numbers.py``, ``sequence.py``), which a test runs for every weapon of the data; staves
are the Use Staff action's. Feats the data marks ``implemented: false`` must be Ruled.

000 has no separate skills or relic list: relics are the items of kind ``relic``.
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.contract.coverage import Entry, Ruled, RulesetCoverage, Wired

FEATS: dict[str, Entry] = {
    'Laguz: Beast': Wired('progression.py',
          'tests/tropera/test_creation.py::test_movement_modifiers'),
    'Laguz: Bird': Wired('progression.py',
          'tests/tropera/test_creation.py::test_movement_modifiers'),
    'Laguz: Dragon': Wired('progression.py',
          'tests/tropera/test_creation.py::test_movement_modifiers'),
    'Manakete': Wired('combatant.py, movement.py',
          'tests/tropera/test_feat_coverage.py::test_manakete_wings_cross_impassable_terrain'),
    'Adept': Wired('numbers.py',
          'tests/tropera/test_sequence.py::test_brave_adept_reckless_sentinel_s3'),
    'Anthropomorph': Wired('combatant.py, movement.py, numbers.py',
          'tests/tropera/test_numbers.py::test_dragon_laguz_scales_halve_physical_only_in_beast_form'),
    'Arsenal': Wired('progression.py',
          'tests/tropera/test_creation.py::test_arsenal_adds_a_weapon_and_an_item'),
    'Battle Medic': Wired('item_actions.py',
          'tests/tropera/test_battle_rules.py::test_items_on_standing_allies_need_battle_medic'),
    'Canto': Wired('action_checks.py, basic_actions.py',
          'tests/tropera/test_battle_rules.py::test_moves_add_up_and_main_action_ends_the_turn_unless_canto'),
    'Cleave': Wired('attack_action.py, fight.py, sequence.py',
          'tests/tropera/test_sequence.py::test_cleave_free_attacks_with_stacking_penalty'),
    "Dragon's Breath": Wired('creation.py, levelup.py, natural_weapons.py',
          'tests/tropera/test_numbers.py::test_dragons_breath_uses_level_against_resistance'),
    'Fast Healer': Wired('basic_actions.py, item_actions.py',
          'tests/tropera/test_feat_coverage.py::test_fast_healer_recovers_a_quarter_level_minimum_1_on_defend'),
    'Flying Mount': Wired('combatant.py, movement.py, numbers.py',
          'tests/tropera/test_special_actions.py::test_flying_mount_cannot_lift_heavy_armor_read_for_armored'),
    'Focus': Wired('combatant.py',
          'tests/tropera/test_numbers.py::test_focus_adds_two_crit_per_rank_in_its_proficiency'),
    'Gamble': Wired('sequence.py',
          'tests/tropera/test_numbers.py::test_gamble_adds_luck_to_crit_chance_and_drops_true_hit'),
    'Grappler': Wired('sequence.py',
          'tests/tropera/test_battle_rules.py::test_grapple_deals_no_damage_and_pins_the_target_until_the_grapplers_next_phase'),
    'Guard Break': Wired('sequence.py, terrain_attack.py',
          'tests/tropera/test_battle_rules.py::test_guard_break_lasts_until_the_breakers_next_phase'),
    'Guerilla': Wired('movement.py, numbers.py',
          'tests/tropera/test_battle_rules.py::test_guerilla_ignores_difficult_and_crosses_impassable_but_not_cliffs'),
    'Hardy': Wired('levelup.py, progression.py',
          'tests/tropera/test_creation.py::test_hardy_adds_10_hp_on_the_sheet_but_not_to_the_point_caps'),
    'Heavy Armor': Wired('combatant.py, numbers.py, progression.py',
          'tests/tropera/test_numbers.py::test_heavy_armor_halves_physical_and_resistant_halves_magic'),
    'Mage Armor': Wired('numbers.py',
          'tests/tropera/test_numbers.py::test_mage_armor_adds_half_base_of_the_other_defense'),
    'Martial Artist': Wired('natural_weapons.py, sequence.py',
          'tests/tropera/test_battle_rules.py::test_grapple_deals_no_damage_and_pins_the_target_until_the_grapplers_next_phase'),
    'Miracle': Wired('numbers.py, sequence.py',
          'tests/tropera/test_numbers.py::test_miracle_doubles_luck_on_avoid'),
    'Mounted': Wired('combatant.py, movement.py',
          'tests/tropera/test_battle_rules.py::test_mounted_pays_three_for_difficult_terrain'),
    'Multishot': Wired('attack_action.py, maneuvers.py',
          'tests/tropera/test_battle_rules.py::test_multishot_divides_strikes_and_only_the_first_target_counters'),
    'Overload': Wired('numbers.py',
          'tests/tropera/test_numbers.py::test_overload_doubles_magic'),
    'Pierce': Wired('numbers.py',
          'tests/tropera/test_numbers.py::test_pierce_never_deals_less_than_might'),
    'Provoke': Wired('special_actions.py',
          'tests/tropera/test_special_actions.py::test_provoked_foes_target_only_the_provoker'),
    'Quick Draw': Wired('maneuvers.py',
          'tests/tropera/test_battle_rules.py::test_quick_draw_switches_to_the_weapon_that_can_counter'),
    'Quick Salve': Wired('item_actions.py',
          'tests/tropera/test_tiers.py::test_a_mob_uses_items_as_its_main_action_even_with_quick_salve'),
    'Reckless': Wired('numbers.py',
          'tests/tropera/test_sequence.py::test_brave_adept_reckless_sentinel_s3'),
    'Resistant': Wired('item_actions.py, numbers.py, sequence.py',
          'tests/tropera/test_battle_rules.py::test_resistant_gets_fifteen_avoid_against_ailment_staves'),
    'Sentinel': Wired('basic_actions.py, numbers.py',
          'tests/tropera/test_sequence.py::test_brave_adept_reckless_sentinel_s3'),
    'Shade': Wired('special_actions.py',
          'tests/tropera/test_special_actions.py::test_shaded_units_are_ignored_while_another_target_is_in_range'),
    'Shield': Wired('sequence.py',
          'tests/tropera/test_sequence.py::test_shield_takes_no_damage_from_the_first_hit'),
    'Silencer': Wired('sequence.py, terrain_attack.py',
          'tests/tropera/test_sequence.py::test_silencer_kills_when_hp_left_is_at_most_half_skill'),
    'Sure Strike': Wired('numbers.py',
          'tests/tropera/test_numbers.py::test_sure_strike_counts_skill_three_times'),
    'Thief': Wired('movement.py, special_actions.py',
          'tests/tropera/test_special_actions.py::test_thief_steals_an_item_from_an_adjacent_enemy'),
    'Trample': Wired('attack_action.py, maneuvers.py',
          'tests/tropera/test_battle_rules.py::test_trample_adds_movement_to_the_first_damage_and_ends_beyond_the_enemy'),
    'Touch and Go': Wired('numbers.py',
          'tests/tropera/test_numbers.py::test_fliers_ignore_terrain_unless_touch_and_go'),
    'Vantage': Wired('sequence.py',
          'tests/tropera/test_sequence.py::test_vantage_counter_goes_first_only_when_faster'),
    'Versatile': Wired('progression.py',
          'tests/tropera/test_creation.py::test_focus_and_versatile_add_ranks'),
    'War Mage': Wired('numbers.py',
          'tests/tropera/test_numbers.py::test_war_mage_adds_half_the_other_stat'),
    'Wary': Wired('numbers.py',
          'tests/tropera/test_sequence.py::test_wary_and_ice_breath_remove_one_attack_minimum_one'),
}

_HEAL_ITEM = Wired("item action (item_actions.py use_item: heal)",
                   "tests/tropera/test_battle_rules.py::test_vulnerary_uses_run_out_and_leave_the_inventory",
                   "battle act UNIT item item=NAME")
_BOOSTER = Wired("item action (item_actions.py use_item: stat_bonus, permanent)",
                 "tests/tropera/test_battle_rules.py::test_stat_boosters_are_permanent_and_used_up",
                 "battle act UNIT item item=NAME")
_RELIC = Wired("relics.py relic_effect (held in the relic slot)",
               "tests/tropera/test_review_defects.py::test_relic_effects_apply_from_the_relic_slot")
_CLIP = Wired("natural_weapons.py (a clip's numbers on a natural weapon)",
              "tests/tropera/test_numbers.py::test_clip_enhances_natural_weapons_only")
_KEY = Ruled("cov-tropera-keys", "no doors or chests on a Tropera battle map")

ITEMS: dict[str, Entry] = {
    "Vulnerary": _HEAL_ITEM,
    "Elixir": _HEAL_ITEM,
    "Pure Water": Wired("item action (item_actions.py use_item: stat_bonus, fading)",
                        "tests/tropera/test_battle_rules.py::test_pure_water_adds_seven_resistance_fading_by_one_each_own_phase",
                        "battle act UNIT item item=\"Pure Water\""),
    "Antitoxin": Ruled("cov-tropera-antitoxin", "000 defines no poison to cure"),
    "Torch": Ruled("cov-tropera-torch", "000 has no fog of war"),
    "Door Key": _KEY,
    "Chest Key": _KEY,
    "Lockpick": _KEY,
    "Angelic Robe": _BOOSTER,
    "Seraph Robe": _BOOSTER,
    "Energy Ring": _BOOSTER,
    "Secret Book": _BOOSTER,
    "Speedwings": _BOOSTER,
    "Goddess Icon": _BOOSTER,
    "Dragonshield": _BOOSTER,
    "Talisman": _BOOSTER,
    "Boots": _BOOSTER,
    "Delphi Shield": _RELIC,
    "Hoplon Guard": _RELIC,
    "Bronze Clip": _CLIP,
    "Iron Clip": _CLIP,
    "Steel Clip": _CLIP,
    "Silver Clip": _CLIP,
    "Killer Clip": _CLIP,
}

_WEAPON_TEST = "tests/tropera/test_weapon_data_in_battle.py::test_each_weapon_adds_its_might_and_accuracy"
_ATTACK = "numbers.py damage/hit, sequence.py (the attack procedure: might, accuracy, crit, range, brave, heavy, effective)"
# FE8 effects the data's ``special`` describes and no Tropera rule plays: the weapon attacks
# by its numbers; the extra effect is ruled (cov-tropera-fe8-weapon-specials)
FE8_SPECIALS = ("Lancereaver", "Axereaver", "Swordreaver", "Devil Axe", "Luna", "Nosferatu",
                "Eclipse", "Runesword", "Excalibur", "Light Brand", "Wind Sword")
_HEAL_STAFF = Wired("staff action (item_actions.py use_staff: heal + Magic)",
                    "tests/tropera/test_battle_rules.py::test_a_staff_s_plus_healer_keeps_its_charges",
                    "battle act UNIT staff staff=NAME target=ALLY")
_SLEEP = Wired("attack with the staff (attack_action.py: inflicts asleep; action_checks.py)",
               "tests/tropera/test_battle_rules.py::test_a_sleep_staff_hit_puts_the_target_to_sleep_through_its_next_phase",
               "battle act UNIT attack target=FOE weapon=Sleep")
STAVES: dict[str, Entry] = {
    "Heal": _HEAL_STAFF, "Mend": _HEAL_STAFF, "Recover": _HEAL_STAFF, "Physic": _HEAL_STAFF,
    "Fortify": _HEAL_STAFF,
    "Sleep": _SLEEP,
    "Silence": Ruled("cov-tropera-silence-berserk", "the status is inflicted but nothing reads it"),
    "Berserk": Ruled("cov-tropera-silence-berserk", "the status is inflicted but nothing reads it"),
    "Restore": Ruled("cov-tropera-utility-staves", "no status cure, barrier, warp or repair action"),
    "Barrier": Ruled("cov-tropera-utility-staves", "no status cure, barrier, warp or repair action"),
    "Rescue": Ruled("cov-tropera-utility-staves", "no status cure, barrier, warp or repair action"),
    "Warp": Ruled("cov-tropera-utility-staves", "no status cure, barrier, warp or repair action"),
    "Hammerne": Ruled("cov-tropera-utility-staves", "no status cure, barrier, warp or repair action"),
}


def _weapon(name: str, kind: str) -> Entry | None:
    if kind == "staff":
        return STAVES.get(name)
    if name in FE8_SPECIALS:
        return Wired(_ATTACK + "; its FE8 special is not played (ruling cov-tropera-fe8-weapon-specials)",
                     _WEAPON_TEST)
    return Wired(_ATTACK, _WEAPON_TEST)


def _book() -> Any:
    from tactician.rulesets.tropera.compendium import load_compendium

    return load_compendium()


def _weapons() -> dict[str, Entry]:
    found = {w.name: _weapon(w.name, w.type) for w in _book().weapons.values()}
    return {name: entry for name, entry in found.items() if entry is not None}


def _names(kind: str) -> list[str]:
    """The names the compendium (default data, or a GM folder's) holds."""
    table: dict[str, Any] = getattr(_book(), kind)
    return [entry.name for entry in table.values()]


def _feats() -> dict[str, Entry]:
    """FEATS, with any feat the data marks ``implemented: false`` left uncovered unless
    it is Ruled (the clause then names it)."""
    book = _book()
    unimplemented = {f.name for f in book.feats.values() if not getattr(f, "implemented", True)}
    return {n: e for n, e in FEATS.items() if n not in unimplemented or isinstance(e, Ruled)}


COVERAGE = RulesetCoverage("tropera", {"feats": _feats(), "items": ITEMS, "weapons": _weapons()},
                           _names)
