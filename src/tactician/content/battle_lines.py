"""The append-only battle file (JSON Lines): its lines, read from either end, and the
one write an action makes (issue 28: "An action on a 5,000-entry battle ... within
1.2x a 10-entry one").

A battle file of this kind is a header line, then one line per write (docs/battle-file.md):

- line 1, the header: ``{"battle_lines": 1, "format": 2, "ruleset", "seed",
  "options", "start_hash", "streams", "undone", "start"}``: everything of the
  engine's ``Battle`` but its log (``streams`` and ``undone`` as of the last
  rewrite; a later line's own override them);
- every later line, a *record*: ``{"entries": [...], "streams": N}``, the entries
  one write appended (one action and a step due before it, or a phase the engine
  played, all or none), the battle's stream counter after them, its redo list
  (``"undone": [...]``, left out when empty) and, every ``SNAPSHOT_EVERY`` entries,
  a *snapshot*: ``{"seq", "state_z", "hash"}``, the state after the record's last
  entry (the ruleset's ``dump_state``, canonical JSON, zlib, base64), sealed to
  that entry's hash (``snapshot_hash``) so an edit of it is named.

An action reads the header and the lines from the newest snapshot on (``read_tail``,
from the file's end backwards) and appends its record in one ``pwrite`` and an
``fsync`` (``append_line``). A record is committed once its whole line, newline
last, is on disk: a last line without its newline is a write a kill or a crash cut
short (*torn*), never reported committed; a read ignores it and the next append
cuts it off first. Any other line that does not read is refused, naming the file
and the line.

This module imports only the standard library and ``tactician.errors`` /
``content``'s limits at its top: ``battle show`` asks it for a file's cache key
(``stamp``) before anything else is imported.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import stat
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tactician.errors import ContentError

__all__ = ["MARK", "SNAPSHOT_EVERY", "FileEnd", "Lines", "Tail", "append_line", "cache_material",
           "file_end", "header_line", "is_lines", "line_number", "parse_lines", "read_lines",
           "read_tail", "record_line",
           "snapshot_hash", "snapshot_of", "snapshot_state", "stamp"]

MARK = "battle_lines"  # the header's first key: what tells this file from a JSON document
VERSION = 1
_PREFIX = b'{"' + MARK.encode() + b'": '
# a snapshot is written with the record that brings the entries after the newest one to
# this many: an action replays fewer than this many entries (at some 0.4 ms each on
# Tropera's ford), and a compressed snapshot (~3 KB there) costs a 300-byte entry's room
# about once per entry
SNAPSHOT_EVERY = 10
_BLOCK = 1 << 16


def is_lines(prefix: bytes) -> bool:
    """Whether a file beginning with ``prefix`` is a battle in lines (else it is read
    as one JSON document, the format before)."""
    return prefix.startswith(_PREFIX)


# --- writing --------------------------------------------------------------------------


def _dumps(value: Any) -> bytes:
    # ASCII (``\\u`` escapes), so no byte of a line is ever a newline but its last
    return json.dumps(value, separators=(",", ":")).encode("ascii")


def header_line(fields: dict[str, Any]) -> bytes:
    """The header line of a battle (its fields but ``log``), ``start`` last. Spaced as
    ``json.dumps`` spaces (``"seed": 7,``): the one line a person reads first."""
    ordered = {MARK: VERSION, **{k: v for k, v in fields.items() if k not in ("start", "log")},
               "start": fields["start"]}
    return json.dumps(ordered).encode("ascii") + b"\n"


def record_line(entries: list[dict[str, Any]], streams: int, undone: list[dict[str, Any]],
                snapshot: dict[str, Any] | None = None) -> bytes:
    """One record line: ``entries`` (JSON-ready), the stream counter after them, the
    redo list when not empty, a snapshot when given."""
    record: dict[str, Any] = {"entries": entries, "streams": streams}
    if undone:
        record["undone"] = undone
    if snapshot is not None:
        record["snapshot"] = snapshot
    return _dumps(record) + b"\n"


def snapshot_hash(anchor_hash: str, seq: int, state_z: str) -> str:
    """The seal of a snapshot: sha256 of the hash of the entry it was taken after, its
    number and its compressed state (as the chain seals an entry: no secret, an edit
    by hand or by another tool is named)."""
    return hashlib.sha256(f"{anchor_hash}\n{seq}\n{state_z}".encode("ascii")).hexdigest()


def snapshot_of(anchor_hash: str, seq: int, state: Any) -> dict[str, Any]:
    """The snapshot of ``state`` (a dumped state, JSON-ready) after entry ``seq``."""
    raw = json.dumps(state, sort_keys=True, separators=(",", ":")).encode("ascii")
    state_z = base64.b64encode(zlib.compress(raw, 1)).decode("ascii")
    return {"seq": seq, "state_z": state_z, "hash": snapshot_hash(anchor_hash, seq, state_z)}


def snapshot_state(snapshot: dict[str, Any], where: str) -> Any:
    """The dumped state a snapshot holds (refused, naming ``where``, if it does not
    unpack: its seal was checked first, so this is damage, not an edit)."""
    try:
        return json.loads(zlib.decompress(base64.b64decode(snapshot["state_z"],
                                                           validate=True)))
    except (ValueError, zlib.error, TypeError, KeyError) as exc:
        raise ContentError(f"{where}: its snapshot does not unpack ({exc})") from None


def append_line(path: Path, end: int, line: bytes) -> None:
    """Write ``line`` at ``end`` (the end of the file's last whole line, as read under
    the lock) and fsync: one write. A torn line a killed append left after ``end`` is
    cut off first; a write that fails part-way (a full disk) is cut back to ``end``,
    so the file is as it was."""
    descriptor = os.open(path, os.O_WRONLY)
    try:
        if os.fstat(descriptor).st_size != end:
            os.ftruncate(descriptor, end)
        try:
            done = 0
            while done < len(line):
                done += os.pwrite(descriptor, line[done:], end + done)
            os.fsync(descriptor)
        except BaseException:
            os.ftruncate(descriptor, end)
            raise
    finally:
        os.close(descriptor)


# --- reading --------------------------------------------------------------------------


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Duplicate(key)
        result[key] = value
    return result


def parse_line(raw: bytes, where: str) -> dict[str, Any]:
    """One line as a JSON object, refused naming ``where`` (the file and line) if it is
    not one (as ``content.files.parse_json`` refuses a whole file)."""
    from tactician.content.files import _too_deep, check_nesting
    from tactician.content.limits import MAX_NESTING

    try:
        data = json.loads(raw, object_pairs_hook=_unique)
    except json.JSONDecodeError as exc:
        raise ContentError(f"{where}, column {exc.colno}: not a battle file line "
                           f"({exc.msg})") from None
    except UnicodeDecodeError as exc:
        raise ContentError(f"{where}: not UTF-8 text (byte 0x{raw[exc.start]:02x}, the "
                           f"line's byte {exc.start + 1}); save it as UTF-8") from None
    except _Duplicate as exc:
        raise ContentError(f"{where}: key {exc.key!r} appears twice in one object") from None
    except RecursionError:
        raise ContentError(_too_deep(where, MAX_NESTING.value())) from None
    except ValueError:
        raise ContentError(f"{where}: holds a number too long to read") from None
    if not isinstance(data, dict):
        raise ContentError(f"{where}: not a battle file line (a JSON object expected)")
    check_nesting(data, where)
    return data


def check_record(data: dict[str, Any], where: str) -> None:
    """Refuse a record line not shaped as one (its entries are the engine's to check)."""
    unknown = set(data) - {"entries", "streams", "undone", "snapshot"}
    if unknown:
        raise ContentError(f"{where}: not a battle record (unknown {sorted(unknown)[0]!r})")
    entries, streams = data.get("entries"), data.get("streams")
    if not isinstance(entries, list) or not entries or not all(
            isinstance(e, dict) for e in entries):
        raise ContentError(f"{where}: not a battle record (entries: a list of one or more "
                           "entries expected)")
    if not isinstance(streams, int) or isinstance(streams, bool) or streams < 0:
        raise ContentError(f"{where}: not a battle record (streams: a whole number expected)")
    undone = data.get("undone", [])
    if not isinstance(undone, list) or not all(isinstance(e, dict) for e in undone):
        raise ContentError(f"{where}: not a battle record (undone: a list of entries expected)")
    snapshot = data.get("snapshot")
    if snapshot is not None and not (
            isinstance(snapshot, dict) and set(snapshot) == {"seq", "state_z", "hash"}
            and snapshot["seq"] == entries[-1].get("seq")
            and isinstance(snapshot["state_z"], str) and isinstance(snapshot["hash"], str)):
        raise ContentError(f"{where}: not a battle record (its snapshot is not the state "
                           "after its last entry: seq, state_z, hash)")


@dataclass
class Record:
    """A record line as read: its fields and where its line begins (``offset``); its
    line number (1 is the header) when known, else 0 (``read_tail`` counts it only for
    a message: ``line_number``)."""

    data: dict[str, Any]
    offset: int
    line: int = 0


@dataclass
class Lines:
    """A battle file in lines read whole: its header, every record, where its last
    whole line ends (``end``) and the bytes of a torn line after it (``torn``)."""

    header: dict[str, Any]
    records: list[Record]
    end: int
    torn: int = 0


@dataclass
class Tail:
    """A battle file in lines read from its newest snapshot on: the header, the record
    that holds the snapshot (None: none, the records run from the start), the records
    after it, and where the last whole line ends."""

    header: dict[str, Any]
    records: list[Record] = field(default_factory=list)
    snapshot: Record | None = None
    end: int = 0


def _header(descriptor: int, path: Path, limit: int,
            parse: bool = True) -> tuple[dict[str, Any], int]:
    """The header (``parse``: else an empty one) and the offset just after its newline."""
    data = b""
    while b"\n" not in data:
        chunk = os.pread(descriptor, _BLOCK, len(data))
        if not chunk:
            raise ContentError(f"{path}: line 1: the header line is cut short (a battle file "
                               "in lines begins with a whole header line)")
        data += chunk
        if len(data) > limit:
            raise ContentError(f"{path}: line 1: the header line is over the size limit")
    cut = data.index(b"\n")
    if not parse:
        return {}, cut + 1
    return _checked_header(parse_line(data[:cut], f"{path}: line 1"), path), cut + 1


def _checked_header(header: dict[str, Any], path: Path) -> dict[str, Any]:
    if header.get(MARK) != VERSION:
        raise ContentError(f"{path}: line 1: battle lines version {header.get(MARK)!r} is not "
                           f"read (this version reads {VERSION})")
    return header


def _open(path: Path, what: str = "battle file") -> tuple[int, int]:
    """A regular file opened for reading without blocking, and its size (a missing file,
    a folder, a FIFO or a device refused at once in ``content.files.read_bytes``'s
    words)."""
    from tactician.content.files import read_bytes

    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                             | getattr(os, "O_NOCTTY", 0))
    except OSError:
        read_bytes(path, what)  # its refusal, in its words
        raise
    mode = os.fstat(descriptor)
    if not stat.S_ISREG(mode.st_mode):
        os.close(descriptor)
        read_bytes(path, what)
        raise ContentError(f"{path}: not a regular file; give a {what}")
    return descriptor, mode.st_size


def _good_end(descriptor: int, start: int, size: int) -> int:
    """The end of the last whole line in [start, size) (a torn line after it is left
    out); ``start`` when there is none."""
    position = size
    while position > start:
        low = max(start, position - _BLOCK)
        chunk = os.pread(descriptor, position - low, low)
        cut = chunk.rfind(b"\n")
        if cut >= 0:
            return low + cut + 1
        position = low
    return start


def line_number(path: Path, offset: int) -> int:
    """The number of the line beginning at ``offset`` (counted only for a message)."""
    count, position = 0, 0
    with open(path, "rb") as stream:
        while position < offset:
            chunk = stream.read(min(_BLOCK, offset - position))
            if not chunk:
                break
            count += chunk.count(b"\n")
            position += len(chunk)
    return count + 1


def read_tail(path: Path, limit: int | None = None) -> Tail:
    """The header and the records from the newest snapshot on, read from the end
    backwards (a torn last line left out); every line read is checked, and one that
    does not read is refused naming the file and its line. Reading back further than
    ``limit`` bytes (the battle-file size limit) without meeting a snapshot is refused
    as a file over that limit would be."""
    from tactician.content.limits import MAX_FILE_BYTES

    limit = MAX_FILE_BYTES.value() if limit is None else limit
    descriptor, size = _open(path)
    try:
        header, start = _header(descriptor, path, limit)
        end = _good_end(descriptor, start, size)
        found: list[tuple[int, bytes]] = []  # (offset, line), the last first
        low, window, met = end, _BLOCK, False  # [low, end) is split into ``found``
        while low > start and not met:
            new_low = max(start, low - window)
            if end - new_low > limit:
                raise ContentError(f"{path}: its records since the newest snapshot are over "
                                   f"the battle-file size limit ({limit} bytes)")
            data = os.pread(descriptor, low - new_low, new_low)
            window *= 4
            if new_low > start:  # the first line may begin before the window
                cut = data.find(b"\n")
                if cut < 0:
                    continue  # one line longer than the window: a larger one
                data, new_low = data[cut + 1:], new_low + cut + 1
            lines = data.split(b"\n")[:-1]
            offset = low
            for line in reversed(lines):
                offset -= len(line) + 1
                found.append((offset, line))
                if b'"snapshot":' in line:  # only a record's own key reads so unescaped
                    met = True
                    break
            low = new_low
    finally:
        os.close(descriptor)
    records = [_record(line, offset, path) for offset, line in reversed(found)]
    if met:
        if "snapshot" not in records[0].data:  # the word was an entry's: read it all
            return _whole_tail(path, header, limit)
        return Tail(header, records[1:], records[0], end)
    return Tail(header, records, None, end)


def _record(line: bytes, offset: int, path: Path) -> Record:
    try:
        data = parse_line(line, "\0")
        check_record(data, "\0")
    except ContentError as exc:  # named by its line, counted now
        where = f"{path}: line {line_number(path, offset)}"
        raise ContentError(str(exc).replace("\0", where, 1)) from None
    return Record(data, offset)


def _whole_tail(path: Path, header: dict[str, Any], limit: int) -> Tail:
    whole = read_lines(path, limit)
    newest = max((i for i, r in enumerate(whole.records) if "snapshot" in r.data), default=None)
    if newest is None:
        return Tail(header, whole.records, None, whole.end)
    return Tail(header, whole.records[newest + 1:], whole.records[newest], whole.end)


def read_lines(path: Path, limit: int | None = None) -> Lines:
    """Every line of the battle file (refused over the battle-file size limit), a torn
    last line left out."""
    from tactician.content.files import read_bytes

    data = read_bytes(path, "battle file", limit)
    return parse_lines(data, path)


def parse_lines(data: bytes, path: Path) -> Lines:
    """``read_lines`` of bytes in hand."""
    end = data.rfind(b"\n") + 1
    if end == 0:
        raise ContentError(f"{path}: line 1: the header line is cut short (a battle file in "
                           "lines begins with a whole header line)")
    lines = data[:end].split(b"\n")[:-1]
    header = _checked_header(parse_line(lines[0], f"{path}: line 1"), path)
    records, offset = [], len(lines[0]) + 1
    for number, line in enumerate(lines[1:], start=2):
        where = f"{path}: line {number}"
        record = parse_line(line, where)
        check_record(record, where)
        records.append(Record(record, offset, number))
        offset += len(line) + 1
    return Lines(header, records, end, len(data) - end)


@dataclass(frozen=True)
class FileEnd:
    """Where a battle file stands, as a writer checks it under the lock: whether it is
    in lines, where its last whole line ends, its last entry's number and hash (the
    start's with none) and its stream counter and redo list's hashes."""

    lines: bool
    end: int
    seq: int
    head: str
    streams: int
    undone: tuple[str, ...]


def file_end(path: Path) -> FileEnd | None:
    """``FileEnd`` of a battle file in lines, from its header and its last whole line
    only; None for a JSON document (the caller reads it whole)."""
    descriptor, size = _open(path)
    try:
        if not is_lines(os.pread(descriptor, len(_PREFIX), 0)):
            return None
        from tactician.content.limits import MAX_FILE_BYTES

        _, start = _header(descriptor, path, MAX_FILE_BYTES.value(), parse=False)
        end = _good_end(descriptor, start, size)
        if end == start:  # no record: the header says where it stands
            header, _ = _header(descriptor, path, MAX_FILE_BYTES.value())
            return FileEnd(True, end, 0, str(header.get("start_hash", "")),
                           int(header.get("streams", 0)),
                           tuple(str(u.get("hash")) for u in header.get("undone", [])))
        begin = _good_end(descriptor, start, end - 1)
        record = _record(os.pread(descriptor, end - 1 - begin, begin), begin, path).data
        last = record["entries"][-1]
        return FileEnd(True, end, int(last.get("seq", -1)), str(last.get("hash", "")),
                       record["streams"],
                       tuple(str(u.get("hash")) for u in record.get("undone", [])))
    finally:
        os.close(descriptor)


def cache_material(path: Path) -> bytes | None:
    """What a battle file's kept board is looked up by: its ``stamp`` in lines, else
    its whole bytes (``content.files.read_bytes``: a FIFO or device refused, never
    waited on); None if it cannot be read."""
    found = stamp(path)
    if found is not None:
        return found
    from tactician.content.files import read_bytes

    try:
        return read_bytes(path, "battle file")
    except (OSError, ContentError):
        return None


STAMP = b"battle lines stamp\n"


def stamp(path: Path) -> bytes | None:
    """What the kept board of a battle file in lines is kept under (``table.board_cache``):
    the file's identity and version on this machine (device, inode, size, and the
    modification and change times in nanoseconds: any write moves the change time,
    which no tool sets back) and its last whole line; None when the file is not in
    lines (its whole bytes are the key) or cannot be read. Reading it costs the same at
    5,000 entries as at 10, where the whole bytes would be hashed on every action."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                             | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    try:
        mode = os.fstat(descriptor)
        if not stat.S_ISREG(mode.st_mode) or not is_lines(
                os.pread(descriptor, len(_PREFIX), 0)):
            return None
        end = _good_end(descriptor, 0, mode.st_size)
        begin = _good_end(descriptor, 0, end - 1) if end else 0
        last = os.pread(descriptor, end - begin, begin)
        identity = STAMP + (f"{mode.st_dev}:{mode.st_ino}:{mode.st_size}:"
                    f"{mode.st_mtime_ns}:{mode.st_ctime_ns}\n").encode()
        return identity + last
    except OSError:
        return None
    finally:
        os.close(descriptor)
