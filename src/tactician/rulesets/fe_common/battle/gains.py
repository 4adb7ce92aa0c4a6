"""001's growth from a fight, for any FE battle: weapon-rank uses and the party's EXP.

Shared so that a ruleset with 001's characters (fe-classic: 002 combat on 001
characters) gains ranks and EXP in battle by the same words as fe-tabletop:

- Weapon ranks (001 L5): damaging hits count per weapon type, "If a unit lands a
  killing blow, that hit counts twice" (``ranks.hit_value``), ranks rising at
  the thresholds of ``ranks.add_uses``.
- EXP (001 L123-128): the party chart's award for the enemy units a fight
  defeats, "for the entire party" (``experience.party_award``, ``share``); each
  100 EXP is a level-up rolled at once (001 L13-26), the rest carried.

Each function takes and returns a 001 ``Unit`` (the character card) with log
records; the ruleset writes the card back onto its battle unit.
"""

from __future__ import annotations

from typing import Any

from tactician.dice.source import DiceSource
from tactician.rulesets.fe_common.character import experience, ranks
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.growth import LevelUp
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.stats import LABELS
from tactician.rulesets.fe_common.character.unit import Unit

Records = list[dict[str, Any]]


def rank_uses(character: Unit, unit_id: str, weapon_type: str, count: int,
              name: str | None = None) -> tuple[Unit, Records]:
    """``count`` uses toward ``weapon_type``'s rank (001 L5), with any rank-up logged
    (``name``: the unit's name in the battle, if it differs from the card's)."""
    if count <= 0 or weapon_type not in character.ranks:
        return character, []
    after, ups = ranks.add_uses(character, {weapon_type: count})
    name = name or character.name
    total = after.rank_uses.get(weapon_type, 0)
    records: Records = [{"type": "rank_uses", "unit": unit_id, "weapon_type": weapon_type,
                         "added": count, "total": total,
                         "text": f"{name}: {weapon_type} uses +{count} ({total})"}]
    records += [{"type": "rank_up", "unit": unit_id, "weapon_type": up.weapon_type,
                 "before": up.before, "after": up.after,
                 "text": f"{name}'s {up.weapon_type} rank rises "
                         f"{up.before} -> {up.after}"} for up in ups]
    return after, records


def party_exp(defeated: int, party_size: int, options: CharacterOptions) -> int:
    """Each standing member's EXP for a fight that defeats ``defeated`` enemy units."""
    if defeated <= 0 or party_size <= 0:
        return 0
    return experience.share(experience.party_award(defeated, options), party_size, options)


def gain_exp(character: Unit, unit_id: str, amount: int, dice: DiceSource,
             options: CharacterOptions) -> tuple[Unit, Records]:
    """``amount`` EXP on the card; every level-up's d100s rolled now and logged."""
    klass = load_content().klass(character.class_name)
    after, gain = experience.gain_exp(character, amount, klass, dice, options)
    records: Records = [{"type": "exp", "unit": unit_id, "amount": amount, "exp": after.exp,
                         "level": after.level,
                         "text": f"{character.name} gains {amount} EXP "
                                 f"(level {after.level}, {after.exp} EXP)"}]
    records += [level_record(unit_id, character.name, up) for up in gain.level_ups]
    return after, records


def level_record(unit_id: str, name: str, up: LevelUp) -> dict[str, Any]:
    rolls = [{"stat": r.stat, "growth": r.growth, "carried": r.carried_before, "roll": r.roll,
              "total": r.total, "shown": r.shown, "capped": r.capped} for r in up.rolls]
    gained = ", ".join(f"{LABELS[r.stat]} +1" for r in up.rolls if r.gained and not r.capped)
    return {"type": "level_up", "unit": unit_id, "level": up.level, "hp_gained": up.hp_gained,
            "rolls": rolls,
            "text": f"{name} reaches level {up.level}: HP +{up.hp_gained}"
                    + (f", {gained}" if gained else "") + " (d100s: "
                    + ", ".join(f"{LABELS[r.stat]} {r.carried_before}+{r.roll}={r.total}"
                                f"->{r.shown}" for r in up.rolls) + ")"}
