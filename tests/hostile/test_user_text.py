"""Names are text, never markup or terminal commands.

A unit called ``Aria [/x]`` used to crash ``character show`` and, once in a
battle, every ``show`` and ``replay`` (Rich read the name as a closing tag);
``[bold red]Aria[/]`` printed in red; an ESC sequence in a name cleared the
player's screen. Now every one prints as typed, with control characters shown
as escapes (``\\x1b``), in every command that shows the name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.cli.output import console, shown
from tests.hostile.helpers import BRIGAND, FORD, cli, refused, unit_file, units_file

MARKUP = ["Aria [/x]", "[bold red]Aria[/]", "[link=http://x]Aria", "Aria :smile:", "[/]"]
CONTROL = {
    "Aria\x1b[2J": "Aria\\x1b[2J",  # clear the screen
    "Aria\x1b]0;pwned\x07": "Aria\\x1b]0;pwned\\x07",  # OSC: set the window title
    "Aria\x9b31m": "Aria\\x9b31m",  # C1 CSI
    "Aria\u202eevil": "Aria\\u202eevil",  # right-to-left override
    "Ar\x08ia\x7f": "Ar\\x08ia\\x7f",
}


def _clean(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
    assert "\u202e" not in text and "\x08" not in text and "\x7f" not in text


@pytest.mark.parametrize("name", MARKUP)
def test_markup_in_a_name_prints_as_typed(tmp_path: Path, name: str) -> None:
    run = cli("character", "show", unit_file(tmp_path, name))
    assert run.code == 0, (run.err, run.exception)
    assert name in run.out
    _clean(run.out)


@pytest.mark.parametrize(("name", "escaped"), CONTROL.items(), ids=list(CONTROL.values()))
def test_control_characters_in_a_name_are_escaped(tmp_path: Path, name: str,
                                                  escaped: str) -> None:
    run = cli("character", "show", unit_file(tmp_path, name))
    assert run.code == 0, (run.err, run.exception)
    assert escaped in run.out
    _clean(run.out)


def _battle(tmp_path: Path, name: str, ident: str = "aria") -> Path:
    units = units_file(tmp_path, [
        (ident, unit_file(tmp_path, name), "player", (6, 4)),
        ("brigand-1", BRIGAND, "enemy", (7, 4)),
    ])
    battle = tmp_path / "battle.json"
    run = cli("battle", "new", "--ruleset", "tropera", "--map", FORD, "--units", units,
              "--seed", 7, "--out", battle)
    assert run.code == 0, (run.err, run.exception)
    _clean(run.out)
    return battle


HOSTILE_NAMES = ["Aria [/x]", "[bold red]Aria[/]", "Aria\x1b[2J\x1b]0;t\x07"]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_battle_with_a_hostile_name_shows_replays_and_logs(tmp_path: Path, name: str) -> None:
    battle = _battle(tmp_path, name)
    played = cli("battle", "attack", "aria", "brigand-1", "--yes", "--battle", battle)
    assert played.code == 0, (played.err, played.exception)
    for command in (("show",), ("show", "--reach", "aria"), ("replay",), ("log",),
                    ("forecast", "brigand-1", "aria")):
        run = cli("battle", *command, "--battle", battle)
        assert run.code in (0, 2), (command, run.err, run.exception)
        assert run.exception is None or isinstance(run.exception, SystemExit), run.exception
        assert shown(name, one_line=False)[:5] in run.out + run.err, (command, run.out)
        _clean(run.out + run.err)
    _clean(played.out)


def test_a_hostile_unit_id_is_refused_cleanly(tmp_path: Path) -> None:
    units = units_file(tmp_path, [("ar[/]ia\x1b[2J", unit_file(tmp_path, "Aria"), "player",
                                   (6, 4))])
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", FORD, "--units", units,
            "--out", out, names=(str(units), "units.0.id"), watch=(tmp_path,))


def test_a_refusal_quoting_user_text_stays_one_escaped_line(tmp_path: Path) -> None:
    battle = _battle(tmp_path, "Aria")
    refused("battle", "move", "no\x1b[2Jbody\nsecond line", 3, 4, "--battle", battle,
            names=("\\x1b[2J", "\\n"), watch=(tmp_path,))


def test_shown_escapes_every_control_character_and_nothing_else() -> None:
    for code in [*range(0x20), 0x7F, *range(0x80, 0xA0)]:
        assert shown(chr(code)).isprintable()
        assert shown(chr(code)).startswith("\\")
    assert shown("a\tb\nc") == "a\\tb\\nc"
    assert shown("a\tb\nc", one_line=False) == "a\tb\nc"
    plain = "Ária – [bold] 🗡️ 騎士 d'Arc"
    assert shown(plain) == plain


def test_console_writes_no_raw_control_character_even_from_text_objects() -> None:
    from rich.table import Table
    from rich.text import Text

    out = console()
    with out.capture() as captured:
        out.print(Text("x\x1b[2Jy"))
        table = Table(title="t\x1b]0;z\x07")
        table.add_column("c\x1b[31m")
        table.add_row("[bold]r[/]\x1b[1A")
        out.print(table)
    text = captured.get()
    _clean(text)
    assert "x\\x1b[2Jy" in text and "[bold]r[/]" in text


def test_a_uesrpg_battle_with_a_hostile_name(tmp_path: Path) -> None:
    from tests.hostile.helpers import ROOT

    skirmish = ROOT / "examples" / "uesrpg" / "skirmish"
    brand = tmp_path / "brand.yaml"
    brand.write_text(
        (skirmish / "brand.yaml").read_text(encoding="utf-8").replace(
            "name: Brand", 'name: "[bold red]Brand[/] [/x] \\u001b[2J"'),
        encoding="utf-8",
    )
    party = tmp_path / "party.yaml"
    party.write_text(
        (skirmish / "party.yaml").read_text(encoding="utf-8")
        .replace("../aela.yaml", str(ROOT / "examples" / "uesrpg" / "aela.yaml"))
        .replace("file: brand.yaml", f"file: {brand}"),
        encoding="utf-8",
    )
    battle = tmp_path / "battle.json"
    run = cli("battle", "new", "--ruleset", "uesrpg", "--map", skirmish / "map.yaml",
              "--units", party, "--units", skirmish / "bandits.yaml", "--seed", 3,
              "--out", battle)
    assert run.code == 0, (run.err, run.exception)
    for command in (("enemy-phase",), ("show",), ("log",), ("replay",)):
        run = cli("battle", *command, "--battle", battle)
        assert run.code == 0, (command, run.err, run.exception)
        _clean(run.out)
    assert "[bold" in cli("battle", "show", "--battle", battle).out
    sheet = cli("character", "show", "--ruleset", "uesrpg", brand)
    assert sheet.code == 0 and "[bold red]Brand[/] [/x] \\x1b[2J" in sheet.out
