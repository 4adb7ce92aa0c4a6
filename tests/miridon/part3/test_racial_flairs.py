"""Racial flairs in battle (004 L1358-1538): spec test 14 and the rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.miridon import racial_flairs as rf

from .conftest import dice

AFFINITY = {"Dragon Elemental Affinity"}


def test_l1366_l1374_affinity_walk() -> None:
    """Two fire hits: +2, Fire Dragon; one cold hit later: +1, Purple (electricity)."""
    value = rf.affinity_after_hit(rf.affinity_after_hit(0, "fire"), "fire")
    assert value == 2 and rf.dragon_kind(value) == "Fire Dragon"
    value = rf.affinity_after_hit(value, "cold")
    assert value == 1 and rf.dragon_kind(value) == "Purple Dragon"
    assert rf.affinity_element(value) == "electricity"
    assert rf.dragon_kind(-2) == "Ice Dragon" and rf.affinity_element(-2) == "cold"


@given(st.lists(st.sampled_from(["fire", "cold", "electricity", None]), max_size=40))
def test_affinity_stays_within_ten(hits: list[str | None]) -> None:
    value = 0
    for element in hits:
        value = rf.affinity_after_hit(value, element)
        assert -10 <= value <= 10


def test_l1376_its_element_deals_zero_and_recovery_heals() -> None:
    hit = rf.elemental_hit_on_dragon(AFFINITY, 0, "electricity", 20, 15)
    assert (hit.damage_dealt, hit.healed, hit.affinity) == (0, 0, 0)
    healed = rf.elemental_hit_on_dragon(AFFINITY | {"Dragon Recovery"}, 0, "electricity", 20, 15)
    assert (healed.damage_dealt, healed.healed) == (0, 20)
    fire = rf.elemental_hit_on_dragon(AFFINITY, 0, "fire", 20, 15)
    assert (fire.damage_dealt, fire.affinity) == (15, 1)
    human = rf.elemental_hit_on_dragon(set(), 0, "electricity", 20, 15)
    assert human.damage_dealt == 15


def test_l1394_dragon_breath() -> None:
    breath = rf.dragon_breath(dice(*[3] * 8), {"Dragon Breath"}, max_speed=8, affinity=3,
                              target_sdr=4, distance_ft=20, range_ft=30)
    assert (breath.element, breath.rolled, breath.damage_dealt) == ("fire", 24, 20)
    assert rf.breath_dice(60).maximum == 360
    with pytest.raises(RulesError, match="reaches 30"):
        rf.dragon_breath(dice(), {"Dragon Breath"}, 8, 0, 0, 35, 30)
    with pytest.raises(RulesError, match="needs the flair"):
        rf.dragon_breath(dice(), set(), 8, 0, 0, 5, 30)


def test_unarmed_forms() -> None:
    claw = {"Dragon Claw"}
    assert rf.melee_boost_factor(claw, "Unarmed") == 2
    assert rf.melee_boost_factor(claw, "Longsword") == 1
    assert not rf.weapon_allowed(claw, "Longsword") and rf.weapon_allowed(claw, "Unarmed")
    assert rf.weapon_allowed({"Eldritch Grasp"}, "Longsword")
    assert rf.free_redoubles({"Dragon Tail Whip"}, "Unarmed") == 1
    assert rf.melee_slots({"Dragon Wing Buffet", "Death Worm Maw"}, "Unarmed") == (
        "offensive", "movement", "verbal")
    assert rf.melee_slots({"Dragon Wing Buffet"}, "Longsword") == ("offensive",)
    assert rf.maw_grapples({"Death Worm Bite"}, "verbal", hit=True)
    assert not rf.maw_grapples({"Death Worm Bite"}, "offensive", hit=True)
    assert rf.flies({"Dragon Flight"}) and not rf.flies(set())


def test_eldritch_strike() -> None:
    assert rf.eldritch_strike_allowed({"Eldritch Strike"}, True, verbal_used=False)
    assert not rf.eldritch_strike_allowed({"Eldritch Strike"}, True, verbal_used=True)


def test_death_worm_burrow() -> None:
    worm = {"Death Worm Burrow"}
    under = rf.burrow(worm, rf.Burrow(), above_sand=True)
    assert not rf.targetable(under)
    with pytest.raises(RulesError, match="sand"):
        rf.burrow(worm, rf.Burrow(), above_sand=False)
    up = rf.surface(under)
    assert not rf.may_act_after_surfacing(worm, up, "offensive")
    assert rf.may_act_after_surfacing(worm, up, "movement")
    sense = worm | {"Death Worm Tremor Sense"}
    assert rf.may_act_after_surfacing(sense, up, "verbal")
    assert rf.target_may_dodge(sense, up)
    assert not rf.target_may_dodge(sense | {"Advanced Death Worm Tremor Sense"}, up)
