"""``tactician rulesets``: the installed rulesets, their source and capabilities."""

from __future__ import annotations

import typer

from tactician.cli.output import console, emit, refusals


def register(app: typer.Typer) -> None:
    @app.command("rulesets")
    def rulesets_command(
        as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    ) -> None:
        """List installed rulesets with their rules text and capabilities."""
        from tactician.table.catalogue import rulesets

        with refusals(as_json):
            data = rulesets()

            def render() -> None:
                from rich.table import Table

                table = Table(title="Installed rulesets")
                for column in ("id", "title", "source", "capabilities", "summary"):
                    table.add_column(column)
                for row in data:
                    caps = row["capabilities"]
                    assert isinstance(caps, list)
                    table.add_row(str(row["id"]), str(row["title"]), str(row["source"]),
                                  ", ".join(caps), str(row["summary"]))
                console().print(table)

            emit(data, as_json, render)
