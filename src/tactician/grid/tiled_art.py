"""The pictures of a Tiled map (``.tmj`` or ``.tmx``): which tileset image, and which
cell of each visible tile layer shows, for a view that draws them (issue 29, "Tiled
tileset images where the map has them"). The rules never read this: terrain comes
from ``grid.tiled``.

What is read: the map's tilesets (embedded, or ``.tsj`` files beside the map) that
name one ``image`` (a sprite sheet: ``columns``, ``tilewidth``/``tileheight``,
``margin``, ``spacing``, ``imagewidth``/``imageheight``); tilesets of one image per
tile are not drawn. Every tile layer not hidden (nor in a hidden group), bottom
first. Flip flags are dropped. ``.tmx`` maps are not read here (their cells still
come from ``grid.tiled``; the view draws the palette).

An image is used only if it is a plain file name (no folder, no ``..``), found
beside the map (its resolved path in the map's own folder: a link out of it is
refused too), a PNG, JPEG, GIF or WebP by its first bytes, and within
``MAX_IMAGE_BYTES``; otherwise its ``problem`` says why, and a view falls back to
its palette for the cells it would have drawn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactician.errors import ContentError
from tactician.grid.tiled import GID_MASK, _as_list, _gids, _header, _read_json

MAX_IMAGE_BYTES = 4 * 1024 * 1024  # one tileset image: a bound on what is served
SIGNATURES = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg",
              b"GIF87a": "image/gif", b"GIF89a": "image/gif"}


def media_type(head: bytes) -> str | None:
    """The image type its first bytes say (None: not one served)."""
    for signature, kind in SIGNATURES.items():
        if head.startswith(signature):
            return kind
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return None


@dataclass(frozen=True)
class Sheet:
    """One tileset image: its name as the map writes it, the file (None: not usable,
    ``problem`` says why), and how its tiles are laid out."""

    name: str
    file: Path | None
    problem: str | None
    firstgid: int
    tilecount: int
    columns: int
    tilewidth: int
    tileheight: int
    margin: int
    spacing: int
    imagewidth: int
    imageheight: int

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "ok": self.file is not None, "problem": self.problem,
                "columns": self.columns, "tilewidth": self.tilewidth,
                "tileheight": self.tileheight, "margin": self.margin,
                "spacing": self.spacing, "imagewidth": self.imagewidth,
                "imageheight": self.imageheight}


@dataclass(frozen=True)
class TileArt:
    """Each cell's pictures, bottom first: (sheet index, tile's column, tile's row)."""

    width: int
    height: int
    sheets: tuple[Sheet, ...]
    cells: tuple[tuple[tuple[int, int, int], ...], ...]

    def describe(self) -> dict[str, Any]:
        """As a view takes it (no file paths)."""
        return {"width": self.width, "height": self.height,
                "sheets": [s.describe() for s in self.sheets],
                "cells": [[list(p) for p in cell] for cell in self.cells]}


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _image_file(folder: Path, name: str) -> tuple[Path | None, str | None]:
    """The image ``name`` beside the map in ``folder``, or why it is not used."""
    if not name or "/" in name or "\\" in name or name in (".", "..") or ":" in name:
        return None, f"{name!r} is not a file beside the map (only files in its own folder)"
    candidate = folder / name
    try:
        real = candidate.resolve(strict=True)
    except (OSError, RuntimeError):
        return None, f"{name} is missing beside the map"
    if real.parent != folder.resolve() or not real.is_file():
        return None, f"{name} is not a file beside the map (it leads elsewhere)"
    if real.stat().st_size > MAX_IMAGE_BYTES:
        return None, f"{name} is over {MAX_IMAGE_BYTES // (1024 * 1024)} MB"
    with real.open("rb") as handle:
        if media_type(handle.read(16)) is None:
            return None, f"{name} is not a PNG, JPEG, GIF or WebP image"
    return real, None


def _external(file: Path) -> Mapping[str, Any]:
    """An external tileset's body: a ``.tsj`` as it is, a ``.tsx`` in its JSON shape."""
    if file.suffix.lower() == ".tsx":
        from tactician.grid.tmx import read_xml, tsx_to_dict

        root = read_xml(file)
        return tsx_to_dict(root) if root.tag == "tileset" else {}
    read = _read_json(file)
    return read if isinstance(read, Mapping) else {}


def _sheet(raw: Mapping[str, Any], folder: Path, path: Path) -> Sheet | None:
    """The tileset as a sheet (an external ``.tsj`` or ``.tsx`` beside the map read),
    or None."""
    body: Mapping[str, Any] = raw
    if raw.get("source"):
        source = str(raw["source"])
        external = _beside(folder, source)
        if external is None or not source.lower().endswith((".tsj", ".json", ".tsx")):
            return None
        body = _external(external)
    image = body.get("image")
    if not isinstance(image, str):
        return None  # one image per tile (a collection): not drawn
    file, problem = _image_file(folder, image)
    tw, th = _int(body.get("tilewidth"), 1) or 1, _int(body.get("tileheight"), 1) or 1
    return Sheet(image, file, problem, _int(raw.get("firstgid"), 1),
                 _int(body.get("tilecount")), max(1, _int(body.get("columns"), 1)), tw, th,
                 _int(body.get("margin")), _int(body.get("spacing")),
                 _int(body.get("imagewidth")), _int(body.get("imageheight")))


def _beside(folder: Path, name: str) -> Path | None:
    """An external tileset file in the map's own folder (else its art is not drawn)."""
    if not name or "/" in name or "\\" in name or ".." in name:
        return None
    found = folder / name
    return found if found.is_file() and found.resolve().parent == folder.resolve() else None


def _visible_layers(layers: Any, path: Path) -> Iterator[Mapping[str, Any]]:
    """Tile layers shown in Tiled, bottom first (a hidden group hides its layers)."""
    for layer in _as_list(layers, "'layers'", path):
        if not isinstance(layer, Mapping) or layer.get("visible", True) is False:
            continue
        if layer.get("type") == "group":
            yield from _visible_layers(layer.get("layers"), path)
        elif layer.get("type") == "tilelayer":
            yield layer


def _map_data(path: Path) -> Any:
    """The map in the JSON shape: a ``.tmx`` through ``grid.tmx`` (as ``grid.tiled``
    reads it), else None for a map that is not Tiled's."""
    suffix = path.suffix.lower()
    if suffix == ".tmx":
        from tactician.grid.tmx import read_xml, tmx_to_dict

        return tmx_to_dict(read_xml(path), path)
    if suffix in (".tmj", ".json"):
        return _read_json(path)
    return None


def tile_art(path: Path) -> TileArt | None:
    """The map's pictures, or None: not a Tiled map (``.tmj``, ``.tmx``), or no
    tileset names an image."""
    path = Path(path)
    data = _map_data(path)
    if data is None:
        return None
    width, height = _header(data, path)
    folder = path.parent
    sheets = sorted(filter(None, (_sheet(raw, folder, path) for raw in _as_list(
        data.get("tilesets"), "'tilesets'", path) if isinstance(raw, Mapping))),
        key=lambda s: s.firstgid)
    if not sheets:
        return None
    cells: list[list[tuple[int, int, int]]] = [[] for _ in range(width * height)]
    for layer in _visible_layers(data.get("layers"), path):
        if layer.get("chunks"):
            raise ContentError(f"{path}: layer {layer.get('name')!r} is chunked")
        for i, raw in enumerate(_gids(layer, width * height, path, str(layer.get("name")))):
            gid = raw & GID_MASK
            index = next((n for n in range(len(sheets) - 1, -1, -1)
                          if sheets[n].firstgid <= gid), None) if gid else None
            if index is None:
                continue
            local = gid - sheets[index].firstgid
            if sheets[index].tilecount and local >= sheets[index].tilecount:
                continue
            columns = sheets[index].columns
            cells[i].append((index, local % columns, local // columns))
    return TileArt(width, height, tuple(sheets), tuple(tuple(c) for c in cells))
