"""Where the tests find the rule texts (``000_....txt`` to ``004_....txt``), the authority
every citation test reads.

In order: the folder ``TACTICIAN_RULES_DIR`` names (if set, it is the only place
looked: a wrong value is an error, not a skip); else ``shared/rules`` beside the
checkout (``/work/main`` -> ``/work/shared/rules``) or beside its parent (a
worktree, ``/work/wt/NAME`` -> ``/work/shared/rules``). A test that needs a text
and finds none skips with a reason naming every place looked (``needs_rules``), so a
clone without the texts runs, and a checkout with them never silently skips.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ENV = "TACTICIAN_RULES_DIR"
# the texts by number, as shared/rules/README.md names them
NAMES = {
    "000": "000_2214244d4b22f60c.txt",  # Tropera
    "001": "001_7a322c96887a0726.txt",  # Fire Emblem Tabletop
    "002": "002_10b11cf74eb0cbda.txt",  # Fire Emblem Classic
    "003": "003_1bed61d1ae70171f.txt",  # UESRPG
    "004": "004_948b164a6dd986f5.txt",  # Miridon
}


def candidates(repo: Path = REPO, env: Mapping[str, str] | None = None) -> list[Path]:
    """The folders looked in, in order (only ``TACTICIAN_RULES_DIR`` when it is set)."""
    environ = os.environ if env is None else env
    named = environ.get(ENV, "").strip()
    if named:
        return [Path(named).expanduser()]
    return [repo.parent / "shared" / "rules", repo.parents[1] / "shared" / "rules"]


def rules_dir(repo: Path = REPO, env: Mapping[str, str] | None = None) -> Path | None:
    """The first candidate folder that holds the rule texts, else None. A
    ``TACTICIAN_RULES_DIR`` that holds no rule text is refused (a typo is not a skip)."""
    looked = candidates(repo, env)
    for folder in looked:
        if any((folder / name).is_file() for name in NAMES.values()):
            return folder
    environ = os.environ if env is None else env
    if environ.get(ENV, "").strip():
        raise FileNotFoundError(f"{ENV}={looked[0]}: no rule text ({', '.join(NAMES.values())}) "
                                "there")
    return None


def rule_text(number: str, repo: Path = REPO, env: Mapping[str, str] | None = None
              ) -> Path | None:
    """The path of rule text ``number`` ("000" .. "004"), or None when not found."""
    folder = rules_dir(repo, env)
    if folder is None:
        return None
    path = folder / NAMES[number]
    return path if path.is_file() else None


def needs_rules(number: str) -> pytest.MarkDecorator:
    """Skip (naming where it looked) when rule text ``number`` is not found."""
    looked = " or ".join(str(folder / NAMES[number]) for folder in candidates())
    return pytest.mark.skipif(rule_text(number) is None,
                              reason=f"rule text {number} not found at {looked} (set {ENV})")
