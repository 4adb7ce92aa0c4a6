"""The data against the rules text itself: names, lines, prerequisites and table rows.

Reads 004 where ``tests/rule_texts.py`` finds it; skips when it is not found.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tactician.rulesets.miridon.compendium import Compendium
from tests.rule_texts import needs_rules, rule_text

RULES_FILE = rule_text("004") or Path("004 not found")
pytestmark = needs_rules("004")


@pytest.fixture(scope="module")
def text() -> list[str]:
    lines = RULES_FILE.read_text(encoding="utf-8").split("\n")
    return [""] + [line.replace("\u00a0", " ").rstrip() for line in lines]  # 1-based


def header(line: str) -> str:
    return line.strip().rstrip(":").strip()


def test_every_flair_starts_at_its_name(comp: Compendium, text: list[str]) -> None:
    for flair in comp.flairs.values():
        assert header(text[flair.first_line]) == flair.name, flair.name
        assert flair.lines is not None and text[flair.lines[1]].strip(), flair.name


def test_flair_prerequisites_match_the_text(comp: Compendium, text: list[str]) -> None:
    """Every bracketed name on a "Pre-requisite:" line is one prerequisite, and back."""
    for flair in comp.flairs.values():
        if flair.prerequisite_line is None:
            assert not flair.prerequisites, flair.name
            continue
        line = text[flair.prerequisite_line]
        assert line.startswith("Pre-requisite:"), flair.name
        named = re.findall(r"\[([^\]]+)\]", line)
        named = [n for n in named if n != "Rank"]
        assert sorted(named) == sorted(p.target for p in flair.prerequisites), flair.name


def test_flair_text_is_verbatim(comp: Compendium, text: list[str]) -> None:
    assert flair_block(comp, text, "Agile Strike").startswith("If the character is wielding")
    for flair in comp.flairs.values():
        first = flair.text.split("\n")[0]
        assert first in text[flair.first_line : flair.lines[1] + 1], flair.name  # type: ignore[index]


def flair_block(comp: Compendium, text: list[str], name: str) -> str:
    return comp.flair(name).text


@pytest.mark.parametrize(
    "kind", ["specials", "talents", "spells", "attack_modifiers", "spell_modifiers"]
)
def test_entries_start_at_their_name(kind: str, comp: Compendium, text: list[str]) -> None:
    for entry in getattr(comp, kind).values():
        assert header(text[entry.first_line]) == entry.name, entry.name


def test_actions_start_at_their_name(comp: Compendium, text: list[str]) -> None:
    """Actions of the Actions chapter start at their own "Name:" line; the others at the
    flair or passage that defines them."""
    for action in comp.actions.values():
        line = header(text[action.first_line])
        expected = action.name.replace(" (Bonus Action)", "")
        if 1792 <= action.first_line <= 2525 and "(" not in action.name.replace("(Bonus", ""):
            assert line == expected, action.name
        else:
            assert line and text[action.first_line].strip(), action.name


def test_weapon_rows_are_verbatim(comp: Compendium, text: list[str]) -> None:
    for weapon in comp.weapons.values():
        cols = text[weapon.line].split("\t")  # type: ignore[index]
        assert cols[0] == weapon.name
        assert int(cols[1]) == weapon.weight
        assert cols[2] == weapon.damage
        assert int(cols[3].replace("+", "")) == weapon.to_hit


def test_insanity_rows_are_verbatim(comp: Compendium, text: list[str]) -> None:
    for row in comp.insanity_table.values():
        cols = text[row.line].split("\t")  # type: ignore[index]
        assert cols[0] == row.name and cols[1] == row.effect
        assert (cols[2] if len(cols) > 2 and cols[2] else None) == row.severity
    for effect in comp.insanity_effects.values():
        assert header(text[effect.first_line]) == effect.name


def test_class_and_talent_costs_quote_the_text(comp: Compendium, text: list[str]) -> None:
    for talent in comp.talents.values():
        cost_line = text[talent.first_line + 1]
        if talent.flat_cost is not None:
            assert cost_line == f"Cost: {talent.flat_cost} points"
        else:
            assert cost_line == f"Cost: [Rank] * {talent.cost_per_rank} points"
    for klass in comp.classes.values():
        assert header(text[klass.first_line]) == klass.name


def test_special_text_is_verbatim(comp: Compendium, text: list[str]) -> None:
    for special in comp.specials.values():
        first, last = special.lines  # type: ignore[misc]
        body = " ".join(line.strip() for line in text[first + 1 : last + 1] if line.strip())
        assert special.text in body, special.name
        assert text[first + 1].startswith("Rank: 1 for every 10 ([Maximum Strength Points]")
        assert special.rank_per == 10


def block_end(text: list[str], first: int) -> int:
    """The last non-blank line before the next "Name:" header (or section) after ``first``."""
    last = first
    for n in range(first + 1, len(text)):
        line = text[n].strip()
        if re.fullmatch(r"[A-Z][A-Za-z0-9' \-]+:", line) and line != "Normal:":
            break
        if line == "---" or line.startswith("Chapter "):
            break
        if line:
            last = n
    return last


@pytest.mark.parametrize("kind", ["attack_modifiers", "spell_modifiers", "talents", "spells"])
def test_entries_end_where_the_text_does(kind: str, comp: Compendium, text: list[str]) -> None:
    for entry in getattr(comp, kind).values():
        assert entry.lines[1] == block_end(text, entry.first_line), entry.name


def test_chapter_actions_end_where_the_text_does(comp: Compendium, text: list[str]) -> None:
    for action in comp.actions.values():
        if 1792 <= action.first_line <= 2525 and header(text[action.first_line]) in action.name:
            assert action.lines[1] == block_end(text, action.first_line), action.name  # type: ignore[index]


def test_modifier_exclusions_match_the_text(comp: Compendium, text: list[str]) -> None:
    """ "[X] cannot be applied to the same ... as [Y] or [Z]." lists the exclusions."""
    for kind in ("attack_modifiers", "spell_modifiers"):
        for mod in getattr(comp, kind).values():
            first, last = mod.lines
            named: set[str] = set()
            for line in text[first : last + 1]:
                if "cannot be applied to the same" in line:
                    after = line.split(" as ", 1)[1]
                    named |= set(re.findall(r"[\[{]([^\]]+)\]", after))
            assert named == set(mod.excludes), mod.name


def test_spell_numbers_match_the_text(comp: Compendium, text: list[str]) -> None:
    for spell in comp.spells.values():
        first, last = spell.lines  # type: ignore[misc]
        block = "\n".join(text[first : last + 1])
        assert f"Spell Cast Time: {spell.cast_time} [Action Blocks]" in block, spell.name
        sign = "+" if spell.subtlety >= 0 else "-"
        assert f"Subtlety Modifier: {sign}{abs(spell.subtlety)}" in block, spell.name
        if spell.range_ft is not None:
            assert re.search(rf"Range: {spell.range_ft} (ft|feet)", block), spell.name
        if spell.duration_blocks is not None:
            assert f"Duration: {spell.duration_blocks} [Action Blocks]" in block, spell.name
        for boost in spell.boosts.values():
            assert boost.per_rank in text[boost.line], spell.name


@pytest.mark.parametrize("kind", ["actions", "attack_modifiers", "spell_modifiers", "spells"])
def test_texts_are_verbatim(kind: str, comp: Compendium, text: list[str]) -> None:
    for entry in getattr(comp, kind).values():
        first, last = entry.lines
        block = [line.strip() for line in text[first : last + 1]]
        assert entry.text, entry.name
        for line in entry.text.split("\n"):
            assert line in block, (entry.name, line)
    redouble = comp.actions["redouble melee attack"]
    assert redouble.condition == "[Damage Dealt] < 3 * [Redouble]"  # L2343 (spec C2)


def test_talent_text_is_verbatim(comp: Compendium, text: list[str]) -> None:
    for talent in comp.talents.values():
        first, last = talent.lines  # type: ignore[misc]
        body = " ".join(line.strip() for line in text[first : last + 1] if line.strip())
        assert talent.text and talent.text in body, talent.name
