"""The derived-value cache: a key covers every part, a bad entry is a miss, a
failed write is skipped, and the namespace stays within its limit."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician import derived_cache
from tactician.derived_cache import DerivedCache, code_fingerprint


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("TACTICIAN_CACHE", raising=False)
    return tmp_path


def test_a_value_comes_back_under_its_key(root: Path) -> None:
    cache = DerivedCache("board-view")
    key = cache.key(b"battle bytes", "side=player")
    assert cache.get(key) is None
    cache.put(key, {"units": [1, 2], "name": "Ford"})
    assert cache.get(key) == {"units": [1, 2], "name": "Ford"}
    assert (root / "board-view" / f"{key}.json").exists()


def test_every_part_version_and_namespace_is_in_the_key() -> None:
    base = DerivedCache("rows").key("a", b"b")
    assert DerivedCache("rows").key("a", b"c") != base
    assert DerivedCache("rows").key("ab") != DerivedCache("rows").key("a", "b")
    assert DerivedCache("rows", version=2).key("a", b"b") != base
    assert DerivedCache("other").key("a", b"b") != base


@given(st.lists(st.binary(max_size=4), max_size=4), st.lists(st.binary(max_size=4), max_size=4))
def test_different_parts_never_share_a_key(one: list[bytes], two: list[bytes]) -> None:
    cache = DerivedCache("rows")
    assert (cache.key(*one) == cache.key(*two)) == (one == two)


def test_an_edited_source_file_changes_the_code_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "sub" / "rules.py").write_text("X = 1\n")
    monkeypatch.setattr(derived_cache, "_PACKAGE", package)
    code_fingerprint.cache_clear()
    try:
        first = code_fingerprint()
        (package / "__pycache__").mkdir()
        (package / "__pycache__" / "rules.pyc").write_bytes(b"\0")
        code_fingerprint.cache_clear()
        assert code_fingerprint() == first  # bytecode is derived, not an input
        (package / "sub" / "rules.py").write_text("X = 22\n")
        code_fingerprint.cache_clear()
        assert code_fingerprint() != first
    finally:
        code_fingerprint.cache_clear()


def test_the_code_fingerprint_names_files_from_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same files elsewhere (another checkout, another venv) give the same
    fingerprint; a file renamed inside gives another."""
    import shutil

    package = tmp_path / "one" / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "sub" / "rules.py").write_text("X = 1\n")
    (package / "data.yaml").write_text("- a\n")
    moved = tmp_path / "two" / "deeper" / "pkg"
    shutil.copytree(package, moved)  # copy2: sizes and modification times kept
    prints = []
    try:
        for where in (package, moved):
            monkeypatch.setattr(derived_cache, "_PACKAGE", where)
            code_fingerprint.cache_clear()
            prints.append(code_fingerprint())
        (moved / "sub" / "rules.py").rename(moved / "sub" / "rulez.py")
        code_fingerprint.cache_clear()
        prints.append(code_fingerprint())
    finally:
        code_fingerprint.cache_clear()
    assert prints[0] == prints[1] != prints[2]


@pytest.mark.parametrize("content", [b"", b"{not json", b"[1, 2]", b'{"key": "other", "value": 1}',
                                     b'{"value": 1}'])
def test_a_damaged_or_foreign_entry_is_a_miss(root: Path, content: bytes) -> None:
    cache = DerivedCache("rows")
    key = cache.key("x")
    (root / "rows").mkdir()
    (root / "rows" / f"{key}.json").write_bytes(content)
    assert cache.get(key) is None


def test_off_means_no_reads_and_no_writes(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = DerivedCache("rows")
    key = cache.key("x")
    cache.put(key, 1)
    monkeypatch.setenv("TACTICIAN_CACHE", "off")
    assert cache.get(key) is None
    cache.put(cache.key("y"), 2)
    assert not (root / "rows" / f"{cache.key('y')}.json").exists()


def test_a_write_that_cannot_happen_is_skipped(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(blocker / "below"))
    cache = DerivedCache("rows")
    cache.put(cache.key("x"), 1)  # no error
    assert cache.get(cache.key("x")) is None


def test_a_value_that_is_not_json_is_refused(root: Path) -> None:
    with pytest.raises(TypeError):
        DerivedCache("rows").put("k", {1, 2})
    assert not (root / "rows").exists()


def test_the_namespace_keeps_its_most_recently_used(root: Path) -> None:
    cache = DerivedCache("rows", limit=3)
    keys = [cache.key(str(n)) for n in range(5)]
    for n, key in enumerate(keys[:3]):
        cache.put(key, n)
        os.utime(root / "rows" / f"{key}.json", ns=(n * 10**9, n * 10**9))
    assert cache.get(keys[0]) == 0  # used now: the newest
    cache.put(keys[3], 3)
    kept = {p.stem for p in (root / "rows").glob("*.json")}
    assert kept == {keys[0], keys[2], keys[3]}
    assert json.loads((root / "rows" / f"{keys[3]}.json").read_text())["value"] == 3


def test_a_bad_namespace_is_refused() -> None:
    with pytest.raises(ValueError, match="namespace"):
        DerivedCache("../escape")


def test_a_data_folder_part_follows_its_files(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert derived_cache.folder_part(data) == b"absent"
    data.mkdir()
    empty = derived_cache.folder_part(data)
    assert empty != b"absent"
    (data / "weapons.yaml").write_text("- name: Iron Sword\n")
    one = derived_cache.folder_part(data)
    assert one != empty
    (data / "weapons.yaml").write_text("- name: Iron Swords\n")
    assert derived_cache.folder_part(data) != one


def test_settings_parts_follow_limits_and_content_folders_not_where_things_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [n for n in os.environ if n.startswith("TACTICIAN_")]:
        monkeypatch.delenv(name)
    plain = derived_cache.settings_parts()
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("TACTICIAN_DB", "sqlite:///other.sqlite")
    assert derived_cache.settings_parts() == plain
    monkeypatch.setenv("TACTICIAN_MAX_FILE_BYTES", "1000")
    limited = derived_cache.settings_parts()
    assert limited != plain
    data = tmp_path / "data"
    data.mkdir()
    (data / "weapons.yaml").write_text("- name: Iron Sword\n")
    monkeypatch.setenv("TACTICIAN_TROPERA_DATA", str(data))
    with_folder = derived_cache.settings_parts()
    (data / "weapons.yaml").write_text("- name: Iron Swords\n")
    assert derived_cache.settings_parts() != with_folder
