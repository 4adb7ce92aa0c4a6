"""UESRPG battles on the map: initiative, Turns, AP, movement, conditions ticking at
their edges, death tests, refusals, replay and the scenario files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.engine.battle import Battle, act, replay
from tactician.errors import ContentError, RulesError, TacticianError
from tactician.rulesets.uesrpg.battle_rules import UesrpgBattleRules
from tactician.rulesets.uesrpg.battle_state import (
    MapState,
    UesrpgBattle,
    UnitState,
    combat,
    with_combat,
)
from tactician.rulesets.uesrpg.character import Character
from tactician.rulesets.uesrpg.conditions import add_condition
from tactician.rulesets.uesrpg.state import start_state
from tests.uesrpg.units import SKILLS

LEGEND = {".": "plain", ":": "rough", "#": "wall", "~": "shallows"}
RULES = UesrpgBattleRules()
ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "examples" / "uesrpg" / "skirmish"


def character(name: str, **scores: int) -> Character:
    base = {c: 40 for c in ("strength", "endurance", "agility", "intelligence", "willpower",
                             "perception", "personality", "luck")}
    base.update(scores)
    return Character.model_validate({
        "name": name,
        "kind": "npc",
        "characteristics": base,
        "skills": SKILLS,
        "weapons": ["Longsword"],
    })


def unit(uid: str, at: tuple[int, int], side: str = "player", ai: bool = False,
         conditions: tuple[tuple[str, int], ...] = (), hp: int | None = None,
         **scores: int) -> UnitState:
    c = character(uid.title(), **scores)
    state = start_state(_profile(c))
    for name, x in conditions:
        state, _ = add_condition(state, name, x=x)
    if hp is not None:
        from dataclasses import replace

        state = replace(state, hp=hp)
        if hp == 0:
            state, _ = add_condition(state, "Unconscious", cause="hp")
    u = UnitState(id=uid, side=side, number=1, controller="ai" if ai else "player",
                  character=c, position=at, weapon="Longsword", hp=state.hp, sp=state.sp,
                  mp=state.mp)
    return with_combat(u, state)


def _profile(c: Character) -> Any:
    from tactician.rulesets.uesrpg.battle_state import profile_of

    return profile_of(c)


def battle(rows: list[str], *units: UnitState) -> UesrpgBattle:
    cells = tuple(LEGEND[ch] for row in rows for ch in row)
    return UesrpgBattle(map=MapState(width=len(rows[0]), height=len(rows), cells=cells),
                        units=units)


def apply(state: UesrpgBattle, action: dict[str, Any], *rolls: int) -> UesrpgBattle:
    """Apply with the table's dice (every die it asks for must be given, and used)."""
    dice = PhysicalDice(list(rolls))
    after, _ = RULES.apply(state, action, dice)
    assert not dice.unused, f"unused rolls {dice.unused}"
    return after


def begun(state: UesrpgBattle, *order: str) -> UesrpgBattle:
    """Start the battle with ``order`` as the initiative order (no dice)."""
    from tactician.engine.clock import InitiativeClock
    from tactician.rulesets.uesrpg.battle_turns import Narrator, run_edges

    state = state.model_copy(update={"order": order, "round": 1, "turn": 0})
    return run_edges(state, InitiativeClock(order).opening_edges(), Narrator(PhysicalDice([])),
                     RULES.options)


def refused(state: UesrpgBattle, action: dict[str, Any], match: str) -> None:
    before = RULES.dump_state(state)
    with pytest.raises(RulesError, match=match):
        RULES.apply(state, action, SeededDice(1))
    assert RULES.dump_state(state) == before


# --- initiative and turn order -------------------------------------------------------------


def test_initiative_orders_turns_by_1d6_plus_rating_ties_to_the_higher_rating() -> None:
    # ratings AB + IB + PcB: a 4+4+4 = 12, b 3+4+4 = 11, c 4+4+4 = 12
    a = unit("a", (0, 0))
    b = unit("b", (1, 0), agility=30)
    c = unit("c", (2, 0))
    state = battle(["...."], a, b, c)
    after = apply(state, {"type": "begin"}, 1, 3, 1)  # a 13, b 14, c 13
    assert after.order == ("b", "a", "c")  # a and c tie on roll and rating: listed first
    assert after.unit("b").initiative == 14
    assert after.current is not None and after.current.id == "b"
    assert (after.round, after.turn) == (1, 0)


def test_end_phase_before_initiative_begins_the_battle_and_others_are_refused() -> None:
    state = battle(["...."], unit("a", (0, 0)), unit("b", (3, 0), side="enemy"))
    refused(state, {"type": "move", "unit": "a", "to": [1, 0]}, "initiative has not been rolled")
    after = apply(state, {"type": "end_phase"}, 2, 5)
    assert after.order == ("b", "a")


def test_turns_follow_the_order_and_a_new_round_refills_ap() -> None:
    state = begun(battle(["....."], unit("a", (0, 0)), unit("b", (4, 0), side="enemy")),
                  "a", "b")
    refused(state, {"type": "move", "unit": "b", "to": [3, 0]}, "it is A's Turn")
    state = apply(state, {"type": "move", "unit": "a", "to": [2, 0]})
    assert state.unit("a").ap == 2
    state = apply(state, {"type": "end_turn", "unit": "a"})
    assert state.current is not None and state.current.id == "b" and state.round == 1
    state = apply(state, {"type": "end_phase"})  # the CLI's end-phase ends the Turn
    assert state.round == 2 and state.current is not None and state.current.id == "a"
    assert state.unit("a").ap == 3  # core: "AP refill at the start of the round"


# --- AP and movement ------------------------------------------------------------------------


def test_a_move_action_costs_one_ap_and_buys_speed_metres() -> None:
    # Speed SB 4 + 2 x AB 4 = 12 m = 6 tiles of 2 m
    state = begun(battle([".........."], unit("a", (0, 0)), unit("b", (9, 0), side="enemy")),
                  "a", "b")
    state = apply(state, {"type": "move", "unit": "a", "to": [2, 0]})
    a = state.unit("a")
    assert (a.ap, a.move_left, a.moved) == (2, 8, 4)
    state = apply(state, {"type": "move", "unit": "a", "to": [6, 0]})  # within what is left
    a = state.unit("a")
    assert (a.ap, a.move_left, a.position) == (2, 0, (6, 0))
    state = apply(state, {"type": "move", "unit": "a", "to": [7, 0]})  # a second Move action
    assert state.unit("a").ap == 1
    refused(state, {"type": "move", "unit": "a", "to": [9, 0]}, "cannot reach")  # b stands there


def test_difficult_terrain_prone_slowed_and_immobilized() -> None:
    board = ["......", "::::::"]
    foe = unit("b", (5, 0), side="enemy")
    rough = begun(battle(board, unit("a", (0, 1)), foe), "a", "b")
    refused(rough, {"type": "move", "unit": "a", "to": [4, 1]}, "cannot reach")  # 16 m > 12
    assert apply(rough, {"type": "move", "unit": "a", "to": [3, 1]}).unit("a").move_left == 0
    prone = begun(battle(board, unit("a", (0, 0), conditions=(("Prone", 0),)), foe), "a", "b")
    refused(prone, {"type": "move", "unit": "a", "to": [4, 0]}, "cannot reach")  # 2 m per 1 m
    assert apply(prone, {"type": "move", "unit": "a", "to": [3, 0]}).unit("a").move_left == 0
    slowed = begun(battle(board, unit("a", (0, 0), conditions=(("Slowed", 0),)), foe), "a", "b")
    refused(slowed, {"type": "move", "unit": "a", "to": [4, 0]}, "cannot reach")  # 6 m
    stuck = begun(battle(board, unit("a", (0, 0), conditions=(("Immobilized", 0),)), foe),
                  "a", "b")
    refused(stuck, {"type": "move", "unit": "a", "to": [1, 0]}, "cannot move")


def test_standing_up_uses_half_base_speed_or_arise() -> None:
    state = begun(battle(["......"], unit("a", (0, 0), conditions=(("Prone", 0),)),
                         unit("b", (5, 0), side="enemy")), "a", "b")
    arise = apply(state, {"type": "stand", "unit": "a"})  # no movement left: Arise, 1 AP
    assert arise.unit("a").ap == 2 and combat(arise.unit("a")).condition("Prone") is None
    moved = apply(state, {"type": "move", "unit": "a", "to": [1, 0]})  # 4 m of 12
    stood = apply(moved, {"type": "stand", "unit": "a"})  # half of 12 m from the 8 left
    assert (stood.unit("a").ap, stood.unit("a").move_left) == (2, 2)


def test_an_attack_costs_one_ap_and_a_defence_one_ap_of_the_defender() -> None:
    state = begun(battle(["..."], unit("a", (0, 0)), unit("b", (1, 0), side="enemy")),
                  "a", "b")
    # a: Combat Style 50; b parries (its best, combat style 50 vs evade 40): a fails
    after = apply(state, {"type": "attack", "unit": "a", "target": "b"}, 90)
    assert after.unit("a").ap == 2 and after.unit("b").ap == 3  # a missed: no parry rolled
    after = apply(state, {"type": "attack", "unit": "a", "target": "b"}, 30, 45)
    assert after.unit("a").ap == 2 and after.unit("b").ap == 2  # parried (4 DoS vs 3)
    no_ap = state.replace_units(state.unit("b").model_copy(update={"ap": 0}))
    refused(no_ap, {"type": "attack", "unit": "a", "target": "b", "defence": "parry"},
            "no AP left to parry")
    spent = state.replace_units(state.unit("a").model_copy(update={"ap": 0}))
    refused(spent, {"type": "attack", "unit": "a", "target": "b"}, "an attack costs 1 AP")
    far = begun(battle(["...."], unit("a", (0, 0)), unit("b", (3, 0), side="enemy")),
                "a", "b")
    refused(far, {"type": "attack", "unit": "a", "target": "b"}, "reaches 1")


def test_refused_actions_change_nothing() -> None:
    state = begun(battle(["#.."], unit("a", (1, 0)), unit("b", (2, 0), side="enemy")),
                  "a", "b")
    refused(state, {"type": "move", "unit": "a", "to": [0, 0]}, "cannot reach")
    refused(state, {"type": "move", "unit": "a", "to": [9, 0]}, "off the")
    refused(state, {"type": "attack", "unit": "a", "target": "a"}, "itself")
    refused(state, {"type": "attack", "unit": "a", "target": "b", "weapon": "Axe"}, "carries no")
    refused(state, {"type": "attack", "unit": "a", "target": "b", "defence": "dodge"},
            "unknown defence")
    refused(state, {"type": "first_aid", "unit": "a"}, "healer's kit")
    refused(state, {"type": "stand", "unit": "a"}, "not Prone")
    refused(state, {"type": "cast", "unit": "a"}, "unknown action")
    refused(state, {"type": "begin"}, "already rolled")


# --- conditions at their edges ---------------------------------------------------------------


def test_bleeding_ticks_at_the_end_of_the_bleeding_units_own_turn() -> None:
    state = begun(battle(["....."], unit("a", (0, 0), conditions=(("Bleeding", 2),)),
                         unit("b", (4, 0), side="enemy")), "b", "a")
    after_b = apply(state, {"type": "end_turn"})  # b's Turn ends: a does not bleed
    assert after_b.unit("a").hp == 20
    after_a = apply(after_b, {"type": "end_turn"})  # a's Turn ends: 2 damage, X 2 -> 1
    a = combat(after_a.unit("a"))
    assert a.hp == 18 and a.condition("Bleeding") is not None
    assert a.condition("Bleeding").x == 1  # type: ignore[union-attr]


def test_dazed_costs_an_ap_at_the_start_of_each_round() -> None:
    state = begun(battle(["....."], unit("a", (0, 0), conditions=(("Dazed", 0),)),
                         unit("b", (4, 0), side="enemy")), "a", "b")
    assert state.unit("a").ap == 2  # round 1 started with the opening edges
    state = apply(apply(state, {"type": "end_turn"}), {"type": "end_turn"})
    assert state.round == 2 and state.unit("a").ap == 2 and state.unit("b").ap == 3


# --- unconsciousness and death tests ---------------------------------------------------------


def test_the_unconscious_pass_their_turn_with_a_death_test_and_die_after_lb_failures() -> None:
    # luck 20: LB 2 -- the third failed test kills (003: "exceeding their Luck Bonus")
    down = unit("d", (2, 0), side="enemy", hp=0, luck=20)
    state = begun(battle(["....."], unit("a", (0, 0)), down, unit("e", (4, 0), side="enemy")),
                  "a", "d", "e")
    for failures in (1, 2):
        state = apply(state, {"type": "end_turn"}, 90)  # a ends; d's Turn passes: test fails
        assert state.unit("d").death_failures == failures and not state.unit("d").dead
        assert state.current is not None and state.current.id == "e"
        state = apply(state, {"type": "end_turn"})
    state = apply(state, {"type": "end_turn"}, 90)
    d = state.unit("d")
    assert d.dead and d.position is None  # the dead leave the map
    assert any("dies" in line for line in state.death_tests)
    assert state.result == "ongoing"  # e still stands
    lone = begun(battle(["..."], unit("a", (0, 0)), unit("d", (2, 0), side="enemy", hp=0)),
                 "a", "d")
    assert lone.result == "victory"  # a unit down (unconscious) is out of the fight
    refused(lone, {"type": "end_turn"}, "the battle is over")


def test_a_passed_death_test_keeps_the_count_and_victory_waits_for_every_foe() -> None:
    state = begun(battle(["....."], unit("a", (0, 0)), unit("d", (2, 0), side="enemy", hp=0),
                         unit("e", (4, 0), side="enemy")), "a", "d", "e")
    state = apply(state, {"type": "end_turn"}, 10)  # d passes its Endurance test (40)
    assert state.unit("d").death_failures == 0 and state.result == "ongoing"
    assert state.current is not None and state.current.id == "e"


def test_damage_while_down_fails_the_next_death_test_without_a_roll() -> None:
    state = begun(battle(["...."], unit("a", (0, 0)), unit("d", (1, 0), side="enemy", hp=0),
                         unit("e", (3, 0), side="enemy")), "a", "d", "e")
    # a hits the helpless d (it cannot defend): roll 31 hits the body, 1d8 = 3, +SB 4
    state = apply(state, {"type": "attack", "unit": "a", "target": "d"}, 31, 3)
    assert state.unit("d").next_test_fails
    state = apply(state, {"type": "end_turn"})  # d's test fails automatically: no die
    assert state.unit("d").death_failures == 1
    assert any("automatically" in line for line in state.death_tests)


def test_first_aid_and_stabilise_take_the_healers_turn_and_need_a_kit() -> None:
    healer = unit("h", (0, 0)).model_copy(update={"kit": True})
    state = begun(battle(["...."], healer, unit("d", (1, 0), hp=0),
                         unit("e", (3, 0), side="enemy")), "h", "d", "e")
    # Stabilise: Survival is not listed, Profession (Medicine) Int 40 + 10 = 50
    after = apply(state, {"type": "stabilise", "unit": "h", "target": "d"}, 20)
    assert after.unit("d").stable and after.unit("h").ap == 0
    after = apply(after, {"type": "end_turn"})  # d is stable: no death test, no die
    assert after.unit("d").death_failures == 0


# --- replay and serialisation ---------------------------------------------------------------


def _legal_actions(state: UesrpgBattle) -> list[dict[str, Any]]:
    from tactician.rulesets.uesrpg.battle_combat import in_reach, weapon_of
    from tactician.rulesets.uesrpg.battle_moves import reach

    if not state.started:
        return [{"type": "begin"}]
    me = state.current
    assert me is not None
    actions: list[dict[str, Any]] = [{"type": "end_turn", "unit": me.id}]
    for tile in sorted(reach(state, me, RULES.battle_options).remaining):
        if tile != me.position:
            actions.append({"type": "move", "unit": me.id, "to": list(tile)})
    for foe in state.units:
        if (foe.side != me.side and not foe.dead and in_reach(me, foe, weapon_of(me))
                and combat(me).ap >= 1):
            actions.append({"type": "attack", "unit": me.id, "target": foe.id})
    if combat(me).condition("Prone") is not None and combat(me).ap >= 1:
        actions.append({"type": "stand", "unit": me.id})
    return actions


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_replay_of_random_legal_actions_rebuilds_the_live_state(seed: int) -> None:
    import random

    chooser = random.Random(seed)
    rules = UesrpgBattleRules()
    state = rules.start_state({"map": SKIRMISH / "map.yaml",
                               "units": [SKIRMISH / "party.yaml", SKIRMISH / "bandits.yaml"]})
    record = Battle(ruleset="uesrpg", seed=seed, start=rules.dump_state(state))
    for _ in range(150):
        if state.result != "ongoing":
            break
        options = _legal_actions(state)
        attacks = [a for a in options if a["type"] == "attack"]
        if attacks and chooser.random() < 0.7:
            action = dict(chooser.choice(attacks))
            if chooser.random() < 0.3:  # a named defence the target may not be able to make
                action["defence"] = chooser.choice(["none", "evade", "parry", "block"])
        elif chooser.random() < 0.3:
            action = options[0]  # end the Turn
        else:
            action = chooser.choice(options)
        try:
            record, _, state = act(record, rules, action, None, state)
        except TacticianError:
            continue  # a legal-looking action the rules refuse (a defence) logs nothing
    kinds = {entry.action["type"] for entry in record.log}
    assert {"begin", "move", "attack", "end_turn"} <= kinds
    replayed = replay(record, rules)
    assert rules.dump_state(replayed) == rules.dump_state(state)
    dumped = json.loads(json.dumps(rules.dump_state(state)))
    assert rules.load_state(dumped) == state


# --- forecast against the dice ----------------------------------------------------------------


def test_the_battle_forecast_matches_seeded_attacks() -> None:
    from tactician.rulesets.uesrpg.battle_service import battle_forecast

    # b: WT 4 + 2 + 4 = 10, HP 13: a's Longsword 1d8+4 wounds on 7 or 8 unarmoured
    state = begun(battle(["..."], unit("a", (0, 0)), unit("b", (1, 0), side="enemy",
                                                          endurance=25, strength=40)), "a", "b")
    report = battle_forecast(state, {"unit": "a", "target": "b"}, RULES)
    assert sum(report["locations"].values()) == pytest.approx(report["hit"])
    assert sum(report["hp"]["defender"].values()) == pytest.approx(1.0)
    n = 3000
    hits = wounds = 0
    for seed in range(n):
        after, outcome = RULES.apply(state, {"type": "attack", "unit": "a", "target": "b"},
                                     SeededDice(seed))
        hits += outcome.records[0]["hit"]
        wounds += outcome.records[0]["wounded"]
    for observed, p in ((hits, report["hit"]), (wounds, report["wound"])):
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(observed / n - p) < 4 * sigma + 1e-9


# --- the scenario files ----------------------------------------------------------------------


def test_the_example_skirmish_loads() -> None:
    state = RULES.start_state({"map": SKIRMISH / "map.yaml",
                               "units": [SKIRMISH / "party.yaml", SKIRMISH / "bandits.yaml"]})
    assert [u.id for u in state.units] == ["aela", "brand", "bandit-1", "bandit-2", "captain"]
    assert state.unit("aela").kit and state.unit("aela").controller == "player"
    assert state.unit("bandit-1").controller == "ai" and state.unit("bandit-1").tier == "npc"
    bleeding = combat(state.unit("bandit-2")).condition("Bleeding")
    assert bleeding is not None and bleeding.x == 2
    assert state.unit("bandit-1").name == "Bandit 1"  # two Bandits: names made unique


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("{id: x, template: Ogre, side: enemy, at: [0, 0]}", "no NPC template 'Ogre'"),
        ("{id: x, template: Bandit, side: enemy, at: [40, 0]}", "off the"),
        ("{id: x, template: Bandit, side: enemy, at: [5, 3]}", "wall, not standable"),
        ("{id: x, template: Bandit, side: enemy, at: [0, 0], hp: 99}", "hp 99 must be"),
        ("{id: x, template: Bandit, side: enemy, at: [0, 0], conditions: [{name: Bleeding}]}",
         "conditions.0: Bleeding needs X"),
        ("{id: x, template: Bandit, side: enemy, at: [0, 0], weapon: Axe}", "weapon:"),
        ("{id: x, side: enemy, at: [0, 0]}", "exactly one of"),
    ],
)
def test_bad_units_files_are_refused_by_file_and_unit(
    tmp_path: Path, entry: str, message: str
) -> None:
    path = tmp_path / "units.yaml"
    path.write_text(f"units:\n  - {entry}\n", encoding="utf-8")
    with pytest.raises(ContentError, match=message) as caught:
        RULES.start_state({"map": SKIRMISH / "map.yaml", "units": [path]})
    assert "units.yaml" in str(caught.value)


def test_battle_options_are_checked_by_name() -> None:
    assert UesrpgBattleRules(["metres_per_tile=1"]).battle_options.metres_per_tile == 1
    assert UesrpgBattleRules(["death_count=consecutive"]).options.death_count == "consecutive"
    with pytest.raises(RulesError, match="battle options are"):
        UesrpgBattleRules(["speed=9"])
    with pytest.raises(RulesError, match="1 or more"):
        UesrpgBattleRules(["metres_per_tile=0"])


def test_the_initiative_clock_reports_turn_and_round_edges() -> None:
    from tactician.engine.clock import Edge, InitiativeClock

    clock = InitiativeClock(("a", "b"))
    assert clock.opening_edges() == [Edge("round_start", None, 1), Edge("turn_start", "a", 1)]
    clock, edges = clock.advance()
    assert edges == [Edge("turn_end", "a", 1), Edge("turn_start", "b", 1)]
    clock, edges = clock.advance()
    assert edges == [Edge("turn_end", "b", 1), Edge("round_start", None, 2),
                     Edge("turn_start", "a", 2)]
    assert (clock.round, clock.current) == (2, "a")
    with pytest.raises(ValueError):
        InitiativeClock(())


def test_burning_needs_willpower_to_act_and_can_be_put_out() -> None:
    state = begun(battle(["..."], unit("a", (0, 0), conditions=(("Burning", 1),)),
                         unit("b", (1, 0), side="enemy")), "a", "b")
    # 003 Burning: "Must pass Willpower -20 to take any action other than extinguishing"
    lost = apply(state, {"type": "attack", "unit": "a", "target": "b"}, 90)
    assert lost.unit("a").ap == 2 and lost.unit("b").hp == 20
    # "To extinguish: 1 AP, Str or Ag test at +20 ...; fall Prone on attempt"
    out = combat(apply(state, {"type": "extinguish", "unit": "a"}, 10).unit("a"))
    assert out.ap == 2 and out.condition("Burning") is None and out.condition("Prone")


def test_a_unit_stores_every_changing_field_of_the_combat_state() -> None:
    from tactician.rulesets.uesrpg.battle_state import CHANGING

    assert set(CHANGING) <= set(UnitState.model_fields)
    fighter = unit("x", (0, 0), conditions=(("Bleeding", 2),))
    assert combat(with_combat(fighter, combat(fighter))) == combat(fighter)
