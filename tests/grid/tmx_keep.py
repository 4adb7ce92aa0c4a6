"""Tropera's keep (``keep.tmj``) written as Tiled's XML: a ``.tmx`` map with its tileset
embedded or in a ``.tsx`` beside it, for the tests of ``.tmx`` tileset pictures."""

from __future__ import annotations

import json
from pathlib import Path
from xml.sax.saxutils import quoteattr

KEEP = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle" / "keep.tmj"


def _tileset_body(tileset: dict, image: str | None) -> str:
    tiles = "".join(
        f'  <tile id="{t["id"]}"><properties><property name="terrain" '
        f'value={quoteattr(str(t["properties"][0]["value"]))}/></properties></tile>\n'
        for t in tileset["tiles"])
    picture = "" if image is None else (
        f'  <image source={quoteattr(image)} width="{tileset["imagewidth"]}" '
        f'height="{tileset["imageheight"]}"/>\n')
    return picture + tiles


def _tileset_attrs(tileset: dict) -> str:
    return (f'name={quoteattr(tileset["name"])} tilewidth="{tileset["tilewidth"]}" '
            f'tileheight="{tileset["tileheight"]}" tilecount="{tileset["tilecount"]}" '
            f'columns="{tileset["columns"]}"')


def keep_tmx(folder: Path, image: str | None = "terrain.png", external: bool = False,
             hidden_copy: bool = True, name: str = "keep.tmx",
             cells: dict[int, int] | None = None) -> Path:
    """keep.tmj as ``folder/name``: its tileset naming ``image`` (embedded, or in
    ``terrain.tsx`` beside it), its one layer as CSV, and (``hidden_copy``) the same
    layer again, hidden (``visible="0"``: not drawn); ``cells`` changes tiles."""
    data = json.loads(KEEP.read_text(encoding="utf-8"))
    tileset = data["tilesets"][0]
    gids = list(data["layers"][0]["data"])
    for index, gid in (cells or {}).items():
        gids[index] = gid
    width, height = data["width"], data["height"]
    csv = ",\n".join(",".join(str(g) for g in gids[y * width:(y + 1) * width])
                     for y in range(height))
    if external:
        (folder / "terrain.tsx").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.10" {_tileset_attrs(tileset)}>\n'
            f'{_tileset_body(tileset, image)}</tileset>\n', encoding="utf-8")
        sets = ' <tileset firstgid="1" source="terrain.tsx"/>\n'
    else:
        sets = (f' <tileset firstgid="1" {_tileset_attrs(tileset)}>\n'
                f'{_tileset_body(tileset, image)} </tileset>\n')
    layer = (f' <layer id="1" name="terrain" width="{width}" height="{height}">\n'
             f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n')
    hidden = layer.replace('id="1" name="terrain"', 'id="2" name="copy" visible="0"') \
        if hidden_copy else ""
    path = folder / name
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="16" tileheight="16" infinite="0">\n'
        f'{sets}{layer}{hidden}</map>\n', encoding="utf-8")
    return path
