"""The entry points of one group, read straight from the installed packages' metadata.

``importlib.metadata.entry_points`` costs more than a bare Typer app's whole
start-up spends on imports (it imports ``email``, ``zipfile``, ``csv`` and parses
every installed package's metadata): ``tactician rulesets`` would pay it to list
five names. Installed packages live as ``NAME-VERSION.dist-info`` (or
``.egg-info``) folders on ``sys.path``, each with an ``entry_points.txt`` in INI
form; this reads those files for one group, keeping the first package of each
name along ``sys.path`` as ``importlib.metadata`` does (a test compares the two).

Where packages can come from elsewhere (a zip file on ``sys.path``, an import hook
that finds distributions of its own) it hands over to ``importlib.metadata``.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from importlib import import_module
from typing import Any

# EntryPoint.pattern of importlib.metadata: "module.path:attribute.path [extras]"
_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


@dataclass(frozen=True)
class Declared:
    """One entry point: its name and ``"module:attribute"``, loaded on demand."""

    name: str
    value: str

    def load(self) -> Any:
        match = _VALUE.match(self.value)
        if match is None:
            raise ValueError(f"entry point {self.name!r}: malformed value {self.value!r}")
        found: Any = import_module(match["module"])
        for part in match["attr"].split(".") if match["attr"] else ():
            found = getattr(found, part)
        return found


def entry_points(group: str) -> list[Declared]:
    """Every installed entry point of ``group``, in ``importlib.metadata``'s order."""
    if not _plain_folders_only():
        from importlib.metadata import entry_points as from_metadata

        return [Declared(p.name, p.value) for p in from_metadata(group=group)]
    seen: set[str] = set()
    found: list[Declared] = []
    for folder in sys.path:
        for package, metadata in _packages(folder or "."):
            if package in seen:
                continue  # shadowed by the same package earlier on sys.path
            seen.add(package)
            found.extend(_group(os.path.join(metadata, "entry_points.txt"), group))
    return found


def _plain_folders_only() -> bool:
    """True when every installed package is a folder on ``sys.path`` (no zip files,
    no directory egg, no import hook listing distributions of its own)."""
    from importlib.machinery import PathFinder

    if any(os.path.isfile(entry) or entry.lower().endswith(".egg")
           for entry in sys.path if entry):
        return False
    return not any(hasattr(finder, "find_distributions") and finder is not PathFinder
                   for finder in sys.meta_path)


def _packages(folder: str) -> list[tuple[str, str]]:
    """(normalized package name, metadata folder) of each package in ``folder``, in
    the order ``importlib.metadata`` visits them (directory order)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        stem, dot, kind = name.lower().rpartition(".")
        if dot and kind in ("dist-info", "egg-info"):
            package = stem.partition("-")[0]
            found.append((re.sub(r"[-_.]+", "_", package).lower(), os.path.join(folder, name)))
    return found


def _group(path: str, group: str) -> list[Declared]:
    """The entries of section ``[group]`` of one ``entry_points.txt``."""
    try:
        with open(path, encoding="utf-8") as text:
            lines = text.read().splitlines()
    except OSError:
        return []
    found: list[Declared] = []
    section = None
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            found.append(Declared(name.strip(), value.strip()))
    return found
