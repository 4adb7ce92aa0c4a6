"""``tactician serve``: the table in a browser (docs/web.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from tactician.cli.output import refusals


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on (0: a free one).")] = 8000,
        db: Annotated[str | None, typer.Option(
            "--db", envvar="TACTICIAN_DB",
            help="Database: an SQLite file path or an SQLAlchemy URL (postgresql+psycopg://"
            "...). Default: campaigns.sqlite in the user's data folder.")] = None,
    ) -> None:
        """Serve the web table: prints the GM console's link (with its secret token);
        the GM opens a table there and hands each player their join link."""
        from tactician.web.serve import serve

        with refusals(False):
            serve(host, port, db)
