"""``tactician roll`` (placeholder until the dice-notation work lands)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command("roll")
    def roll_command(expr: str) -> None:
        """Roll dice notation."""
        raise typer.Exit(1)
