"""Tiled's XML formats (``.tmx`` maps, ``.tsx`` tilesets) read into the shape of
their JSON twins (``.tmj``, ``.tsj``), so ``grid.tiled`` interprets one shape.

Only the standard library's ElementTree (expat) is used; expat refuses entity
expansion bombs itself. Files are read through ``content.files`` (size limit),
and groups nested deeper than ``MAX_NESTING`` are refused.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from tactician.content.files import read_bytes
from tactician.content.limits import MAX_NESTING
from tactician.errors import ContentError


def read_xml(path: Path) -> ET.Element:
    try:
        return ET.fromstring(read_bytes(path))
    except ET.ParseError as exc:
        line, column = exc.position
        raise ContentError(
            f"{path}: line {line}, column {column + 1}: not valid XML ({exc})"
        ) from None


def _xml_properties(element: ET.Element) -> list[dict[str, Any]]:
    block = element.find("properties")
    if block is None:
        return []
    out = []
    for prop in block.findall("property"):
        value = prop.get("value")
        if value is None:
            value = prop.text or ""
        out.append({"name": prop.get("name", ""), "value": value})
    return out


def _int(text: str | None, default: int = 0) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def _float(text: str | None) -> float:
    try:
        return float(text) if text is not None else 0.0
    except ValueError:
        return 0.0


# a tileset's numbers as the JSON twin names them (its layout, for ``grid.tiled_art``)
_LAYOUT = ("tilewidth", "tileheight", "tilecount", "columns", "margin", "spacing")


def tsx_to_dict(root: ET.Element) -> dict[str, Any]:
    """A ``<tileset>`` (in a ``.tmx`` or a ``.tsx``): its name, its tiles' properties,
    and, where one ``<image source width height>`` is the whole tileset (a sprite
    sheet), the image and its layout as ``.tsj`` writes them (``image``,
    ``imagewidth``, ``imageheight``, ``tilewidth`` ...)."""
    tiles = []
    for tile in root.findall("tile"):
        tiles.append({"id": _int(tile.get("id")), "properties": _xml_properties(tile)})
    body: dict[str, Any] = {"name": root.get("name", ""), "tiles": tiles}
    for key in _LAYOUT:
        if root.get(key) is not None:
            body[key] = _int(root.get(key))
    image = root.find("image")
    if image is not None and image.get("source") is not None:
        body["image"] = image.get("source")
        body["imagewidth"] = _int(image.get("width"))
        body["imageheight"] = _int(image.get("height"))
    return body


def _visible(element: ET.Element) -> bool:
    """Tiled writes ``visible="0"`` on a hidden layer or group (absent: shown)."""
    return element.get("visible", "1") != "0"


def _tmx_layers(parent: ET.Element, path: Path, depth: int = 1) -> list[dict[str, Any]]:
    limit = MAX_NESTING.value()
    if depth > limit:
        raise ContentError(
            f"{path}: groups nested more than {limit} levels deep ({MAX_NESTING.hint()})"
        )
    layers: list[dict[str, Any]] = []
    for child in parent:
        name = child.get("name", "")
        if child.tag == "layer":
            layer: dict[str, Any] = {
                "type": "tilelayer",
                "name": name,
                "width": _int(child.get("width")),
                "height": _int(child.get("height")),
                "visible": _visible(child),
                "properties": _xml_properties(child),
            }
            data = child.find("data")
            if data is None:
                layer["data"] = []
            elif data.find("chunk") is not None:
                layer["chunks"] = True
            else:
                encoding = data.get("encoding")
                if encoding is None:
                    layer["data"] = [_int(t.get("gid")) for t in data.findall("tile")]
                elif encoding == "csv":
                    text = (data.text or "").replace("\n", "").strip()
                    try:
                        layer["data"] = [int(v) for v in text.split(",") if v.strip()]
                    except ValueError:
                        raise ContentError(
                            f"{path}: layer {name!r}: CSV tile data has a non-number"
                        ) from None
                else:
                    layer["encoding"] = encoding
                    layer["compression"] = data.get("compression", "")
                    layer["data"] = (data.text or "").strip()
            layers.append(layer)
        elif child.tag == "group":
            layers.append(
                {"type": "group", "name": name, "visible": _visible(child),
                 "layers": _tmx_layers(child, path, depth + 1)}
            )
        elif child.tag == "objectgroup":
            objects = []
            for obj in child.findall("object"):
                item: dict[str, Any] = {
                    key: value for key, value in obj.attrib.items()
                    if key not in ("x", "y", "width", "height", "gid", "id")
                }
                item.update(
                    id=_int(obj.get("id")),
                    x=_float(obj.get("x")),
                    y=_float(obj.get("y")),
                    width=_float(obj.get("width")),
                    height=_float(obj.get("height")),
                    properties=_xml_properties(obj),
                )
                if obj.get("gid") is not None:
                    item["gid"] = _int(obj.get("gid"))
                objects.append(item)
            layers.append({"type": "objectgroup", "name": name, "objects": objects})
    return layers


def tmx_to_dict(root: ET.Element, path: Path) -> dict[str, Any]:
    if root.tag != "map":
        raise ContentError(f"{path}: not a Tiled map (root element is <{root.tag}>)")
    tilesets = []
    for ts in root.findall("tileset"):
        entry: dict[str, Any] = {"firstgid": _int(ts.get("firstgid"), 1)}
        if ts.get("source"):
            entry["source"] = ts.get("source")
        else:
            entry.update(tsx_to_dict(ts))
        tilesets.append(entry)
    return {
        "orientation": root.get("orientation", ""),
        "infinite": root.get("infinite", "0") == "1",
        "width": _int(root.get("width")),
        "height": _int(root.get("height")),
        "tilewidth": _int(root.get("tilewidth"), 1),
        "tileheight": _int(root.get("tileheight"), 1),
        "properties": _xml_properties(root),
        "tilesets": tilesets,
        "layers": _tmx_layers(root, path),
    }
