"""``grid.tiled_art`` on Tiled's XML maps (issue 29: tilesets for ``.tmx`` maps): a
``.tmx`` map draws the same pictures as its ``.tmj`` twin, with its tileset embedded
or in a ``.tsx`` beside it, a hidden layer not drawn, and the same checks on the
image (beside the map, by its bytes; a missing one is a problem, not an error)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tactician.grid.tiled import load_tiled
from tactician.grid.tiled_art import tile_art
from tactician.rulesets.tropera.terrain import terrain_set
from tests.grid.tmx_keep import KEEP, keep_tmx


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(KEEP.with_name("terrain.png"), tmp_path / "terrain.png")
    return tmp_path


@pytest.mark.parametrize("external", [False, True])
def test_a_tmx_map_draws_what_its_tmj_twin_draws(folder: Path, external: bool) -> None:
    path = keep_tmx(folder, external=external)
    assert load_tiled(path, terrain_set()).terrain_at((0, 0)) == \
        load_tiled(KEEP, terrain_set()).terrain_at((0, 0))
    art, twin = tile_art(path), tile_art(KEEP)
    assert art is not None and twin is not None
    assert art.describe() == twin.describe()  # one picture a cell: the hidden copy is not
    assert art.sheets[0].file == (folder / "terrain.png").resolve()


def test_a_shown_copy_of_the_layer_is_drawn_over_it(folder: Path) -> None:
    """The hidden layer is left out for being hidden, not for being a copy."""
    path = keep_tmx(folder)
    path.write_text(path.read_text(encoding="utf-8").replace(' visible="0"', ""),
                    encoding="utf-8")
    art = tile_art(path)
    assert art is not None and all(len(cell) == 2 for cell in art.cells)


def test_a_tmx_maps_missing_or_false_image_is_a_problem_not_an_error(folder: Path) -> None:
    (folder / "terrain.png").unlink()
    art = tile_art(keep_tmx(folder))
    assert art is not None and art.sheets[0].file is None
    assert art.sheets[0].problem == "terrain.png is missing beside the map"
    (folder / "terrain.png").write_text("not a picture", encoding="utf-8")
    art = tile_art(keep_tmx(folder, external=True))
    assert art is not None and "not a PNG" in str(art.sheets[0].problem)
    for elsewhere in ("../terrain.png", "/etc/passwd"):
        art = tile_art(keep_tmx(folder, image=elsewhere))
        assert art is not None and art.sheets[0].file is None, elsewhere


def test_a_tmx_tileset_without_one_image_draws_nothing(folder: Path) -> None:
    assert tile_art(keep_tmx(folder, image=None)) is None
