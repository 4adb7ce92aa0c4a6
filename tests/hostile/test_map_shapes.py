"""Tiled maps whose fields have the wrong type: one line naming the file and the
field, never a ``TypeError`` from deep in the loader."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.helpers import PARTY, TROPERA, refused

KEEP = TROPERA / "battle" / "keep.tmj"


def _with_units(data: dict[str, Any]) -> dict[str, Any]:
    data["layers"].append({"type": "objectgroup", "name": "units", "objects": [
        {"id": 1, "name": "aria", "x": 16.0, "y": 16.0, "width": 16, "height": 16}]})
    return data


def _objects(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda data: change(_with_units(data)["layers"][-1]["objects"][0])


CASES = [
    pytest.param(lambda d: d.update(tilesets=-1), "'tilesets' must be a list", id="tilesets"),
    pytest.param(lambda d: d.update(layers="x"), "'layers' must be a list", id="layers"),
    pytest.param(lambda d: d["tilesets"][0].update(tiles=3), "'tiles' must be a list",
                 id="tiles"),
    pytest.param(lambda d: _with_units(d).update(tilewidth="wide"),
                 "'tilewidth' must be a number", id="tilewidth"),
    pytest.param(_objects(lambda o: o.update(x="left")), "object 1 on layer 'units': 'x'",
                 id="object-x"),
    pytest.param(_objects(lambda o: o.update(x=1.7e308, width=1.7e308)), "out of range",
                 id="object-far"),
    pytest.param(lambda d: _with_units(d)["layers"][-1].update(objects={"a": 1}),
                 "'objects' must be a list", id="objects"),
]


@pytest.mark.parametrize(("change", "fault"), CASES)
def test_tiled_field_of_the_wrong_type(tmp_path: Path, change: Callable[[dict[str, Any]], None],
                                       fault: str) -> None:
    data = json.loads(KEEP.read_text(encoding="utf-8"))
    change(data)
    the_map = tmp_path / "keep.tmj"
    the_map.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, names=(str(the_map), fault), watch=(tmp_path,))
