"""Piece B tests 9-11 and 19-21 (spec 004 §6): the attack's numbers in a battle (aimed
and sniper bands, charges, Redouble), drills, hammers, teslas, knockout and death."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import Chain
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
OPTIONS = BattleOptions()
QUIET = {"dodge": "no", "block": "none"}


def plan(state, **action):  # type: ignore[no-untyped-def]
    return plan_attack(BOOK, OPTIONS, state, {"type": "attack", **QUIET, **action})


def test_l1840_l3532_l3538_aimed_sniper_band_and_steady_shot_derived() -> None:
    """Hunting Rifle at 120 ft: long band -4; Steady Shot +2; Aimed +3: net +1 before Gun
    Boost (derived); beyond 150 ft out of range."""
    shooter = unit("wren", weapons=("Hunting Rifle",), at=(0, 0))
    state = battle(shooter, unit("far", "enemy", at=(24, 0)), width=40)
    found, _ = plan(state, unit="wren", target="far", kind="aimed")
    assert found.spec.to_hit == 0 + 3 - 4 + 2
    terms = {t.label: t.value for t in found.to_hit_terms}
    assert terms["Aimed Attack"] == 3 and terms["range band at 120 ft"] == -4
    assert terms["Steady Shot Bonus"] == 2
    moved = shooter.model_copy(update={"active_blocks": (1,)})  # acted this block
    found, _ = plan(battle(moved, unit("far", "enemy", at=(24, 0)), width=40),
                    unit="wren", target="far", kind="aimed")
    assert found.spec.to_hit == 3 - 4
    with pytest.raises(RulesError, match="beyond"):
        plan(battle(shooter, unit("far", "enemy", at=(31, 0)), width=40),
             unit="wren", target="far")


def test_l1953_l1965_charge_adds_weapon_weight_derived() -> None:
    """Charge then Melee Attack with a Greatsword (weight 7): +7 on a hit; Fast Charge +14."""
    for how, start, bonus in (("charge", (0, 2), 7), ("fast_charge", (0, 2), 14)):
        attacker = unit("k", weapons=("Greatsword",), at=start, facing="e", strength=20,
                        speed=20)
        end = 2 if how == "charge" else 4
        state = battle(attacker, unit("t", "enemy", at=(end + 1, 2)))
        state, _, _ = act(state, {"type": "move", "unit": "k", "to": [end, 2], "how": how})
        found, _ = plan(state, unit="k", target="t")
        assert found.spec.bonus_flat == bonus


def test_charge_cone_is_the_facing_and_45_degrees() -> None:
    state = battle(unit("k", at=(2, 2), facing="e"), unit("t", "enemy", at=(9, 4)))
    with pytest.raises(RulesError, match="60 degrees"):
        act(state, {"type": "move", "unit": "k", "to": [0, 2], "how": "charge"})
    state, _, _ = act(state, {"type": "move", "unit": "k", "to": [4, 4], "how": "charge"})
    assert state.unit("k").facing == "se"


def _hit_for(damage: int) -> Chain:
    return Chain(unit="d", kind="melee", stage=1, weapon="Longsword", target="t", hit=True,
                 damage=damage, margins=(0,))


def test_l2347_redouble_threshold_rank_2() -> None:
    """"6 times the [Rank] in [Redouble]": rank 2 allows a Redouble after 12, not 13;
    once per block (L2349); it keeps the chain for a Second attack (L2351)."""
    duelist = unit("d", talents={"Redouble": 2}, flairs=("Second Attack",),
                   weapons=("Longsword", "Small Shield"), strength=20, speed=20)
    state = battle(duelist, unit("t", "enemy", at=(1, 0), hp=200))
    after, _, _ = act(state.model_copy(update={"chain": _hit_for(12)}),
                      {"type": "redouble", "unit": "d", **QUIET})
    assert after.chain == _hit_for(12)
    with pytest.raises(RulesError, match="once|already"):
        act(after, {"type": "redouble", "unit": "d", **QUIET})
    second, _, _ = act(after, {"type": "second_attack", "unit": "d", **QUIET})
    assert second.chain is not None and second.chain.stage == 2
    with pytest.raises(RulesError, match="Threshold"):
        act(state.model_copy(update={"chain": _hit_for(13)}),
            {"type": "redouble", "unit": "d", **QUIET})
    # ruling redouble_threshold=below_3_rank (L2343): 5 allowed, 6 not
    act(state.model_copy(update={"chain": _hit_for(5)}),
        {"type": "redouble", "unit": "d", **QUIET}, options=["redouble_threshold=below_3_rank"])
    with pytest.raises(RulesError, match="Threshold"):
        act(state.model_copy(update={"chain": _hit_for(6)}),
            {"type": "redouble", "unit": "d", **QUIET},
            options=["redouble_threshold=below_3_rank"])


def test_a_follow_up_must_come_immediately() -> None:
    duelist = unit("d", talents={"Redouble": 2}, strength=20, speed=20)
    state = battle(duelist, unit("t", "enemy", at=(1, 0), hp=200))
    state = state.model_copy(update={"chain": _hit_for(3)})
    state, _, _ = act(state, {"type": "restore_speed", "unit": "d"})
    with pytest.raises(RulesError, match="immediately"):
        act(state, {"type": "redouble", "unit": "d", **QUIET})


def test_l1696_l3449_drill_pdr_damage_and_regeneration() -> None:
    """A Power Drill hit (PDR damage 1) takes PDR 6 to 5; at the target's next turn start
    it is 6 again; a Techie with Mech Training 2 deals 3 (L3440)."""
    driller = unit("d", weapons=("Power Drill",), to_hit={"Power Drill": 30})
    target = unit("t", "enemy", at=(1, 0), pdr=6, hp=200)
    state, _, _ = act(battle(driller, target), {"type": "attack", "unit": "d", "target": "t",
                                                **QUIET})
    assert state.unit("t").pdr == 5
    state, _, _ = act(state, {"type": "end_turn"})
    assert state.unit("t").pdr == 6
    techie = unit("d", weapons=("Power Drill",), to_hit={"Power Drill": 30},
                  specials={"Mech Training": 2})
    state, _, _ = act(battle(techie, target), {"type": "attack", "unit": "d", "target": "t",
                                               **QUIET})
    assert state.unit("t").pdr == 3


def test_l3460_hammer_and_l3576_tesla_point_damage() -> None:
    """Maul: speed -3 "for this round" (back at the block's end, ruling hammer_sp_damage);
    Shock Gun: strength -4, speed -2, its damage reduced by SDR (L3574); critical
    multipliers only with the Hammer / Tesla Critical Hit flairs (L1008, L1077)."""
    hammer = unit("h", weapons=("Maul",), to_hit={"Maul": 30}, strength=20)
    target = unit("t", "enemy", at=(1, 0), hp=300, pdr=50, sdr=50)
    state, _, _ = act(battle(hammer, target), {"type": "attack", "unit": "h", "target": "t",
                                               **QUIET})
    assert state.unit("t").speed == 7
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "end_turn"})
    assert state.unit("t").speed == 10
    gun = unit("g", weapons=("Shock Gun",), to_hit={"Shock Gun": 30})
    found, _ = plan(battle(gun, target), unit="g", target="t")
    assert found.spec.reduction == 50  # SDR, not the stance-less PDR
    state, _, _ = act(battle(gun, target), {"type": "attack", "unit": "g", "target": "t",
                                            **QUIET})
    assert (state.unit("t").strength, state.unit("t").speed) == (6, 8)
    crit = unit("g", weapons=("Shock Gun",), to_hit={"Shock Gun": 30},
                flairs=("Tesla Critical Hit", "Advanced Tesla Critical Hit"))
    found, _ = plan(battle(crit, target), unit="g", target="t")
    assert found.spec.crit_multiplier_points == 3


def test_l1740_l1742_unconscious_then_dead() -> None:
    killer = unit("k", weapons=("Greatsword",), to_hit={"Greatsword": 30})
    state = battle(killer, unit("t", "enemy", at=(1, 0), hp=2))
    state, _, _ = act(state, {"type": "attack", "unit": "k", "target": "t", **QUIET},
                      rolls=[3, 3, 2, 2, 2])
    assert state.unit("t").status == "unconscious" and state.unit("t").hp == 0
    assert state.result == "victory"
    again = state.replace_units(state.unit("k").model_copy(update={"slots": ()}))
    again = again.model_copy(update={"result": "ongoing"})
    again, _, _ = act(again, {"type": "attack", "unit": "k", "target": "t", **QUIET},
                      rolls=[3, 3, 2, 2, 2])
    assert again.unit("t").status == "dead"
    with pytest.raises(RulesError, match="dead"):
        plan(again.model_copy(update={"result": "ongoing"}), unit="k", target="t")


def test_block_reaction_raises_pdr_and_is_paid() -> None:
    """A block stance taken after a hit, before the damage roll (L1730), with a shield's
    bonus on top in a shield stance (L3419-3423)."""
    attacker = unit("a", to_hit={"Longsword": 30})
    shield = unit("s", "enemy", at=(1, 0), weapons=("Longsword", "Large Shield"), hp=100)
    found, _ = plan(battle(attacker, shield), unit="a", target="s", block="heavy",
                    shield="yes")
    assert found.spec.block_pdr == 4 + 4  # Heavy Block Stance +4, Large Shield heavy +4
    state, _, _ = act(battle(attacker, shield), {"type": "attack", "unit": "a",
                                                  "target": "s", "dodge": "no",
                                                  "block": "heavy", "shield": "yes"})
    s = state.unit("s")
    assert s.stance == "Heavy Shield Block Stance"
    assert (s.strength, s.speed) == (10 - 2, 10 - 1 - 1)  # Heavy Block 2/1 + Shield Block 0/1


def test_riposte_after_a_miss() -> None:
    """L2323-2336: a miss on a Riposte-rank defender with one melee weapon is answered."""
    attacker = unit("a", to_hit={"Longsword": -20}, hp=100)
    duelist = unit("d", "enemy", at=(1, 0), specials={"Riposte": 2},
                   to_hit={"Longsword": 10}, hp=100)
    state, outcome, _ = act(battle(attacker, duelist), {"type": "attack", "unit": "a",
                                                        "target": "d", **QUIET})
    strikes = outcome.records[0]["strikes"]
    assert [s["kind"] for s in strikes] == ["Melee Attack", "Riposte Melee Attack"]
    assert strikes[1]["to_hit"] == 10 + 2
    assert state.unit("d").speed == 10 - 1
    state, outcome, _ = act(battle(attacker, duelist), {"type": "attack", "unit": "a",
                                                        "target": "d", "riposte": "no",
                                                        **QUIET})
    assert len(outcome.records[0]["strikes"]) == 1


def test_l2580_l2582_power_attack() -> None:
    """"For every 1 point the [To Hit Bonus] is reduced, the weapon will have its [Damage
    Dealt] increased by 1d6", up to the weapon's To Hit Bonus (Greatsword +3)."""
    heavy = unit("k", weapons=("Greatsword",), flairs=("Power Attack",))
    state = battle(heavy, unit("t", "enemy", at=(1, 0)))
    plain, _ = plan(state, unit="k", target="t")
    found, cost = plan(state, unit="k", target="t", modifiers=["power_attack"], power=2)
    assert found.spec.to_hit == plain.spec.to_hit - 2
    assert found.spec.bonus_dice == plain.spec.bonus_dice + 2
    assert cost == (1, 2)  # Power Attack adds no cost (0/0, spec §3.2.3)
    with pytest.raises(RulesError, match="1..3"):
        plan(state, unit="k", target="t", modifiers=["power_attack"], power=4)
    with pytest.raises(RulesError, match="cannot be combined"):
        plan(battle(unit("k", weapons=("Greatsword",),
                         flairs=("Power Attack", "Crushing Blow")),
                    unit("t", "enemy", at=(1, 0))),
             unit="k", target="t", modifiers=["power_attack", "crushing_blow"], power=1)


def test_battle_options_change_the_rules() -> None:
    """A few rulings switched: each changes what the text's ambiguity decides."""
    from tactician.rulesets.miridon.battle.geometry import distance_ft

    diagonal = ((0, 0), (3, 3))
    assert distance_ft(*diagonal, BattleOptions()) == 15
    assert distance_ft(*diagonal, BattleOptions(distance_metric="alternating")) == 20
    assert distance_ft(*diagonal, BattleOptions(distance_metric="euclidean")) == 20
    # drill_recovery=next_round_full: all the drilled PDR comes back at once
    target = unit("t", "enemy", at=(1, 0), pdr=6, hp=200).model_copy(update={"pdr": 2})
    state = battle(unit("d"), target).model_copy(update={"turn": 0})
    full, _, _ = act(state, {"type": "end_turn"}, options=["drill_recovery=next_round_full"])
    one, _, _ = act(state, {"type": "end_turn"})
    assert (full.unit("t").pdr, one.unit("t").pdr) == (6, 3)
    # hammer_sp_damage=permanent: the speed is not given back at the block's end
    hammer = unit("h", weapons=("Maul",), to_hit={"Maul": 30}, strength=20)
    struck = battle(hammer, unit("t", "enemy", at=(1, 0), hp=300, pdr=50))
    options = ["hammer_sp_damage=permanent"]
    struck, _, _ = act(struck, {"type": "attack", "unit": "h", "target": "t", **QUIET},
                       options=options)
    struck, _, _ = act(struck, {"type": "end_turn"}, options=options)
    struck, _, _ = act(struck, {"type": "end_turn"}, options=options)
    assert struck.unit("t").speed == 7
    # dead_on_zero=true: a hit for 0 on an unconscious unit kills it
    down = unit("t", "enemy", at=(1, 0), hp=0, pdr=50).model_copy(update={"status":
                                                                          "unconscious"})
    hit = battle(unit("a", to_hit={"Longsword": 30}), down)
    kept, _, _ = act(hit, {"type": "attack", "unit": "a", "target": "t", **QUIET})
    killed, _, _ = act(hit, {"type": "attack", "unit": "a", "target": "t", **QUIET},
                       options=["dead_on_zero=true"])
    assert (kept.unit("t").status, killed.unit("t").status) == ("unconscious", "dead")


def test_l2535_spinning_strike_attacks_everyone_in_melee_range() -> None:
    """All targets in melee range, allies too, each rolled separately (L2535, L2544); no
    Charge bonus (L2540); it costs its surcharge once (Spinning Strike 1/1)."""
    spinner = unit("s", flairs=("Spinning Strike",), to_hit={"Longsword": 30},
                   strength=20, speed=20).model_copy(update={"charge": 1})
    state = battle(spinner, unit("a", "enemy", at=(1, 0), hp=100),
                   unit("b", "enemy", at=(0, 1), hp=100), unit("f", at=(1, 1), hp=100),
                   unit("far", "enemy", at=(3, 0), hp=100))
    state = state.model_copy(update={"units": (spinner.model_copy(update={"position": (0, 0)}),
                                               *state.units[1:])})
    state, outcome, _ = act(state, {"type": "attack", "unit": "s",
                                    "modifiers": "spinning_strike", **QUIET})
    struck = [s["target"] for s in outcome.records[0]["strikes"]]
    assert sorted(struck) == ["A", "B", "F"]
    assert state.unit("far").hp == 100
    assert (state.unit("s").strength, state.unit("s").speed) == (20 - 1 - 1, 20 - 2 - 1)
    with pytest.raises(RulesError, match="included or excluded"):
        act(battle(spinner, unit("a", "enemy", at=(1, 0)), unit("x", "enemy", at=(5, 0))),
            {"type": "attack", "unit": "s", "target": "x", "modifiers": "spinning_strike"})
    plans = [p for p in _spin_plans(spinner)]
    assert all(p.spec.bonus_flat == 0 for p in plans)


def _spin_plans(spinner):  # type: ignore[no-untyped-def]
    from tactician.rulesets.miridon.battle.attack_actions import plan_targets

    state = battle(spinner.model_copy(update={"position": (0, 0)}),
                   unit("a", "enemy", at=(1, 0)))
    plans, _ = plan_targets(BOOK, OPTIONS, state, {"type": "attack", "unit": "s",
                                                   "modifiers": ["spinning_strike"], **QUIET})
    return plans


def test_l2611_shoot_through_hits_the_whole_line() -> None:
    """Every unit on the straight line up to the gun's range, nearest first (L2611)."""
    shooter = unit("g", weapons=("Revolver",), flairs=("Shoot Through",),
                   to_hit={"Revolver": 30}, at=(0, 2))
    state = battle(shooter, unit("a", "enemy", at=(2, 2), hp=100),
                   unit("b", "enemy", at=(5, 2), hp=100), unit("c", "enemy", at=(5, 3), hp=100),
                   unit("far", "enemy", at=(13, 2), hp=100), width=16)
    state, outcome, _ = act(state, {"type": "attack", "unit": "g", "target": "a",
                                    "modifiers": "shoot_through", **QUIET})
    assert [s["target"] for s in outcome.records[0]["strikes"]] == ["A", "B"]
    assert state.unit("far").hp == 100 and state.unit("c").hp == 100  # 65 ft > 60 ft range


def test_l2555_whirlwind_strike_before_and_after_the_move() -> None:
    """Everyone in melee range before the move and after it, once each (L2555)."""
    spinner = unit("w", flairs=("Spinning Strike", "Whirlwind Strike"),
                   to_hit={"Longsword": 30}, strength=20, speed=20, at=(2, 2))
    state = battle(spinner, unit("a", "enemy", at=(1, 2), hp=100),
                   unit("b", "enemy", at=(5, 2), hp=100), unit("far", "enemy", at=(9, 2)))
    options = ["auto_reactions=off"]  # nobody obstructs
    state, outcome, _ = act(state, {"type": "attack", "unit": "w",
                                    "modifiers": "whirlwind_strike", "to": [4, 2],
                                    "how": "fast_sidestep"}, options=options)
    assert [s["target"] for s in outcome.records[0]["strikes"]] == ["A", "B"]
    w = state.unit("w")
    assert w.position == (4, 2) and {"offensive", "movement"} <= set(w.slots)
    assert (w.strength, w.speed) == (20 - 1 - 1, 20 - 2 - 1 - 2)


def test_l2557_obstructed_whirlwind_fails_or_spins_with_agile() -> None:
    spinner = unit("w", flairs=("Spinning Strike", "Whirlwind Strike"),
                   to_hit={"Longsword": 30}, strength=20, speed=20, at=(2, 2))
    guard = unit("g", "enemy", at=(1, 2), hp=100)
    state = battle(spinner, guard)
    failed, outcome, _ = act(state, {"type": "attack", "unit": "w",
                                     "modifiers": "whirlwind_strike", "to": [4, 2]})
    assert failed.unit("g").hp == 100 and failed.unit("w").position == (2, 2)
    assert failed.unit("w").speed < 20 and "obstructed" in outcome.summary
    agile = spinner.model_copy(update={"profile": spinner.profile.model_copy(update={
        "flairs": (*spinner.profile.flairs, "Agile Whirlwind Strike")})})
    spun, _, _ = act(battle(agile, guard), {"type": "attack", "unit": "w",
                                            "modifiers": "whirlwind_strike", "to": [4, 2],
                                            "dodge": "no", "block": "none"})
    assert spun.unit("g").hp < 100 and spun.unit("w").position == (2, 2)


def test_critical_shield_block_and_shield_deflection() -> None:
    """L2478-2480: a critical with a shield enters Super Shield Block Stance; L2494: leaving
    a shield stance with Shield Deflection drops to the same tier's block stance."""
    shield = unit("s", weapons=("Large Shield",), flairs=("Critical Shield Block",
                                                          "Shield Deflection"),
                  to_hit={"Large Shield": 30})
    state = battle(shield, unit("t", "enemy", at=(1, 0), hp=100))
    state, _, _ = act(state, {"type": "attack", "unit": "s", "target": "t", **QUIET},
                      rolls=[6, 6, 3])
    assert state.unit("s").stance == "Super Shield Block Stance"
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "end_turn"})  # s's next turn: the stance's exit
    assert state.unit("s").stance == "Super Block Stance"
