"""The campaign store under hostile input (issue 27): campaign and battle imports,
roster files and names, numbers the store cannot hold. Each is refused as the
battle files are (``helpers.refused``: exit 2, one line naming the file and the
fault, no traceback) and the database left as it was: nothing imported."""

from __future__ import annotations

import json
import os
import signal
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.battle_json import json_of
from tests.hostile.helpers import ARIA, BANDITS, FORD, PARTY, cli, new_battle, refused, unit_file


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A command that blocks (on a FIFO, a lock) fails the test instead of hanging it."""

    def _hung(*_: Any) -> None:
        raise TimeoutError("the command hung")

    old = signal.signal(signal.SIGALRM, _hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _db(tmp_path: Path) -> Path:
    return tmp_path / "c.sqlite"


def _campaign(tmp_path: Path) -> Path:
    """A campaign ``c`` with Aria on its roster and a battle ``ford``; returns the db."""
    db = _db(tmp_path)
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    run = cli("character", "add", ARIA, "--db", db)
    assert run.code == 0, (run.err, run.exception)
    run = cli("battle", "new", "ford", "--map", FORD, "--units", PARTY, "--units", BANDITS,
              "--seed", 7, "--db", db)
    assert run.code == 0, (run.err, run.exception)
    return db


def _exported(tmp_path: Path) -> Path:
    db = _campaign(tmp_path)
    folder = tmp_path / "bundle"
    run = cli("campaign", "export", "--out", folder, "--db", db)
    assert run.code == 0, (run.err, run.exception)
    return folder


def _campaigns(db: Path) -> list[str]:
    run = cli("campaign", "list", "--json", "--db", db)
    return [row["name"] for row in run.json()]


def _import_refused(bundle: Path, db: Path, *names: str) -> str:
    before = _campaigns(db) if db.exists() else []
    line = refused("campaign", "import", bundle, "--name", "again", "--db", db,
                   names=names)
    assert (_campaigns(db) if db.exists() else []) == before, "a refused import stored"
    return line


def _edit_json(path: Path, change: Any) -> None:
    data = json_of(path)
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _edit_yaml(path: Path, change: Any) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


# --- what is not a file ---------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", [
    ("campaign", "import", "{fifo}"),
    ("battle", "import", "{fifo}", "--name", "x"),
    ("character", "add", "{fifo}"),
    ("battle", "show", "--battle", "{fifo}"),
])
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: tuple[str, ...]) -> None:
    db = _db(tmp_path)
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    args = [str(fifo) if part == "{fifo}" else part for part in command]
    refused(*args, "--db", db, names=(str(fifo), "FIFO"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_inside_a_bundle_folder_is_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)
    os.mkfifo(folder / "store.yaml.fifo")
    (folder / "store.yaml").unlink()
    os.rename(folder / "store.yaml.fifo", folder / "store.yaml")
    _import_refused(folder, _db(tmp_path), "store.yaml", "FIFO")


# --- numbers the store cannot hold ----------------------------------------------------------


def test_a_seed_past_64_bits_is_refused_alike_in_file_and_campaign_mode(tmp_path: Path) -> None:
    db = _db(tmp_path)
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    base = ("battle", "new", "--map", FORD, "--units", PARTY, "--seed", 10**30)
    in_file = refused(*base, "--out", tmp_path / "b.json", names=("--seed", "64 bits"),
                      watch=(tmp_path,))
    in_db = refused(*base[:2], "b", *base[2:], "--db", db, names=("--seed", "64 bits"))
    assert in_file == in_db
    assert not (tmp_path / "b.json").exists()


def test_a_battle_file_with_a_huge_number_is_refused(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    _edit_json(battle, lambda d: d.update(seed=10**30))
    db = _db(tmp_path)
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    refused("battle", "import", battle, "--db", db, names=(str(battle), "64 bits"))
    refused("battle", "show", "--battle", battle, names=(str(battle), "64 bits"))


@pytest.mark.parametrize("where", ["store", "sheet", "battle"])
def test_a_bundle_with_a_huge_number_is_refused(tmp_path: Path, where: str) -> None:
    folder = _exported(tmp_path)
    if where == "store":
        (folder / "store.yaml").write_text(f"items: [{10**30}]\n", encoding="utf-8")
        name = "store.yaml"
    elif where == "sheet":
        _edit_yaml(folder / "characters" / "001.yaml",
                   lambda d: d["sheet"]["carried"].update(gold=-(10**25)))
        name = "characters/001.yaml"
    else:
        _edit_json(folder / "battles" / "001.json",
                   lambda d: d["battle"].update(streams=2**64))
        name = "battles/001.json"
    _import_refused(folder, _db(tmp_path), name, "64 bits")


# --- zips -----------------------------------------------------------------------------------


def _zip(folder: Path, target: Path, extra: list[tuple[str, bytes]] = ()) -> Path:  # type: ignore[assignment]
    with zipfile.ZipFile(target, "w") as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder).as_posix())
        for name, data in extra:
            archive.writestr(name, data)
    return target


def test_two_zip_members_of_one_name_are_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)
    forged = (folder / "campaign.yaml").read_text(encoding="utf-8").replace("name: c",
                                                                            "name: forged")
    with pytest.warns(UserWarning, match="Duplicate name"):
        bundle = _zip(folder, tmp_path / "b.zip", [("campaign.yaml", forged.encode())])
    _import_refused(bundle, _db(tmp_path), "two members", "campaign.yaml")


def test_a_zip_member_with_the_encrypted_flag_is_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)
    bundle = _zip(folder, tmp_path / "b.zip")
    data = bytearray(bundle.read_bytes())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):  # local and central
        at = data.find(signature)
        while at != -1:
            data[at + offset] |= 0x1
            at = data.find(signature, at + 4)
    bundle.write_bytes(bytes(data))
    _import_refused(bundle, _db(tmp_path), str(bundle), "encrypted")


# --- what the rules say about a bundle ------------------------------------------------------


def test_a_status_the_log_does_not_reach_is_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)
    _edit_json(folder / "battles" / "001.json", lambda d: d.update(status="victory"))
    _import_refused(folder, _db(tmp_path), "battles/001.json", "'victory'", "'ongoing'")


def test_a_status_with_terminal_escapes_is_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)
    _edit_json(folder / "battles" / "001.json", lambda d: d.update(status="ongoing\x1b[2J"))
    line = _import_refused(folder, _db(tmp_path), "battles/001.json", "status", "\\x1b")
    assert "\x1b" not in line


@pytest.mark.parametrize(("field", "value"), [
    ("name", "Aria\x1b]0;pwned\x07"), ("name", ""), ("name", "Aria\u202eevil")])
def test_a_character_name_with_control_characters_is_refused(tmp_path: Path, field: str,
                                                             value: str) -> None:
    folder = _exported(tmp_path)
    _edit_yaml(folder / "characters" / "001.yaml", lambda d: d.update({field: value}))
    _import_refused(folder, _db(tmp_path), "characters/001.yaml")


def test_a_battle_name_with_a_newline_is_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)
    _edit_json(folder / "battles" / "001.json", lambda d: d.update(name="ford\nerror: x"))
    _import_refused(folder, _db(tmp_path), "battles/001.json", "U+000A")


def test_an_unchecked_sheet_is_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)
    _edit_yaml(folder / "characters" / "001.yaml",
               lambda d: d["sheet"]["unit"].update(stats="many"))
    _import_refused(folder, _db(tmp_path), "characters/001.yaml", "ruleset refuses")


def test_a_bundle_battle_without_its_start_hash_is_refused(tmp_path: Path) -> None:
    folder = _exported(tmp_path)

    def _forge(data: dict[str, Any]) -> None:
        data["battle"]["log"] = []
        del data["battle"]["start_hash"]
        data["battle"]["start"]["units"][0]["position"] = [0, 0]

    _edit_json(folder / "battles" / "001.json", _forge)
    _import_refused(folder, _db(tmp_path), "battles/001.json", "start_hash")


def test_a_battle_file_without_its_start_hash_is_refused(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    _edit_json(battle, lambda d: d.pop("start_hash"))
    db = _db(tmp_path)
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    refused("battle", "import", battle, "--db", db, names=(str(battle), "start_hash"))
    refused("battle", "show", "--battle", battle, names=(str(battle), "start_hash"),
            watch=(battle,))


# --- roster names ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", "   ", "Aria\x1b[2J", "Ar\nia"])
def test_character_add_refuses_a_name_the_cli_would_not_show(tmp_path: Path,
                                                             name: str) -> None:
    db = _db(tmp_path)
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    refused("character", "add", ARIA, "--name", name, "--db", db, names=("character",))
    refused("character", "add", unit_file(tmp_path, name), "--db", db, names=("character",))
    assert cli("character", "list", "--json", "--db", db).json() in ([], {})


# --- dice -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("expr", "words"), [
    ("1d20kh99999999999999999999", "at most"), ("1d20kh5000", "at most 1000"),
    ("1d6+99999999999999999999", "at most")])
def test_a_dice_number_past_its_bound_is_refused(expr: str, words: str) -> None:
    refused("roll", expr, names=(words,))
