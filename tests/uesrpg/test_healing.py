"""003 "Healing": natural, magical, improper; treating; untreated wounds; curing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.healing import apply_healing, days_pass, long_rest
from tactician.rulesets.uesrpg.numbers import one_arm
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState
from tactician.rulesets.uesrpg.wounds import apply_damage, treat_wound
from tests.uesrpg.units import rolls, unit

MEDIC = unit("Medic", int_=40)  # Profession (Medicine) 50
PASS = 10


def arm_wound(u: CombatState | None = None) -> CombatState:
    """A 13-damage wound to the right arm that crippled it (shock test passed)."""
    return apply_damage(u or unit(), rolls(PASS), 13, location="right_arm")[0]


def treated(u: CombatState) -> CombatState:
    return treat_wound(u, u.wounds[0].id, MEDIC, rolls(PASS))[0]


def test_natural_healing_is_eb_per_long_rest_doubled_with_rest_or_care() -> None:
    u = replace(unit(), hp=5, sp=1, mp=3)
    assert long_rest(u)[0].hp == 9
    assert long_rest(u, complete=True)[0].hp == 13
    assert long_rest(u, cared_for=True)[0].hp == 13
    rested = long_rest(u)[0]
    assert rested.mp == 40 and rested.sp == 4


def test_no_natural_healing_with_an_untreated_wound() -> None:
    u = arm_wound()
    assert long_rest(u)[0].hp == u.hp
    assert long_rest(treated(u))[0].hp == u.hp + 4


def test_organ_damage_heals_at_half_speed() -> None:
    u = apply_damage(unit(), rolls(90), 13)[0]  # failed shock: Organ Damage
    u = treated(u)
    assert long_rest(u)[0].hp == u.hp + 2


def test_improper_healing_maims() -> None:
    u = arm_wound()
    u, records = apply_healing(u, 20)
    assert u.lost == {"right_arm"} and u.wounds[0].maimed
    assert any("Maimed" in r.text for r in records)


def test_treated_wound_heals_to_full_without_maiming() -> None:
    u, _ = apply_healing(treated(arm_wound()), 5)
    assert u.lost == frozenset()


def test_curing_needs_regained_hp_at_least_the_wound_damage() -> None:
    u = treated(arm_wound())  # HP 7, wound of 13
    u, _ = apply_healing(u, 10, magical=False)
    assert len(u.wounds) == 1 and one_arm(u)
    u, _ = apply_healing(u, 3, magical=False)  # 10 + 3 = 13: "equal to or exceeding"
    assert u.wounds == () and not one_arm(u)


def test_healing_before_treatment_does_not_count_and_overheal_does() -> None:
    u, _ = apply_healing(arm_wound(), 10)  # HP 17, untreated: no progress
    u = treated(u)
    strict = UesrpgOptions(cure_counts_overheal=False)
    default, _ = apply_healing(u, 13, magical=False)  # 3 regained, 13 healed
    assert default.wounds == ()
    capped, _ = apply_healing(u, 13, magical=False, options=strict)
    assert capped.wounds[0].cured_by == 3


def test_lost_limbs_are_never_cured() -> None:
    u = apply_damage(unit(), rolls(90), 13, location="left_leg")[0]  # failed shock: lost
    u = treated(u)
    u, _ = apply_healing(u, 20)
    assert u.wounds == () and u.lost == {"left_leg"}


def test_treating_a_crippled_part_once_per_long_rest() -> None:
    u = arm_wound()
    failed, _, result = treat_wound(u, 1, MEDIC, rolls(75))
    assert not result.passed and not failed.wounds[0].treated
    with pytest.raises(RulesError, match="once per Long Rest"):
        treat_wound(failed, 1, MEDIC, rolls(PASS))
    rested = long_rest(failed)[0]
    again, _, result = treat_wound(rested, 1, MEDIC, rolls(PASS))
    assert result.passed and again.wounds[0].treated


def test_dramatic_failure_maims_the_limb() -> None:
    u = arm_wound()
    maimed, _, _ = treat_wound(u, 1, MEDIC, rolls(99))  # an NPC's critical failure
    assert maimed.lost == {"right_arm"}
    plain, _, _ = treat_wound(u, 1, MEDIC, rolls(95))
    assert plain.lost == frozenset()
    by_degrees = UesrpgOptions(dramatic_failure_degrees=3)
    worse, _, _ = treat_wound(u, 1, MEDIC, rolls(95), by_degrees)  # 5 DoF vs 50
    assert worse.lost == {"right_arm"}


def test_untreated_for_more_than_eb_days_maims() -> None:
    u = arm_wound()  # EB 4
    u, _ = days_pass(u, 4)
    assert u.lost == frozenset()
    u, _ = days_pass(u, 1)
    assert u.lost == {"right_arm"}


def test_bad_healing_is_refused() -> None:
    with pytest.raises(RulesError):
        apply_healing(unit(), -1)
    with pytest.raises(RulesError, match="dead"):
        apply_healing(replace(unit(), dead=True), 5)
    with pytest.raises(RulesError, match="no wound"):
        treat_wound(unit(), 3, MEDIC, rolls(PASS))
    with pytest.raises(RulesError, match="already treated"):
        treat_wound(treated(arm_wound()), 1, MEDIC, rolls(PASS))
