"""``dice.every_draw``: every path of die faces a DiceSource procedure takes, with its
exact probability (the forecast half of a procedure that draws plain dice)."""

from __future__ import annotations

from collections import Counter

import pytest

from tactician.dice.every_draw import every_draw
from tactician.dice.source import DiceSource
from tactician.errors import DiceError


def exploding(dice: DiceSource) -> int:
    """A d6; on a 5 or 6 another d6 is added (a later die only on some paths)."""
    first = dice.draw(6, "first")
    return first + dice.draw(6, "again") if first > 4 else first


def test_every_path_with_its_probability() -> None:
    paths = every_draw(exploding)
    assert len(paths) == 4 + 2 * 6
    assert abs(sum(p.probability for p in paths) - 1) < 1e-12
    totals: Counter[int] = Counter()
    for path in paths:
        totals[path.result] += path.probability
    assert abs(totals[3] - 1 / 6) < 1e-12 and abs(totals[12] - 1 / 36) < 1e-12
    assert abs(totals[7] - 2 / 36) < 1e-12  # 5+2 or 6+1
    assert {len(p.draws) for p in paths} == {1, 2}
    assert all(d.purpose in ("first", "again") for p in paths for d in p.draws)


def test_too_many_paths_are_refused() -> None:
    with pytest.raises(DiceError, match="too many"):
        every_draw(lambda dice: [dice.draw(100, "x") for _ in range(3)], limit=1000)
