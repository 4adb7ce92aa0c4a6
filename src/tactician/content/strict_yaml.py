"""YAML that refuses what ``yaml.safe_load`` lets through: duplicate keys, deep
nesting and alias bombs.

PyYAML's safe loader keeps the *last* of two equal keys (``hp: 20`` then
``hp: 30`` is silently 30), composes nested collections by recursion (20,000
nested lists end in a ``RecursionError``), and expands aliases without counting
(the "billion laughs": nine lines whose ``*a`` references multiply into 10^9
values for whatever walks the result). This loader is ``SafeLoader`` with three
checks added while the document is composed, before any Python value is built:

* a key written twice in one mapping is refused, naming it and both lines
  (keys brought in by a ``<<: *base`` merge may still be overridden, as YAML
  intends);
* nesting deeper than ``MAX_NESTING`` is refused at the line where it goes too deep;
* a document holding more than ``MAX_YAML_NODES`` values once aliases are
  expanded is refused.
"""

from __future__ import annotations

from typing import Any

import yaml

from tactician.content.limits import MAX_NESTING, MAX_YAML_NODES
from tactician.errors import ContentError

_MERGE = "tag:yaml.org,2002:merge"


class _StrictLoader(yaml.SafeLoader):
    def __init__(self, text: str, source: object) -> None:
        super().__init__(text)
        self.source = source
        self.depth = 0
        self.max_depth = MAX_NESTING.value()
        self.max_nodes = MAX_YAML_NODES.value()
        self.sizes: dict[int, int] = {}  # id(node) -> values in it, aliases expanded

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > self.max_depth:
                mark = self.peek_event().start_mark
                raise ContentError(
                    f"{self.source}: line {mark.line + 1}: nested more than {self.max_depth} "
                    f"levels deep ({MAX_NESTING.hint()})"
                )
            node = super().compose_node(parent, index)
        finally:
            self.depth -= 1
        self._count(node)
        return node

    def _count(self, node: Any) -> None:
        if id(node) in self.sizes:  # an alias: already counted where it was defined
            return
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        else:
            children = []
        size = 1 + sum(self.sizes.get(id(child), 1) for child in children)
        if size > self.max_nodes:
            raise ContentError(
                f"{self.source}: line {node.start_mark.line + 1}: holds more than "
                f"{self.max_nodes:,} values once its aliases are expanded "
                f"({MAX_YAML_NODES.hint()})"
            )
        self.sizes[id(node)] = size

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
                    f"{self.source}: line {line}: key {key!r} appears twice in one mapping "
                    f"(first on line {seen[key]})"
                )
            seen[key] = line


def load_yaml(text: str, source: object) -> Any:
    """Parse one YAML document with the checks above; ``source`` names it in errors."""
    loader = _StrictLoader(text, source)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}:" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ContentError(f"{source}:{where} not valid YAML ({problem})") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise ContentError(f"{source}: nested too deeply ({MAX_NESTING.hint()})") from None
    except ValueError as exc:  # a 5000-digit number, a date like 2024-02-30
        reason = str(exc).split(";")[0][:80]
        raise ContentError(f"{source}: holds a value that cannot be read ({reason})") from None
    finally:
        loader.dispose()
