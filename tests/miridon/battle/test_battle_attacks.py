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
