"""The shared Fire Emblem battle layer (rulesets/fe_common/battle): the turn flow
of 001 L44, phases (L42), rescue and drop (L43), seize (L111), the result."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.engine.objectives import Objective, Objectives
from tactician.errors import RulesError
from tactician.rulesets.fe_common.battle import combat, phases, rescue, result, seize, turn
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit


def _unit(uid: str, side: str, at: tuple[int, int], **more: object) -> FeUnit:
    data: dict[str, object] = {"id": uid, "name": uid.title(), "side": side, "number": 1,
                               "position": at, "hp": 10, "max_hp": 10}
    return FeUnit.model_validate({**data, **more})


def _battle(*units: FeUnit, **more: object) -> FeBattle:
    return FeBattle(units=units, **more)  # type: ignore[arg-type]


def test_move_then_act_ends_the_turn_and_a_second_move_is_refused() -> None:
    """001 L44: move and attack, or attack and move, never a move split around it."""
    state = _battle(_unit("eirika", "player", (0, 0)))
    unit = state.unit("eirika")
    turn.check_move(state, unit)
    moved = turn.after_move(unit, (1, 0))
    assert moved.moved and not moved.done
    with pytest.raises(RulesError, match="already moved"):
        turn.check_move(state.replace_units(moved), moved)
    acted = turn.after_standard(moved)
    assert acted.done


def test_act_then_move_is_allowed_once() -> None:
    state = _battle(_unit("eirika", "player", (0, 0)))
    acted = turn.after_standard(state.unit("eirika"))
    assert not acted.done
    after = state.replace_units(acted)
    turn.check_move(after, acted)
    assert turn.after_move(acted, (0, 1)).done
    with pytest.raises(RulesError, match="standard action"):
        turn.check_standard(after, acted)


def test_a_broken_weapon_ends_the_turn_even_before_moving() -> None:
    """001 L52: "cancel the second attack and end the unit's turn"."""
    unit = _unit("eirika", "player", (0, 0))
    assert turn.after_standard(unit, ends_turn=True).done


def test_only_the_side_in_its_phase_acts() -> None:
    state = _battle(_unit("eirika", "player", (0, 0)), _unit("oneill", "enemy", (3, 0)))
    with pytest.raises(RulesError, match="player phase"):
        turn.check_standard(state, state.unit("oneill"))


def test_end_phase_moves_to_the_enemy_then_a_new_round_with_fresh_turns() -> None:
    state = _battle(_unit("eirika", "player", (0, 0), moved=True, acted=True, done=True),
                    _unit("oneill", "enemy", (3, 0)))
    enemy, lines = phases.end_phase(state)
    assert enemy.side == "enemy" and enemy.round == 1 and "enemy phase" in lines[0]
    assert enemy.unit("eirika").done  # the player's turn stays spent in the enemy phase
    back, _ = phases.end_phase(enemy)
    assert back.round == 2 and back.side == "player"
    assert not back.unit("eirika").done and not back.unit("eirika").moved


def test_the_phase_start_hook_runs_for_the_starting_side() -> None:
    state = _battle(_unit("eirika", "player", (0, 0), hp=3), _unit("oneill", "enemy", (3, 0)))
    seen = []

    def hook(s: FeBattle, side: str) -> tuple[FeBattle, list[str]]:
        seen.append(side)
        return s, [f"{side} starts"]

    after, lines = phases.end_phase(state, hook)
    assert seen == ["enemy"] and lines[-1] == "enemy starts" and after.side == "enemy"


def test_rescue_then_move_then_drop_in_the_same_turn() -> None:
    """001 L43: rescued onto the rescuer's square, dropped (free) after the move."""
    state = _battle(_unit("seth", "player", (0, 0)), _unit("lute", "player", (1, 0)),
                    _unit("oneill", "enemy", (5, 5)))
    after = rescue.rescue(state, state.unit("seth"), state.unit("lute"), (True, ""))
    seth, lute = after.unit("seth"), after.unit("lute")
    assert seth.carrying == "lute" and lute.carried_by == "seth" and lute.position is None
    assert seth.acted and not seth.done  # it has not moved: it still may (L43)
    moved = after.replace_units(turn.after_move(seth, (0, 2)))
    dropped = rescue.drop(moved, moved.unit("seth"), (1, 2), lambda u, t: True)
    assert dropped.unit("lute").position == (1, 2) and dropped.unit("seth").carrying is None


def test_rescue_refusals_name_the_reason() -> None:
    state = _battle(_unit("seth", "player", (0, 0)), _unit("lute", "player", (2, 0)),
                    _unit("oneill", "enemy", (0, 1)))
    with pytest.raises(RulesError, match="not next to"):
        rescue.rescue(state, state.unit("seth"), state.unit("lute"), (True, ""))
    with pytest.raises(RulesError, match="only rescue an ally"):
        rescue.rescue(state, state.unit("seth"), state.unit("oneill"), (True, ""))
    near = state.replace_units(state.unit("lute").model_copy(update={"position": (1, 0)}))
    with pytest.raises(RulesError, match="Aid 4"):
        rescue.rescue(near, near.unit("seth"), near.unit("lute"), (False, "Aid 4 < CON 5"))
    taken = rescue.rescue(near, near.unit("seth"), near.unit("lute"), (True, ""))
    with pytest.raises(RulesError, match="cannot be dropped"):
        rescue.drop(taken, taken.unit("seth"), (0, 1), lambda u, t: True)  # O'Neill's tile


def test_a_fallen_rescuer_lets_its_charge_down_on_its_tile() -> None:
    state = _battle(_unit("seth", "player", (0, 0)), _unit("lute", "player", (1, 0)),
                    _unit("oneill", "enemy", (0, 1)))
    carried = rescue.rescue(state, state.unit("seth"), state.unit("lute"), (True, ""))
    after, lines = combat.write_back(carried, carried.unit("oneill"), carried.unit("seth"),
                                     (10, 0))
    assert after.unit("lute").position == (0, 0) and after.unit("lute").carried_by is None
    assert lines == ["Seth falls"]


def test_seize_needs_a_lord_on_the_throne_and_the_boss_defeated() -> None:
    """001 L111: defeat the boss "and seize the throne"; it "is considered a success"."""
    state = _battle(_unit("eirika", "player", (2, 2), lord=True),
                    _unit("seth", "player", (1, 2)), _unit("oneill", "enemy", (5, 5)))
    boss = state.unit("oneill")
    with pytest.raises(RulesError, match="only a Lord"):
        seize.seize(state, state.unit("seth"), True, [])
    with pytest.raises(RulesError, match="throne or gate"):
        seize.seize(state, state.unit("eirika"), False, [])
    with pytest.raises(RulesError, match="defeat the boss"):
        seize.seize(state, state.unit("eirika"), True, [boss])
    won = seize.seize(state, state.unit("eirika"), True, [boss.model_copy(update={"hp": 0})])
    assert won.result == "victory" and "seized" in won.result_reason


def test_attack_checks_name_the_problem() -> None:
    state = _battle(_unit("eirika", "player", (0, 0)), _unit("seth", "player", (1, 0)),
                    _unit("oneill", "enemy", (0, 2)))
    with pytest.raises(RulesError, match="ally"):
        combat.check_attack(state, state.unit("eirika"), state.unit("seth"))
    assert combat.check_attack(state, state.unit("eirika"), state.unit("oneill")) == 2


def test_result_follows_the_objectives() -> None:
    goals = Objectives(victory=[Objective(kind="rout")],
                       defeat=[Objective(kind="lose_unit", unit="eirika")])
    state = _battle(_unit("eirika", "player", (0, 0)), _unit("oneill", "enemy", (0, 2)),
                    objectives=goals)
    assert result.settle(state).result == "ongoing"
    routed = state.replace_units(state.unit("oneill").model_copy(update={"hp": 0}))
    assert result.settle(routed).result == "victory"
    lost = state.replace_units(state.unit("eirika").model_copy(update={"hp": 0}))
    assert result.settle(lost).result == "defeat"


@given(st.lists(st.sampled_from(["move", "act", "wait"]), max_size=6))
def test_a_turn_never_holds_two_moves_or_two_standard_actions(steps: list[str]) -> None:
    state = _battle(_unit("eirika", "player", (0, 0)), _unit("oneill", "enemy", (5, 5)))
    moves = acts = 0
    waited = False
    for step in steps:
        unit = state.unit("eirika")
        try:
            if step == "move":
                turn.check_move(state, unit)
                unit, moves = turn.after_move(unit, (0, moves + 1)), moves + 1
            elif step == "act":
                turn.check_standard(state, unit)
                unit, acts = turn.after_standard(unit), acts + 1
            else:
                turn.check_turn(state, unit)
                unit, waited = turn.wait(unit), True
        except RulesError:
            continue
        state = state.replace_units(unit)
    assert moves <= 1 and acts <= 1
    assert state.unit("eirika").done == (moves == 1 and acts == 1 or waited)
