"""Tiled maps (.tmj and .tmx): fixtures load alike; bad maps name layer, row and column."""

from __future__ import annotations

import base64
import gzip
import json
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest

from tactician.errors import ContentError
from tactician.grid import load_map, load_tiled

from . import DATA, terrain_set

EXPECTED = [
    ["plain", "plain", "forest", "wall"],
    ["plain", "forest", "forest", "plain"],
    ["plain", "plain", "plain", "mountain"],
]


def names(board: Any) -> list[list[str]]:
    return [[t.name for t in row] for row in board.rows()]


@pytest.mark.parametrize("name", ["skirmish.tmj", "skirmish.tmx"])
def test_the_skirmish_loads_from_json_and_xml(name: str) -> None:
    board = load_map(DATA / name, terrain_set())
    assert names(board) == EXPECTED  # flip bits masked, decoration falls through,
    assert board.name == "Skirmish"  # a layer property names the wall
    assert board.description == "A test map drawn in Tiled."
    [bandit] = board.units_raw
    assert bandit["name"] == "Bandit" and bandit["layer"] == "units" and bandit["tile"] == [2, 1]


def test_external_tileset_and_zlib_base64_data() -> None:
    board = load_tiled(DATA / "external.tmj", terrain_set())
    assert names(board) == [["plain", "forest", "mountain"], ["plain", "plain", "forest"]]
    assert board.name == "external" and board.units_raw is None


def _map(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "skirmish.tmj").read_text(encoding="utf-8"))
    data.update(changes)
    return data


def _save(tmp_path: Path, data: dict[str, Any], name: str = "bad.tmj") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _ground(data: dict[str, Any]) -> dict[str, Any]:
    return data["layers"][0]


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_layers(tmp_path: Path, compression: str) -> None:
    data = _map()
    raw = struct.pack("<12I", *_ground(data)["data"])
    packed = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    _ground(data).update(
        encoding="base64", compression=compression, data=base64.b64encode(packed).decode()
    )
    assert names(load_tiled(_save(tmp_path, data), terrain_set())) == EXPECTED


def test_a_cell_without_terrain_names_layer_row_and_column(tmp_path: Path) -> None:
    data = _map()
    _ground(data)["data"][5] = 4  # row 2, column 2: the flower, which names no terrain
    with pytest.raises(ContentError) as caught:
        load_tiled(_save(tmp_path, data), terrain_set())
    message = str(caught.value)
    assert "bad.tmj: row 2, column 2: no terrain for this cell" in message
    assert "layer 'ground' has tile 3 of tileset 'terrain'" in message
    assert "custom property 'terrain'" in message and "count from 1" in message


def test_an_empty_cell_is_refused(tmp_path: Path) -> None:
    data = _map()
    _ground(data)["data"][11] = 0
    with pytest.raises(ContentError, match=r"row 3, column 4: no terrain.*no layer has a tile"):
        load_tiled(_save(tmp_path, data), terrain_set())


def test_unknown_terrain_names_layer_row_and_column(tmp_path: Path) -> None:
    data = _map()
    data["tilesets"][0]["tiles"][2]["properties"][0]["value"] = "lava"
    with pytest.raises(
        ContentError, match=r"layer 'ground', row 3, column 4: terrain 'lava' is not in"
    ):
        load_tiled(_save(tmp_path, data), terrain_set())


def test_a_tile_of_no_tileset(tmp_path: Path) -> None:
    data = _map()
    data["tilesets"][0]["firstgid"] = 2
    # (1, 1) now resolves through the flower layer; (2, 1) has ground tile 1 of no tileset
    with pytest.raises(ContentError, match=r"'ground', row 1, column 2: tile id 1 belongs to no"):
        load_tiled(_save(tmp_path, data), terrain_set())


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"infinite": True}, "infinite maps are not supported"),
        ({"orientation": "isometric"}, "'isometric' maps are not supported"),
        ({"width": 0}, "positive 'width'"),
        ({"layers": []}, "no tile layers"),
        ({"tilesets": [{"firstgid": 1, "source": "missing.tsj"}]}, "missing.tsj: no such file"),
        ({"tilesets": [{"firstgid": 1, "source": "tiles.png"}]}, "must be .tsj or .tsx"),
        ({"tilesets": [{"name": "x"}]}, "tileset #1 has no 'firstgid'"),
    ],
)
def test_unsupported_maps_are_refused(tmp_path: Path, changes: dict[str, Any],
                                      message: str) -> None:
    with pytest.raises(ContentError, match=message):
        load_tiled(_save(tmp_path, _map(**changes)), terrain_set())


@pytest.mark.parametrize(
    ("layer_changes", "message"),
    [
        ({"data": [1, 1, 1]}, r"layer 'ground': 3 tiles, the map needs 12"),
        ({"data": "abc"}, r"layer 'ground': 'data' must be a list of tile ids"),
        ({"encoding": "base64", "compression": "zstd", "data": "AAAA"},
         r"'zstd' compression is not supported"),
        ({"encoding": "base64", "compression": "zlib", "data": "AAAA"}, "does not decompress"),
        ({"encoding": "base64", "data": "AAAA"}, r"holds 0 tiles, the map needs 12"),
        ({"width": 3}, r"layer 'ground' is 3x3, the map is 4x3"),
    ],
)
def test_bad_layers_are_refused(tmp_path: Path, layer_changes: dict[str, Any],
                                message: str) -> None:
    data = _map()
    _ground(data).update(layer_changes)
    with pytest.raises(ContentError, match=message):
        load_tiled(_save(tmp_path, data), terrain_set())


def test_broken_files(tmp_path: Path) -> None:
    path = tmp_path / "broken.tmj"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match=r"line 1, column 2: not valid JSON"):
        load_tiled(path, terrain_set())
    path = tmp_path / "broken.tmx"
    path.write_text("<map><layer></map>", encoding="utf-8")
    with pytest.raises(ContentError, match=r"broken.tmx: line 1, column \d+: not valid XML"):
        load_tiled(path, terrain_set())
    path.write_text("<tileset/>", encoding="utf-8")
    with pytest.raises(ContentError, match="not a Tiled map"):
        load_tiled(path, terrain_set())
    with pytest.raises(ContentError, match="no such file"):
        load_tiled(tmp_path / "absent.tmj", terrain_set())


def test_tmx_infinite_and_chunked_maps_are_refused(tmp_path: Path) -> None:
    text = (DATA / "skirmish.tmx").read_text(encoding="utf-8").replace(
        'infinite="0"', 'infinite="1"'
    )
    path = tmp_path / "inf.tmx"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match="infinite maps are not supported"):
        load_tiled(path, terrain_set())


def test_old_style_tileset_properties(tmp_path: Path) -> None:
    data = _map()
    tileset = data["tilesets"][0]
    del tileset["tiles"]
    tileset["tileproperties"] = {
        "0": {"terrain": "plain"}, "1": {"terrain": "forest"},
        "2": {"terrain": "mountain"}, "4": {"terrain": "wall"},
    }
    data["layers"][2]["properties"] = {"terrain": "wall"}  # pre-1.2 dict form
    assert names(load_tiled(_save(tmp_path, data), terrain_set())) == EXPECTED


def test_tmx_with_an_external_tsx_tileset(tmp_path: Path) -> None:
    (tmp_path / "terrain.tsx").write_text(
        '<?xml version="1.0"?><tileset name="terrain" tilewidth="16" tileheight="16">'
        '<tile id="0"><properties><property name="terrain" value="plain"/></properties></tile>'
        '<tile id="1"><properties><property name="terrain">forest</property></properties></tile>'
        "</tileset>",
        encoding="utf-8",
    )
    (tmp_path / "ext.tmx").write_text(
        '<map orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">'
        '<tileset firstgid="1" source="terrain.tsx"/>'
        '<layer name="ground" width="2" height="1"><data encoding="csv">1,2</data></layer>'
        "</map>",
        encoding="utf-8",
    )
    assert names(load_tiled(tmp_path / "ext.tmx", terrain_set())) == [["plain", "forest"]]
