"""Files that are not UTF-8 text: Latin-1, UTF-16, binary. Each is refused with
one line naming the file and what it is, for a unit, a map and a battle file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.helpers import ARIA, FORD, PARTY, TROPERA, new_battle, refused

LATIN_1 = ARIA.read_text(encoding="utf-8").replace("name: Aria", "name: Ariá").encode("latin-1")
UTF_16 = ARIA.read_text(encoding="utf-8").encode("utf-16")
BINARY = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
NUL_TEXT = b"name: Aria\x00\nkind: human\n"

BAD_TEXT = [
    pytest.param(LATIN_1, "not UTF-8 text (byte 0xe1 on line 2)", id="latin-1"),
    pytest.param(UTF_16, "is UTF-16 text, not UTF-8", id="utf-16"),
    pytest.param(BINARY, "not UTF-8 text (byte 0x89 on line 1)", id="binary"),
    pytest.param(NUL_TEXT, "holds a NUL byte on line 1", id="nul"),
]


@pytest.mark.parametrize(("data", "fault"), BAD_TEXT)
def test_unit_file(tmp_path: Path, data: bytes, fault: str) -> None:
    unit = tmp_path / "aria.yaml"
    unit.write_bytes(data)
    refused("character", "show", unit, names=(str(unit), fault), watch=(tmp_path,))


@pytest.mark.parametrize(("data", "fault"), BAD_TEXT)
def test_text_map(tmp_path: Path, data: bytes, fault: str) -> None:
    ford = FORD.read_text(encoding="utf-8")
    if data is LATIN_1:
        data = ford.replace("Ford at Dawn", "Gué à l'aube").encode("latin-1")
        fault = "not UTF-8 text (byte 0xe9 on line 1)"
    elif data is UTF_16:
        data = ford.encode("utf-16")
    the_map = tmp_path / "ford.yaml"
    the_map.write_bytes(data)
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, names=(str(the_map), fault), watch=(tmp_path,))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32", "latin-1"])
def test_tiled_map(tmp_path: Path, encoding: str) -> None:
    text = (TROPERA / "battle" / "keep.tmj").read_text(encoding="utf-8")
    text = text.replace('"orthogonal"', '"orthogonal", "note": "château"')
    the_map = tmp_path / "keep.tmj"
    the_map.write_bytes(text.encode(encoding))
    out = tmp_path / "battle.json"
    fault = "not UTF-8" if encoding == "latin-1" else f"is {encoding.upper()} text"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, names=(str(the_map), fault), watch=(tmp_path,))


@pytest.mark.parametrize(("data", "fault"), BAD_TEXT)
def test_battle_file(tmp_path: Path, data: bytes, fault: str) -> None:
    battle = new_battle(tmp_path)
    good = battle.read_text(encoding="utf-8")
    if data is LATIN_1:
        data = good.replace('"Ford at Dawn"', '"Gué"').encode("latin-1")
        fault = "not UTF-8 text (byte 0xe9"  # on line 1 (a whole file) or of line 1 (in lines)
    elif data is UTF_16:
        data = good.encode("utf-16")
    battle.write_bytes(data)
    for command in ("show", "replay", "log"):
        refused("battle", command, "--battle", battle, names=(str(battle), fault),
                watch=(tmp_path,))
    refused("battle", "move", "aria", 3, 4, "--battle", battle, names=(str(battle), fault),
            watch=(tmp_path,))


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    unit = tmp_path / "aria.yaml"
    unit.write_bytes(b"\xef\xbb\xbf" + ARIA.read_bytes())
    from tests.hostile.helpers import cli

    run = cli("character", "show", unit)
    assert run.code == 0, run.err
    assert "Aria" in run.out


def test_the_real_command_refuses_in_one_line(tmp_path: Path) -> None:
    """The same refusal from a fresh process (the console script's code path)."""
    import subprocess
    import sys

    unit = tmp_path / "aria.yaml"
    unit.write_bytes(UTF_16)
    done = subprocess.run(
        [sys.executable, "-m", "tactician.cli.main", "character", "show", str(unit)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"error: {unit}: is UTF-16 text, not UTF-8; save it as UTF-8\n"
