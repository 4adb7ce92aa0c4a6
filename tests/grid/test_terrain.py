"""Terrain types and sets load from YAML and refuse bad entries by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from tactician.errors import ContentError
from tactician.grid import TerrainSet, TerrainType

from . import terrain_set


def test_the_test_terrain_set_loads() -> None:
    terrains = terrain_set()
    assert terrains.names == ["plain", "forest", "mountain", "wall", "fort", "road"]
    forest = terrains["Forest"]
    assert (forest.avoid, forest.defense, forest.healing) == (20, 1, 0)
    assert forest.cost_for("mounted") == 3 and forest.cost_for("infantry") == 2
    assert terrains["mountain"].cost_for("flier") == 1
    assert terrains["mountain"].cost_for("infantry") is None
    assert terrains["wall"].destructible_hp == 20 and terrains["wall"].has_tag("WALL")
    assert terrains["road"].cost_for("anyone") == 0
    assert terrains.by_symbol("#") is terrains["wall"] and terrains.by_symbol("?") is None
    assert "plain" in terrains and "lava" not in terrains and len(terrains) == 6


def test_unknown_terrain_names_the_known_ones() -> None:
    with pytest.raises(ContentError, match=r"no terrain named 'lava' \(known: plain, forest"):
        terrain_set()["lava"]


def test_costs_need_a_default_and_sane_numbers() -> None:
    assert TerrainType(name="x").cost == {"default": 1}
    assert TerrainType(name="x", cost=None).cost == {"default": None}
    with pytest.raises(ValidationError, match="'default' entry"):
        TerrainType(name="x", cost={"infantry": 2})
    with pytest.raises(ValidationError):
        TerrainType(name="x", cost=-1)
    with pytest.raises(ValidationError):
        TerrainType(name="x", min_remaining={"default": 0})
    with pytest.raises(ValidationError):
        TerrainType(name="x", symbol="ab")
    with pytest.raises(ValidationError):
        TerrainType(name="x", symbol=" ")
    assert TerrainType(name="x", min_remaining={"default": 2}).min_remaining_for("m") == 2


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "terrain.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_bad_entries_are_refused_by_file_and_entry(tmp_path: Path) -> None:
    path = _write(tmp_path, "- name: bog\n  cots: 2\n")
    with pytest.raises(ContentError, match=r"terrain.yaml: entry 'bog': cots"):
        TerrainSet.load(path)
    path = _write(tmp_path, "- name: bog\n- name: Bog\n")
    with pytest.raises(ContentError, match="repeats"):
        TerrainSet.load(path)
    path = _write(tmp_path, "- {name: a, symbol: x}\n- {name: b, symbol: x}\n")
    with pytest.raises(ContentError, match="symbol 'x' is already used by 'a'"):
        TerrainSet.load(path)
