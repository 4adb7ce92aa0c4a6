"""Mechs (004 L3589-3681): spec tests 15-17, parts as data, the mech's turn."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.mechs.fitting import (
    fit_problems,
    pilot_limits,
    required_rank,
    team_mech_limits,
)
from tactician.rulesets.miridon.mechs.mech import (
    Mech,
    build_mech,
    mech_turn_start,
    part_action,
    reduce_pdr,
    take_damage,
    to_hit_against,
)
from tactician.rulesets.miridon.mechs.piloting import (
    enter_mech,
    exit_mech,
    full_turn_order,
    mech_order,
    move_last,
)
from tactician.rulesets.miridon.models import MechPart

from .conftest import dice

TRAINING = ("Training Frame Body", "Training Frame Blade", "Training Frame Gun")


def parts(comp: Compendium, names: tuple[str, ...] = TRAINING) -> list[MechPart]:
    return [comp.mech_parts[n.casefold()] for n in names]


def frame(comp: Compendium, pilot: str | None = "Ada") -> Mech:
    return build_mech("Training Frame", parts(comp), pilot)


def test_l3597_l3601_limits() -> None:
    """Mech Training 3: 4 parts, 75 points each; rank 6: 5 parts, 150; Team Mech 4: 3, 60."""
    assert (pilot_limits(3).parts, pilot_limits(3).points_per_part) == (4, 75)
    assert (pilot_limits(6).parts, pilot_limits(6).points_per_part) == (5, 150)
    assert (team_mech_limits(4).parts, team_mech_limits(4).points_per_part) == (3, 60)
    with pytest.raises(RulesError, match="Mech Training"):
        pilot_limits(0)


def test_default_parts_are_marked_and_fit(comp: Compendium) -> None:
    assert all(p.source == "default (not in text)" for p in comp.mech_parts.values())
    assert fit_problems(parts(comp), pilot_limits(1)) == []
    assert required_rank(parts(comp)) == 1
    warden = parts(comp, ("Warden Frame Body", "Training Frame Blade", "Training Frame Gun",
                          "Warden Frame Spell Core"))
    assert required_rank(warden) == 3
    problems = fit_problems(warden, pilot_limits(1))
    assert any("at most 3" in p for p in problems) and any("50 Mech Points" in p for p in problems)
    assert fit_problems(warden, pilot_limits(3)) == []


def test_one_body(comp: Compendium) -> None:
    problems = fit_problems(parts(comp, ("Training Frame Blade", "Training Frame Gun")),
                            pilot_limits(1))
    assert any("one Mech Body" in p for p in problems)
    with pytest.raises(RulesError, match="exactly one Mech Body"):
        build_mech("x", parts(comp, ("Training Frame Blade",)))


def test_l3617_battle_start_and_body_stats(comp: Compendium) -> None:
    mech = frame(comp)
    assert (mech.hp, mech.max_hp, mech.pdr, mech.sdr) == (40, 40, 3, 0)
    assert all(p.speed == p.max_speed == 4 for p in mech.parts)
    assert to_hit_against(build_mech("w", parts(comp, ("Warden Frame Body",))), 5) == 4


def test_l3641_each_part_acts_once_on_its_own_speed(comp: Compendium) -> None:
    mech = part_action(frame(comp), "Training Frame Blade", "Melee Attack")
    assert mech.part("Training Frame Blade").speed == 2
    assert mech.part("Training Frame Gun").speed == 4
    with pytest.raises(RulesError, match="already acted"):
        part_action(mech, "Training Frame Blade", "Melee Attack")
    mech = part_action(mech, "Training Frame Gun", "Gun Attack")
    with pytest.raises(RulesError, match="cannot perform"):
        part_action(mech, "Training Frame Body", "Gun Attack")
    mech = mech_turn_start(mech)  # next block: regen 2, may act again
    assert mech.part("Training Frame Blade").speed == 4
    low = mech_turn_start(part_action(mech, "Training Frame Blade", "Melee Attack"))
    low = part_action(low, "Training Frame Blade", "Melee Attack")
    assert low.part("Training Frame Blade").speed == 2


def test_speed_cost_refused_when_short(comp: Compendium) -> None:
    entered = enter_mech(frame(comp, None), "Ada", 5)
    entered = mech_turn_start(entered)  # 0 + 2 regen
    entered = part_action(entered, "Training Frame Blade", "Melee Attack")
    entered = mech_turn_start(entered)
    assert entered.part("Training Frame Blade").speed == 2
    entered = mech_turn_start(part_action(entered, "Training Frame Body", "Sidestep"))
    assert entered.part("Training Frame Body").speed == 4


def test_l3651_l3667_disabled_and_recovered(comp: Compendium) -> None:
    """At 0 HP: Disabled (speed 0, PDR 0, part spells cancelled); a further hit damages mech
    and pilot bypassing PDR and SDR; at full HP no longer Disabled but 0 speed and PDR."""
    mech = frame(comp)
    hit = take_damage(mech, 43)
    assert hit.became_disabled and hit.mech_damage == 40 and hit.mech.hp == 0
    disabled = hit.mech
    assert disabled.pdr == 0 and all(p.speed == 0 for p in disabled.parts)
    with pytest.raises(RulesError, match="Disabled"):
        part_action(disabled, "Training Frame Blade", "Melee Attack")
    again = take_damage(disabled, 6)
    assert (again.mech_damage, again.pilot_damage, again.mech.hp) == (6, 6, -6)
    mech = again.mech
    turns = 0
    while mech.disabled:
        mech = mech_turn_start(mech)
        turns += 1
        if mech.disabled:
            assert mech.pdr == 0 and all(p.speed == 0 for p in mech.parts)
    assert mech.hp == 40 and turns == 23  # -6 + 2 per turn reaches 40 on the 23rd
    assert mech.pdr == 0 and all(p.speed == 0 for p in mech.parts)
    mech = mech_turn_start(mech)
    assert mech.pdr == 1 and all(p.speed == 2 for p in mech.parts)


def test_part_spell_cancelled_when_disabled(comp: Compendium) -> None:
    mech = build_mech("Warden", parts(comp, ("Warden Frame Body", "Warden Frame Spell Core")),
                      "Ada")
    from dataclasses import replace

    core = replace(mech.part("Warden Frame Spell Core"), casting=True)
    mech = replace(mech, parts=(mech.parts[0], core))
    hit = take_damage(mech, 200)
    assert hit.cancelled_spells == ("Warden Frame Spell Core",)


def test_pdr_and_regen(comp: Compendium) -> None:
    mech = reduce_pdr(frame(comp), 2)
    assert mech.pdr == 1 and take_damage(mech, 5).mech_damage == 4
    assert take_damage(frame(comp), 5, physical=False).mech_damage == 5  # SDR 0
    assert mech_turn_start(mech).pdr == 2


def test_l3673_unpiloted_mech_regenerates_no_speed(comp: Compendium) -> None:
    mech = part_action(frame(comp), "Training Frame Blade", "Melee Attack")
    empty, pilot = exit_mech(mech)
    assert (pilot.strength, pilot.speed, pilot.may_act) == (0, 0, False)
    assert mech_turn_start(empty).part("Training Frame Blade").speed == 2


def test_l3681_enter_mech(comp: Compendium) -> None:
    """Enter Mech: parts at 0 speed, no part acts that block, the mech moves last."""
    mech = enter_mech(frame(comp, None), "Ada", 5)
    assert mech.pilot == "Ada" and all(p.speed == 0 and p.acted for p in mech.parts)
    with pytest.raises(RulesError, match="already has a pilot"):
        enter_mech(mech, "Bo", 5)
    with pytest.raises(RulesError, match="reaches 5 ft"):
        enter_mech(frame(comp, None), "Ada", 10)
    assert move_last(("Frame", "Ada", "Goblin"), "Frame") == ("Ada", "Goblin", "Frame")


def test_l3677_exit_mech(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="no pilot"):
        exit_mech(frame(comp, None))
    order = move_last(("Ada", "Goblin"), "Ada")
    assert order[-1] == "Ada"


def test_l3613_l3615_mechs_go_last_ties_rerolled() -> None:
    # A 3d6 = 9, B 9 (tie), C 3: tie re-rolled (A 4 vs B 10): B, A, then C
    order = full_turn_order(("Ada", "Goblin"), ("A", "B", "C"),
                            dice(3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 2, 4, 3, 3))
    assert order == ("Ada", "Goblin", "B", "A", "C")
    assert mech_order(("Solo",), dice()) == ("Solo",)
