"""Core engine: the event log, replay, undo, the clock, effects and objectives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactician.engine.battle import Battle, act, replay
from tactician.engine.chain import BrokenChain
from tactician.engine.clock import Edge, PhaseClock
from tactician.engine.effects import Effect, expire
from tactician.engine.log import Draw
from tactician.engine.objectives import Objective, Objectives, status
from tactician.engine.rules import Token
from tactician.engine.store_file import load_battle, save_battle
from tactician.engine.undo import undo
from tactician.errors import ContentError, TacticianError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera.battle_service import battle_rules
from tactician.rulesets.tropera.battle_units import foes_of, reach
from tactician.rulesets.tropera.scenario import start_battle

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"


@pytest.fixture(scope="module")
def fresh() -> tuple[Battle, Any]:
    rules = battle_rules([])
    state = start_battle(EXAMPLE / "ford.yaml", [EXAMPLE / "party.yaml", EXAMPLE / "bandits.yaml"])
    return Battle(ruleset="tropera", seed=5, start=rules.dump_state(state)), rules


# --- clock and effects ---


def test_clock_crosses_phase_and_round_edges() -> None:
    clock = PhaseClock(("player", "enemy"))
    clock, edges = clock.advance()
    assert (clock.round, clock.side) == (1, "enemy")
    assert edges == [Edge("phase_end", "player", 1), Edge("phase_start", "enemy", 1)]
    clock, edges = clock.advance()
    assert (clock.round, clock.side) == (2, "player")
    assert [e.kind for e in edges] == ["phase_end", "round_start", "phase_start"]


def test_effect_ends_on_the_next_matching_edge_not_the_current_one() -> None:
    defend = Effect(
        name="defend",
        unit="a",
        ends="phase_start",
        ends_owner="player",
        made_round=1,
        made_phase_owner="player",
    )
    kept, ended = expire((defend,), Edge("phase_start", "player", 1))
    assert kept == (defend,) and ended == ()
    kept, ended = expire((defend,), Edge("phase_start", "enemy", 1))
    assert kept == (defend,)
    kept, ended = expire((defend,), Edge("phase_start", "player", 2))
    assert ended == (defend,) and kept == ()


# --- objectives ---


def tokens(*spec: tuple[str, str, tuple[int, int] | None, bool]) -> list[Token]:
    return [Token(i, i, side, at, out) for i, side, at, out in spec]


def test_objectives() -> None:
    goals = Objectives(victory=[Objective(kind="rout")])
    live = tokens(("a", "player", (0, 0), False), ("e", "enemy", (1, 0), False))
    assert status(goals, live, 1)[0] == "ongoing"
    routed = tokens(("a", "player", (0, 0), False), ("e", "enemy", None, True))
    assert status(goals, routed, 1)[0] == "victory"
    assert (
        status(goals, tokens(("a", "player", None, True), ("e", "enemy", (1, 0), False)), 1)[0]
        == "defeat"
    )
    boss = Objectives(victory=[Objective(kind="defeat", unit="e")])
    assert status(boss, routed, 1) == ("victory", "defeat e")
    seize = Objectives(victory=[Objective(kind="seize", tile=(1, 0))])
    assert (
        status(seize, tokens(("a", "player", (1, 0), False), ("e", "enemy", (3, 3), False)), 1)[0]
        == "victory"
    )
    survive = Objectives(victory=[Objective(kind="survive", rounds=3)])
    assert status(survive, live, 3)[0] == "ongoing" and status(survive, live, 4)[0] == "victory"
    hold = Objectives(victory=[], defeat=[Objective(kind="defend", tile=(1, 0))])
    assert status(hold, live, 1)[0] == "defeat"


# --- the log ---


def test_act_logs_the_dice_and_a_refusal_logs_nothing(fresh: tuple[Battle, Any]) -> None:
    battle, rules = fresh
    moved, entry, state = act(battle, rules, {"type": "move", "unit": "aria", "to": [6, 4]})
    assert entry.seq == 1 and entry.dice == [] and len(moved.log) == 1
    assert battle.log == []  # the input battle is untouched
    with pytest.raises(TacticianError):
        act(moved, rules, {"type": "move", "unit": "aria", "to": [15, 0]})
    assert len(moved.log) == 1
    assert state.unit("aria").position == (6, 4)


def test_undo_drops_the_last_action(fresh: tuple[Battle, Any]) -> None:
    battle, rules = fresh
    moved, _, _ = act(battle, rules, {"type": "move", "unit": "aria", "to": [6, 4]})
    back, entry = undo(moved)
    assert entry.action["to"] == [6, 4] and back.log == []
    assert replay(back, rules).unit("aria").position == (2, 4)
    with pytest.raises(TacticianError, match="nothing to undo"):
        undo(back)


def test_tampered_dice_are_caught_on_replay(fresh: tuple[Battle, Any]) -> None:
    battle, rules = fresh
    battle, _, _ = act(battle, rules, {"type": "move", "unit": "lethe", "to": [7, 2]})
    battle, _, _ = act(battle, rules, {"type": "end_phase"})
    battle, _, _ = act(battle, rules, {"type": "move", "unit": "brigand-1", "to": [8, 2]})
    battle, entry, _ = act(
        battle, rules, {"type": "attack", "unit": "brigand-1", "target": "lethe"}
    )
    assert entry.dice and all(d.sides == 100 for d in entry.dice)
    first = entry.dice[0]
    bad_die = Draw(sides=100, value=101 - first.value, purpose=first.purpose)
    tampered = entry.model_copy(update={"dice": [bad_die, *entry.dice[1:]]})
    broken = battle.model_copy(update={"log": [*battle.log[:-1], tampered]})
    with pytest.raises(BrokenChain, match="entry 4: its dice are not the battle's seeded dice"):
        replay(broken, rules)


def test_battle_file_round_trip(tmp_path: Path, fresh: tuple[Battle, Any]) -> None:
    battle, rules = fresh
    battle, _, _ = act(battle, rules, {"type": "move", "unit": "aria", "to": [6, 4]})
    path = tmp_path / "b.json"
    save_battle(battle, path)
    assert load_battle(path) == battle
    path.write_text("{ not json")
    with pytest.raises(ContentError, match="not a battle file"):
        load_battle(path)


def _random_action(state: Any, choice: int) -> dict[str, Any]:
    """A legal-looking action picked by ``choice`` (refusals are allowed too)."""
    movers = [
        u
        for u in state.units
        if u.side == state.side and u.hp > 0 and not u.acted and u.position is not None
    ]
    if not movers or choice % 7 == 0:
        return {"type": "end_phase"}
    unit = movers[choice % len(movers)]
    foes = [
        f
        for f in foes_of(state, unit)
        if f.position and unit.position and manhattan(f.position, unit.position) == 1
    ]
    if foes and choice % 2:
        return {"type": "attack", "unit": unit.id, "target": foes[0].id}
    tiles = sorted(reach(state, unit))
    target = tiles[choice % len(tiles)]
    return {"type": "move", "unit": unit.id, "to": list(target)}


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=25))
def test_replay_rebuilds_the_live_state_bit_for_bit(
    fresh: tuple[Battle, Any], choices: list[int]
) -> None:
    battle, rules = fresh
    state = rules.load_state(battle.start)
    for choice in choices:
        if state.result != "ongoing":
            break
        try:
            battle, _, state = act(battle, rules, _random_action(state, choice), state=state)
        except TacticianError:
            continue
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)


def test_an_edited_die_that_changes_the_outcome_is_caught(fresh: tuple[Battle, Any]) -> None:
    battle, rules = fresh
    battle, _, _ = act(battle, rules, {"type": "move", "unit": "lethe", "to": [7, 2]})
    battle, _, _ = act(battle, rules, {"type": "end_phase"})
    battle, _, _ = act(battle, rules, {"type": "move", "unit": "brigand-1", "to": [8, 2]})
    battle, entry, _ = act(battle, rules, {"type": "attack", "unit": "brigand-1",
                                           "target": "lethe"})
    # swap every die for its opposite face: the same number of dice, other outcomes
    flipped = [d.model_copy(update={"value": 101 - d.value}) for d in entry.dice]
    edited = entry.model_copy(update={"dice": flipped})
    changed = battle.model_copy(update={"log": [*battle.log[:-1], edited]})
    with pytest.raises(BrokenChain, match="entry 4"):
        replay(changed, rules)
    # marked as the table's dice, the edit still breaks the entry's hash
    physical = edited.model_copy(update={"physical": True})
    forged = battle.model_copy(update={"log": [*battle.log[:-1], physical]})
    with pytest.raises(BrokenChain, match="entry 4: hash does not follow entry 3"):
        replay(forged, rules)
