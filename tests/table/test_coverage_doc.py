"""``docs/coverage.md`` is the coverage map as ``tactician compendium coverage --markdown``
prints it (issue 26): regenerate it with that command when a map changes."""

from __future__ import annotations

from pathlib import Path

from tactician.table.coverage import coverage_rows, mapped, markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "coverage.md"


def test_docs_coverage_md_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown(), (
        "docs/coverage.md is stale: run `tactician compendium coverage --markdown "
        "> docs/coverage.md`")


def test_every_mapped_ruleset_has_its_section_and_no_entry_is_uncovered() -> None:
    text = DOC.read_text(encoding="utf-8")
    for rid in mapped():
        assert f"## {rid}\n" in text
        assert [r for r in coverage_rows(rid) if r["status"] == "uncovered"] == []
