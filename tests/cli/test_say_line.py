"""``say_line`` writes what the Rich console writes for an unstyled, unwrapped line,
without importing Rich (``tactician rulesets`` prints only such lines)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tactician.cli.output import console, say_line

LINES = [
    "fe-classic: Fire Emblem Classic (rules text 002_x.txt)",
    "  -o name=default  (a, b; battle)" + " long" * 40,  # longer than any terminal
    "[bold red]Aria[/] keeps its brackets",
    "tab\there and\tthere",
    "escape \x1b[2J, bell \x07, override \u202e, DEL \x7f",
    "two\nlines",
    "",
]


@pytest.mark.parametrize("text", LINES)
def test_say_line_writes_what_the_console_writes(text: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    console().print(text, markup=False, highlight=False, soft_wrap=True)
    by_rich = capsys.readouterr().out
    say_line(text)
    assert capsys.readouterr().out == by_rich


def test_listing_rulesets_imports_no_rich() -> None:
    code = ("import sys; from typer.testing import CliRunner; from tactician.cli.main import app; "
            "result = CliRunner().invoke(app, ['rulesets']); "
            "print(result.exit_code, 'tropera:' in result.stdout, "
            "any(m.startswith('rich') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["0", "True", "False"]
