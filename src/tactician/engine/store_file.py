"""A battle in a file: read whole or from its newest snapshot on, appended to by an
action, rewritten by an undo.

A battle file is written in lines (``content.battle_lines``, docs/battle-file.md): a
header line, then one record line per write. An action appends its record with one
``pwrite`` and an ``fsync`` (``append_battle``); the record is committed when its line
is whole on disk, so a kill mid-append leaves a torn last line, which is not a
committed action: every read leaves it out and the next append cuts it off. A file
written before (one JSON document, as ``battle export`` and ``battle new`` wrote it
until issue 28) is still read, whole, and rewritten in lines by its next write.

A whole write (``save_battle``: a new battle, an export, an undo, the first write to
a file in the old form) is atomic and durable: the battle goes to a temporary file
``.NAME.json.XXXXXXXX`` in the same folder, which is fsynced, replaced over the
battle in one ``os.replace``, and then the folder is fsynced, so a crash or a kill
leaves either the old battle or the new one, never half of either. A kill between
the write and the replace leaves the temporary file behind: ``cleanup`` (run
whenever a battle is opened) removes such leftovers.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tactician.content import battle_lines as lines
from tactician.content.files import decode_utf8, parse_json, read_bytes
from tactician.content.loader import describe_errors
from tactician.content.save_temporaries import new_temporary, temporaries_beside, where_saved
from tactician.engine.battle import Battle, UnknownFormat, check_format
from tactician.engine.chain import BrokenChain
from tactician.engine.log import Entry
from tactician.errors import ContentError

__all__ = ["STALE_AFTER_S", "BattleFile", "FileTail", "append_battle", "cleanup", "load_battle",
           "load_tail", "read_battle_file", "save_battle"]


@dataclass
class BattleFile:
    """A battle file read whole: the battle, its snapshots by the entry they were taken
    after (a file in lines; each sealed to that entry, checked as read) and whether it
    is in lines (else one JSON document, rewritten in lines by its next write)."""

    battle: Battle
    snapshots: dict[int, dict[str, Any]] = field(default_factory=dict)
    lines: bool = False

    def since_snapshot(self) -> int:
        """Entries after the newest snapshot (all of them with none)."""
        return len(self.battle.log) - max(self.snapshots, default=0)


@dataclass
class FileTail:
    """A battle file in lines read from its newest snapshot on (``battle_lines.read_tail``):
    the battle as a tail (``Battle.tail``: its log holds the entries after the snapshot,
    verified from it: ``chain.verify``), the dumped state the snapshot holds (None: the
    tail runs from the start) and where the file's last whole line ends."""

    battle: Battle
    state: Any
    end: int

    def since_snapshot(self) -> int:
        return len(self.battle.log)


def _fields(header: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in header.items() if key != lines.MARK}


def _refuse_start(data: Any, path: Path) -> None:
    if isinstance(data, dict) and "format" in data:
        try:
            check_format(data["format"])
        except UnknownFormat as exc:
            raise ContentError(f"{path}: {exc}") from None
    if isinstance(data, dict) and not data.get("start_hash"):
        # a written battle always carries it; without one, a hand-edited start would be
        # sealed afresh and taken as a new battle
        raise ContentError(f"{path}: start_hash is missing: every battle file seals its "
                           "start with it, so this one was edited by hand; refused")


def load_battle(path: Path) -> Battle:
    """Read a battle file whole (``read_battle_file``)."""
    return read_battle_file(path).battle


def read_battle_file(path: Path) -> BattleFile:
    """Read a battle file whole, refusing one that is missing, a folder, over the size
    limit, not UTF-8, not JSON (a line of a file in lines that does not read, named by
    its line), nested too deeply, of an unknown ``format`` or not shaped like a battle,
    each with one line naming the file (see ``content.files``), and a snapshot whose
    seal does not follow its entry. A torn last line (a write a kill cut short) is left
    out. The start state is checked against its ruleset when the battle is opened
    (``table``)."""
    data = read_bytes(path, "battle file")
    if lines.is_lines(data):
        return _whole_lines(lines.parse_lines(data, path), path)
    parsed = parse_json(decode_utf8(data, path), path, fault="not a battle file")
    _refuse_start(parsed, path)
    try:
        return BattleFile(Battle.model_validate(parsed))
    except ValidationError as exc:
        raise ContentError(
            f"{path}: not a battle file: {'; '.join(describe_errors(exc))}"
        ) from None


def _whole_lines(read: lines.Lines, path: Path) -> BattleFile:
    fields = _fields(read.header)
    _refuse_start(fields, path)
    log: list[dict[str, Any]] = []
    line_of: list[int] = []  # the line of each entry, for a message
    snapshots: dict[int, dict[str, Any]] = {}
    last = read.records[-1].data if read.records else fields
    for record in read.records:
        log.extend(record.data["entries"])
        line_of.extend([record.line] * len(record.data["entries"]))
    data = {**fields, "log": log, "streams": last.get("streams", 0),
            "undone": last.get("undone", [])}
    battle = _validated(data, path, line_of, read.records[-1].line if read.records else 1)
    for record in read.records:
        snapshot = record.data.get("snapshot")
        if snapshot is not None:
            seq = snapshot["seq"]
            anchor = battle.log[seq - 1] if 0 < seq <= len(battle.log) else None
            if anchor is None or anchor.seq != seq:
                raise ContentError(f"{path}: line {record.line}: its snapshot is after entry "
                                   f"{seq}, which is not the line's last entry")
            _check_seal(snapshot, anchor, path, record.line)
            snapshots[seq] = snapshot
    return BattleFile(battle, snapshots, True)


def _check_seal(snapshot: dict[str, Any], anchor: Entry, path: Path, line: int | str) -> None:
    if snapshot["hash"] != lines.snapshot_hash(anchor.hash, snapshot["seq"],
                                               snapshot["state_z"]):
        raise BrokenChain(f"the snapshot after entry {snapshot['seq']} (line {line} of "
                          f"{path.name}) was edited: its hash does not follow that entry")


def _validated(data: dict[str, Any], path: Path, line_of: Sequence[int], last_line: int) -> Battle:
    try:
        return Battle.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]["loc"]
        if len(first) >= 2 and first[0] == "log" and isinstance(first[1], int) \
                and first[1] < len(line_of):
            line = line_of[first[1]]
        elif first and first[0] in ("undone", "streams"):
            line = last_line
        else:
            line = 1
        raise ContentError(
            f"{path}: line {line}: not a battle file: {'; '.join(describe_errors(exc))}"
        ) from None


def load_tail(path: Path) -> FileTail | None:
    """The battle file in lines from its newest snapshot on (``FileTail``), its
    snapshot's seal checked against the entry it was taken after (the last verified
    point); None for a file in the old form or one that cannot be read at all (the
    caller reads it whole, which refuses it in its words). The chain from that entry
    on is the caller's to verify (``chain.verify``, with the rules' replay)."""
    try:
        with open(path, "rb") as stream:
            prefix = stream.read(len(lines.MARK) + 8)
    except OSError:
        return None
    if not lines.is_lines(prefix):
        return None
    tail = lines.read_tail(path)
    fields = _fields(tail.header)
    _refuse_start(fields, path)
    newest = tail.records[-1] if tail.records else tail.snapshot
    last = newest.data if newest is not None else fields
    entries = [entry for record in tail.records for entry in record.data["entries"]]
    data = {**fields, "log": entries, "streams": last.get("streams", 0),
            "undone": last.get("undone", [])}
    anchor: Entry | None = None
    state = None
    if tail.snapshot is not None:
        snapshot = tail.snapshot.data["snapshot"]
        try:
            anchor = Entry.model_validate(tail.snapshot.data["entries"][-1])
        except ValidationError as exc:
            raise _at_line(path, tail.snapshot, describe_errors(exc)) from None
        if snapshot["hash"] != lines.snapshot_hash(anchor.hash, snapshot["seq"],
                                                   snapshot["state_z"]):
            _check_seal(snapshot, anchor, path, lines.line_number(path, tail.snapshot.offset))
        state = _unpacked(snapshot, path, tail.snapshot)
    try:
        battle = Battle.tail(data, anchor)
    except ValidationError as exc:
        raise _at_line(path, _record_of(tail, exc), describe_errors(exc)) from None
    return FileTail(battle, state, tail.end)


def _record_of(tail: lines.Tail, exc: ValidationError) -> lines.Record | None:
    """The record line holding the first field ``exc`` refuses."""
    first = exc.errors()[0]["loc"]
    if len(first) >= 2 and first[0] == "log" and isinstance(first[1], int):
        count = 0
        for record in tail.records:
            count += len(record.data["entries"])
            if first[1] < count:
                return record
    if first and first[0] in ("undone", "streams"):
        return tail.records[-1] if tail.records else tail.snapshot
    return None


def _unpacked(snapshot: dict[str, Any], path: Path, record: lines.Record) -> Any:
    try:
        return lines.snapshot_state(snapshot, "\0")
    except ContentError as exc:
        where = f"{path}: line {lines.line_number(path, record.offset)}"
        raise ContentError(str(exc).replace("\0", where, 1)) from None


def _at_line(path: Path, record: lines.Record | None, errors: list[str]) -> ContentError:
    line = 1 if record is None else record.line or lines.line_number(path, record.offset)
    return ContentError(f"{path}: line {line}: not a battle file: {'; '.join(errors)}")


def _entries(items: Sequence[Entry]) -> list[dict[str, Any]]:
    return [entry.model_dump(mode="json") for entry in items]


def save_battle(battle: Battle, path: Path,
                snapshots: dict[int, dict[str, Any]] | None = None) -> None:
    """Write ``battle`` whole to ``path`` in lines, atomically and durably (see the
    module docstring): the header, then one line per entry, each carrying its sealed
    snapshot from ``snapshots`` (by entry: ``battle_lines.snapshot_of``) if any.

    A new file gets the usual permissions (0666 less the umask), a rewritten one
    keeps its own; a symbolic link is followed (the file it names is replaced).
    """
    battle = battle.whole("a battle file")  # a tail would lose the entries before it
    snapshots = snapshots or {}
    header = battle.model_dump(mode="json", exclude={"log"})
    if battle.log:  # the streams and redo list a record carries
        header["undone"] = []
    parts = [lines.header_line(header)]
    logged = _entries(battle.log)
    for number, entry in enumerate(logged, start=1):
        last = number == len(logged)
        parts.append(lines.record_line([entry], battle.streams,
                                       _entries(battle.undone) if last else [],
                                       snapshots.get(entry["seq"])))
    _write_whole(b"".join(parts), path)


def append_battle(path: Path, end: int, battle: Battle, count: int,
                  snapshot: dict[str, Any] | None) -> None:
    """Append the last ``count`` entries of ``battle`` (a tail or whole) as one record
    at ``end`` (where the file's last whole line ends, read under the lock), with the
    battle's stream counter and redo list and ``snapshot`` (of the state after its last
    entry), in one write and an fsync (``battle_lines.append_line``)."""
    line = lines.record_line(_entries(battle.log[len(battle.log) - count:]), battle.streams,
                             _entries(battle.undone), snapshot)
    lines.append_line(where_saved(path), end, line)


def _write_whole(data: bytes, path: Path) -> None:
    path = where_saved(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = new_temporary(path)
    try:
        with os.fdopen(handle, "wb") as out:
            if os.chmod in os.supports_fd:
                with contextlib.suppress(FileNotFoundError):
                    os.chmod(out.fileno(), stat.S_IMODE(path.stat().st_mode))
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the replace itself durable (POSIX: fsync the directory)."""
    if not hasattr(os, "O_DIRECTORY"):  # Windows cannot open a folder to fsync it
        return
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


# a temporary file left by a save that was killed is this old before it is removed:
# a save still running in another process is never older than a few seconds
STALE_AFTER_S = 60.0


def cleanup(path: Path, now: float | None = None) -> list[Path]:
    """Remove leftover temporaries of ``path`` from killed saves; return them.

    Only files named exactly as ``save_battle`` names them (``save_temporaries``:
    ``.NAME.`` and eight of its characters, which is also how ``tempfile`` named
    them before) and
    last written ``STALE_AFTER_S`` seconds
    or more before ``now`` (the time of this open) are removed.
    """
    cutoff = (time.time() if now is None else now) - STALE_AFTER_S
    removed: list[Path] = []
    try:
        candidates = temporaries_beside(where_saved(path))
    except OSError:
        return removed
    for candidate in candidates:
        try:
            if candidate.is_file() and candidate.stat().st_mtime <= cutoff:
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue  # gone already, or not ours to remove
    return removed
