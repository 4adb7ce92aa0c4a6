"""``tactician compendium list|show``: browse and search a ruleset's content
(weapons, items, feats, armor, conditions, terrain...) through the service."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tactician.cli.output import console, emit, refusals
from tactician.rulesets.registry import DEFAULT_RULESET

app = typer.Typer(
    help="Browse and search what a ruleset offers: weapons, feats, items, armor, "
    "conditions, terrain...",
    no_args_is_help=True,
)

RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset id (see "
                                         "`tactician rulesets`).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


def _scalars(entry: dict[str, Any]) -> str:
    shown = [f"{k} {v}" for k, v in entry.items()
             if k != "name" and isinstance(v, str | int | float) and len(str(v)) <= 24]
    return ", ".join(shown[:6])


@app.command("list")
def list_command(
    kind: Annotated[str | None, typer.Argument(help="Kind of entry (omit: list the kinds).")]
    = None,
    search: Annotated[str | None, typer.Option("--search", "-s",
                                               help="Only entries whose text holds this.")]
    = None,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    as_json: JsonOpt = False,
) -> None:
    """List the kinds of content, or every entry of one kind (optionally searched)."""
    from tactician.table.compendium import entries, kinds

    with refusals(as_json):
        rid = ruleset
        if kind is None:
            names = kinds(rid)
            emit(names, as_json, lambda: console().print(
                f"{rid} compendium kinds: {', '.join(names)}", markup=False))
            return
        found = entries(rid, kind, search)

        def render() -> None:
            from rich.table import Table

            table = Table(title=f"{rid} {kind}" + (f" matching {search!r}" if search else ""))
            table.add_column("name")
            table.add_column("summary")
            for entry in found:
                table.add_row(str(entry.get("name", "?")), _scalars(entry))
            console().print(table)
            console().print(f"{len(found)} entr{'y' if len(found) == 1 else 'ies'}")

        emit(found, as_json, render)


@app.command("show")
def show_command(
    kind: Annotated[str, typer.Argument(help="Kind of entry, e.g. weapons.")],
    name: Annotated[str, typer.Argument(help="The entry's name (case-insensitive).")],
    ruleset: RulesetOpt = DEFAULT_RULESET,
    as_json: JsonOpt = False,
) -> None:
    """Show one entry with every field."""
    from tactician.table.compendium import entry

    with refusals(as_json):
        found = entry(ruleset, kind, name)

        def render() -> None:
            from rich.table import Table

            table = Table(title=str(found.get("name", name)), show_header=False)
            table.add_column("field")
            table.add_column("value")
            for key, value in found.items():
                table.add_row(key, str(value))
            console().print(table)

        emit(found, as_json, render)
