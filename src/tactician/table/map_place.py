"""Where a battle's Tiled map was (issue 29): kept with the battle when it begins from a
Tiled map (a ``setting`` row, as the table's dice authority is), so the web table can
draw its tileset pictures (``table.map_art``). Only the place is kept: the battle holds
its own terrain, never the map file. Its own module so that starting a battle
(``table.campaigns``) keeps the place without importing the pictures' lookup, which
reads the table's examples (``table.tables``)."""

from __future__ import annotations

from pathlib import Path

from tactician.store.database import Database
from tactician.store.models import Setting

KEY = "battle.map.{}"
TILED = (".tmj", ".tmx")


def remember(db: Database, battle_id: int, map_path: Path) -> None:
    """Keep where a Tiled map battle's map is (other maps have no pictures)."""
    if Path(map_path).suffix.lower() not in TILED:
        return
    with db.write() as session:
        session.merge(Setting(key=KEY.format(battle_id), value=str(Path(map_path).resolve())))


def map_of(db: Database, battle_id: int) -> Path | None:
    """The place kept for the battle's map, if any."""
    with db.read() as session:
        row = session.get(Setting, KEY.format(battle_id))
    return Path(row.value) if row is not None else None
