"""``tactician character create|show|level-up`` (placeholder)."""

from __future__ import annotations

import typer

app = typer.Typer(help="Build, show and level Tropera characters.", no_args_is_help=True)
