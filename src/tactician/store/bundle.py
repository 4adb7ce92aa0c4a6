"""A campaign as a folder (or zip) of small files a person can read and diff:

```
campaign.yaml            format, name, ruleset, options, created
store.yaml               the party store's items
characters/NNN.yaml      one per character: name, sheet, history of changes
battles/NNN.json         one per battle: name, status and the engine's Battle
```

File names are positions, never names from the data, so nothing a campaign
holds can choose a path. Reading refuses, naming the file and the fault: a
missing or wrongly typed field, a file over ``MAX_FILE`` bytes, more than
``MAX_FILES`` files, a zip member whose name leaves the bundle (``..``, ``/``
first) or that inflates past its limit (read in bounded chunks, whatever its
header claims), two zip members of one name (the forged one would win), an
encrypted or otherwise unreadable member, a symlink, a FIFO or device (each file
goes through ``content.files.read_bytes``: never waited on), a number the store
cannot hold (``content.limits.check_integer``), a name with a control character
(``store.names``), a battle whose ``start_hash`` was removed. Nothing is written
while reading; the rules' checks (sheets, logs, status) follow in
``table.campaign_bundles``.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
import zipfile
import zlib
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tactician.content.files import check_nesting, decode_utf8, parse_json, read_bytes
from tactician.content.loader import describe_errors
from tactician.content.strict_yaml import load_yaml
from tactician.engine.battle import Battle
from tactician.errors import ContentError, TacticianError
from tactician.store.names import check_name, control_character, escaped

FORMAT = 1
MAX_FILE = 8 * 1024 * 1024
MAX_TOTAL = 256 * 1024 * 1024
MAX_FILES = 20_000
_CHUNK = 64 * 1024


class Change(BaseModel):
    model_config = ConfigDict(extra="forbid")
    at: datetime
    who: str
    what: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None


class CharacterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    sheet: dict[str, Any]
    history: list[Change] = Field(default_factory=list)


class BattleFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    status: str = "ongoing"
    battle: Battle


class CampaignFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: int = FORMAT
    name: str = Field(min_length=1)
    ruleset: str = Field(min_length=1)
    options: list[str] = Field(default_factory=list)
    created: datetime


class StoreFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Any] = Field(default_factory=list)


class Bundle(BaseModel):
    """A whole campaign, as export writes it and import reads it."""

    model_config = ConfigDict(extra="forbid")
    campaign: CampaignFile
    store: StoreFile = Field(default_factory=StoreFile)
    characters: list[CharacterFile] = Field(default_factory=list)
    battles: list[BattleFile] = Field(default_factory=list)


def utc(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


# --- writing -----------------------------------------------------------------------------


def _yaml(data: Any) -> str:
    """Readable YAML (letters as they are) unless that would not read back the same
    (YAML takes some characters, such as U+0085, as line breaks): then escaped."""
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    if yaml.safe_load(text) == data:
        return text
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=False, width=100)


def render(bundle: Bundle) -> dict[str, str]:
    """The bundle's files: relative path -> text."""
    files = {
        "campaign.yaml": _yaml(bundle.campaign.model_dump(mode="json")),
        "store.yaml": _yaml(bundle.store.model_dump(mode="json")),
    }
    for number, character in enumerate(bundle.characters, start=1):
        files[f"characters/{number:03}.yaml"] = _yaml(character.model_dump(mode="json"))
    for number, battle in enumerate(bundle.battles, start=1):
        files[f"battles/{number:03}.json"] = json.dumps(
            battle.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n"
    return files


def write_folder(bundle: Bundle, folder: Path) -> list[Path]:
    """Write the bundle into ``folder`` (which must not exist or be empty), whole or not
    at all: into a temporary folder beside it, renamed into place when every file is
    written (a full disk or a read-only folder part-way leaves nothing behind)."""
    from tactician.os_errors import check_out_place

    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ContentError(f"{folder}: exists and is not an empty folder; choose another")
    check_out_place(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".partial",
                                    dir=folder.parent))
    rendered = render(bundle)
    try:
        for relative, text in rendered.items():
            path = partial / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if folder.exists():
            folder.rmdir()  # empty, as checked: the rename needs its name free
        os.rename(partial, folder)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return [folder / relative for relative in rendered]


def write_zip(bundle: Bundle, path: Path) -> None:
    """Write the bundle as a zip at ``path`` (which must not exist), whole or not at
    all: a temporary file beside it, linked into place once complete."""
    from tactician.os_errors import check_out_place

    if path.exists():
        raise ContentError(f"{path}: exists; choose another file name")
    check_out_place(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial",
                                    dir=path.parent)
    partial = Path(name)
    try:
        with os.fdopen(handle, "wb") as raw, \
                zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as archive:
            for relative, text in render(bundle).items():
                archive.writestr(relative, text)
            archive.close()
            raw.flush()
            os.fsync(raw.fileno())
        _into_place(partial, path)
    except FileExistsError:
        raise ContentError(f"{path}: exists; choose another file name") from None
    finally:
        partial.unlink(missing_ok=True)


def _into_place(partial: Path, path: Path) -> None:
    """Give the complete file ``partial`` the name ``path``: a hard link, which never
    replaces a file that appeared meanwhile; where the file system has none, a rename
    after one more look."""
    try:
        os.link(partial, path)
    except FileExistsError:
        raise
    except OSError:
        if path.exists():
            raise FileExistsError(path) from None
        os.rename(partial, path)


# --- reading -----------------------------------------------------------------------------


def read(path: Path) -> Bundle:
    """Read and validate a bundle folder or zip, refusing any fault by name."""
    if path.is_dir():
        files = _folder_files(path)
    elif path.is_file() and zipfile.is_zipfile(path):
        files = _zip_files(path)
    elif path.exists() and not path.is_file():
        read_bytes(path, "campaign bundle (a folder or a zip)")  # refuses it by kind
    elif path.exists():
        raise ContentError(f"{path}: not a campaign bundle (a folder or a zip)")
    else:
        raise ContentError(f"{path}: no such folder or zip")
    return parse(files, str(path))


def _allowed(name: str, where: str) -> str:
    pure = PurePosixPath(name.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or name.startswith(("/", "\\")) or ":" in name:
        raise ContentError(f"{where}: file name {name!r} leaves the bundle; refused")
    return str(pure)


def _folder_files(folder: Path) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    total = 0
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_symlink():
            raise ContentError(f"{folder}: {relative} is a symbolic link; refused")
        if path.is_dir():
            continue
        if len(files) >= MAX_FILES:
            raise ContentError(f"{folder}: more than {MAX_FILES} files")
        size = path.stat().st_size
        if size > MAX_FILE:
            raise ContentError(f"{folder}: {relative} is {size} bytes, over the {MAX_FILE} "
                               "byte limit for one file")
        total += size
        if total > MAX_TOTAL:
            raise ContentError(f"{folder}: over {MAX_TOTAL} bytes in all")
        files[relative] = read_bytes(path, "bundle file", MAX_FILE)
    return files


def _zip_files(path: Path) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    total = 0
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            if len(members) > MAX_FILES:
                raise ContentError(f"{path}: more than {MAX_FILES} files")
            for member in members:
                name = _allowed(member.filename, str(path))
                if member.is_dir():
                    continue
                if name in files:
                    raise ContentError(f"{path}: holds two members named {name!r} (one "
                                       "would be dropped unseen); refused")
                if member.flag_bits & 0x1:
                    raise ContentError(f"{path}: {name} is encrypted; a bundle is never "
                                       "encrypted")
                data = _inflate(archive, member, f"{path}: {name}")
                total += len(data)
                if total > MAX_TOTAL:
                    raise ContentError(f"{path}: inflates to over {MAX_TOTAL} bytes in all")
                files[name] = data
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError,
            RuntimeError, ValueError, EOFError, zlib.error) as exc:
        raise ContentError(f"{path}: not a readable zip ({_one_line(exc)})") from None
    return files


def _one_line(exc: BaseException) -> str:
    """An exception's words on one line, its control characters escaped."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return escaped(text)[1:-1] if control_character(text) is not None else text


def _inflate(archive: zipfile.ZipFile, member: zipfile.ZipInfo, where: str) -> bytes:
    """A member's bytes, stopping as soon as they pass ``MAX_FILE`` (a zip bomb's
    header can lie about its size)."""
    out = io.BytesIO()
    with archive.open(member) as stream:
        while chunk := stream.read(_CHUNK):
            out.write(chunk)
            if out.tell() > MAX_FILE:
                raise ContentError(f"{where}: inflates past the {MAX_FILE} byte limit for "
                                   "one file (a zip bomb?); refused")
    return out.getvalue()


def parse(files: dict[str, bytes], where: str) -> Bundle:
    """Validate the files of a bundle (relative path -> bytes)."""
    names = {_allowed(name, where) for name in files}
    unknown = sorted(n for n in names if not _expected(n))
    if unknown:
        raise ContentError(f"{where}: unexpected file {unknown[0]!r} (a bundle holds "
                           "campaign.yaml, store.yaml, characters/*.yaml, battles/*.json)")
    if "campaign.yaml" not in files:
        raise ContentError(f"{where}: campaign.yaml is missing")
    data: dict[str, Any] = {
        "campaign": _load(files, "campaign.yaml", where),
        "store": _load(files, "store.yaml", where) if "store.yaml" in files else {},
        "characters": [], "battles": [],
    }
    sources: dict[str, list[str]] = {"characters": [], "battles": []}
    for name in sorted(files):
        folder = name.partition("/")[0]
        if folder in sources:
            data[folder].append(_load(files, name, where))
            sources[folder].append(name)
    _check_format(data["campaign"], where)
    for number, battle in enumerate(data["battles"]):
        inner = battle.get("battle")
        if isinstance(inner, dict) and not inner.get("start_hash"):
            raise ContentError(f"{where}: {sources['battles'][number]}: battle.start_hash is "
                               "missing: a battle's start is sealed by its hash, and one "
                               "without it was edited by hand; refused")
    try:
        bundle = Bundle.model_validate(data)
    except ValidationError as exc:
        raise ContentError(f"{where}: {_name_files(exc, sources)}") from None
    _check_names(bundle, sources, where)
    return bundle


def _check_names(bundle: Bundle, sources: dict[str, list[str]], where: str) -> None:
    """Every name as the CLI checks it (``store.names``), and a status without control
    characters (other text is shown escaped)."""
    checks: list[tuple[str, str, str]] = [("campaign.yaml", bundle.campaign.name, "campaign")]
    checks += [(sources["characters"][i], c.name, "character")
               for i, c in enumerate(bundle.characters)]
    checks += [(sources["battles"][i], b.name, "battle") for i, b in enumerate(bundle.battles)]
    for source, name, kind in checks:
        try:
            check_name(name, kind)
        except TacticianError as exc:
            raise ContentError(f"{where}: {source}: {exc}") from None
    for number, battle in enumerate(bundle.battles):
        bad = control_character(battle.status)
        if bad is not None:
            raise ContentError(f"{where}: {sources['battles'][number]}: status "
                               f"{escaped(battle.status)} holds the control character "
                               f"U+{ord(bad):04X}")


def _expected(name: str) -> bool:
    parts = name.split("/")
    if len(parts) == 1:
        return name in ("campaign.yaml", "store.yaml")
    return len(parts) == 2 and (
        (parts[0] == "characters" and parts[1].endswith(".yaml"))
        or (parts[0] == "battles" and parts[1].endswith(".json")))


def _load(files: dict[str, bytes], name: str, where: str) -> Any:
    """One bundle file parsed by the readers every other file goes through
    (``content.files``, ``content.strict_yaml``): UTF-8 only, a key at most once,
    nesting and YAML node counts bounded, each refusal naming the file."""
    source = f"{where}: {name}"
    text = decode_utf8(files[name], source)
    value = (parse_json(text, source, fault="does not parse") if name.endswith(".json")
             else load_yaml(text, source))
    check_nesting(value, source)  # and every whole number within the store's 64 bits
    if not isinstance(value, dict):
        raise ContentError(f"{where}: {name} must hold a mapping, not "
                           f"{type(value).__name__}")
    return value


def _check_format(campaign: dict[str, Any], where: str) -> None:
    if campaign.get("format", FORMAT) != FORMAT:
        raise ContentError(f"{where}: campaign.yaml: bundle format {campaign.get('format')!r} "
                           f"is not read (this version reads {FORMAT})")


def _name_files(exc: ValidationError, sources: dict[str, list[str]]) -> str:
    """Validation errors naming the file each one is in instead of its list position."""
    messages = []
    for error in exc.errors():
        loc = list(error["loc"])
        head = str(loc[0]) if loc else ""
        if head in sources and len(loc) > 1 and isinstance(loc[1], int):
            source, rest = sources[head][loc[1]], loc[2:]
        else:
            source, rest = f"{head}.yaml", loc[1:]
        field = ".".join(str(p) for p in rest) or "(the file)"
        messages.append(f"{source}: {field}: {error['msg']}")
    return "; ".join(messages) if messages else "; ".join(describe_errors(exc))
