"""What the copies add up to: win, loss and draw chances with Wilson 95% intervals,
rounds to the end, and for every unit its chance to fall, HP left and damage dealt;
the most common first unit of the winning side to fall when the battle is lost.

Computed from the outcomes sorted by copy index, in one fixed order, so the same
copies give the same summary bit for bit whatever backend played them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from tactician.simulate.run_one import CopyOutcome
from tactician.simulate.setup import UnitInfo

__all__ = ["Z95", "interval", "narrow_enough", "summarize", "wilson"]

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile
RESULTS = (("win", "victory"), ("loss", "defeat"), ("draw", "draw"))


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` of ``n``)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    # the estimate lies inside, rounding aside (at p = 0 or 1 the bound is p itself)
    return (max(0.0, min(p, (centre - spread) / scale)),
            min(1.0, max(p, (centre + spread) / scale)))


def interval(successes: int, n: int) -> dict[str, Any]:
    low, high = wilson(successes, n)
    return {"count": successes, "p": successes / n if n else 0.0, "low": low, "high": high}


def narrow_enough(outcomes: Sequence[CopyOutcome], precision: float) -> bool:
    """Every one of win, loss and draw known within ``precision`` (the 95% interval's
    half-width, ``--until-precision``)."""
    n = len(outcomes)
    if n == 0:
        return False
    counts = Counter(o.result for o in outcomes)
    for _, result in RESULTS:
        low, high = wilson(counts[result], n)
        if (high - low) / 2 > precision:
            return False
    return True


def _distribution(values: Iterable[int]) -> dict[str, int]:
    counted = Counter(values)
    return {str(value): counted[value] for value in sorted(counted)}


def summarize(outcomes: Iterable[CopyOutcome], units: Sequence[UnitInfo], *,
              win_side: str = "player", partial: bool = False) -> dict[str, Any]:
    """The summary (JSON-ready) of ``outcomes`` of a set-up whose units are ``units``."""
    ordered = sorted(outcomes, key=lambda o: o.index)
    n = len(ordered)
    counts = Counter(o.result for o in ordered)
    rounds = [o.rounds for o in ordered]
    per_unit = []
    for place, unit in enumerate(units):
        falls = sum(1 for o in ordered if unit.id in o.fallen)
        left = [o.hp[place] for o in ordered]
        dealt = [o.damage[place] for o in ordered]
        per_unit.append({
            "id": unit.id, "name": unit.name, "side": unit.side, "max_hp": unit.max_hp,
            "falls": interval(falls, n),
            "hp_left": _distribution(left),
            "hp_left_mean": sum(left) / n if n else 0.0,
            "damage_mean": sum(dealt) / n if n else 0.0,
            "damage": _distribution(dealt),
        })
    ours = {u.id for u in units if u.side == win_side}
    first = Counter(next((u for u in o.fallen if u in ours), None)
                    for o in ordered if o.result == "defeat")
    names = {u.id: u.name for u in units}
    first_falls = [{"id": unit, "name": names.get(unit, unit) if unit else None,
                    "count": count, "share": count / counts["defeat"]}
                   for unit, count in sorted(first.items(),
                                             key=lambda kv: (-kv[1], kv[0] or ""))]
    return {
        "runs": n,
        "partial": partial,
        "win_side": win_side,
        **{name: interval(counts[result], n) for name, result in RESULTS},
        "unfinished": sum(1 for o in ordered if o.unfinished),
        "rounds": {"distribution": _distribution(rounds),
                   "mean": sum(rounds) / n if n else 0.0,
                   "max": max(rounds, default=0)},
        "actions_mean": sum(o.actions for o in ordered) / n if n else 0.0,
        "units": per_unit,
        "first_to_fall_when_lost": first_falls,
    }
