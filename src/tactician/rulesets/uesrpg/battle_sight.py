"""Who sees whom on a UESRPG battle map, and Hidden units meeting new observers.

003 Hidden: "Entering line of sight of a new observer requires a Stealth vs
Observe test to remain hidden" (``hidden``). 003 has no map and no sight rules:
line of sight is a ruling from outside the text — the straight line between the
two tiles' centres crosses no tile tagged ``wall`` (water and difficult ground
do not block it), sampled finely enough to touch every tile it crosses.

An observer is a standing (not down) unit of another side. After every action
the battle tests each Hidden unit against every observer with line of sight to
it that it has not yet been tested against while Hidden (``UnitState.observed_by``;
cleared when Hidden ends). So it does not matter who moved: the pair newly in
sight is what "entering line of sight" names. The test's dice (Stealth and Observe)
are the hidden unit's roll (``dice.roller``): a side that does not see the hider is
not shown them, even in an entry of its own unit's move (issue 25).
"""

from __future__ import annotations

from dataclasses import replace

from tactician.grid.board import Board
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator
from tactician.rulesets.uesrpg.hidden import stealth_against_observe

Tile = tuple[int, int]
SAMPLES_PER_TILE = 4


def line_of_sight(board: Board, a: Tile, b: Tile) -> bool:
    """Whether the segment between the centres of ``a`` and ``b`` crosses no wall."""
    steps = SAMPLES_PER_TILE * max(abs(b[0] - a[0]), abs(b[1] - a[1]), 1)
    for i in range(1, steps):
        x = a[0] + (b[0] - a[0]) * i / steps
        y = a[1] + (b[1] - a[1]) * i / steps
        tile = (round(x), round(y))
        if tile in (a, b):
            continue
        if board.terrain_at(tile).has_tag("wall"):
            return False
    return True


def _observers(state: UesrpgBattle, hider: UnitState, board: Board) -> list[UnitState]:
    if hider.position is None:
        return []
    return [
        u
        for u in state.units
        if u.side != hider.side
        and u.position is not None
        and not u.down
        and u.id not in hider.observed_by
        and line_of_sight(board, u.position, hider.position)
    ]


def new_observers(state: UesrpgBattle, narrator: Narrator, rules: Rulings) -> UesrpgBattle:
    """Test every Hidden unit against each new observer (see the module text)."""
    board = state.map.board()
    changed: list[UnitState] = []
    for unit in state.units:
        if combat(unit).condition("Hidden") is None:
            if unit.observed_by:
                changed.append(unit.model_copy(update={"observed_by": ()}))
            continue
        for observer in sorted(_observers(state, unit, board), key=lambda u: u.number):
            # both dice are the hidden unit's roll (the GM rolls the test, the observer
            # cannot know it is made): shown to a side, and entered, only with the hider
            watcher = replace(combat(observer), unit_id=unit.id)
            after, _, kept = stealth_against_observe(
                combat(unit), watcher, narrator.chance, rules.options
            )
            unit = with_combat(unit, after)
            if not kept:
                unit = unit.model_copy(update={"observed_by": ()})
                break
            unit = unit.model_copy(update={"observed_by": (*unit.observed_by, observer.id)})
        changed.append(unit)
    return state.replace_units(*changed) if changed else state
