"""``grid.tiled_art``: a Tiled map's tileset pictures for the web board (issue 29):
each cell's tile of its image, only from an image beside the map (no path out of its
folder, no link out of it, no file that is not an image), with the reason when not."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tactician.grid.tiled import load_tiled
from tactician.grid.tiled_art import media_type, tile_art
from tactician.rulesets.tropera.terrain import terrain_set

KEEP = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle" / "keep.tmj"


def _copy(tmp_path: Path, image: str | None = "terrain.png", **changes: Any) -> Path:
    """keep.tmj in ``tmp_path`` naming ``image``, with ``changes`` to its data."""
    data = json.loads(KEEP.read_text(encoding="utf-8"))
    data["tilesets"][0]["image"] = image
    data.update(changes)
    path = tmp_path / "keep.tmj"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_each_cell_shows_the_tile_whose_terrain_it_is() -> None:
    art = tile_art(KEEP)
    assert art is not None
    (sheet,) = art.sheets
    assert sheet.name == "terrain.png" and sheet.file is not None and sheet.problem is None
    assert media_type(sheet.file.read_bytes()[:16]) == "image/png"
    tileset = json.loads(KEEP.read_text(encoding="utf-8"))["tilesets"][0]
    named = {t["id"]: t["properties"][0]["value"] for t in tileset["tiles"]}
    board = load_tiled(KEEP, terrain_set())
    for index, cell in enumerate(art.cells):
        ((n, col, row),) = cell
        assert n == 0
        tile = board.tile(index)
        assert named[row * sheet.columns + col] == board.terrain_at(tile).name, tile


def test_a_missing_image_is_a_problem_not_an_error(tmp_path: Path) -> None:
    art = tile_art(_copy(tmp_path))
    assert art is not None and art.sheets[0].file is None
    assert art.sheets[0].problem == "terrain.png is missing beside the map"


@pytest.mark.parametrize("name", ["../terrain.png", "/etc/passwd", "sub/terrain.png",
                                  "..", "C:\\terrain.png", ""])
def test_an_image_elsewhere_than_beside_the_map_is_not_used(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copy(KEEP.with_name("terrain.png"), tmp_path / "terrain.png")  # one level up
    (folder / "sub").mkdir()
    shutil.copy(KEEP.with_name("terrain.png"), folder / "sub" / "terrain.png")
    art = tile_art(_copy(folder, name))
    assert art is not None and art.sheets[0].file is None, name
    assert art.sheets[0].problem


def test_a_link_out_of_the_folder_and_a_file_that_is_no_image_are_refused(
        tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    outside = tmp_path / "outside.png"
    shutil.copy(KEEP.with_name("terrain.png"), outside)
    (folder / "terrain.png").symlink_to(outside)
    art = tile_art(_copy(folder))
    assert art is not None and art.sheets[0].file is None
    assert "leads elsewhere" in str(art.sheets[0].problem)
    (folder / "terrain.png").unlink()
    (folder / "terrain.png").write_text("not a picture", encoding="utf-8")
    art = tile_art(_copy(folder))
    assert art is not None and "not a PNG" in str(art.sheets[0].problem)


def test_hidden_layers_draw_nothing_and_maps_without_images_have_no_art(
        tmp_path: Path) -> None:
    data = json.loads(KEEP.read_text(encoding="utf-8"))
    shutil.copy(KEEP.with_name("terrain.png"), tmp_path / "terrain.png")
    hidden = [{**data["layers"][0], "visible": False}]
    art = tile_art(_copy(tmp_path, layers=hidden))
    assert art is not None and all(cell == () for cell in art.cells)
    assert tile_art(_copy(tmp_path, None)) is None  # no tileset names an image
    assert tile_art(KEEP.with_name("ford.yaml")) is None  # not a Tiled map
