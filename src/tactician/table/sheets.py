"""Character sheets through the ruleset that owns the unit file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.table.fights import service


def sheet(ruleset_id: str, path: Path) -> dict[str, Any]:
    """The sheet of the unit in ``path`` as JSON-ready data."""
    result: dict[str, Any] = service(ruleset_id, "sheet")(path)
    return result
