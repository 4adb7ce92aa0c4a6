"""Writing a unit file back keeps what did not change as it was written."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given
from hypothesis import strategies as st

from tactician.table.unit_files import rewrite, write_unit

keys = st.sampled_from(["name", "level", "feats", "points", "notes", "weapons", "kind"])
leaves = st.one_of(st.integers(-5, 50), st.text("abc xyz", min_size=1, max_size=8),
                   st.booleans())
values = st.one_of(leaves, st.lists(leaves, max_size=3),
                   st.dictionaries(st.sampled_from(["hp", "str", "def"]), leaves, max_size=3))
units = st.dictionaries(keys, values, min_size=1, max_size=6)


def _with_comments(data: dict[str, Any]) -> str:
    lines = ["# a unit file\n"]
    for key, value in data.items():
        lines.append(f"# about {key}\n")
        lines.append(yaml.safe_dump({key: value}, default_flow_style=False, sort_keys=False))
    return "".join(lines)


@given(units, units)
def test_the_rewrite_reads_back_as_the_new_data(old: dict[str, Any],
                                                new: dict[str, Any]) -> None:
    original = _with_comments(old)
    text = rewrite(original, new)
    assert yaml.safe_load(text) == new
    for key in new:
        if key in old:
            assert f"# about {key}\n" in text  # comments above a kept field stay
    if all(old.get(k) == v for k, v in new.items()) and set(old) == set(new):
        assert text == original


def test_an_unchanged_field_keeps_its_inline_comment(tmp_path: Path) -> None:
    source = tmp_path / "u.yaml"
    source.write_text("name: Aria  # the heroine\nlevel: 1\n", encoding="utf-8")
    os.chmod(source, 0o604)
    target = tmp_path / "v.yaml"
    write_unit(source, target, {"name": "Aria", "level": 2})
    assert target.read_text(encoding="utf-8") == "name: Aria  # the heroine\nlevel: 2\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o604
    assert sorted(p.name for p in tmp_path.iterdir()) == ["u.yaml", "v.yaml"]
