"""The terrain palette (issue 29: "fe-classic's Mountain, River, Lake, Road and Gate are
near the same blue-violet; Peak matches Plain; in fe-tabletop Hills, Sand and Fort
share one khaki"): every terrain of every ruleset has a colour, an ink and a glyph of
its own, and two terrains that share an example map look apart under normal vision
and under protanopia, deuteranopia and tritanopia (Machado 2009), by CIEDE2000.

Thresholds (ΔE00): terrains on one example map at least ``TOGETHER`` apart under
every vision; any two terrains of a ruleset at least ``ANY`` apart under normal
vision, and under every vision too in a ruleset of at most ``SMALL`` terrains; where
colour alone runs short (fe-classic's 44 terrains) the glyph tells them apart. Ink
(the glyph's colour) stands at 4.5:1 or more on its tile (WCAG 2.x, text)."""

from __future__ import annotations

import itertools
import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tactician.store.database import Database
from tactician.table import catalogue, tables
from tests.web.vision import VISIONS, ciede2000, contrast, distance, parse

PALETTE = Path(str(files("tactician.web"))) / "static" / "palette.json"
TOGETHER, ANY, SMALL = 9.0, 10.0, 12


def _palette() -> dict[str, dict[str, dict[str, str]]]:
    data: dict[str, Any] = json.loads(PALETTE.read_text(encoding="utf-8"))
    return data["rulesets"]


def _rulesets() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for ruleset in catalogue.rulesets():
        try:
            found[str(ruleset["id"])] = list(tables.terrain(str(ruleset["id"])))
        except Exception:  # a ruleset without battles has no terrain
            continue
    return found


def test_ciede2000_matches_sharmas_test_data() -> None:
    # Sharma, Wu and Dalal (2005), table 1, pairs 1, 7, 17 and 25
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, 1e-3)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, 1e-3)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, 1e-3)
    assert ciede2000((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)) == \
        pytest.approx(1.2644, 1e-3)


def test_machado_keeps_greys_and_folds_red_onto_green() -> None:
    for vision in VISIONS:
        assert distance("#808080", "#808080", vision) == 0
        assert distance("#777777", "#7a7a7a", vision) < 1.5  # a grey stays a grey
    assert distance("#d62728", "#2ca02c") > 40
    assert distance("#d62728", "#2ca02c", "deuteranopia") < 0.5 * distance("#d62728",
                                                                           "#2ca02c")


def test_every_terrain_has_a_colour_an_ink_and_a_glyph_of_its_own() -> None:
    palette = _palette()
    for ruleset, terrains in _rulesets().items():
        assert set(palette.get(ruleset, {})) >= set(terrains), ruleset
        glyphs = [palette[ruleset][t]["glyph"] for t in terrains]
        assert len(set(glyphs)) == len(glyphs), (ruleset, glyphs)
        for name in terrains:
            entry = palette[ruleset][name]
            ratio = contrast(parse(entry["colour"]), parse(entry["ink"]))
            assert ratio >= 4.5, (ruleset, name, entry, round(ratio, 2))


def test_any_two_terrains_of_a_ruleset_look_apart() -> None:
    palette = _palette()
    for ruleset, terrains in _rulesets().items():
        colours = {t: palette[ruleset][t]["colour"] for t in terrains}
        visions = VISIONS if len(terrains) <= SMALL else ("normal",)
        for a, b in itertools.combinations(terrains, 2):
            for vision in visions:
                gap = distance(colours[a], colours[b], vision)
                assert gap >= ANY, (ruleset, a, b, vision, round(gap, 1))


def test_terrains_on_one_example_map_look_apart_under_every_vision(db: Database) -> None:
    palette = _palette()
    checked = 0
    for example in tables.examples():
        info = tables.start_example(db, example.key)
        _, view = tables.board(db, info.id)
        used = sorted({name for row in view["rows"] for name in row})
        colours = {t: palette[example.ruleset][t]["colour"] for t in used}
        for a, b in itertools.combinations(used, 2):
            for vision in VISIONS:
                gap = distance(colours[a], colours[b], vision)
                assert gap >= TOGETHER, (example.key, a, b, vision, round(gap, 1))
                checked += 1
    assert checked > 500  # every example map, every pair, every vision


def test_the_clashes_the_issue_named_are_gone() -> None:
    palette = _palette()
    named = {"fe-classic": [("Mountain", "River", "Lake", "Road", "Gate"), ("Peak", "Plain")],
             "fe-tabletop": [("Hills", "Sand", "Fort")]}
    for ruleset, groups in named.items():
        for group in groups:
            for a, b in itertools.combinations(group, 2):
                for vision in VISIONS:
                    assert distance(palette[ruleset][a]["colour"], palette[ruleset][b]["colour"],
                                    vision) >= TOGETHER, (ruleset, a, b, vision)
