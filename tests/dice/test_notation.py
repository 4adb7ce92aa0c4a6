"""Dice notation on our own dice: results, physical rolls, abusive input, the parser cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice import d20_engine
from tactician.dice.notation import (
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_PAREN_DEPTH,
    MAX_REROLLS,
    MAX_SIDES,
    RollOutcome,
    roll,
    validate,
)
from tactician.dice.source import DieDraw, PhysicalDice, SeededDice
from tactician.errors import DiceError, NeedRoll

# --------------------------------------------------------------------------- worked examples


def test_keep_highest_with_table_rolls() -> None:
    outcome = roll("4d6kh3", PhysicalDice([5, 3, 1, 6]))
    assert outcome.total == 14
    assert outcome.breakdown == "4d6kh3 (5, 3, ~~1~~, 6) = 14"
    assert [d.status for d in outcome.rolled] == ["kept", "kept", "dropped", "kept"]
    assert [d.value for d in outcome.dice] == [5, 3, 1, 6]


def test_modifier_and_breakdown() -> None:
    outcome = roll("2d6+3", PhysicalDice([4, 2]))
    assert outcome.total == 9
    assert outcome.breakdown == "2d6 (4, 2) + 3 = 9"
    assert outcome.expression == "2d6+3"


def test_d20_with_21_is_refused_naming_the_roll() -> None:
    with pytest.raises(DiceError, match=r"roll #1 is 21, which a d20 cannot show"):
        roll("1d20", PhysicalDice([21]))


def test_running_out_of_table_rolls_names_the_next_die() -> None:
    with pytest.raises(NeedRoll) as caught:
        roll("2d6", PhysicalDice([3]))
    assert (caught.value.index, caught.value.sides) == (2, 6)
    assert "roll #2 must be a d6" in str(caught.value)


def test_each_value_is_checked_against_its_own_die() -> None:
    outcome = roll("1d20+1d4", PhysicalDice([14, 3]))
    assert outcome.total == 17
    with pytest.raises(DiceError, match=r"roll #2 is 14, which a d4 cannot show"):
        roll("1d20+1d4", PhysicalDice([3, 14]))


def test_rerolls_are_consumed_when_they_happen_left_to_right() -> None:
    # Six dice: 4 1 6 2 1 5. The 1s (dice 2 and 5, left to right) are rerolled: 1, 3.
    # Die 2 shows 1 again, so it is rerolled once more: 2.
    outcome = roll("6d6rr1", PhysicalDice([4, 1, 6, 2, 1, 5, 1, 3, 2]))
    assert outcome.total == 4 + 2 + 6 + 2 + 3 + 5
    assert outcome.breakdown == "6d6rr1 (4, ~~1~~, ~~1~~, 2, 6, 2, ~~1~~, 3, 5) = 22"
    assert [(d.draw.value, d.status) for d in outcome.rolled] == [
        (4, "kept"), (1, "rerolled"), (6, "kept"), (2, "kept"), (1, "rerolled"), (5, "kept"),
        (1, "rerolled"), (3, "kept"), (2, "kept"),
    ]


def test_exploding_dice_draw_as_they_explode() -> None:
    outcome = roll("2d6e6", PhysicalDice([6, 2, 6, 3]))
    assert outcome.total == 17
    assert [d.value for d in outcome.dice] == [6, 2, 6, 3]
    assert all(d.status == "kept" for d in outcome.rolled)
    assert [d.exploded for d in outcome.rolled] == [True, False, True, False]


def test_minimum_reports_what_the_die_counted_as() -> None:
    outcome = roll("2d6mi3", PhysicalDice([1, 5]))
    assert outcome.total == 8
    assert outcome.rolled[0].counts_as == 3
    assert outcome.to_json()["dice"][0]["counts_as"] == 3
    assert "counts_as" not in outcome.to_json()["dice"][1]


def test_dropped_group_marks_its_dice_dropped() -> None:
    outcome = roll("(1d6, 1d8)kh1", PhysicalDice([2, 7]))
    assert outcome.total == 7
    assert [d.status for d in outcome.rolled] == ["dropped", "kept"]


def test_d100_and_bare_d() -> None:
    assert roll("d100", PhysicalDice([100])).total == 100
    assert roll("d20+5", PhysicalDice([1])).total == 6


def test_purpose_is_recorded_on_every_draw() -> None:
    dice = SeededDice(3)
    outcome = roll("2d8", dice, purpose="fireball damage")
    assert [d.purpose for d in outcome.dice] == ["fireball damage"] * 2
    assert dice.draws == outcome.dice
    assert [d.purpose for d in roll("1d4", SeededDice(3)).dice] == ["1d4"]


def test_outcome_dice_are_only_this_rolls_draws() -> None:
    dice = SeededDice(5)
    roll("3d6", dice)
    second = roll("1d20", dice)
    assert len(dice.draws) == 4
    assert second.dice == dice.draws[3:]


def test_to_json_shape() -> None:
    data = roll("4d6kh3", PhysicalDice([5, 3, 1, 6])).to_json()
    assert data["expression"] == "4d6kh3"
    assert data["total"] == 14
    assert data["breakdown"] == "4d6kh3 (5, 3, ~~1~~, 6) = 14"
    assert data["dice"][2] == {
        "sides": 6, "value": 1, "kept": False, "status": "dropped", "purpose": "4d6kh3"
    }


def test_division_truncates_like_d20() -> None:
    assert roll("1d6/2", PhysicalDice([5])).total == 2


def test_outcome_is_frozen() -> None:
    outcome = roll("1d4", SeededDice(1))
    with pytest.raises(AttributeError):
        outcome.total = 3  # type: ignore[misc]


def test_validate_draws_nothing() -> None:
    validate("4d6kh3+2")
    validate("  2d6  ")
    with pytest.raises(DiceError):
        validate("2d")


# --------------------------------------------------------------------------- properties


@given(
    n=st.integers(1, 12),
    m=st.integers(1, 100),
    k=st.integers(-50, 50),
    seed=st.integers(0, 2**31),
)
def test_total_within_bounds_and_equals_kept_dice_plus_modifier(
    n: int, m: int, k: int, seed: int
) -> None:
    outcome = roll(f"{n}d{m}{k:+d}", SeededDice(seed))
    assert n + k <= outcome.total <= n * m + k
    assert len(outcome.dice) == n
    assert all(1 <= d.value <= m and d.sides == m for d in outcome.dice)
    assert outcome.total == sum(d.counts_as for d in outcome.rolled if d.status == "kept") + k


@given(
    n=st.integers(2, 8),
    keep=st.integers(1, 8),
    seed=st.integers(0, 2**31),
)
def test_keep_highest_keeps_the_highest(n: int, keep: int, seed: int) -> None:
    outcome = roll(f"{n}d6kh{keep}", SeededDice(seed))
    values = sorted((d.value for d in outcome.dice), reverse=True)
    assert outcome.total == sum(values[:keep])
    assert sum(d.status == "kept" for d in outcome.rolled) == min(n, keep)


EXPRESSIONS = ["2d6+3", "4d6kh3", "6d6rr1", "1d20+5", "d100", "3d6e6", "4d8ro<3", "2d20kl1-1",
               "(1d6, 1d8, 1d10)kh2", "8d6mi2ma5", "10d10rr<3kh5"]


@settings(max_examples=60)
@given(expr=st.sampled_from(EXPRESSIONS), seed=st.integers(0, 2**31))
def test_same_seed_same_outcome(expr: str, seed: int) -> None:
    assert roll(expr, SeededDice(seed)) == roll(expr, SeededDice(seed))


@settings(max_examples=60)
@given(expr=st.sampled_from(EXPRESSIONS), seed=st.integers(0, 2**31))
def test_table_rolls_replay_a_seeded_roll_exactly(expr: str, seed: int) -> None:
    """Feeding a seeded roll's dice back as physical dice reproduces it die for die."""
    seeded = roll(expr, SeededDice(seed))
    table = PhysicalDice([d.value for d in seeded.dice])
    replayed = roll(expr, table)
    assert replayed == seeded
    assert table.unused == []


@given(values=st.lists(st.integers(1, 8), min_size=1, max_size=10), k=st.integers(-5, 5))
def test_physical_values_round_trip(values: list[int], k: int) -> None:
    outcome = roll(f"{len(values)}d8{k:+d}", PhysicalDice(list(values)))
    assert [d.value for d in outcome.dice] == values
    assert outcome.dice == [DieDraw(8, v, f"{len(values)}d8{k:+d}") for v in values]
    assert outcome.total == sum(values) + k


# --------------------------------------------------------------------------- refusals

ABUSIVE = [
    ("999999999d999999999", "too many sides"),
    ("999999999d6", "too many dice"),
    ("1" * 5000, f"limit is {MAX_EXPRESSION_LENGTH}"),
    ("1d6+" * 1250, "characters long"),
    ("1d0", "at least one side"),
    ("(" * 500 + "1" + ")" * 500, "characters long"),
    ("(" * 50 + "1" + ")" * 50, f"parentheses 50 deep; the limit is {MAX_PAREN_DEPTH}"),
    (f"1d{MAX_SIDES + 1}", "too many sides"),
    (f"{MAX_DICE + 1}d6", "too many dice"),
    ("600d6+600d6", f"asks for 1200 dice; the limit is {MAX_DICE}"),
    ("(500d6, 500d6, 500d6)kh1", "asks for 1500 dice"),
    ("", "empty dice expression"),
    ("   ", "empty dice expression"),
    ("2d", "expression ended"),
    ("abc", "found 'abc'"),
    ("1d6+", "expression ended"),
    ("((1d6)", "expression ended"),
    ("1d6)", "found ')'"),
    ("d%", "d% "),
    ("2d%+1", "write d100"),
    ("1d1rr1", f"more than {MAX_REROLLS} rerolls and explosions"),
    ("1d6e>0", f"more than {MAX_REROLLS} rerolls and explosions"),
    ("1d6ro<7+1d1rr1", f"more than {MAX_REROLLS} rerolls and explosions"),
    ("900d6e>0", f"more than {MAX_DICE} dice"),
    ("1d6/0", "divide by zero"),
    ("1d20 # comment", "found '# comment'"),
    ("1d6\n+2", "control character (U+000A) at column 4"),
    ("1d6\t+2", "control character (U+0009) at column 4"),
    ("1d6+\x1b[2J2", "control character (U+001B) at column 5"),
    ("1d6\u202e+2", "control character (U+202E) at column 4"),
]


@pytest.mark.parametrize(("expr", "message"), ABUSIVE, ids=lambda v: str(v)[:30])
def test_abusive_input_is_refused(expr: str, message: str) -> None:
    dice = SeededDice(1)
    with pytest.raises(DiceError) as caught:
        roll(expr, dice)
    assert message in str(caught.value)
    message_text = str(caught.value)
    assert len(message_text) < 300  # one clear line, never the whole input echoed
    assert message_text.isprintable()  # no raw newline or escape sequence in the refusal
    # the work is bounded by counting, not by a clock: never more dice than the caps allow
    assert len(dice.draws) <= MAX_DICE


ONLY_WHEN_ROLLED = {"1d1rr1", "1d6e>0", "1d6ro<7+1d1rr1", "900d6e>0", "1d6/0"}


@pytest.mark.parametrize("expr", ["1d1rr1", "1d6e>0", "1d20e>0", "3d6e>0"])
def test_endless_rerolls_stop_at_the_cap_before_drawing_more(expr: str) -> None:
    """An endless roll draws its dice plus exactly MAX_REROLLS more, then is refused
    before the next draw: the bound is on work done, whatever the machine's load."""
    dice = SeededDice(7)
    with pytest.raises(DiceError, match=f"the limit is {MAX_REROLLS} per roll"):
        roll(expr, dice)
    initial = int(expr.split("d")[0])
    assert len(dice.draws) == initial + MAX_REROLLS


def test_reroll_cap_counts_every_operator_of_the_expression() -> None:
    dice = SeededDice(3)
    with pytest.raises(DiceError, match="rerolls and explosions"):
        roll("1d1rr1+1d1rr1", dice)
    assert len(dice.draws) == 1 + MAX_REROLLS  # the second term is never reached


def test_total_dice_cap_is_checked_before_the_die_past_it() -> None:
    dice = SeededDice(3)
    with pytest.raises(DiceError, match=f"more than {MAX_DICE} dice"):
        roll("900d6e>0", dice)  # 900 dice, then 100 explosions reach the cap
    assert len(dice.draws) == MAX_DICE


def test_real_rerolls_and_explosions_stay_well_inside_the_cap() -> None:
    for seed in range(20):
        assert roll("40d6e6", SeededDice(seed)).total > 0
        assert roll("10d10rr<3", SeededDice(seed)).total >= 30


def test_surrounding_whitespace_and_newline_are_not_control_faults() -> None:
    assert roll(" 1d6+2\n", PhysicalDice([3])).total == 5


@pytest.mark.parametrize(
    ("expr", "message"),
    [case for case in ABUSIVE if case[0] not in ONLY_WHEN_ROLLED],
    ids=lambda v: str(v)[:30],
)
def test_validate_refuses_the_same_without_rolling(expr: str, message: str) -> None:
    with pytest.raises(DiceError) as caught:
        validate(expr)
    assert message in str(caught.value)


def test_huge_dice_are_refused_before_any_draw() -> None:
    dice = SeededDice(1)
    with pytest.raises(DiceError):
        roll("999999999d999999999", dice)
    with pytest.raises(DiceError):
        roll("600d6+600d6", dice)
    assert dice.draws == []


def test_annotations_do_not_fool_the_checks() -> None:
    assert roll("1d6 [fire (]", PhysicalDice([4])).total == 4
    assert roll("1d6 [99999999d99999999]", PhysicalDice([4])).total == 4


def test_non_text_is_refused() -> None:
    with pytest.raises(DiceError, match="must be text"):
        roll(12, SeededDice(1))  # type: ignore[arg-type]


def test_long_unary_chain_is_fine() -> None:
    assert roll("-" * 198 + "1", SeededDice(1)).total == 1


# --------------------------------------------------------------------------- parser cache


def _run(code: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TACTICIAN_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60, check=True)


ROLL_CODE = (
    "from tactician.dice.notation import roll; from tactician.dice.source import PhysicalDice;"
    "print(roll('4d6kh3', PhysicalDice([5, 3, 1, 6])).breakdown)"
)


def test_parser_cache_is_written_private_and_reused(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert _run(ROLL_CODE, cache).stdout.strip() == "4d6kh3 (5, 3, ~~1~~, 6) = 14"
    files = list(cache.glob("d20-parser-*.pickle"))
    assert len(files) == 1
    assert files[0].stat().st_mode & 0o077 == 0
    assert oct(cache.stat().st_mode & 0o777) == "0o700"
    written = files[0].stat().st_mtime_ns
    assert _run(ROLL_CODE, cache).stdout.strip() == "4d6kh3 (5, 3, ~~1~~, 6) = 14"
    assert files[0].stat().st_mtime_ns == written  # loaded, not rebuilt


def test_damaged_parser_cache_is_rebuilt(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _run(ROLL_CODE, cache)
    (path,) = cache.glob("d20-parser-*.pickle")
    path.write_bytes(b"not a pickle")
    assert _run(ROLL_CODE, cache).stdout.strip() == "4d6kh3 (5, 3, ~~1~~, 6) = 14"
    assert path.read_bytes() != b"not a pickle"


def test_cache_writable_by_others_is_not_trusted(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_bytes(b"x")
    target.chmod(0o600)
    assert d20_engine._private(target)
    target.chmod(0o666)
    assert not d20_engine._private(target)
    assert not d20_engine._private(tmp_path / "missing")


def test_outcome_type_is_exported() -> None:
    assert isinstance(roll("1d4", SeededDice(1)), RollOutcome)
