"""YAML that refuses what ``yaml.safe_load`` lets through: duplicate keys, deep
nesting, alias bombs and values that contain themselves.

PyYAML's safe loader keeps the *last* of two equal keys (``hp: 20`` then
``hp: 30`` is silently 30), composes nested collections by recursion (20,000
nested lists end in a ``RecursionError``), and expands aliases without counting
(the "billion laughs": nine lines whose ``*a`` references multiply into 10^9
values for whatever walks the result). So a document is loaded in two passes:

1. The parser's event stream (libyaml's C parser when PyYAML has it, else the
   pure-Python one) is walked once, flat, before anything is composed:
   nesting deeper than ``MAX_NESTING`` and more than ``MAX_YAML_NODES`` values
   (aliases counted as the values they stand for) are refused at the line where
   the limit is crossed, and an alias inside the collection it names (a value
   that contains itself) and a NUL character in a value (a file name cut short
   at the operating system, a classic trick) are refused.
2. The document is then loaded by the safe loader, whose mapping constructor
   refuses a key written twice in one mapping, naming it and both lines. Keys
   brought in by a ``<<: *base`` merge may still be overridden, as YAML intends.
"""

from __future__ import annotations

from typing import Any

import yaml

from tactician.content.limits import MAX_NESTING, MAX_YAML_NODES
from tactician.errors import ContentError

_MERGE = "tag:yaml.org,2002:merge"
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _NoDuplicateKeys(_BaseLoader):
    source: object = "<yaml>"

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            self._refuse_duplicates(node)
        return super().construct_mapping(node, deep=deep)

    def _refuse_duplicates(self, node: yaml.MappingNode) -> None:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == _MERGE or not isinstance(key_node, yaml.ScalarNode):
                continue
            key = self.construct_object(key_node)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise ContentError(
                    f"{self.source}: line {line}: key {key!r:.60} appears twice in one mapping "
                    f"(first on line {seen[key]})"
                )
            seen[key] = line


def _check_shape(text: str, source: object) -> None:
    """Pass 1: depth, expanded size and self-reference, from the events alone."""
    max_depth, max_nodes = MAX_NESTING.value(), MAX_YAML_NODES.value()
    sizes: dict[str, int] = {}  # anchor -> values it stands for
    open_frames: list[list[Any]] = []  # [values so far, anchor] per open collection
    total = 0
    for event in yaml.parse(text, Loader=_BaseLoader):
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if isinstance(event, yaml.CollectionStartEvent):
            if len(open_frames) >= max_depth:
                raise ContentError(
                    f"{source}: line {line}: nested more than {max_depth} levels deep "
                    f"({MAX_NESTING.hint()})"
                )
            open_frames.append([1, event.anchor])
            added = 1
        elif isinstance(event, yaml.CollectionEndEvent):
            count, anchor = open_frames.pop()
            if anchor is not None:
                sizes[anchor] = count
            if open_frames:
                open_frames[-1][0] += count
            continue
        elif isinstance(event, yaml.AliasEvent):
            if any(frame[1] == event.anchor for frame in open_frames):
                raise ContentError(
                    f"{source}: line {line}: *{event.anchor} is used inside the value it "
                    f"names (a value that contains itself)"
                )
            added = sizes.get(event.anchor or "", 1)
        elif isinstance(event, yaml.ScalarEvent):
            if "\x00" in event.value:  # written "\0" in quotes: never content, often a trick
                raise ContentError(f"{source}: line {line}: a value holds a NUL character (\\0)")
            added = 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
        else:
            continue
        if open_frames and not isinstance(event, yaml.CollectionStartEvent):
            open_frames[-1][0] += added
        total += added
        if total > max_nodes:
            raise ContentError(
                f"{source}: line {line}: holds more than {max_nodes:,} values (aliases "
                f"counted as the values they stand for) ({MAX_YAML_NODES.hint()})"
            )


def load_yaml(text: str, source: object) -> Any:
    """Parse one YAML document with the checks above; ``source`` names it in errors."""
    try:
        _check_shape(text, source)
        loader = _NoDuplicateKeys(text)
        loader.source = source
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}:" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        if "nesting depth" in problem:  # libyaml's own cap (1000) met while scanning ahead
            raise ContentError(
                f"{source}:{where} nested more than {MAX_NESTING.value()} levels deep "
                f"({MAX_NESTING.hint()})"
            ) from None
        raise ContentError(f"{source}:{where} not valid YAML ({problem})") from None
    except ValueError as exc:  # a 5000-digit number, a date like 2024-02-30
        reason = str(exc).split(";")[0][:80]
        raise ContentError(f"{source}: holds a value that cannot be read ({reason})") from None
