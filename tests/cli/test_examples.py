"""The example units files say in their comments what their units are."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

BATTLES = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
TIER_WORDS = re.compile(r"\b(mob|army|elite)(?:[- ]tier)? (\w+)", re.IGNORECASE)


def test_the_tiers_the_comments_name_are_the_units_tiers() -> None:
    """000's tiers (Mob, Army, Elite) named in a units file's comments ("an
    Elite-tier chief", "Army soldiers") match the ``tier:`` of the units they
    name, by id or by unit file."""
    checked = 0
    for path in sorted(BATTLES.glob("*.yaml")):
        units = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("units") or []
        comments = " ".join(line for line in path.read_text(encoding="utf-8").splitlines()
                            if line.lstrip().startswith("#"))
        for tier, word in TIER_WORDS.findall(comments):
            name = word.lower().removesuffix("s")
            named = [u for u in units if str(u["id"]).startswith(name)
                     or Path(str(u.get("file", ""))).stem == name]
            for unit in named:
                assert unit.get("tier") == tier.lower(), (
                    f"{path.name}: the comments call {unit['id']} {tier}, its tier is "
                    f"{unit.get('tier')}"
                )
                checked += 1
    assert checked >= 3  # the ford's chief, the keep's commander and soldiers
