"""Property: on any legal play of the example battle the chain verifies, replay
equals the live state, and any single-field edit of any entry or of the start is
caught naming that entry (or the start)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice
from tactician.engine.battle import Battle, act, replay
from tactician.engine.chain import BrokenChain, verify
from tactician.engine.log import Draw
from tactician.engine.undo import undo
from tactician.errors import TacticianError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera.battle_service import battle_rules
from tactician.rulesets.tropera.battle_units import foes_of, reach
from tactician.rulesets.tropera.scenario import start_battle

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
FIELDS = ["dice", "seq", "physical", "action", "summary", "records", "stream", "hash"]


@pytest.fixture(scope="module")
def fresh() -> tuple[Battle, Any]:
    rules = battle_rules([])
    state = start_battle(EXAMPLE / "ford.yaml", [EXAMPLE / "party.yaml", EXAMPLE / "bandits.yaml"])
    battle = Battle(ruleset="tropera", seed=11, start=rules.dump_state(state))
    # an opening that brings the sides within reach, so random play soon rolls dice
    for action in ({"type": "move", "unit": "lethe", "to": [7, 2]},
                   {"type": "move", "unit": "aria", "to": [7, 4]}, {"type": "end_phase"}):
        battle, _, _ = act(battle, rules, action)
    return battle, rules


def _action(state: Any, choice: int) -> dict[str, Any]:
    """A legal move (mostly towards the nearest foe), an attack on an adjacent foe,
    or the end of the phase."""
    movers = [u for u in state.units
              if u.side == state.side and u.hp > 0 and not u.acted and u.position is not None]
    if not movers or choice % 9 == 0:
        return {"type": "end_phase"}
    unit = movers[choice % len(movers)]
    foes = [f for f in foes_of(state, unit) if f.position and f.hp > 0]
    near = [f for f in foes if unit.position and manhattan(f.position, unit.position) == 1]
    if near and choice % 4:
        return {"type": "attack", "unit": unit.id, "target": near[0].id}
    tiles = sorted(reach(state, unit))
    if foes and choice % 3:
        tiles.sort(key=lambda t: min(manhattan(t, f.position) for f in foes))
        return {"type": "move", "unit": unit.id, "to": list(tiles[0])}
    return {"type": "move", "unit": unit.id, "to": list(tiles[choice % len(tiles)])}


def _play(battle: Battle, rules: Any, steps: list[tuple[int, int]]) -> tuple[Battle, Any]:
    """Apply the steps: ``(choice, how)``, ``how`` 0 seeded, 1 the table's dice, 2 undo."""
    state = replay(battle, rules)
    for choice, how in steps:
        if state.result != "ongoing":
            break
        if how == 2 and battle.log:
            battle, _ = undo(battle)
            state = replay(battle, rules)
            continue
        dice = PhysicalDice([1 + (choice * 37 + i * 53) % 100 for i in range(40)]) if how else None
        try:
            battle, _, state = act(battle, rules, _action(state, choice), dice, state)
        except TacticianError:
            continue
    return battle, state


def _mutate(battle: Battle, position: int, field: str) -> Battle:
    entry = battle.log[position - 1]
    if field == "dice":
        if entry.dice:
            first = entry.dice[0]
            other = first.value % first.sides + 1 if first.sides > 1 else first.value + 1
            dice = [first.model_copy(update={"value": other}), *entry.dice[1:]]
        else:
            dice = [Draw(sides=100, value=1, purpose="forged")]
        change: Any = dice
    elif field == "seq":
        change = entry.seq + 1
    elif field == "physical":
        change = not entry.physical
    elif field == "action":
        change = {**entry.action, "forged": True}
    elif field == "summary":
        change = entry.summary + "!"
    elif field == "records":
        change = [*entry.records, {"type": "forged"}]
    elif field == "stream":
        change = entry.stream + 1
    else:
        change = ("0" if entry.hash[0] != "0" else "1") + entry.hash[1:]
    log = list(battle.log)
    log[position - 1] = entry.model_copy(update={field: change})
    return battle.model_copy(update={"log": log})


steps = st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([0, 0, 0, 0, 0, 1, 1, 2])),
                 min_size=1, max_size=30)


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps, pick=st.integers(0, 10_000), field=st.sampled_from(FIELDS))
def test_the_chain_verifies_and_every_single_edit_is_named(
    fresh: tuple[Battle, Any], steps: list[tuple[int, int]], pick: int, field: str
) -> None:
    battle, rules = fresh
    battle, state = _play(battle, rules, steps)
    verify(battle)
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)
    with pytest.raises(BrokenChain, match="^start was edited"):
        verify(battle.model_copy(update={"start": {**battle.start, "name": "Forged"}}))
    if not battle.log:
        return
    candidates = [e.seq for e in battle.log if e.dice or field != "dice"] or [
        e.seq for e in battle.log]  # a die is edited where there are dice
    position = candidates[pick % len(candidates)]
    with pytest.raises(BrokenChain, match=f"^entry {position}: "):
        verify(_mutate(battle, position, field))
