"""Draws ``terrain.png``, the tileset image ``keep.tmj`` names: 11 tiles of 16x16
pixels in the tileset's order (plain, forest, wall, floor, cracked wall, ballista,
road, gate, throne, hill, shallows), each on the web palette's colour for that
terrain (``src/tactician/web/static/palette.json``, checked for colour-blind safety)
with a motif in its ink, so the picture keeps the palette's distinctions.

Run from the repository's root: ``.venv/bin/python examples/tropera/battle/draw_terrain_png.py``
(needs Pillow; the PNG is committed, so nothing else needs it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
PALETTE = HERE.parents[2] / "src" / "tactician" / "web" / "static" / "palette.json"
ORDER = ("plain", "forest", "wall", "floor", "cracked wall", "ballista", "road", "gate",
         "throne", "hill", "shallows")
SIZE = 16

Draw = Callable[[ImageDraw.ImageDraw, str], None]


def plain(d: ImageDraw.ImageDraw, ink: str) -> None:
    for x, y in ((3, 4), (10, 3), (6, 10), (12, 12)):
        d.line([(x, y + 2), (x + 1, y)], fill=ink)  # tufts of grass


def forest(d: ImageDraw.ImageDraw, ink: str) -> None:
    for cx in (5, 11):
        d.polygon([(cx, 2), (cx - 4, 11), (cx + 4, 11)], outline=ink)
        d.line([(cx, 11), (cx, 14)], fill=ink)


def wall(d: ImageDraw.ImageDraw, ink: str) -> None:
    for y in (4, 8, 12):
        d.line([(0, y), (15, y)], fill=ink)
    for row, y in enumerate((0, 4, 8, 12)):
        for x in ((4, 12) if row % 2 else (0, 8)):
            d.line([(x, y), (x, y + 3)], fill=ink)


def floor(d: ImageDraw.ImageDraw, ink: str) -> None:
    d.rectangle([0, 0, 7, 7], outline=ink)
    d.rectangle([8, 8, 15, 15], outline=ink)


def cracked(d: ImageDraw.ImageDraw, ink: str) -> None:
    wall(d, ink)
    d.line([(3, 1), (7, 6), (5, 9), (10, 14)], fill="#ffd54f", width=2)


def ballista(d: ImageDraw.ImageDraw, ink: str) -> None:
    d.arc([2, 3, 14, 13], 200, 340, fill=ink, width=2)
    d.line([(8, 3), (8, 14)], fill=ink, width=2)
    d.polygon([(8, 1), (6, 4), (10, 4)], fill=ink)


def road(d: ImageDraw.ImageDraw, ink: str) -> None:
    d.line([(0, 5), (15, 5)], fill=ink)
    d.line([(0, 10), (15, 10)], fill=ink)
    for x in (2, 7, 12):
        d.point((x, 7), fill=ink)


def gate(d: ImageDraw.ImageDraw, ink: str) -> None:
    d.rectangle([3, 4, 12, 15], outline=ink)
    d.arc([3, 1, 12, 8], 180, 360, fill=ink)
    for x in (6, 9):
        d.line([(x, 5), (x, 15)], fill=ink)


def throne(d: ImageDraw.ImageDraw, ink: str) -> None:
    d.rectangle([5, 2, 10, 9], outline=ink)
    d.rectangle([3, 9, 12, 11], fill=ink)
    d.line([(4, 11), (4, 14)], fill=ink)
    d.line([(11, 11), (11, 14)], fill=ink)


def hill(d: ImageDraw.ImageDraw, ink: str) -> None:
    d.arc([1, 6, 14, 20], 180, 360, fill=ink, width=2)
    d.arc([6, 2, 14, 12], 200, 340, fill=ink)


def shallows(d: ImageDraw.ImageDraw, ink: str) -> None:
    for y in (4, 9, 14):
        d.line([(1, y), (4, y - 2), (8, y), (12, y - 2), (15, y)], fill=ink)


MOTIFS: dict[str, Draw] = {"plain": plain, "forest": forest, "wall": wall, "floor": floor,
                           "cracked wall": cracked, "ballista": ballista, "road": road,
                           "gate": gate, "throne": throne, "hill": hill, "shallows": shallows}


def main() -> Path:
    colours = json.loads(PALETTE.read_text(encoding="utf-8"))["rulesets"]["tropera"]
    sheet = Image.new("RGB", (SIZE * len(ORDER), SIZE))
    for n, name in enumerate(ORDER):
        tile = Image.new("RGB", (SIZE, SIZE), colours[name]["colour"])
        MOTIFS[name](ImageDraw.Draw(tile), colours[name]["ink"])
        sheet.paste(tile, (n * SIZE, 0))
    out = HERE / "terrain.png"
    sheet.save(out, optimize=True)
    return out


if __name__ == "__main__":
    print(main())
