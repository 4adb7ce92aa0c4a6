"""Lines written without Rich: ``say_line`` writes what the Rich console writes for
an unstyled, unwrapped line (``tactician rulesets`` prints only such lines);
``say_styled`` styles pieces through click, on a terminal only (``tactician roll``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tactician.cli.dice import struck
from tactician.cli.output import console, say_line, say_styled

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


PIECES = [("2d6 \x1b[2J → ", ""), ("1", "strike dim"), (" dropped", "dim"), (" = 7", "bold")]


def test_say_styled_is_plain_text_off_a_terminal(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    say_styled(PIECES)
    assert capsys.readouterr().out == "2d6 \\x1b[2J → 1 dropped = 7\n"


def test_say_styled_styles_when_forced_and_escapes_user_text(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    say_styled(PIECES)
    out = capsys.readouterr().out
    assert "\x1b[2m\x1b[9m1\x1b[0m" in out and "\x1b[1m = 7\x1b[0m" in out
    assert "\x1b[2J" not in out and "\\x1b[2J" in out  # the user's escape is shown, not sent


def test_a_dumb_terminal_gets_no_styles(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr("click.utils.should_strip_ansi", lambda stream=None, color=None: (
        color is False))  # as if stdout were a terminal
    say_styled(PIECES)
    assert "\x1b[" not in capsys.readouterr().out


def test_struck_dice_are_named_and_only_the_total_is_bold() -> None:
    pieces = struck("4d6kh3 (5, 3, ~~1~~, 6) = 14", ["dropped"], [1])
    assert "".join(text for text, _ in pieces) == "4d6kh3 (5, 3, 1 dropped, 6) = 14"
    assert [text for text, style in pieces if "bold" in style] == ["14"]
    assert ("1", "strike dim") in pieces and (" dropped", "dim") in pieces


def test_rolling_imports_no_rich() -> None:
    code = ("import sys; from typer.testing import CliRunner; from tactician.cli.main import app; "
            "result = CliRunner().invoke(app, ['roll', '4d6kh3', '--seed', '3']); "
            "print(result.exit_code, 'dropped' in result.stdout, "
            "any(m.startswith('rich') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["0", "True", "False"]
