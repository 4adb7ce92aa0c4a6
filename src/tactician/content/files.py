"""Reading an input file safely: one place that refuses what is not a small UTF-8
text file, with one line naming the file and the fault.

Every loader (unit and compendium YAML, text and Tiled maps, battle files)
reads through here, so each refusal is the same everywhere: a missing file, a
folder where a file was meant, a file over ``MAX_FILE_BYTES`` (refused from its
size on disk, before a byte is read), a file that is not UTF-8 (Latin-1, UTF-16,
binary: the message names the first bad byte and its line), and JSON nested
deeper than ``MAX_NESTING``. See ``content.limits`` for the defaults.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
from pathlib import Path
from typing import Any

from tactician.content.limits import MAX_FILE_BYTES, MAX_NESTING, check_integer
from tactician.errors import ContentError

_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def read_bytes(path: Path, what: str = "file", limit: int | None = None) -> bytes:
    """The file's bytes, refusing a missing file, a folder, anything but a regular
    file, or one over the size limit.

    The file is opened without blocking and checked on the open handle (``fstat``),
    so a FIFO, a socket or a device (``/dev/zero``, a terminal) is refused at once,
    never waited on, and cannot be swapped in between a check and the read. The size
    is checked on disk first and again while reading (a file that grows), so no more
    than the limit plus one byte is ever held.
    """
    path = Path(path)
    limit = MAX_FILE_BYTES.value() if limit is None else limit
    try:
        if path.is_dir():
            raise ContentError(f"{path}: is a folder, not a {what}")
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(handle, "rb") as stream:
            mode = os.fstat(stream.fileno())
            if stat.S_ISDIR(mode.st_mode):
                raise ContentError(f"{path}: is a folder, not a {what}")
            if not stat.S_ISREG(mode.st_mode):
                raise ContentError(f"{path}: is {_kind(mode.st_mode)}, not a regular file; "
                                   f"give a {what}")
            if mode.st_size > limit:
                raise ContentError(_too_big(path, what, mode.st_size, limit))
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise ContentError(f"{path}: no such {what}") from None
    except IsADirectoryError:
        raise ContentError(f"{path}: is a folder, not a {what}") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL inside the name: no such file can exist
        raise ContentError(f"{str(path)!r}: not a usable file name (it holds a NUL)") from None
    if data is None or len(data) > limit:
        raise ContentError(_too_big(path, what, None, limit))
    return data


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def _too_big(path: Path, what: str, size: int | None, limit: int) -> str:
    shown = f"is {size:,} bytes" if size is not None else "is larger than the limit"
    return (
        f"{path}: {shown}; a {what} may hold at most {limit:,} bytes "
        f"({MAX_FILE_BYTES.hint()})"
    )


def decode_utf8(data: bytes, source: object) -> str:
    """UTF-8 text (a leading byte-order mark is allowed), or one line naming the fault."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise ContentError(f"{source}: is {name} text, not UTF-8; save it as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ContentError(
            f"{source}: not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line}); "
            f"save it as UTF-8"
        ) from None
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise ContentError(f"{source}: holds a NUL byte on line {line}: binary, not text")
    return text


def read_text(path: Path, what: str = "file") -> str:
    """``read_bytes`` then ``decode_utf8``: the checked text of a small UTF-8 file."""
    return decode_utf8(read_bytes(path, what), path)


def check_nesting(data: Any, source: object) -> None:
    """Refuse lists and mappings nested deeper than ``MAX_NESTING``, and a whole
    number the store cannot hold (``limits.check_integer``: SQLite's 64 bits), walked
    without recursion, so the check itself cannot overflow."""
    limit = MAX_NESTING.value()
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, int) and not isinstance(value, bool):
            check_integer(value, source)
            continue
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth + 1 > limit:
            raise ContentError(_too_deep(source, limit))
        stack.extend((child, depth + 1) for child in children)


def _too_deep(source: object, limit: int) -> str:
    return (
        f"{source}: nested more than {limit} levels deep ({MAX_NESTING.hint()})"
    )


def parse_json(text: str, source: object, fault: str = "not valid JSON") -> Any:
    """Parse JSON text, refusing malformed, over-deep or over-long-number JSON by name,
    and an object that repeats a key (``json`` would keep the last one silently).
    ``fault`` says what a syntax error means (``not a battle file``)."""
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise ContentError(
            f"{source}: line {exc.lineno}, column {exc.colno}: {fault} ({exc.msg})"
        ) from None
    except _DuplicateKey as exc:
        raise ContentError(f"{source}: key {exc.key!r} appears twice in one object") from None
    except RecursionError:
        raise ContentError(_too_deep(source, MAX_NESTING.value())) from None
    except ValueError:  # an integer longer than Python converts (4300 digits)
        raise ContentError(f"{source}: holds a number too long to read") from None
    check_nesting(data, source)
    return data


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result
