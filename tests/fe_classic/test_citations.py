"""Every quote fe-classic's docstrings give from 002 is in 002 (design principle 5).

The rule text is found by
``tests/rule_texts.py``; the test skips when it is not found. Quotes are double-quoted
passages; curly apostrophes, dashes and line breaks are normalised. A passage
that quotes a formula restored from FE8 is not quoted in double quotes.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tactician.rulesets.fe_classic as package
from tests.rule_texts import needs_rules as needs_rule_text
from tests.rule_texts import rule_text

RULES = rule_text("002")
QUOTE = re.compile(r"\"([^\"]+)\"")
NOT_002 = ("Fire Emblem Classic",)  # the name of docs/rulings.md's section


def _norm(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2013", "-")
    return re.sub(r"\s+", " ", text).strip()


def _docstrings() -> list[tuple[str, str]]:
    found = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef):
                doc = ast.get_docstring(node)
                if doc:
                    found.append((path.name, doc))
    return found


@needs_rule_text("002")
def test_every_quote_is_002s_own_words() -> None:
    assert RULES is not None
    text = _norm(RULES.read_text(encoding="utf-8"))
    quotes, missing = 0, []
    for where, doc in _docstrings():
        for quote in QUOTE.findall(_norm(doc)):
            for piece in (p.strip() for p in quote.split("...")):
                if len(piece) < 4 or piece in NOT_002:
                    continue
                quotes += 1
                if piece not in text:
                    missing.append(f"{where}: {piece!r}")
    assert not missing, "not in 002: " + "; ".join(missing)
    assert quotes > 30


@needs_rule_text("002")
def test_the_ten_lost_formulas_each_cite_their_line() -> None:
    from tactician.rulesets.fe_classic import numbers

    docs = " ".join(_norm(f.__doc__ or "") for f in vars(numbers).values() if callable(f))
    for line in (61, 65, 86, 95, 107, 115, 124, 130, 148, 150):
        assert f"L{line}" in docs, line
    for number in range(1, 11):
        assert f"Lost formula {number} " in docs, number
