"""Finding rulesets without reading every package's metadata: the built-in table
matches pyproject.toml, the direct read of entry points matches importlib.metadata,
and a plug-in is still found (after the built-ins, never in their place)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import entry_points as from_metadata
from pathlib import Path

import pytest

from tactician.errors import TacticianError
from tactician.rulesets import installed_entry_points, registry
from tactician.rulesets.installed_entry_points import Declared

ROOT = Path(__file__).resolve().parents[2]


def test_the_builtin_table_is_pyprojects_entry_points() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"]["tactician.rulesets"]
    assert declared == registry.BUILTIN
    for ruleset_id in registry.BUILTIN:  # each entry's ruleset carries its own id
        assert registry.get(ruleset_id).id == ruleset_id


@pytest.mark.parametrize("group", ["tactician.rulesets", "console_scripts", "pytest11"])
def test_the_direct_read_matches_importlib_metadata(group: str) -> None:
    expected = [(p.name, p.value) for p in from_metadata(group=group)]
    assert expected, "the group has entry points in this environment"
    found = [(p.name, p.value) for p in installed_entry_points.entry_points(group)]
    assert found == expected


def test_a_zip_on_the_path_hands_over_to_importlib_metadata(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_plugin-1.0.dist-info/METADATA", "Name: zipped-plugin\n")
        zipped.writestr("zipped_plugin-1.0.dist-info/entry_points.txt",
                        "[tactician.rulesets]\nzipped = zipped_plugin:RULESET\n")
    monkeypatch.syspath_prepend(str(archive))
    found = installed_entry_points.entry_points("tactician.rulesets")
    assert Declared("zipped", "zipped_plugin:RULESET") in found


def test_a_builtin_is_found_without_reading_package_metadata() -> None:
    code = ("import sys; from tactician.rulesets import registry; "
            "print(registry.get('uesrpg').id, registry._loaded, "
            "'importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["uesrpg", "False", "False"]


def _plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset_id: str) -> None:
    """A plug-in package ``homebrew_rules`` whose entry point gives ``ruleset_id``."""
    (tmp_path / "homebrew_rules.py").write_text(
        "from tactician.rulesets.registry import Ruleset\n"
        f"RULES = type('Rules', (), {{'RULESET': Ruleset(id={ruleset_id!r}, title='Homebrew',"
        " source='-', summary='-', implementation='homebrew_rules:Contract')})\n",
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    real = installed_entry_points.entry_points("tactician.rulesets")
    monkeypatch.setattr(registry, "entry_points", lambda group: [
        *real, Declared("homebrew", "homebrew_rules:RULES.RULESET")])
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_registered", {})


def test_a_plugin_is_found_by_its_entry_point(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _plugin(tmp_path, monkeypatch, "homebrew")
    assert registry.get("homebrew").title == "Homebrew"
    assert [r.id for r in registry.all_rulesets()] == sorted([*registry.BUILTIN, "homebrew"])


def test_a_plugin_cannot_take_a_builtin_id(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _plugin(tmp_path, monkeypatch, "tropera")
    assert [r.title for r in registry.all_rulesets() if r.id == "tropera"] == [
        "Fire Emblem Tropera"]


def test_an_unknown_id_is_refused_with_the_installed_ones() -> None:
    with pytest.raises(TacticianError, match=r"unknown ruleset 'nope' \(installed: fe-classic"):
        registry.get("nope")


@pytest.mark.parametrize("value", ["no spaces allowed:x y", ":attribute"])
def test_a_malformed_entry_point_is_refused_by_name(value: str) -> None:
    with pytest.raises(ValueError, match="entry point 'bad': malformed value"):
        Declared("bad", value).load()
