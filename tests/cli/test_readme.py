"""The README's commands, run in order against the examples, so it cannot drift.

A fenced ``sh`` block of README.md whose fence follows the line
``<!-- readme-test -->`` is runnable: every block so marked runs, in order, in one
scratch folder holding a copy of ``examples/`` (so ``battle.json`` and shell
variables carry from one block to the next). In a runnable block:

* each line is a ``tactician`` command (``\\`` continues it on the next line) or a
  shell variable, ``B=examples/tropera/battle``, used later as ``$B``;
* ``# ...`` starts a comment; a comment that says ``exit N`` documents the exit
  code (default 0), and ``prints "TEXT"`` a text the command's output holds;
* nothing is a placeholder (no ``...``, no ``[--option ...]``).

The commands run in-process (Typer's runner), on an 80-column, colourless
console.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MARK = "<!-- readme-test -->"
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}


@dataclass
class Command:
    line: int
    text: str
    args: list[str]
    exit_code: int = 0
    prints: list[str] = field(default_factory=list)


def runnable_blocks(markdown: str) -> list[list[tuple[int, str]]]:
    """The (line number, line) lists of the marked ``sh`` blocks, in order."""
    lines = markdown.splitlines()
    blocks: list[list[tuple[int, str]]] = []
    for index, line in enumerate(lines):
        if line.strip() != MARK:
            continue
        fence = index + 1
        assert lines[fence].strip() == "```sh", (
            f"README line {fence + 1}: {MARK} before a block that is not ```sh"
        )
        body: list[tuple[int, str]] = []
        for number in range(fence + 1, len(lines)):
            if lines[number].strip() == "```":
                break
            body.append((number + 1, lines[number]))
        blocks.append(body)
    return blocks


def split_comment(line: str) -> tuple[str, str]:
    """``cmd arg  # words`` -> (``cmd arg``, ``words``); a ``#`` inside quotes stays."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index].rstrip(), line[index + 1:].strip()
    return line.rstrip(), ""


def commands(markdown: str) -> list[Command]:
    """Every command of the runnable blocks, with variables expanded."""
    variables: dict[str, str] = {}
    found: list[Command] = []
    for block in runnable_blocks(markdown):
        pending: list[str] = []
        start = 0
        for number, raw in block:
            code, comment = split_comment(raw)
            if not pending:
                start = number
            if code.endswith("\\"):
                pending.append(code[:-1])
                continue
            text = " ".join(part.strip() for part in [*pending, code] if part.strip())
            pending = []
            if not text:
                continue
            assert "..." not in text and not re.search(r"\[-", text), (
                f"README line {start}: a placeholder in a runnable block: {text}"
            )
            assignment = re.fullmatch(r"([A-Z_][A-Z0-9_]*)=(\S+)", text)
            if assignment:
                variables[assignment[1]] = assignment[2]
                continue
            expanded = re.sub(r"\$\{?([A-Z_][A-Z0-9_]*)\}?",
                              lambda m: variables[m[1]], text)
            words = shlex.split(expanded)
            assert words[0] == "tactician", f"README line {start}: not a tactician command"
            expected = re.search(r"\bexit (\d+)", comment)
            found.append(Command(start, text, words[1:],
                                 int(expected[1]) if expected else 0,
                                 re.findall(r'prints "([^"]+)"', comment)))
    return found


def test_the_parser_reads_continuations_variables_and_comments() -> None:
    markdown = "\n".join([
        MARK, "```sh", "B=examples/x", "tactician battle new --map $B/m.yaml \\",
        "    --units $B/u.yaml   # two lines", 'tactician roll 1d6  # exit 2; prints "a # b"',
        "```", "```sh", "tactician not-run", "```",
    ])
    found = commands(markdown)
    assert [c.args for c in found] == [
        ["battle", "new", "--map", "examples/x/m.yaml", "--units", "examples/x/u.yaml"],
        ["roll", "1d6"],
    ]
    assert [c.exit_code for c in found] == [0, 2] and found[1].prints == ["a # b"]
    with pytest.raises(AssertionError, match="placeholder"):
        commands(f"{MARK}\n```sh\ntactician attack ... --rolls 1\n```")


def test_the_readme_commands_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = commands(README.read_text(encoding="utf-8"))
    assert len(found) >= 30 and len(runnable_blocks(README.read_text(encoding="utf-8"))) >= 3
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    # the campaigns of the walkthrough live in the scratch folder, never the user's
    env = {**ENV, "TACTICIAN_DB": str(tmp_path / "campaigns.sqlite")}
    for command in found:
        result = runner.invoke(app, command.args, env=env)
        output = result.stdout + result.stderr
        assert result.exit_code == command.exit_code, (
            f"README line {command.line}: `{command.text}` exited {result.exit_code}, "
            f"the README says {command.exit_code}:\n{output}"
        )
        for text in command.prints:
            assert text in output, f"README line {command.line}: no {text!r} in:\n{output}"


def test_the_two_scripts_the_readme_names_exist_and_run_from_anywhere() -> None:
    """``./scripts/demo`` and ``./scripts/test`` (too slow to run here: they install)
    are executable and start by moving to the repository's root; ``-m "not slow"``
    selects a marker pytest knows."""
    text = README.read_text(encoding="utf-8")
    for name in ("demo", "test"):
        script = ROOT / "scripts" / name
        assert f"./scripts/{name}" in text
        assert script.stat().st_mode & 0o111, f"{script} is not executable"
        assert 'cd "$(dirname "$0")/.."' in script.read_text(encoding="utf-8")
    assert './scripts/test -m "not slow"' in text
    assert '"slow:' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
