"""Invariants of fe-tabletop battles played by the engine on every side, whatever the
dice: HP within 0..max, one standing unit a tile on ground it may enter, at most 5
items, uses never negative, ranks and EXP levels never falling, replay equal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.engine.battle import replay
from tactician.rulesets.fe_common.character.ranks import RANKS
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.battle_units import can_stand
from tactician.rulesets.registry import contract
from tests.conformance.kit import play

CONTRACT = contract("fe-tabletop")
EXAMPLE = CONTRACT.examples().battles[0]


def _check(state: TabletopBattle, before: TabletopBattle) -> None:
    tiles = [u.position for u in state.units if u.on_map]
    assert len(tiles) == len(set(tiles))
    for unit in state.units:
        assert 0 <= unit.hp <= unit.max_hp and unit.hp == unit.character.hp
        assert len(unit.character.inventory) <= 5 and all(v >= 0 for v in unit.uses.values())
        if unit.on_map and unit.position is not None:
            assert can_stand(state, unit, unit.position)
        old = before.unit(unit.id).character
        assert unit.character.level >= old.level
        for kind, rank in unit.character.ranks.items():
            assert RANKS.index(rank) >= RANKS.index(old.ranks.get(kind, "E"))


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_engine_play_keeps_the_invariants(seed: int) -> None:
    from dataclasses import replace

    example = replace(EXAMPLE, seed=seed)
    previous = None
    last = None
    for battle, rules, state in play(CONTRACT, example, 60):
        _check(state, previous or state)
        previous, last = state, (battle, rules, state)
    assert last is not None
    battle, rules, state = last
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)
