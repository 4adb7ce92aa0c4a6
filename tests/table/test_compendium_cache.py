"""The kept compendium's key covers everything its rows are made from: a GM's
content folder and its files, the file limits; only the built-in rulesets
are kept; a damaged entry is a miss; and every environment variable a loader
reads is one the key sees (``tactician.table.compendium_cache``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tactician.errors import TacticianError
from tactician.rulesets import registry
from tactician.table import compendium, compendium_cache

SRC = Path(compendium_cache.__file__).resolve().parents[1]
TACTICIAN = Path(sys.executable).parent / "tactician"
HOMEBREW = """\
- name: {name}
  type: sword
  might: 6
  accuracy: 95
  range: 1
  source: House rule
"""


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The environment of a command run with its own cache and no GM folders."""
    found = {k: v for k, v in os.environ.items()
             if not k.startswith("TACTICIAN_") or k == "TACTICIAN_CACHE_DIR"}
    return {**found, "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}


def _weapons(env: dict[str, str], code: int = 0) -> Any:
    done = subprocess.run([str(TACTICIAN), "compendium", "list", "weapons", "--json"],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == code, done.stderr
    return json.loads(done.stdout)


def _names(env: dict[str, str]) -> set[str]:
    return {w["name"] for w in _weapons(env)}


def test_a_gm_folder_and_its_files_are_in_the_key(
    tmp_path: Path, env: dict[str, str]
) -> None:
    assert "Ashen Blade" not in _names(env)  # kept without the folder
    folder = tmp_path / "homebrew"
    folder.mkdir()
    (folder / "weapons.yaml").write_text(HOMEBREW.format(name="Ashen Blade"), encoding="utf-8")
    env["TACTICIAN_TROPERA_DATA"] = str(folder)
    assert "Ashen Blade" in _names(env)
    assert "Ashen Blade" in _names(env)  # and kept with it
    (folder / "weapons.yaml").write_text(HOMEBREW.format(name="Ember Blade"), encoding="utf-8")
    names = _names(env)  # the same folder and size, a new write: a new key, never the old rows
    assert "Ember Blade" in names and "Ashen Blade" not in names
    (folder / "weapons.yaml").unlink()
    assert not {"Ember Blade", "Ashen Blade"} & _names(env)


def test_the_file_limits_are_in_the_key(env: dict[str, str]) -> None:
    assert _weapons(env)  # kept under the default limits
    env["TACTICIAN_MAX_FILE_BYTES"] = "100"  # the weapons file is far larger
    refused = _weapons(env, code=2)
    assert "TACTICIAN_MAX_FILE_BYTES" in refused["error"]


def test_only_the_shipped_ruleset_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    assert compendium_cache.kept("tropera") is not None
    stand_in = registry.get("tropera")._replace()  # equal, but not the shipped one
    monkeypatch.setitem(registry._registered, "tropera", stand_in)
    assert compendium_cache.kept("tropera") is None


def test_nothing_is_kept_with_the_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TACTICIAN_CACHE", "off")
    assert compendium_cache.kept("tropera") is None


def test_an_unknown_ruleset_is_refused_by_name() -> None:
    with pytest.raises(TacticianError, match="unknown ruleset 'nope'"):
        compendium.entries("nope", "weapons")


def test_a_damaged_kept_entry_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(tmp_path))
    book = compendium_cache.kept("tropera")
    assert book is not None
    expected = registry.contract("tropera").compendium_entries("weapons")
    for damaged in ("nonsense", [["iron sword"]], [["iron sword", "not a row"]], [[1, {}]]):
        compendium_cache._CACHE.put(book._key("rows", "weapons"), damaged)
        assert book.rows("weapons") is None
        assert compendium.entries("tropera", "weapons") == expected  # and kept again
        assert book.rows("weapons") is not None
    compendium_cache._CACHE.put(book._key("kinds"), [1, 2])
    assert book.kinds() is None
    assert compendium.kinds("tropera") == registry.contract("tropera").compendium_kinds()


def test_a_search_finds_text_as_written() -> None:
    found = compendium.entries("miridon", "specials", "character’s [rank]")
    assert found and all("character’s" in json.dumps(e, ensure_ascii=False) for e in found)


# ``os.environ.get(NAME)`` / ``os.environ[NAME]`` / ``os.getenv(NAME)``
_READS = re.compile(r"(?:environ\.get|getenv)\(\s*([^,)]+)|environ\[\s*([^\]]+)\]")
# names that hold a variable's name, by what they hold
_NAMED = {"ENV_VAR": "TACTICIAN_MIRIDON_DATA", "self.variable": "TACTICIAN_MAX_"}


def test_every_variable_a_loader_reads_is_in_the_key() -> None:
    """The rulesets and content loaders read only ``TACTICIAN_*`` variables (all in
    the key), and name folders only in ``TACTICIAN_*_DATA`` ones (whose files are)."""
    from tactician.rulesets.miridon import compendium as miridon

    assert _NAMED["ENV_VAR"] == miridon.ENV_VAR
    read: set[str] = set()
    for path in [*(SRC / "rulesets").rglob("*.py"), *(SRC / "content").rglob("*.py")]:
        for found in _READS.finditer(path.read_text(encoding="utf-8")):
            argument = (found.group(1) or found.group(2)).strip()
            variable = _NAMED.get(argument, argument.strip("\"'"))
            assert variable.startswith("TACTICIAN_"), f"{path}: reads {argument}"
            read.add(variable)
    assert {"TACTICIAN_TROPERA_DATA", "TACTICIAN_UESRPG_DATA", "TACTICIAN_MIRIDON_DATA"} <= read
    folders = {v for v in read if v.endswith("_DATA")}
    assert folders == {"TACTICIAN_TROPERA_DATA", "TACTICIAN_UESRPG_DATA",
                       "TACTICIAN_MIRIDON_DATA", "TACTICIAN_FE_DATA"}
    assert all(v in folders or v.startswith("TACTICIAN_MAX_") for v in read), read
