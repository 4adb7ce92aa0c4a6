"""Invariants of the hostile-input guards, over generated input."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tactician.cli.output import shown
from tactician.content.files import parse_json
from tactician.content.strict_yaml import load_yaml
from tactician.dice.source import parse_rolls
from tactician.errors import ContentError

CONTROL = {*map(chr, [*range(0x20), *range(0x7F, 0xA0)]), "\u202e", "\u2066", "\u2028"}


@given(st.text())
def test_shown_never_leaves_a_control_character(text: str) -> None:
    assert not CONTROL & set(shown(text))


@given(st.text().filter(lambda t: not CONTROL & set(t)))
def test_shown_leaves_ordinary_text_alone(text: str) -> None:
    assert shown(text) == text


@given(st.lists(st.integers(-10**6, 10**6), min_size=1, max_size=30),
       st.lists(st.sampled_from([",", " ", ", ", " ,  ", "\t"]), min_size=29, max_size=29))
def test_rolls_round_trip_whatever_the_separators(values: list[int], seps: list[str]) -> None:
    pairs = zip(seps[: len(values) - 1], values[1:], strict=True)
    text = str(values[0]) + "".join(sep + str(v) for sep, v in pairs)
    assert parse_rolls(text) == values


TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=10)  # NUL is refused; a lone surrogate is not text
VALUES: Any = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=25,
)


@given(VALUES)
def test_strict_yaml_reads_what_safe_load_reads(value: Any) -> None:
    text = yaml.safe_dump(value)
    assert load_yaml(text, "gen.yaml") == yaml.safe_load(text)


@given(VALUES)
def test_strict_json_reads_what_json_reads(value: Any) -> None:
    text = json.dumps(value)
    assert parse_json(text, "gen.json") == json.loads(text)


@given(st.integers(2**63, 10**40) | st.integers(-(10**40), -(2**63) - 1))
def test_strict_json_refuses_what_the_store_cannot_hold(value: int) -> None:
    with pytest.raises(ContentError, match="stored in 64 bits"):
        parse_json(json.dumps({"seed": [value]}), "gen.json")
