"""The web table is an interface: it imports the service layer and core, never a
ruleset (design.md: "interfaces know only the service"), and serves only its own
assets (no address outside this server in a page, script or style)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tactician.web

WEB = Path(tactician.web.__file__).parent


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_web_imports_no_ruleset() -> None:
    modules = sorted(WEB.glob("*.py"))
    assert len(modules) >= 10
    for path in modules:
        bad = {m for m in _imports(path) if m.startswith("tactician.rulesets")}
        assert not bad, (path.name, bad)


def test_assets_load_nothing_from_elsewhere() -> None:
    files = [*WEB.glob("templates/*.html"), *WEB.glob("static/*")]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?:src|href)=[\"']?(?:https?:)?//", text), path.name
        assert not re.search(r"import[^;]*from\s+['\"]https?://", text), path.name
        assert "url(http" not in text, path.name
