"""Every quote fe-tabletop's docstrings and terrain data give from 001 is in 001.

Rule docstrings cite 001's words (design principle 5). This reads the rule file
and checks each quoted passage (curly apostrophes and line breaks normalised)
and that cited lines point at the first copy of a duplicated block. The rule
text is found by ``tests/rule_texts.py``; the test skips when it is not found.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tactician.rulesets.fe_common.character as character
import tactician.rulesets.fe_tabletop as package
from tactician.rulesets.fe_tabletop.terrain import load_terrain
from tests.rule_texts import needs_rules as needs_rule_text
from tests.rule_texts import rule_text

RULES = rule_text("001")
needs_rules = needs_rule_text("001")
# the second copies of 001's duplicated blocks (docs/rulings.md "001 duplicate paragraphs")
DUPLICATES = {*range(27, 40), *range(57, 69), *range(79, 87), 91, 92, *range(114, 117),
              *range(129, 134)}
QUOTE = re.compile(r"\"([^\"]+)\"")
NOT_001 = ("Tactician default", "did you mean", "Fire Emblem Tabletop")


def _norm(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2013", "-")
    text = text.replace("\u00bc", "1/4")
    return re.sub(r"\s+", " ", text).strip()


def _docstrings() -> list[tuple[str, str]]:
    found = []
    # 001's rules live in fe_tabletop and in the character layer it shares with fe-classic
    dirs = (Path(package.__file__).parent, Path(character.__file__).parent)
    for path in sorted(p for d in dirs for p in d.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef):
                doc = ast.get_docstring(node)
                if doc:
                    found.append((path.name, doc))
    return found


@needs_rules
def test_every_quote_is_001s_own_words() -> None:
    assert RULES is not None
    text = _norm(RULES.read_text(encoding="utf-8"))
    sources = _docstrings() + [("terrain.yaml", t.source) for t in load_terrain().values()]
    checked = 0
    for where, doc in sources:
        for quote in QUOTE.findall(_norm(doc)):
            short = len(quote) < 8
            if short or any(marker in quote for marker in NOT_001) or "001" not in doc:
                continue
            for piece in re.split(r"\s*\.\.\.\s*", quote):
                assert piece in text, f"{where}: {piece!r} is not in 001"
            checked += 1
    assert checked > 60


@needs_rules
def test_cited_lines_are_first_copies() -> None:
    for where, doc in _docstrings():
        for first, last in re.findall(r"\bL(\d+)(?:-L?(\d+))?", doc):
            ends = {int(first), int(last or first)}  # a range may span a duplicate inside
            assert not ends & DUPLICATES, f"{where} cites L{first}: a second copy"
            assert 1 <= int(first) <= 133
