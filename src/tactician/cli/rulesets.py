"""``tactician rulesets``: list installed rulesets."""

from __future__ import annotations

import typer

from tactician.cli.output import console, emit, refusals


def register(app: typer.Typer) -> None:
    @app.command("rulesets")
    def rulesets_command(
        as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    ) -> None:
        """List installed rulesets."""
        from tactician.rulesets.registry import all_rulesets

        with refusals(as_json):
            found = all_rulesets()
            data = [
                {"id": r.id, "title": r.title, "source": r.source, "summary": r.summary}
                for r in found
            ]

            def render() -> None:
                from rich.table import Table

                table = Table(title="Installed rulesets")
                for column in ("id", "title", "source", "summary"):
                    table.add_column(column)
                for row in data:
                    table.add_row(row["id"], row["title"], row["source"], row["summary"])
                console().print(table)

            emit(data, as_json, render)
