"""Plain ``NdM+K`` rolled without d20 gives exactly d20's result on the same dice."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice import d20_engine
from tactician.dice.notation import _PLAIN, roll, validate
from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import DiceError

plain = st.builds(
    lambda n, m, sign, k, spaces: (
        f"{n if n else ''}d{m}" + (f"{spaces}{sign}{spaces}{k}" if sign else "")
    ),
    st.integers(0, 40),
    st.integers(1, 1000),
    st.sampled_from(["", "+", "-"]),
    st.integers(0, 10_000),
    st.sampled_from(["", " ", "  "]),
)


@settings(max_examples=300, deadline=None)
@given(plain, st.integers(0, 2**32))
def test_plain_rolls_match_d20(expr: str, seed: int) -> None:
    assert _PLAIN.fullmatch(expr.strip()) is not None
    fast = roll(expr, SeededDice(seed), purpose="why")
    slow = d20_engine.roll_text(expr.strip(), SeededDice(seed), purpose="why")
    assert fast == slow
    assert fast.to_json() == slow.to_json()


def test_default_purpose_and_supplied_dice_match_d20() -> None:
    fast = roll(" 3d6 - 2 ", PhysicalDice([6, 1, 4]))
    slow = d20_engine.roll_text("3d6 - 2", PhysicalDice([6, 1, 4]))
    assert fast == slow
    assert fast.breakdown == "3d6 (6, 1, 4) - 2 = 9"
    assert [d.purpose for d in fast.dice] == ["3d6 - 2"] * 3


def test_other_forms_still_go_to_d20() -> None:
    for expr in ("4d6kh3", "2d6+1d4", "2d6*2", "02d6", "1d6+3+1", "(2d6)", "d6 [fire]"):
        assert _PLAIN.fullmatch(expr) is None
    assert roll("4d6kh3", PhysicalDice([5, 3, 1, 6])).breakdown == "4d6kh3 (5, 3, ~~1~~, 6) = 14"


@pytest.mark.parametrize("bad", ["1001d6", "1d1000001", "2d6+" + "1" * 199])
def test_limits_still_apply_on_the_fast_path(bad: str) -> None:
    with pytest.raises(DiceError):
        validate(bad)
    with pytest.raises(DiceError):
        roll(bad, SeededDice(1))


def test_a_plain_roll_imports_neither_d20_nor_lark() -> None:
    code = (
        "import sys; from tactician.dice.notation import roll, validate;"
        "from tactician.dice.source import SeededDice;"
        "validate('2d6+3'); print(roll('2d6+3', SeededDice(1)).total);"
        "print('d20' in sys.modules, 'lark' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.split()
    assert out[1:] == ["False", "False"]
