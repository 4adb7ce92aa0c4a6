"""Export and import: the round trip holds (property test on the store layer) and
hostile bundles are refused, naming the fault, with the database unchanged."""

from __future__ import annotations

import itertools
import json
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from tactician.errors import ContentError, TacticianError
from tactician.store import bundle as files
from tactician.store.bundle import BattleFile, Bundle, CampaignFile, CharacterFile, StoreFile
from tactician.store.bundle import Change as ChangeFile
from tactician.store.campaigns import CampaignInfo, save_character
from tactician.store.database import Database
from tactician.store.exchange import export_campaign, import_campaign
from tactician.store.models import Base
from tactician.table import campaigns as service
from tactician.table.campaign_bundles import export_to, import_from
from tests.store.counter import new_battle, play
from tests.store.ford import MAP, SEED, UNITS, played_actions

TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
               max_size=12)
NAME = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, exclude_categories=("Cc",)),
               min_size=1, max_size=10).filter(str.strip)  # names refuse control characters
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | TEXT
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8)
SHEET = st.dictionaries(TEXT, JSON, max_size=4)
MOMENT = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                      timezones=st.just(UTC))
CHANGE = st.builds(ChangeFile, at=MOMENT, who=TEXT, what=TEXT,
                   before=st.none() | SHEET, after=st.none() | SHEET)
CHARACTER = st.builds(CharacterFile, name=NAME, sheet=SHEET, history=st.lists(CHANGE, max_size=3))


@st.composite
def battles(draw: st.DrawFn) -> BattleFile:
    tags = draw(st.lists(TEXT, max_size=5))
    battle, _ = play(new_battle(seed=draw(st.integers(0, 2**31))), tags)
    return BattleFile(name=draw(NAME), status=draw(st.sampled_from(["ongoing", "victory"])),
                      battle=battle)


BUNDLE = st.builds(
    Bundle,
    campaign=st.builds(CampaignFile, name=NAME, ruleset=st.just("counter"),
                       options=st.lists(TEXT, max_size=2), created=MOMENT),
    store=st.builds(StoreFile, items=st.lists(JSON, max_size=3)),
    characters=st.lists(CHARACTER, max_size=3, unique_by=lambda c: c.name),
    battles=st.lists(battles(), max_size=2, unique_by=lambda b: b.name),
)
_names = itertools.count()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(bundle=BUNDLE)
def test_round_trip(db: Database, bundle: Bundle, tmp_path: Path) -> None:
    """A bundle stored and exported again is the same bundle, and its files parse back
    to it (folder and zip)."""
    name = f"campaign {next(_names)}"
    info = import_campaign(db, bundle, name)
    again = export_campaign(db, info)
    expected = bundle.model_copy(update={
        "campaign": bundle.campaign.model_copy(update={"name": name}),
        "characters": sorted(bundle.characters, key=lambda c: c.name),
        "battles": sorted(bundle.battles, key=lambda b: b.name)})
    assert again == expected
    rendered = files.render(again)
    assert files.parse({k: v.encode() for k, v in rendered.items()}, "bundle") == again


def _everything(db: Database) -> dict[str, list[Any]]:
    with db.read() as session:
        return {table.name: [tuple(row) for row in session.execute(select(table))]
                for table in Base.metadata.sorted_tables}


@pytest.fixture
def exported(db: Database, campaign: CampaignInfo, tmp_path: Path) -> Path:
    save_character(db, campaign, "Aria", {"name": "Aria", "hp": 20}, "gm", "created")
    info = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED).info
    service.perform_many(db, info.id, list(played_actions()[:6]))
    return export_to(db, campaign, tmp_path / "bundle")


def test_cli_round_trip_rebuilds_snapshots(db: Database, exported: Path) -> None:
    info = import_from(db, exported, name="copy", every=2)
    assert service.check_campaign(db, info) == []
    from tactician.store.battles import find_battle, snapshots

    assert [s for s, _ in snapshots(db, find_battle(db, info, "ford").id)] == [2, 4, 6]


def _refused(db: Database, source: Path, match: str) -> None:
    before = _everything(db)
    with pytest.raises(TacticianError, match=match):
        import_from(db, source, name="hostile")
    assert _everything(db) == before


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text()) if path.suffix == ".json" else None
    if data is None:
        import yaml

        data = yaml.safe_load(path.read_text())
        change(data)
        path.write_text(yaml.safe_dump(data))
    else:
        change(data)
        path.write_text(json.dumps(data))


def test_missing_field(db: Database, exported: Path) -> None:
    _edit(exported / "campaign.yaml", lambda d: d.pop("ruleset"))
    _refused(db, exported, r"campaign.yaml: ruleset: Field required")


def test_wrong_type(db: Database, exported: Path) -> None:
    _edit(exported / "characters" / "001.yaml", lambda d: d.update(sheet="strong"))
    _refused(db, exported, r"characters/001.yaml: sheet: Input should be a valid dictionary")


def test_a_repeated_key_is_refused(db: Database, exported: Path) -> None:
    # yaml.safe_load would keep the last value silently; bundles are read like every
    # other file (content.strict_yaml)
    path = exported / "campaign.yaml"
    path.write_text(path.read_text() + "ruleset: tropera\n")
    _refused(db, exported, r"campaign.yaml.*'ruleset' appears twice")


def test_a_file_that_is_not_utf8_is_refused(db: Database, exported: Path) -> None:
    path = exported / "characters" / "001.yaml"
    path.write_bytes(path.read_bytes() + "# caf\xe9\n".encode("latin-1"))
    _refused(db, exported, r"characters/001.yaml.*UTF-8")


def test_unknown_ruleset(db: Database, exported: Path) -> None:
    _edit(exported / "campaign.yaml", lambda d: d.update(ruleset="chess"))
    _refused(db, exported, r"campaign.yaml: unknown ruleset 'chess'")


def test_a_log_that_does_not_replay(db: Database, exported: Path) -> None:
    def forge(data: dict[str, Any]) -> None:
        data["battle"]["log"][2]["summary"] = "Aria wins"

    _edit(exported / "battles" / "001.json", forge)
    _refused(db, exported, r"battles/001.json \('ford'\): .*entry 3")


def test_unexpected_file_and_symlink(db: Database, exported: Path) -> None:
    (exported / "notes.txt").write_text("hi")
    _refused(db, exported, r"unexpected file 'notes.txt'")
    (exported / "notes.txt").unlink()
    (exported / "characters" / "002.yaml").symlink_to("/etc/passwd")
    _refused(db, exported, r"symbolic link")


def test_over_size_file(db: Database, exported: Path) -> None:
    with (exported / "characters" / "002.yaml").open("wb") as out:
        out.truncate(files.MAX_FILE + 1)
    _refused(db, exported, r"characters/002.yaml is \d+ bytes, over the")


def _zip(tmp_path: Path, members: dict[str, bytes]) -> Path:
    path = tmp_path / "hostile.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def _members(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


def test_zip_round_trip_and_path_traversal(db: Database, exported: Path, tmp_path: Path
                                           ) -> None:
    members = _members(exported)
    info = import_from(db, _zip(tmp_path, members), name="zipped")
    assert info.name == "zipped"
    (tmp_path / "hostile.zip").unlink()
    _refused(db, _zip(tmp_path, {**members, "../evil.yaml": b"x: 1"}), r"leaves the bundle")
    (tmp_path / "hostile.zip").unlink()
    _refused(db, _zip(tmp_path, {**members, "/etc/evil.yaml": b"x: 1"}), r"leaves the bundle")


def test_zip_bomb(db: Database, exported: Path, tmp_path: Path) -> None:
    members = _members(exported)
    path = tmp_path / "bomb.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        with archive.open("characters/002.yaml", "w") as member:
            block = b"\0" * (1 << 20)
            for _ in range(files.MAX_FILE // len(block) + 2):
                member.write(block)
    assert path.stat().st_size < 1 << 20
    _refused(db, path, r"characters/002.yaml: inflates past the")


def test_not_a_bundle(db: Database, tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("hello")
    _refused(db, tmp_path / "x.txt", r"not a campaign bundle")
    _refused(db, tmp_path / "missing", r"no such folder or zip")
    with pytest.raises(ContentError, match="campaign.yaml is missing"):
        files.parse({}, "empty")


def test_battle_file_in_and_out(db: Database, campaign: CampaignInfo, tmp_path: Path) -> None:
    """A JSON battle file stored in a campaign and written back is the same battle;
    one whose log does not replay is refused and nothing is stored."""
    from tactician.engine.store_file import load_battle, save_battle
    from tactician.store.battles import list_battles
    from tactician.table.campaign_bundles import export_battle_file, import_battle_file

    info = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED).info
    service.perform_many(db, info.id, list(played_actions()[:6]))
    path = export_battle_file(db, info.id, tmp_path / "ford.json")
    copy = import_battle_file(db, campaign, "copy", path)
    assert export_battle_file(db, copy.id, tmp_path / "copy.json").read_text() == \
        path.read_text()
    assert service.check_battle(db, copy.id) == []
    battle = load_battle(path)
    forged = battle.model_copy(update={"log": [
        *battle.log[:2], battle.log[2].model_copy(update={"summary": "forged"}),
        *battle.log[3:]]})
    save_battle(forged, tmp_path / "forged.json")
    before = _everything(db)
    with pytest.raises(TacticianError, match=r"forged.json: .*entry 3"):
        import_battle_file(db, campaign, "forged", tmp_path / "forged.json")
    assert _everything(db) == before
    assert [b.name for b in list_battles(db, campaign)] == ["copy", "ford"]
