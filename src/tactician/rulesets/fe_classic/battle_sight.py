"""What a side sees under fog (``fog_rules = tabletop`` in a scenario with ``fog: true``):
001 L110's vision (players have a view of 4 squares ahead, a thief/rogue 8; 001, not
002, so not quoted here: ``fe_common.battle.vision`` has the words): Manhattan, a side
sees what any of its units sees; 002 has no torches.

One answer for everything that must not know more than a side does: the board view a
side is sent (``battle_view``) and the engine's play for that side (``battle_ai``,
ruling ``ai_sight``).
"""

from __future__ import annotations

from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_common.battle.vision import visible_tiles, vision_radius
from tactician.rulesets.fe_common.compendium import load_fe8

Tile = tuple[int, int]


def seen_by(state: ClassicBattle, side: str) -> frozenset[Tile]:
    """Every tile a unit of ``side`` on the map sees (001 L110; no torches in 002)."""
    fe8 = load_fe8()
    viewers = [(u.position, vision_radius(thief=fe8.klass(u.class_name).thief, torch=False))
               for u in state.units if isinstance(u, ClassicUnit) and u.side == side
               and u.on_map and u.position is not None]
    return visible_tiles(state.board(), viewers)


def shown_units(state: ClassicBattle, side: str | None) -> list[ClassicUnit]:
    """The units ``side`` may see: every unit without fog or without a side (but those
    the GM hid from it); under fog
    its own units and the others deployed on a tile it sees, standing or fallen there
    (a foe struck down in sight stays known: its fall is in that side's log). A unit
    carried by another is on no tile (its carrier's ``carrying`` is scrubbed)."""
    units = [u for u in state.units if isinstance(u, ClassicUnit)]
    if side is None:
        return units
    # a unit the GM hid is seen by its own side only, fog or not (``engine.gm_edit``)
    units = [u for u in units if u.side == side or u.id not in state.gm_hidden]
    if not state.fogged:
        return units
    tiles = seen_by(state, side)
    return [u for u in units if u.side == side
            or (u.deployed and u.carried_by is None and u.position is not None
                and u.position in tiles)]
