"""The coverage clause (issue 26): for every ruleset, every battle-relevant compendium entry
is Wired (and the test it names is a real test function), Ruled (and its ruling id is in
``docs/rulings.md``) or NoEffect. An entry that is none of them fails the kit, so a new
flair in the data cannot be inert by accident."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from tactician.rulesets.contract.coverage import (
    MODULES,
    NoEffect,
    Ruled,
    RulesetCoverage,
    Wired,
    coverage_of,
    uncovered,
)
from tactician.rulesets.registry import all_rulesets

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "docs" / "rulings.md"


@cache
def _tests_in(path: str) -> frozenset[str]:
    """``name`` and ``Class::name`` of every test function in ``path``."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.add(node.name)
        elif isinstance(node, ast.ClassDef):
            found.update(f"{node.name}::{f.name}" for f in node.body
                         if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef))
    return frozenset(n for n in found if n.rsplit("::", 1)[-1].startswith("test"))


def node_resolves(node_id: str) -> bool:
    """Whether ``tests/path.py::[Class::]test_name[params]`` names a test function."""
    path, sep, name = node_id.partition("::")
    if not sep or not path.startswith("tests/") or not (ROOT / path).is_file():
        return False
    return re.sub(r"\[.*\]$", "", name) in _tests_in(path)


@cache
def _ruling_ids() -> frozenset[str]:
    text = RULINGS.read_text(encoding="utf-8")
    return frozenset(re.findall(r"\*\*([^*]+)\*\*", text)) | frozenset(
        re.findall(r"`([^`]+)`", text))


def problems(cov: RulesetCoverage) -> list[str]:
    """Every way the map fails the clause, one line each."""
    found = [f"{cov.ruleset_id} {kind} {name!r}: not covered (Wired, Ruled or NoEffect)"
             for kind, name in uncovered(cov)]
    for kind, entries in cov.entries.items():
        for name, entry in entries.items():
            label = f"{cov.ruleset_id} {kind} {name!r}"
            if isinstance(entry, Wired):
                if not entry.where:
                    found.append(f"{label}: Wired names no action, hook or modifier")
                if not node_resolves(entry.test):
                    found.append(f"{label}: test {entry.test!r} is no test function")
            elif isinstance(entry, Ruled):
                if entry.ruling not in _ruling_ids():
                    found.append(f"{label}: ruling {entry.ruling!r} is not in docs/rulings.md")
            elif isinstance(entry, NoEffect):
                if not entry.why:
                    found.append(f"{label}: NoEffect says not why")
            else:
                found.append(f"{label}: {entry!r} is not Wired, Ruled or NoEffect")
    return found


@pytest.mark.parametrize("ruleset_id", [r.id for r in all_rulesets()])
def test_every_battle_relevant_entry_is_wired_ruled_or_no_effect(ruleset_id: str) -> None:
    assert ruleset_id in MODULES, f"{ruleset_id} has no coverage map"
    assert problems(coverage_of(ruleset_id)) == []


def test_a_new_flair_in_the_data_without_coverage_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GM data folder adds a flair; the map does not name it: the clause fails, naming it."""
    from tactician.rulesets.miridon.compendium import ENV_VAR, load_compendium

    (tmp_path / "flairs.yaml").write_text(
        "- {name: Fake Flair, group: general, lines: [403, 409], effect: fake,\n"
        "   text: 'A flair no battle code reads.', normal: 'Nothing.'}\n", encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert "Fake Flair" in [f.name for f in load_compendium().flairs.values()]
    found = problems(coverage_of("miridon"))
    assert found == ["miridon flairs 'Fake Flair': not covered (Wired, Ruled or NoEffect)"]


def test_a_wired_entry_naming_a_missing_test_or_ruling_fails() -> None:
    cov = coverage_of("miridon")
    fake = RulesetCoverage("miridon", {"flairs": {
        "Agile Strike": Wired("derived.py", "tests/miridon/test_character.py::test_nothing"),
        "Parry": Ruled("cov-no-such-ruling", "none"),
        "Sword Dancer": Wired("derived.py", "tests/nowhere.py::test_x")}},
        lambda kind: ["Agile Strike", "Parry", "Sword Dancer"])
    assert len(problems(fake)) == 3 and problems(cov) == []
    assert node_resolves("tests/miridon/test_character.py::test_l405_agile_strike")
