"""Running a hostile input through the command line and checking the refusal.

Every hostile input must end the same way (design principle 6, issue 7): exit
code 2, one line on stderr that names the file and the fault, no traceback, and
every file the command was given (inputs, ``--battle``, ``--out`` and the folder
around them) exactly as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
TROPERA = ROOT / "examples" / "tropera"
FORD = TROPERA / "battle" / "ford.yaml"
PARTY = TROPERA / "battle" / "party.yaml"
BANDITS = TROPERA / "battle" / "bandits.yaml"
ARIA = TROPERA / "aria_sword_fighter.yaml"
BRIGAND = TROPERA / "enemies" / "brigand.yaml"

runner = CliRunner()


@dataclass
class Run:
    code: int
    out: str
    err: str
    exception: BaseException | None

    def json(self) -> Any:
        return json.loads(self.out)


def cli(*args: Any) -> Run:
    result = runner.invoke(app, [str(a) for a in args])
    return Run(result.exit_code, result.stdout, result.stderr, result.exception)


def snapshot(*paths: Path) -> dict[str, Any]:
    """Bytes and modification time of each file, and what each folder holds (a new
    temporary or ``--out`` file shows up as a change); None for a missing path."""
    state: dict[str, Any] = {}
    for path in paths:
        if path.is_dir():
            for child in sorted(path.iterdir()):
                state[str(child)] = _one(child)
        state[str(path)] = _one(path)
    return state


def _one(path: Path) -> Any:
    if not path.exists():
        return None
    if path.is_dir():
        return sorted(child.name for child in path.iterdir())
    if path.stat().st_size > 1_000_000:  # big hostile fixtures: size and time only
        return (path.stat().st_size, path.stat().st_mtime_ns)
    return (path.read_bytes(), path.stat().st_mtime_ns)


def refused(*args: Any, names: tuple[str, ...], watch: tuple[Path, ...] = ()) -> str:
    """Run the command; assert a clean refusal naming each of ``names``; return the line."""
    before = snapshot(*watch)
    run = cli(*args)
    assert run.code == 2, (run.code, run.out, run.err, run.exception)
    assert run.exception is None or isinstance(run.exception, SystemExit), run.exception
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err
    line = lines[0]
    assert line.startswith("error: "), line
    assert "Traceback" not in run.err + run.out
    assert line.isprintable(), repr(line)  # control characters come out escaped
    for name in names:
        assert name in line, (name, line)
    assert snapshot(*watch) == before, "a refused command changed a file"
    return line


def refused_json(*args: Any, names: tuple[str, ...], watch: tuple[Path, ...] = ()) -> str:
    """As ``refused`` with ``--json`` already in ``args``: the error is ``{"error": ...}``."""
    before = snapshot(*watch)
    run = cli(*args)
    assert run.code == 2, (run.code, run.out, run.err, run.exception)
    message = run.json()["error"]
    assert isinstance(message, str) and "\n" not in message
    for name in names:
        assert name in message, (name, message)
    assert snapshot(*watch) == before
    return message


def new_battle(tmp_path: Path, units: Path | None = None, name: str = "battle.json") -> Path:
    """A real Tropera battle on the ford map, written by ``battle new``."""
    battle = tmp_path / name
    extra = ["--units", units] if units is not None else ["--units", PARTY, "--units", BANDITS]
    run = cli("battle", "new", "--ruleset", "tropera", "--map", FORD, *extra,
              "--seed", 7, "--out", battle)
    assert run.code == 0, (run.out, run.err, run.exception)
    return battle


def unit_file(tmp_path: Path, name: str, file: str = "unit.yaml") -> Path:
    """Aria's build under another name (any text a GM might type)."""
    text = ARIA.read_text(encoding="utf-8")
    lines = [f"name: {json.dumps(name)}" if line.startswith("name:") else line
             for line in text.splitlines()]
    assert any(line.startswith("name:") for line in text.splitlines())
    path = tmp_path / file
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def units_file(tmp_path: Path, members: list[tuple[str, Path, str, tuple[int, int]]]) -> Path:
    """A battle's units file: (id, unit file, side, tile) per unit."""
    rows = ["units:"]
    for ident, file, side, (x, y) in members:
        rows.append(f"  - {{id: {json.dumps(ident)}, file: {json.dumps(str(file))}, "
                    f"side: {side}, at: [{x}, {y}]}}")
    path = tmp_path / "units.yaml"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path
