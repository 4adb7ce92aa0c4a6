"""The engine's play goes for its side's objective tile (issue 24; a Tactician
choice, not a rule of 000): a unit next to act that can end its move on the tile
its side must seize (or on the tile its foes must hold) moves there, which ends the
battle at once (``engine.objectives``: "seize" and "defend" are met by
who stands where). Otherwise the tiers choose as 000 "Enemy Actions" says (``ai``).

Which units may act next follows the tiers' order: Elites "can act in any order",
Mob and Army units "always act in numerical order", so only the first of those.
"""

from __future__ import annotations

from typing import Any

from tactician.engine.objectives import winning_tiles
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import reach


def take_objective(state: TroperaBattle, order: list[Unit]
                   ) -> tuple[Unit, dict[str, Any], str] | None:
    """The unit that takes a winning tile now, its move and why, or None (``order``:
    the side's units still to act, as ``ai.turn_order`` gives them)."""
    tiles = winning_tiles(state.objectives, state.side)
    if not tiles or not order:
        return None
    taken = {u.position for u in state.units if u.position is not None and u.hp > 0}
    free = [t for t in tiles if t not in taken]
    elites = [u for u in order if u.tier == "elite"]
    for unit in elites or order[:1]:
        spots = reach(state, unit)
        for tile in free:
            if tile in spots:
                return (unit, {"type": "move", "unit": unit.id, "to": list(tile)},
                        f"takes {tile}: its side's objective")
    return None
