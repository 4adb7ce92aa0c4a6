"""The tests find the rule texts from a checkout and from a worktree (issue 24: the
Tropera compendium tests skipped silently in every worktree, looking for
``/work/wt/shared/rules``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import rule_texts
from tests.rule_texts import NAMES, candidates, rule_text, rules_dir


def _texts(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for name in NAMES.values():
        (folder / name).write_text("text", encoding="utf-8")
    return folder


def test_beside_the_checkout(tmp_path: Path) -> None:
    texts = _texts(tmp_path / "shared" / "rules")
    repo = tmp_path / "main"
    repo.mkdir()
    assert rules_dir(repo, {}) == texts
    assert rule_text("000", repo, {}) == texts / NAMES["000"]


def test_beside_a_worktrees_parent(tmp_path: Path) -> None:
    texts = _texts(tmp_path / "shared" / "rules")
    repo = tmp_path / "wt" / "evening"
    repo.mkdir(parents=True)
    assert rules_dir(repo, {}) == texts
    assert rule_text("004", repo, {}) == texts / NAMES["004"]


def test_the_environment_wins_and_is_the_only_place_looked(tmp_path: Path) -> None:
    _texts(tmp_path / "shared" / "rules")
    elsewhere = _texts(tmp_path / "elsewhere")
    repo = tmp_path / "main"
    repo.mkdir()
    env = {rule_texts.ENV: str(elsewhere)}
    assert candidates(repo, env) == [elsewhere]
    assert rule_text("001", repo, env) == elsewhere / NAMES["001"]


def test_a_wrong_environment_is_an_error_not_a_skip(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=rule_texts.ENV):
        rules_dir(tmp_path, {rule_texts.ENV: str(tmp_path / "typo")})


def test_nowhere_is_none(tmp_path: Path) -> None:
    repo = tmp_path / "a" / "b"
    repo.mkdir(parents=True)
    assert rules_dir(repo, {}) is None and rule_text("002", repo, {}) is None


def test_this_checkout_finds_every_text_when_the_shared_folder_is_there() -> None:
    """Where the team's layout holds the texts (a checkout or a worktree beside
    ``shared/rules``), every one is found: nothing that cites them skips."""
    if not any((f / NAMES["000"]).is_file() for f in candidates()):
        pytest.skip("no shared/rules beside this checkout (a clone without the texts)")
    assert all(rule_text(number) is not None for number in NAMES)
