"""Resource limits: maps, layers and files over the documented sizes are refused
from what they declare, before the work or the memory they ask for (issue 7: a
20000x20000 Tiled map reached 4.6 GB, a 1000x1000 text map took 27 s). The
defaults live in ``tactician.content.limits``; each can be raised by its
environment variable, which every refusal names."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from tactician.content import files
from tactician.content.limits import MAX_FILE_BYTES, MAX_MAP_SIDE, MAX_TILE_LAYERS
from tactician.errors import ContentError
from tactician.grid import text_map
from tests.hostile.helpers import ARIA, FORD, PARTY, cli, new_battle, refused

SIDE = MAX_MAP_SIDE.default


def _new(the_map: Path, tmp_path: Path, *names: str) -> str:
    out = tmp_path / "battle.json"
    return refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
                   "--out", out, names=(str(the_map), *names), watch=(tmp_path,))


def _text_map(tmp_path: Path, width: int, height: int) -> Path:
    the_map = tmp_path / "big.yaml"
    row = "." * width
    the_map.write_text("legend: {'.': plain}\ngrid: |\n" + f"  {row}\n" * height)
    return the_map


@pytest.mark.parametrize(("width", "height"), [(1000, 1000), (SIDE + 1, 2), (2, SIDE + 1)])
def test_text_map_over_the_side_limit(tmp_path: Path, width: int, height: int,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def no_tiles(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a tile was built before the size check")

    monkeypatch.setattr(text_map.Board, "from_rows", no_tiles)
    _new(_text_map(tmp_path, width, height), tmp_path, f"the map is {width}x{height} tiles",
         f"at most {SIDE} tiles a side", "TACTICIAN_MAX_MAP_SIDE")


def _tmj(width: int, height: int, data: str, layers: int = 1, **extra: Any) -> str:
    layer = {"type": "tilelayer", "name": "ground", "width": width, "height": height,
             "encoding": "base64", "compression": "zlib", "data": data,
             "properties": [{"name": "terrain", "value": "plain"}], **extra}
    return json.dumps({"orientation": "orthogonal", "width": width, "height": height,
                       "tilewidth": 16, "tileheight": 16, "tilesets": [],
                       "layers": [dict(layer, name=f"l{n}") for n in range(layers)]})


def test_tiled_20000_square_is_refused_from_its_header(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_inflate(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("tile data was decompressed before the size check")

    monkeypatch.setattr(zlib, "decompressobj", no_inflate)
    monkeypatch.setattr(zlib, "decompress", no_inflate)
    payload = base64.b64encode(zlib.compress(bytes(4 * 1000))).decode()
    the_map = tmp_path / "huge.tmj"
    the_map.write_text(_tmj(20_000, 20_000, payload))
    _new(the_map, tmp_path, "the map is 20000x20000 tiles", "TACTICIAN_MAX_MAP_SIDE")


def test_tmx_20000_square_is_refused_from_its_header(tmp_path: Path) -> None:
    the_map = tmp_path / "huge.tmx"
    the_map.write_text(
        '<?xml version="1.0"?><map orientation="orthogonal" width="20000" height="20000" '
        'tilewidth="16" tileheight="16"><layer name="g" width="20000" height="20000">'
        '<data encoding="base64" compression="zlib">eJwDAAAAAAE=</data></layer></map>'
    )
    _new(the_map, tmp_path, "the map is 20000x20000 tiles")


def test_zip_bomb_in_a_small_map_inflates_only_what_the_map_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real = zlib.decompressobj

    class Counting:
        def __init__(self, *args: Any) -> None:
            self.inner = real(*args)

        def decompress(self, data: bytes, max_length: int = 0) -> bytes:
            asked.append(max_length)
            out: bytes = self.inner.decompress(data, max_length)
            return out

        @property
        def eof(self) -> bool:
            return bool(self.inner.eof)

    monkeypatch.setattr(zlib, "decompressobj", Counting)
    bomb = base64.b64encode(zlib.compress(bytes(20_000_000), 9)).decode()  # 20 MB of zeros
    the_map = tmp_path / "bomb.tmj"
    the_map.write_text(_tmj(4, 4, bomb))
    _new(the_map, tmp_path, "layer 'l0'", "holds more tiles than the map's 16 cells")
    assert asked == [4 * 16 + 1]  # at most one byte past the declared size was inflated


def test_too_many_tile_layers(tmp_path: Path) -> None:
    data = base64.b64encode(zlib.compress(bytes(16))).decode()
    the_map = tmp_path / "layers.tmj"
    count = MAX_TILE_LAYERS.default + 1
    the_map.write_text(_tmj(2, 2, data, layers=count))
    _new(the_map, tmp_path, f"the map has {count} tile layers", "TACTICIAN_MAX_TILE_LAYERS")


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as handle:
        handle.truncate(size)
    return path


BIG = MAX_FILE_BYTES.default + 1


def test_oversized_unit_file_is_refused_unread(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    unit = _sparse(tmp_path / "aria.yaml", BIG)

    def no_read(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the file was opened before its size was checked")

    monkeypatch.setattr(Path, "open", no_read)
    monkeypatch.setattr(Path, "read_bytes", no_read)
    monkeypatch.setattr(Path, "read_text", no_read)
    refused("character", "show", unit, watch=(tmp_path,),
            names=(str(unit), f"is {BIG:,} bytes", f"at most {MAX_FILE_BYTES.default:,} bytes",
                   "TACTICIAN_MAX_FILE_BYTES"))


def test_oversized_map_and_battle_files(tmp_path: Path) -> None:
    _new(_sparse(tmp_path / "map.yaml", BIG), tmp_path, f"is {BIG:,} bytes")
    _new(_sparse(tmp_path / "map.tmj", BIG), tmp_path, f"is {BIG:,} bytes")
    battle = _sparse(tmp_path / "battle.json", BIG)
    for command in ("show", "replay", "undo"):
        refused("battle", command, "--battle", battle, watch=(tmp_path,),
                names=(str(battle), f"is {BIG:,} bytes"))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_reads_no_more_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TACTICIAN_MAX_FILE_BYTES", "4096")
    with pytest.raises(ContentError, match="is a device, not a regular file"):
        files.read_bytes(Path("/dev/zero"))


def test_a_table_can_lower_or_raise_the_limits(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TACTICIAN_MAX_FILE_BYTES", "100")
    refused("character", "show", ARIA, names=(str(ARIA), "at most 100 bytes"))
    monkeypatch.delenv("TACTICIAN_MAX_FILE_BYTES")
    monkeypatch.setenv("TACTICIAN_MAX_MAP_SIDE", "8")
    _new(FORD, tmp_path, "the map is 16x8 tiles", "at most 8 tiles a side")
    monkeypatch.setenv("TACTICIAN_MAX_MAP_SIDE", str(SIDE + 50))
    board = text_map.parse_text_map("legend: {'.': plain}\ngrid: |\n  " + "." * (SIDE + 50),
                                    _terrains())
    assert board.width == SIDE + 50


def test_the_stored_map_of_a_battle_obeys_the_limit_too(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    battle = new_battle(tmp_path)
    monkeypatch.setenv("TACTICIAN_MAX_MAP_SIDE", "10")
    refused("battle", "show", "--battle", battle, watch=(tmp_path,),
            names=(str(battle), "start.map", "width 16 is outside 1..10"))


@pytest.mark.parametrize("value", ["abc", "0", "-5", "1e9"])
def test_a_bad_limit_setting_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      value: str) -> None:
    monkeypatch.setenv("TACTICIAN_MAX_MAP_SIDE", value)
    run = cli("battle", "new", "--ruleset", "tropera", "--map", FORD, "--units", PARTY,
              "--out", tmp_path / "b.json")
    assert run.code == 2, (run.err, run.exception)
    assert f"TACTICIAN_MAX_MAP_SIDE={value!r}: must be a positive whole number" in run.err
    assert not (tmp_path / "b.json").exists()


def _terrains() -> Any:
    from tactician.rulesets.tropera.terrain import terrain_set

    return terrain_set()



def test_a_tileset_named_many_times_is_read_once(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from tactician.grid import tiled
    from tactician.rulesets.tropera.terrain import terrain_set

    reads: list[Path] = []
    real = tiled._external_tileset

    def counting(source: Path, named: str, path: Path) -> Any:
        reads.append(source)
        return real(source, named, path)

    monkeypatch.setattr(tiled, "_external_tileset", counting)
    (tmp_path / "ground.tsj").write_text(json.dumps(
        {"name": "ground", "tiles": [{"id": 0, "properties": [{"name": "terrain",
                                                                "value": "plain"}]}]}))
    the_map = tmp_path / "many.tmj"
    the_map.write_text(json.dumps({
        "orientation": "orthogonal", "width": 2, "height": 1,
        "tilesets": [{"firstgid": 1 + n, "source": "ground.tsj"} for n in range(5000)],
        "layers": [{"type": "tilelayer", "name": "g", "width": 2, "height": 1,
                    "data": [1, 5000]}],
    }))
    board = tiled.load_tiled(the_map, terrain_set())
    assert [board.terrain_at((x, 0)).name for x in range(2)] == ["plain", "plain"]
    assert reads == [tmp_path / "ground.tsj"]
