"""``tactician serve`` refuses a bad address in one line (exit code 2) before it
creates anything."""

from __future__ import annotations

import socket
from pathlib import Path

from typer.testing import CliRunner

from tactician.cli.main import app


def test_a_port_out_of_range_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "never.sqlite"
    result = CliRunner().invoke(app, ["serve", "--port", "70000", "--db", str(db)])
    assert result.exit_code == 2
    assert "--port 70000" in result.output and not db.exists()


def test_a_port_in_use_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "never.sqlite"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", str(db)])
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.output and not db.exists()


def test_serve_is_in_the_help() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0 and "serve" in result.output
