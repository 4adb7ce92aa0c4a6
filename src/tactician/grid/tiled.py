"""Maps drawn in Tiled (https://www.mapeditor.org): ``.tmj`` (JSON) and ``.tmx`` (XML).

Only the standard library is used. What is read:

* A finite, orthogonal map (``infinite`` and isometric/hexagonal maps are refused).
* Every tile layer, including hidden ones (a hidden "terrain" layer is a
  common way to keep rules data apart from art), and tile layers inside groups.
* For each cell, the topmost layer with a tile there that names a terrain
  decides: the tile's own custom property ``terrain`` (set on the tile in the
  tileset editor), else the layer's custom property ``terrain`` (a layer of
  walls, say). Tiles that name nothing (decoration) let lower layers decide.
  A cell where nothing names a terrain is refused, naming the layer(s) and
  the tile(s) found there.
* Tilesets embedded in the map, or external ``.tsj`` / ``.tsx`` files next to it.
* Tile data as JSON arrays, CSV, or base64 (uncompressed, zlib or gzip; zstd is
  refused). Flip and rotation flags on tile ids are ignored.
* The map's custom properties ``name`` and ``description``. Objects on object
  layers are passed through raw in ``Board.units_raw`` (each with its
  ``layer`` name and the ``tile`` ``[x, y]`` holding its centre) for the
  battle layer to interpret.

Hostile files are refused before the work they ask for (see ``content.limits``):
a map over ``MAX_MAP_SIDE`` tiles a side from its header, before any layer is
decoded; more than ``MAX_TILE_LAYERS`` tile layers; compressed data that
inflates past the declared size (inflated at most one byte past it); files over
``MAX_FILE_BYTES``; groups nested over ``MAX_NESTING``.

Errors name the file and, for cell faults, the layer, row and column counted
from 1 (Tiled's own status bar counts from 0: subtract one to find the cell there).
"""

from __future__ import annotations

import base64
import binascii
import bisect
import math
import struct
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from tactician.content.files import decode_utf8, parse_json, read_bytes
from tactician.content.limits import MAX_MAP_SIDE, MAX_TILE_LAYERS
from tactician.errors import ContentError
from tactician.grid.board import Board
from tactician.grid.terrain import TerrainSet, TerrainType

GID_MASK = 0x0FFFFFFF  # drops the flip-horizontal/vertical/diagonal and hex-rotation bits
TERRAIN = "terrain"


def load_tiled(path: Path, terrains: TerrainSet) -> Board:
    """Load a ``.tmj``/``.json`` or ``.tmx`` Tiled map against the ruleset's terrain."""
    path = Path(path)
    if path.suffix.lower() == ".tmx":
        # here, not at the top: only .tmx/.tsx files need ElementTree, and every
        # command that reads a ruleset's terrain imports this module
        from tactician.grid.tmx import read_xml, tmx_to_dict

        data = tmx_to_dict(read_xml(path), path)
    else:
        data = _read_json(path)
    return _build(data, terrains, path)


# -- reading files ----------------------------------------------------------


def _read_json(path: Path) -> Any:
    return parse_json(decode_utf8(read_bytes(path), path), path)


# -- interpreting the map ------------------------------------------------------


def _props(raw: Any) -> dict[str, Any]:
    """Tiled custom properties as a dict (list form, or the pre-1.2 dict form)."""
    if isinstance(raw, Mapping):
        return dict(raw)
    out: dict[str, Any] = {}
    if isinstance(raw, list):
        for prop in raw:
            if isinstance(prop, Mapping) and "name" in prop:
                out[str(prop["name"])] = prop.get("value")
    return out


class _Tileset:
    def __init__(self, firstgid: int, name: str, terrain: dict[int, str]) -> None:
        self.firstgid = firstgid
        self.name = name
        self.terrain = terrain  # local tile id -> terrain name


def _tileset(
    raw: Any, path: Path, position: int, read: dict[Path, tuple[str, dict[int, str]]]
) -> _Tileset:
    """One tileset of the map; an external file is read and interpreted once per map
    (``read``), however many entries name it."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("firstgid"), int):
        raise ContentError(f"{path}: tileset #{position} has no 'firstgid'")
    if raw.get("source"):
        source = path.parent / str(raw["source"])
        if source not in read:
            read[source] = _tile_terrain(_external_tileset(source, str(raw["source"]), path),
                                         path)
        name, terrain = read[source]
    else:
        name, terrain = _tile_terrain(raw, path)
    return _Tileset(raw["firstgid"], name or f"#{position}", terrain)


def _tile_terrain(body: Mapping[str, Any], path: Path) -> tuple[str, dict[int, str]]:
    """A tileset's name and the terrain each of its tiles names (local id -> terrain)."""
    terrain: dict[int, str] = {}
    for tile in _as_list(body.get("tiles"), "the tileset's 'tiles'", path):
        if isinstance(tile, Mapping) and isinstance(tile.get("id"), int):
            value = _props(tile.get("properties")).get(TERRAIN)
            if value not in (None, ""):
                terrain[tile["id"]] = str(value)
    old = body.get("tileproperties")  # Tiled < 1.2
    if isinstance(old, Mapping):
        for key, props in old.items():
            value = _props(props).get(TERRAIN)
            if value not in (None, "") and str(key).isdigit():
                terrain.setdefault(int(key), str(value))
    return str(body.get("name", "")), terrain


def _external_tileset(source: Path, named: str, path: Path) -> Mapping[str, Any]:
    suffix = source.suffix.lower()
    if suffix in (".tsj", ".json"):
        body = _read_json(source)
    elif suffix == ".tsx":
        from tactician.grid.tmx import read_xml, tsx_to_dict

        root = read_xml(source)
        if root.tag != "tileset":
            raise ContentError(f"{source}: not a Tiled tileset (root is <{root.tag}>)")
        body = tsx_to_dict(root)
    else:
        raise ContentError(f"{path}: tileset {named!r}: external tilesets must be .tsj or .tsx")
    if not isinstance(body, Mapping):
        raise ContentError(f"{source}: not a Tiled tileset")
    return body


def _as_list(value: Any, what: str, path: Path) -> list[Any]:
    """``value`` if it is a list, [] if absent; anything else is refused naming ``what``."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ContentError(f"{path}: {what} must be a list")
    return value


def _number(value: Any, what: str, path: Path) -> float:
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ContentError(f"{path}: {what} must be a number, not {value!r:.40}")
    return float(value)


def _tile_layers(layers: Any, path: Path, prefix: str = "") -> Iterator[dict[str, Any]]:
    """Tile layers in drawing order (bottom first), descending into groups."""
    for layer in _as_list(layers, "'layers'", path):
        if not isinstance(layer, Mapping):
            continue
        kind = layer.get("type")
        if kind == "group":
            yield from _tile_layers(
                layer.get("layers"), path, f"{prefix}{layer.get('name', '')}/"
            )
        elif kind == "tilelayer":
            named = dict(layer)
            named["_label"] = f"{prefix}{layer.get('name', '')}"
            yield named


def _object_layers(layers: Any, path: Path) -> Iterator[dict[str, Any]]:
    for layer in _as_list(layers, "'layers'", path):
        if not isinstance(layer, Mapping):
            continue
        if layer.get("type") == "group":
            yield from _object_layers(layer.get("layers"), path)
        elif layer.get("type") == "objectgroup":
            yield dict(layer)


def _gids(layer: Mapping[str, Any], count: int, path: Path, label: str) -> list[int]:
    data = layer.get("data")
    encoding = layer.get("encoding", "csv")
    if encoding == "base64":
        if not isinstance(data, str):
            raise ContentError(f"{path}: layer {label!r}: base64 'data' must be text")
        try:
            raw = base64.b64decode(data.strip(), validate=False)
        except (binascii.Error, ValueError):
            raise ContentError(f"{path}: layer {label!r}: tile data is not valid base64") from None
        compression = layer.get("compression") or ""
        try:
            if compression in ("zlib", "gzip"):
                raw = _inflate(raw, compression, 4 * count, path, label)
            elif compression:
                raise ContentError(
                    f"{path}: layer {label!r}: {compression!r} compression is not supported; "
                    f"in Tiled choose 'Base64 (zlib compressed)' or 'CSV' as the layer format"
                )
        except (zlib.error, OSError, EOFError):
            raise ContentError(f"{path}: layer {label!r}: tile data does not decompress") from None
        if len(raw) != 4 * count:
            raise ContentError(
                f"{path}: layer {label!r}: tile data holds {len(raw) // 4} tiles, "
                f"the map needs {count}"
            )
        return list(struct.unpack(f"<{count}I", raw))
    if encoding != "csv":
        raise ContentError(f"{path}: layer {label!r}: unknown tile data encoding {encoding!r}")
    if not isinstance(data, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in data
    ):
        raise ContentError(f"{path}: layer {label!r}: 'data' must be a list of tile ids")
    if len(data) != count:
        raise ContentError(
            f"{path}: layer {label!r}: {len(data)} tiles, the map needs {count}"
        )
    return list(data)


def _inflate(raw: bytes, compression: str, needed: int, path: Path, label: str) -> bytes:
    """Decompress at most ``needed`` + 1 bytes: a layer that inflates past what the
    map's declared size needs is refused without inflating the rest (a zip bomb)."""
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    inflater = zlib.decompressobj(wbits)
    out = inflater.decompress(raw, needed + 1)
    if len(out) > needed:
        raise ContentError(
            f"{path}: layer {label!r}: tile data holds more tiles than the map's "
            f"{needed // 4} cells"
        )
    if not inflater.eof:
        raise zlib.error("truncated")
    return out


def _check_size(width: int, height: int, path: Path) -> None:
    """Refuse a map over ``MAX_MAP_SIDE`` from its header, before any layer is decoded."""
    limit = MAX_MAP_SIDE.value()
    if width > limit or height > limit:
        raise ContentError(
            f"{path}: the map is {width}x{height} tiles; a map may be at most {limit} "
            f"tiles a side ({MAX_MAP_SIDE.hint()})"
        )


def _build(data: Any, terrains: TerrainSet, path: Path) -> Board:
    """The board: header checks first (nothing decoded yet), then layers, cells, objects."""
    width, height = _header(data, path)
    declared = _as_list(data.get("tilesets"), "'tilesets'", path)
    read: dict[Path, tuple[str, dict[int, str]]] = {}
    tilesets = sorted(
        (_tileset(raw, path, n, read) for n, raw in enumerate(declared, start=1)),
        key=lambda ts: ts.firstgid,
    )
    layers = _decoded_layers(data, width, height, path)
    cells = _cells(layers, tilesets, terrains, width, path)
    props = _props(data.get("properties"))
    objects = _objects(data, path)
    return Board(
        width,
        height,
        cells,
        name=str(props.get("name") or path.stem),
        description=str(props.get("description") or ""),
        source=str(path),
        units_raw=objects or None,
    )


def _header(data: Any, path: Path) -> tuple[int, int]:
    """Width and height, refusing what is not a finite orthogonal map within the limit."""
    if not isinstance(data, Mapping) or "layers" not in data:
        raise ContentError(f"{path}: not a Tiled map (no 'layers')")
    if data.get("infinite"):
        raise ContentError(
            f"{path}: infinite maps are not supported; in Tiled untick Map > Map Properties "
            f"> Infinite"
        )
    orientation = data.get("orientation")
    if orientation != "orthogonal":
        raise ContentError(f"{path}: {orientation!r} maps are not supported, only orthogonal")
    width, height = data.get("width"), data.get("height")
    if not isinstance(width, int) or not isinstance(height, int) or width < 1 or height < 1:
        raise ContentError(f"{path}: the map needs a positive 'width' and 'height'")
    _check_size(width, height, path)
    return width, height


_Layer = tuple[str, str | None, list[int]]  # label, the layer's own terrain, tile ids


def _decoded_layers(data: Mapping[str, Any], width: int, height: int, path: Path) -> list[_Layer]:
    tile_layers = list(_tile_layers(data.get("layers"), path))
    if len(tile_layers) > MAX_TILE_LAYERS.value():
        raise ContentError(
            f"{path}: the map has {len(tile_layers)} tile layers; the limit is "
            f"{MAX_TILE_LAYERS.value()} ({MAX_TILE_LAYERS.hint()})"
        )
    layers: list[_Layer] = []
    for layer in tile_layers:
        label = layer["_label"]
        if layer.get("chunks"):
            raise ContentError(f"{path}: layer {label!r} is chunked (an infinite map)")
        lw, lh = layer.get("width", width), layer.get("height", height)
        if (lw, lh) != (width, height):
            raise ContentError(
                f"{path}: layer {label!r} is {lw}x{lh}, the map is {width}x{height}"
            )
        layer_terrain = _props(layer.get("properties")).get(TERRAIN)
        gids = [g & GID_MASK for g in _gids(layer, width * height, path, label)]
        layers.append((label, None if layer_terrain in (None, "") else str(layer_terrain), gids))
    if not layers:
        raise ContentError(f"{path}: the map has no tile layers")
    return layers


def _cells(
    layers: list[_Layer], tilesets: list[_Tileset], terrains: TerrainSet, width: int, path: Path
) -> list[TerrainType]:
    """Each cell's terrain: the topmost layer whose tile (or the layer) names one."""
    firstgids = [ts.firstgid for ts in tilesets]  # sorted

    def tileset_of(gid: int) -> _Tileset | None:
        """The tileset with the highest firstgid at or below ``gid`` (a bisection: a map
        may list thousands of tilesets)."""
        position = bisect.bisect_right(firstgids, gid)
        return tilesets[position - 1] if position else None

    resolved: dict[str, TerrainType] = {}

    def terrain_named(name: str, where: str) -> TerrainType:
        terrain = terrains.get(name)
        if terrain is None:
            known = ", ".join(terrains.names)
            raise ContentError(
                f"{path}: {where}: terrain {name!r} is not in this ruleset (known: {known})"
            )
        resolved[name] = terrain
        return terrain

    def where(label: str, i: int) -> str:  # built only for a message: the loop below is hot
        return f"layer {label!r}, row {i // width + 1}, column {i % width + 1}"

    cells: list[TerrainType] = []
    for i in range(len(layers[0][2])):
        chosen: TerrainType | None = None
        unnamed: list[tuple[str, int, _Tileset]] = []
        for label, layer_terrain, gids in reversed(layers):  # topmost first
            gid = gids[i]
            if gid == 0:
                continue
            ts = tileset_of(gid)
            if ts is None:
                raise ContentError(
                    f"{path}: {where(label, i)}: tile id {gid} belongs to no tileset "
                    f"(rows and columns count from 1)"
                )
            name = ts.terrain.get(gid - ts.firstgid) or layer_terrain
            if name is not None:
                chosen = resolved.get(name) or terrain_named(name, where(label, i))
                break
            unnamed.append((label, gid, ts))
        if chosen is None:
            found = "; ".join(
                f"layer {label!r} has tile {gid - ts.firstgid} of tileset {ts.name!r}"
                for label, gid, ts in unnamed
            ) or "no layer has a tile there"
            raise ContentError(
                f"{path}: row {i // width + 1}, column {i % width + 1}: no terrain for this "
                f"cell ({found}); give the tile a custom property 'terrain' in its tileset, "
                f"or the layer one (rows and columns count from 1)"
            )
        cells.append(chosen)
    return cells


def _objects(data: Mapping[str, Any], path: Path) -> list[dict[str, Any]]:
    """Objects of every object layer, raw, each with its ``layer`` and the ``tile`` of its
    centre."""
    tile_w = _number(data.get("tilewidth"), "'tilewidth'", path) or 1.0
    tile_h = _number(data.get("tileheight"), "'tileheight'", path) or 1.0
    objects: list[dict[str, Any]] = []
    for layer in _object_layers(data.get("layers"), path):
        for obj in _as_list(layer.get("objects"), "an object layer's 'objects'", path):
            if not isinstance(obj, Mapping):
                continue
            item = dict(obj)
            where = f"object {obj.get('id', '?')!r:.20} on layer {layer.get('name', '')!r:.40}"
            x, y, w, h = (_number(obj.get(key), f"{where}: {key!r}", path)
                          for key in ("x", "y", "width", "height"))
            # Tile objects are anchored bottom-left, others top-left.
            cy = y - h / 2 if obj.get("gid") else y + h / 2
            item["layer"] = layer.get("name", "")
            across, down = (x + w / 2) / tile_w, cy / tile_h
            if not (math.isfinite(across) and math.isfinite(down)):
                raise ContentError(f"{path}: {where}: its position is out of range")
            item["tile"] = [math.floor(across), math.floor(down)]
            objects.append(item)
    return objects
