"""Damage dealt per unit (``run_one``): a counter-attack is its dealer's damage. In a
duel nothing else takes HP, so each side's damage dealt is exactly what the other
side lost (the counters were credited to nobody: the brigand's damage was only its
own attacks', Aria's blows back at it were lost)."""

from __future__ import annotations

from tactician.simulate.run_one import run_one
from tests.simulate.kit import duel


def test_in_a_duel_each_units_damage_is_what_its_foe_lost() -> None:
    from tactician.simulate.setup import prepared

    setup = duel("round_cap=3")
    start = {u.id: int(u.hp) for u in prepared(setup).state.units}
    countered = 0
    for index in range(12):
        copy = run_one(setup, 7, index)
        ids = [u.id for u in prepared(setup).units]
        hp = dict(zip(ids, copy.hp, strict=True))
        dealt = dict(zip(ids, copy.damage, strict=True))
        lost = {u: start[u] - hp[u] for u in ids}
        # HP left is floored at 0: an overkill blow counts what the state shows
        assert dealt["aria"] >= lost["brigand"] if hp["brigand"] == 0 else \
            dealt["aria"] == lost["brigand"], (index, dealt, lost)
        assert dealt["brigand"] >= lost["aria"] if hp["aria"] == 0 else \
            dealt["brigand"] == lost["aria"], (index, dealt, lost)
        countered += dealt["aria"] > 0 and dealt["brigand"] > 0
    assert countered, "no copy had both sides deal damage: the duel tests nothing"
