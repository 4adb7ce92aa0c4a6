"""Rich rendering of any ruleset's sheet or report from its generic sections
(``tactician.rulesets.contract.Section``): label/value rows, tables and lines.
Nothing here knows a ruleset's stat names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, is_dataclass
from typing import Any

from tactician.cli.output import console
from tactician.counted import counted


def _say(text: str, style: str | None = None) -> None:
    console().print(text, style=style, markup=False, highlight=False, soft_wrap=True)


def render_sections(sections: Iterable[Any]) -> None:
    """Each section: its table (titled), its rows as ``label: value``, its lines."""
    from rich.table import Table
    from rich.text import Text

    for raw in sections:
        section: Mapping[str, Any] = (
            asdict(raw) if is_dataclass(raw) and not isinstance(raw, type) else raw
        )
        title = section.get("title") or ""
        if section.get("columns"):
            # cells are Text, never markup: names come from unit files
            table = Table(title=Text(title) if title else None)
            for column in section["columns"]:
                table.add_column(Text(str(column)))
            for row in section.get("table", ()):
                table.add_row(*(Text(str(cell)) for cell in row))
            console().print(table)
        elif title:
            _say(title, "bold")
        for row in section.get("rows", ()):
            _say(f"{row['label']}: {row['value']}")
        for line in section.get("lines", ()):
            _say(str(line))


def render_sheet(sheet: Mapping[str, Any]) -> None:
    """A sheet as ``character show --json`` gives it: title, sections, problems."""
    name, kind, level = sheet.get("name", "?"), sheet.get("kind"), sheet.get("level")
    words = [w for w in (kind, None if level is None else f"level {level}") if w]
    _say(f"{name}  ({', '.join(words)})" if words else str(name), "bold")
    render_sections(sheet.get("sections", ()))
    problems = sheet.get("problems") or []
    if problems:
        _say(f"{counted(len(problems), 'rule problem')}:", "bold red")
        for problem in problems:
            _say(f"  - {problem}")
