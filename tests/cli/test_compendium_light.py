"""With its rows kept, ``tactician compendium`` answers without importing
pydantic, PyYAML, Rich or the ruleset's rules (issue 16: "nothing imported that
the command does not use"), and answers what it answered before they were kept,
its refusals of an unknown kind or name in the same words.

What a process imported is read from ``python -X importtime`` (one line per
module, on stderr). The ruleset's package itself (``tactician.rulesets.tropera``)
is its registration, a few words and its capabilities; its rules are the modules
under it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TACTICIAN = Path(sys.executable).parent / "tactician"
HEAVY = ("pydantic", "pydantic_core", "yaml", "rich")


def _run(env: dict[str, str], *args: str) -> tuple[str, set[str]]:
    done = subprocess.run([sys.executable, "-X", "importtime", str(TACTICIAN), *args],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:") and "|" in line}
    return done.stdout, imported


def _heavy(imported: set[str], ruleset: str) -> list[str]:
    return sorted(m for m in imported
                  if m.split(".")[0] in HEAVY or m.startswith(f"tactician.rulesets.{ruleset}.")
                  or m.startswith("tactician.rulesets.contract"))


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    found = {k: v for k, v in os.environ.items() if not k.startswith("TACTICIAN_")}
    return {**found, "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}


@pytest.mark.parametrize(("ruleset", "args"), [
    ("tropera", ("compendium", "list", "weapons", "--json")),
    ("tropera", ("compendium", "list")),
    ("tropera", ("compendium", "show", "weapons", "iron sword", "--json")),
    ("uesrpg", ("compendium", "list", "-r", "uesrpg", "conditions", "--search", "bleed",
                "--json")),
])
def test_a_kept_compendium_imports_nothing_heavy(
    env: dict[str, str], ruleset: str, args: tuple[str, ...]
) -> None:
    first, imported = _run(env, *args)  # a miss: the contract builds the rows
    assert _heavy(imported, ruleset)  # (the check sees them when they are imported)
    kept, imported = _run(env, *args)
    assert kept == first
    assert _heavy(imported, ruleset) == []


@pytest.mark.parametrize(("args", "said"), [
    (("show", "weapons", "ironswordx"),
     "error: tropera has no weapons entry 'ironswordx'; did you mean Iron Sword, Runesword, "
     "Wind Sword?\n"),
    (("show", "nokind", "iron sword"),
     "error: tropera has no compendium kind 'nokind'; kinds: weapons, items, feats, kinds, "
     "terrain\n"),
    (("list", "nokind"),
     "error: tropera has no compendium kind 'nokind'; kinds: weapons, items, feats, kinds, "
     "terrain\n"),
])
def test_an_unknown_kind_or_name_is_refused_in_the_same_words_kept_or_not(
    env: dict[str, str], args: tuple[str, ...], said: str
) -> None:
    for _ in ("a miss", "a hit"):
        done = subprocess.run([str(TACTICIAN), "compendium", *args], capture_output=True,
                              text=True, env=env, check=False)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", said)
    assert list(Path(env["TACTICIAN_CACHE_DIR"]).glob("compendium-rows/*.json"))
