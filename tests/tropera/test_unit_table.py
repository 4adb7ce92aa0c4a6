"""``unit_table``: a table carried from the last units tuple answers as one made afresh.

Issue 28: the occupied tiles, standing foes, tokens and the index by id are carried
from one units tuple to the next by the units that changed; these tests change
units the ways a battle does (moves, a fall to 0 HP, a unit carried, an id
swapped) and hold every answer to the one walking every unit gives.
"""

from __future__ import annotations

import random

from tactician.rulesets.tropera import unit_table
from tactician.rulesets.tropera.battle_state import Unit
from tactician.rulesets.tropera.unit_table import UnitTable, replaced
from tests.tropera.ai_scenarios import build


def _answers(table: UnitTable, sides: list[str]) -> object:
    return (
        table.occupants(),
        [table.sides(s) for s in sides],
        [sorted(table.side_tiles(s)) for s in sides],
        [[u.id for u in table.foes(s)] for s in sides],
        table.tokens(),
        table.index(),
    )


def _changed(unit: Unit, rng: random.Random) -> Unit:
    roll = rng.random()
    if roll < 0.4:
        x, y = unit.position or (0, 0)
        return unit.model_copy(update={"position": (x + rng.choice((-1, 1)), y)})
    if roll < 0.6:
        return unit.model_copy(update={"hp": 0})
    if roll < 0.7:
        return unit.model_copy(update={"carried_by": "someone"})
    if roll < 0.8:
        return unit.model_copy(update={"position": None})
    return unit.model_copy(update={"hp": unit.hp + 1, "carried_by": None})


def test_a_carried_table_answers_as_a_fresh_one() -> None:
    state = build(30, 12, 40, 1, "elite")
    units = state.units
    sides = sorted({u.side for u in units})
    rng = random.Random(7)
    before = UnitTable(units, None)
    _answers(before, sides)  # every carried entry made, so each is carried on
    for _ in range(60):
        picks = rng.sample(range(len(units)), rng.choice((1, 2, 3)))
        now = list(units)
        for i in picks:
            now[i] = _changed(now[i], rng)
        units = tuple(now)
        carried = UnitTable(units, before)
        assert _answers(carried, sides) == _answers(UnitTable(units, None), sides)
        before = carried


def test_an_id_swapped_in_place_gets_a_new_index() -> None:
    units = build(30, 12, 40, 1, "elite").units
    first = UnitTable(units, None)
    first.index()
    swapped = (units[1], units[0], *units[2:])
    assert UnitTable(swapped, first).index() == UnitTable(swapped, None).index()
    assert UnitTable(swapped, first).index()[units[1].id] == 0


def test_replaced_is_each_unit_of_that_id_replaced() -> None:
    units = build(30, 12, 40, 1, "elite").units
    new = units[5].model_copy(update={"hp": 1})
    assert replaced(units, {new.id: new}) == tuple(new if u.id == new.id else u for u in units)
    twice = (*units, units[5])  # two units of one id: both replaced, as before
    assert replaced(twice, {new.id: new}) == tuple(new if u.id == new.id else u for u in twice)
    assert unit_table.table(units) is unit_table.table(units)
