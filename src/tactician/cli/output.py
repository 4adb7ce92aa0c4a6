"""Shared output helpers: JSON or Rich, and clean refusals.

Every command takes ``--json``. A ``TacticianError`` is printed as one clear
line on stderr with exit code 2 (and as ``{"error": ...}`` under ``--json``);
nothing was changed when it is raised.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer

from tactician.errors import TacticianError


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False, default=str) + "\n")


def console() -> Any:
    from rich.console import Console

    return Console()


@contextmanager
def refusals(as_json: bool) -> Iterator[None]:
    """Turn a TacticianError into a clean message and exit code 2."""
    try:
        yield
    except TacticianError as exc:
        if as_json:
            print_json({"error": str(exc)})
        else:
            sys.stderr.write(f"error: {exc}\n")
        raise typer.Exit(2) from None


def emit(data: Any, as_json: bool, render: Callable[[], None]) -> None:
    if as_json:
        print_json(data)
    else:
        render()
