"""The coverage map shared by the two Fire Emblem rulesets (issue 26): both play FE8's
weapons and items (``data/fe8_weapons.yaml``, ``data/fe8_items.yaml``), each through its
own rules; ``fe_coverage`` builds one ruleset's map from what that ruleset wires. A
weapon is data: all of its numbers feed the ruleset's one attack procedure, so every
weapon that is not a staff is covered by that procedure's rule (a test runs each)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.rulesets.contract.coverage import Entry, Ruled, RulesetCoverage

# FE8's promotion items: no 001 or 002 action uses one (promotion is by level)
PROMOTION_ITEMS = ("Hero Crest", "Knight Crest", "Orion's Bolt", "Elysian Whip",
                   "Guiding Ring", "Master Seal", "Heaven Seal", "Ocean Seal", "Lunar Brace",
                   "Solar Brace")
PROMOTION = Ruled("cov-fe-promotion-items", "no action uses a promotion item; a class "
                  "promotes by the ruleset's own rule")


def _fe8() -> Any:
    from tactician.rulesets.fe_common.compendium import load_fe8

    return load_fe8()


CHECK_SKILLS = Ruled("cov-fe-skill-checks", "a 3d6 skill check (001 L91) a GM calls "
                     "for with `tactician check`; no battle rule reads it")


def _names(kind: str) -> list[str]:
    """The names the FE8 compendium (default data, or a GM folder's) holds; 001's skills
    are code (``character/skills.py``), not compendium entries."""
    if kind == "skills":
        from tactician.rulesets.fe_common.character.skills import SKILLS

        return list(SKILLS)
    table: Mapping[str, Any] = getattr(_fe8(), kind)
    return [entry.name for entry in table.values()]


def fe_coverage(ruleset_id: str, attack: Entry, staves: Mapping[str, Entry],
                items: Mapping[str, Entry], skills: Mapping[str, Entry],
                weapons: Mapping[str, Entry] | None = None) -> RulesetCoverage:
    """The map: ``weapons`` names the weapons the attack rule does not cover (by name),
    ``staves`` each staff, ``items`` each item but the promotion items, ``skills`` the
    001 skills that are not plain checks."""
    special = dict(weapons or {})
    found: dict[str, Entry] = {}
    for weapon in _fe8().weapons.values():
        entry = staves.get(weapon.name) if weapon.type == "staff" else \
            special.get(weapon.name, attack)
        if entry is not None:
            found[weapon.name] = entry
    return RulesetCoverage(ruleset_id, {
        "weapons": found, "items": {**dict.fromkeys(PROMOTION_ITEMS, PROMOTION), **items},
        "skills": {**dict.fromkeys(_names("skills"), CHECK_SKILLS), **skills},
    }, _names)
