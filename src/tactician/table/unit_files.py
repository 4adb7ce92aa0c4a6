"""Writing a unit file back: only what changed, comments and file mode kept.

An advanced unit (a level-up) changes a few top-level fields of its YAML file.
Rewriting the file from data would drop the GM's comments, so each top-level
field whose value is unchanged keeps its original text, comments included;
changed fields are written afresh in place, new ones appended, removed ones
dropped. The new file keeps the mode of the file it replaces (or of the source
file), and is written atomically (a temporary file, then ``os.replace``).
"""

from __future__ import annotations

import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from tactician.content.writing import write_text_atomic

_KEY = re.compile(r"^([A-Za-z_][\w\- ]*):(\s|$)")


def _blocks(text: str) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """The file's leading lines, each top-level key's lines (comments just above a
    key belong to it) and the key order."""
    lines = text.splitlines(keepends=True)
    head: list[str] = []
    blocks: dict[str, list[str]] = {}
    order: list[str] = []
    pending: list[str] = []
    current: list[str] | None = None
    for line in lines:
        match = _KEY.match(line)
        if match:
            current = [*pending, line]
            pending = []
            blocks[match.group(1)] = current
            order.append(match.group(1))
        elif line.lstrip().startswith("#") or not line.strip():
            pending.append(line)
        elif current is not None:
            current.extend([*pending, line])
            pending = []
        else:
            head.extend([*pending, line])
            pending = []
    if current is None:
        head.extend(pending)
    elif pending:
        current.extend(pending)
    return head, blocks, order


def _dump(key: str, value: Any) -> str:
    """``key: value`` in block style at the top, flow style for leaf collections
    (``points: {hp: 5, str: 6}``), as unit files are written by hand."""
    body = yaml.safe_dump(value, default_flow_style=None, sort_keys=False, allow_unicode=True,
                          width=100)
    if body.endswith("\n...\n"):  # a plain scalar's document end marker
        body = body[: -len("...\n")]
    lines = body.splitlines()
    inline = not isinstance(value, dict | list) or body.startswith(("[", "{"))
    if inline and len(lines) == 1:
        return f"{key}: {lines[0]}\n"
    return f"{key}:\n" + "".join(f"  {line}\n" for line in lines)


def rewrite(original: str, new: Mapping[str, Any]) -> str:
    """``original`` with its top-level fields brought to ``new``, unchanged ones
    kept as written. Falls back to a fresh dump if the text is not a mapping."""
    try:
        old = yaml.safe_load(original)
    except yaml.YAMLError:
        old = None
    if not isinstance(old, dict):
        return yaml.safe_dump(dict(new), sort_keys=False, allow_unicode=True)
    head, blocks, order = _blocks(original)
    out = list(head)
    for key in order:
        if key not in new:
            continue
        block = blocks[key]
        if old.get(key) == new[key]:
            out.extend(block)
            continue
        for line in block:  # the comment lines above the key stay with it
            if _KEY.match(line):
                break
            out.append(line)
        out.append(_dump(key, new[key]))
    for key, value in new.items():
        if key not in blocks:
            out.append(_dump(key, value))
    text = "".join(out)
    try:
        same = yaml.safe_load(text) == dict(new)
    except yaml.YAMLError:
        same = False
    if not same:  # never write a file that reads back wrong
        return yaml.safe_dump(dict(new), sort_keys=False, allow_unicode=True)
    return text


def write_unit(source: Path, target: Path, data: Mapping[str, Any]) -> None:
    """Write ``data`` to ``target``, keeping ``source``'s comments and the mode of
    ``target`` (if it exists) or of ``source``. On any error nothing changes."""
    original = source.read_text(encoding="utf-8")
    text = rewrite(original, data)
    mode_of = target if target.exists() else source
    mode = stat.S_IMODE(mode_of.stat().st_mode)
    write_text_atomic(target, text, mode)
