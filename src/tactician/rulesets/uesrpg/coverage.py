# ruff: noqa: E501 (a table: one entry a line, test node ids are long)
"""UESRPG's coverage map (issue 26): where each condition, weapon and armor piece of the
default compendium takes effect in battle, with the test that exercises it. ``where``
names modules under ``rulesets/uesrpg/``. Weapons and armor are data: every weapon's
damage and every piece's AR feed the one attack procedure (``attack.py``, ``wounds.py``),
which a test runs for each entry of the data. 003's wound effects are code, not
compendium entries: ``WOUND_EFFECTS`` lists the text's, each where it is applied.
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.contract.coverage import Entry, RulesetCoverage, Wired

CONDITIONS: dict[str, Entry] = {
    'Bleeding': Wired('battle_turns.py, care_actions.py',
          'tests/uesrpg/test_battle.py::test_bleeding_ticks_at_the_end_of_the_bleeding_units_own_turn'),
    'Blinded': Wired('conditions.py, modifiers.py, numbers.py',
          'tests/uesrpg/test_conditions.py::test_blinded_and_deafened'),
    'Burning': Wired('action_checks.py, attack.py',
          'tests/uesrpg/test_battle.py::test_burning_needs_willpower_to_act_and_can_be_put_out'),
    'Chameleon': Wired('conditions.py, modifiers.py, state.py',
          'tests/uesrpg/test_conditions.py::test_chameleon_and_muffled_keep_the_highest_x'),
    'Crippled Body Part': Wired('conditions.py, numbers.py, state.py',
          'tests/uesrpg/test_conditions.py::test_crippled_part_counts_as_lost_and_organ_damage'),
    'Dazed': Wired('conditions.py, state.py, turns.py',
          'tests/uesrpg/test_battle.py::test_dazed_costs_an_ap_at_the_start_of_each_round'),
    'Deafened': Wired('conditions.py, modifiers.py, numbers.py',
          'tests/uesrpg/test_conditions.py::test_blinded_and_deafened'),
    'Entangled': Wired('conditions.py, modifiers.py, numbers.py',
          'tests/uesrpg/test_conditions.py::test_entangled_halves_speed_round_up_and_costs_20_on_combat_style'),
    'Fatigued': Wired('conditions.py, modifiers.py, state.py',
          'tests/uesrpg/test_conditions.py::test_fatigue_while_unconscious_kills'),
    'Frenzied': Wired('battle_actions.py, battle_frenzy.py',
          'tests/uesrpg/test_battle_frenzy.py::test_a_frenzied_unit_must_attack_the_nearest_target'),
    'Hidden': Wired('attack.py, battle_combat.py, battle_moves.py',
          'tests/uesrpg/test_attack.py::test_hidden_ends_when_attacking'),
    'Immobilized': Wired('conditions.py, numbers.py, state.py',
          'tests/uesrpg/test_battle.py::test_difficult_terrain_prone_slowed_and_immobilized'),
    'Invisible': Wired('attack.py, conditions.py, modifiers.py',
          'tests/uesrpg/test_conditions.py::test_invisible_defeats_sight_and_attacks_are_at_minus_30'),
    'Lost Body Part': Wired('conditions.py, state.py, wounds.py',
          'tests/uesrpg/test_attack.py::test_attacks_on_a_lost_arm_hit_the_body'),
    'Muffled': Wired('conditions.py, modifiers.py, state.py',
          'tests/uesrpg/test_conditions.py::test_chameleon_and_muffled_keep_the_highest_x'),
    'Paralyzed': Wired('conditions.py, numbers.py, state.py',
          'tests/uesrpg/test_conditions.py::test_immobilized_restrained_paralyzed'),
    'Prone': Wired('battle_ai.py, battle_moves.py',
          'tests/uesrpg/test_battle.py::test_difficult_terrain_prone_slowed_and_immobilized'),
    'Restrained': Wired('conditions.py, numbers.py, state.py',
          'tests/uesrpg/test_conditions.py::test_immobilized_restrained_paralyzed'),
    'Silenced': Wired('conditions.py, modifiers.py, state.py',
          'tests/uesrpg/test_conditions.py::test_silenced_costs_20_on_spellcasting_and_tests_perception_each_round'),
    'Slowed': Wired('conditions.py, numbers.py, state.py',
          'tests/uesrpg/test_battle.py::test_difficult_terrain_prone_slowed_and_immobilized'),
    'Stunned': Wired('conditions.py, state.py, turns.py',
          'tests/uesrpg/test_conditions.py::test_stunned_loses_all_ap_and_regains_none'),
    'Unconscious': Wired('battle_scenario.py, battle_service.py',
          'tests/uesrpg/test_battle.py::test_the_unconscious_pass_their_turn_with_a_death_test_and_die_after_lb_failures'),
}

_W = "tests/uesrpg/test_wounds.py::"
_INFLICT = "wounds.py inflict_wound (the shock test and its effects)"
_MAGIC = "wounds.py inflict_wound (additional effects from magic damage)"
# 003's wound effects: code (``wounds.py``), not compendium entries; this list is the
# text's, each where it is applied
WOUND_EFFECTS: dict[str, Entry] = {
    "Body wound": Wired(_INFLICT, _W + "test_body_wound_loses_1_ap_and_a_failed_shock_damages_organs"),
    "Limb wound": Wired(_INFLICT, _W + "test_limb_wound_cripples_and_a_failed_shock_takes_the_limb"),
    "Head wound": Wired(_INFLICT, _W + "test_head_wound_stuns_for_1_round_and_a_failed_shock_takes_an_eye_or_ear"),
    "Fire wound": Wired(_MAGIC, _W + "test_magic_damage_extras"),
    "Frost wound": Wired(_MAGIC, _W + "test_magic_damage_extras"),
    "Poison wound": Wired(_MAGIC, _W + "test_magic_damage_extras"),
    "Shock or magic wound": Wired(_MAGIC, _W + "test_magic_damage_extras"),
    "Passive: -20 to tests, -2 initiative": Wired("numbers.py, turns.py (passive wound effects)",
                                                  _W + "test_passive_effects_minus_20_per_wound_and_minus_2_initiative"),
    "Passive: blood loss": Wired("turns.py (blood loss after 5 rounds)",
                                 _W + "test_blood_loss_drops_to_0_hp_after_5_rounds"),
}

_WEAPON = Wired("attack.py plan_attack/forecast/resolve (damage dice, bonus, type, reach, hands, shield, spell)",
                "tests/uesrpg/test_content_in_battle.py::test_each_weapon_deals_its_dice_and_bonus",
                "battle act UNIT attack target=T weapon=NAME")
_ARMOR = Wired("wounds.py armor_rating/reduce_damage (AR by location and damage type)",
               "tests/uesrpg/test_content_in_battle.py::test_each_armor_piece_takes_its_ar_off_at_its_locations")


def _book() -> Any:
    from tactician.rulesets.uesrpg.content import load_compendium

    return load_compendium()


def _names(kind: str) -> list[str]:
    """The names the compendium (default data, or a GM folder's) holds."""
    if kind == "wound_effects":
        return list(WOUND_EFFECTS)
    if kind == "conditions":
        from tactician.rulesets.uesrpg.conditions import CONDITION_RULES

        return [str(name) for name in CONDITION_RULES]
    table: dict[str, Any] = getattr(_book(), kind)
    return [entry.name for entry in table.values()]


COVERAGE = RulesetCoverage("uesrpg", {
    "conditions": CONDITIONS,
    "wound_effects": WOUND_EFFECTS,
    "weapons": {w.name: _WEAPON for w in _book().weapons.values()},
    "armor": {a.name: _ARMOR for a in _book().armor.values()},
}, _names)
