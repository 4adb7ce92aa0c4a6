"""``tactician rulesets``: the installed rulesets, their source and capabilities."""

from __future__ import annotations

import typer

from tactician.cli.output import emit, refusals, say_line


def register(app: typer.Typer) -> None:
    @app.command("rulesets")
    def rulesets_command(
        options: bool = typer.Option(False, "--options",
                                     help="Also list each ruleset's options (rulings)."),
        as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    ) -> None:
        """List installed rulesets with their rules text and capabilities.

        With --json, each one's battle actions too: the action schema clients build
        their forms from (`battle act --help -r RULESET` lists them)."""
        from tactician.table.catalogue import rulesets

        with refusals(as_json):
            data = rulesets(options, with_actions=as_json)

            def render() -> None:
                for row in data:
                    caps = row["capabilities"]
                    for line in (f"{row['id']}: {row['title']} (rules text {row['source']})",
                                 f"  {row['summary']}",
                                 f"  capabilities: {', '.join(caps) or 'none'}"):
                        say_line(line)
                    for spec in row.get("options", []):
                        allowed = ", ".join(spec["values"]) or spec["kind"]
                        say_line(f"  -o {spec['name']}={spec['default']}  ({allowed}; "
                                 f"{spec['scope']})")

            emit(data, as_json, render)
