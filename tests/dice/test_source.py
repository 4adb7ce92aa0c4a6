"""Where die results come from: seeded streams, the table's dice, ``--rolls`` parsing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.dice.roller import rolled_by
from tactician.dice.source import (
    SEEDED,
    DieDraw,
    EnteredDice,
    PhysicalDice,
    SeededDice,
    make_source,
    parse_rolls,
)
from tactician.errors import DiceError, NeedRoll


def test_seeded_dice_same_seed_same_draws() -> None:
    first, second = SeededDice(42), SeededDice(42)
    a = [first.draw(20, "attack") for _ in range(50)]
    b = [second.draw(20, "attack") for _ in range(50)]
    assert a == b
    assert first.draws == second.draws


def test_seeded_dice_different_seeds_differ() -> None:
    sequences = {tuple(SeededDice(seed).draw(1000, "x") for _ in range(5)) for seed in range(10)}
    assert len(sequences) == 10


@given(seed=st.integers(0, 2**31), sides=st.integers(1, 1000))
def test_seeded_dice_stay_on_the_die_and_record_each_draw(seed: int, sides: int) -> None:
    dice = SeededDice(seed)
    value = dice.draw(sides, "test")
    assert 1 <= value <= sides
    assert dice.draws == [DieDraw(sides, value, "test")]


def test_physical_dice_hand_out_values_in_order() -> None:
    dice = PhysicalDice([14, 3, 20])
    assert dice.draw(20, "hit") == 14
    assert dice.draw(6, "damage") == 3
    assert dice.unused == [20]
    assert dice.draws == [DieDraw(20, 14, "hit"), DieDraw(6, 3, "damage")]


def test_physical_dice_refuse_a_value_the_die_cannot_show() -> None:
    dice = PhysicalDice([14])
    expected = r"roll #1 is 14, which a d6 cannot show \(needed for dmg\)"
    with pytest.raises(DiceError, match=expected):
        dice.draw(6, "dmg")
    assert dice.draws == []


@pytest.mark.parametrize("value", [0, -3, 7])
def test_physical_dice_refuse_out_of_range(value: int) -> None:
    with pytest.raises(DiceError, match="d6 cannot show"):
        PhysicalDice([value]).draw(6, "x")


def test_need_roll_names_the_missing_die() -> None:
    dice = PhysicalDice([4])
    dice.draw(6, "damage")
    with pytest.raises(NeedRoll) as caught:
        dice.draw(8, "damage")
    assert (caught.value.index, caught.value.sides, caught.value.purpose) == (2, 8, "damage")
    assert "roll #2 must be a d8 (damage)" in str(caught.value)
    assert isinstance(caught.value, DiceError)


@given(st.lists(st.integers(1, 20), min_size=1, max_size=30))
def test_physical_values_round_trip(values: list[int]) -> None:
    dice = PhysicalDice(list(values))
    assert [dice.draw(20, "x") for _ in values] == values
    assert dice.unused == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [("14,3,20", [14, 3, 20]), ("14 3  20", [14, 3, 20]), (" 5, 6 ,1 ", [5, 6, 1]), ("7", [7])],
)
def test_parse_rolls(text: str, expected: list[int]) -> None:
    assert parse_rolls(text) == expected


def test_parse_rolls_names_the_bad_entry() -> None:
    with pytest.raises(DiceError, match=r"entry #2 \('x'\) is not a whole number"):
        parse_rolls("4,x,5")


@pytest.mark.parametrize("text", ["", " ", ",", " , ,"])
def test_parse_rolls_refuses_empty(text: str) -> None:
    with pytest.raises(DiceError, match="holds no results"):
        parse_rolls(text)


def test_make_source_prefers_table_rolls() -> None:
    source = make_source(None, "3,4")
    assert isinstance(source, PhysicalDice)
    assert source.values == [3, 4]


def test_make_source_seeded() -> None:
    source = make_source(99, None)
    assert isinstance(source, SeededDice)
    assert source.seed == 99


def test_make_source_picks_a_seed_it_can_report() -> None:
    source = make_source(None, None)
    assert isinstance(source, SeededDice)
    assert 0 <= source.seed < 2**31
    replay = SeededDice(source.seed)
    assert [source.draw(6, "x") for _ in range(5)] == [replay.draw(6, "x") for _ in range(5)]


def test_entered_dice_give_a_seat_its_own_dice_and_the_stream_the_rest() -> None:
    """Issue 25: a seat's values go, in order, to the dice whose roller it may enter;
    any other die is the stream's (``by`` seed); running out asks for the seat's next
    die, numbered among its own; an impossible value is refused."""
    stream = SeededDice(3)
    dice = EnteredDice([4, 6], "p1", lambda unit: unit == "mine")
    dice.bind(stream)
    with rolled_by("mine"):
        assert dice.draw(6, "my hit") == 4
    with rolled_by("foe"):
        parry = dice.draw(20, "foe's parry")
    with rolled_by(None):
        poison = dice.draw(6, "poison")
    with rolled_by("mine"):
        assert dice.draw(6, "my damage") == 6
        with pytest.raises(NeedRoll) as missing:
            dice.draw(8, "my crit")
    assert missing.value.index == 3
    assert [(d.value, d.roller, d.by) for d in dice.draws] == [
        (4, "mine", "p1"), (parry, "foe", SEEDED), (poison, None, SEEDED), (6, "mine", "p1")]
    assert [d.value for d in stream.draws] == [parry, poison]
    wrong = EnteredDice([9], "p1", lambda unit: True)
    with pytest.raises(DiceError, match="roll #1 is 9, which a d6 cannot show"):
        wrong.draw(6, "x")


def test_every_source_records_whose_roll_a_die_is() -> None:
    for source in (SeededDice(1), PhysicalDice([1, 1])):
        with rolled_by("aria"):
            source.draw(6, "a")
        source.draw(6, "b")
        assert [d.roller for d in source.draws] == ["aria", None]
