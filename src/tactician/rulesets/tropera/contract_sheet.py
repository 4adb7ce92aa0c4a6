"""Tropera's sheet as the contract's generic sheet: the numbers come from
``sheet.sheet_data`` (the same functions combat uses), the sections say how to
show them, so interfaces need no Tropera stat names."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.contract import Row, Section, Sheet
from tactician.rulesets.tropera.stats import STAT_NAMES

_WEAPON_COLUMNS = {
    "weapon": "Weapon",
    "might": "Mt",
    "range": "Rng",
    "hit": "Hit",
    "avoid": "Avo",
    "crit": "Crit",
    "crit_avoid": "CrAvo",
    "damage_stat": "Atk",
    "attack_speed": "AS",
}


def _dash(values: list[str]) -> str:
    return ", ".join(values) or "-"


def sheet_of(data: dict[str, Any]) -> Sheet:
    """Sections for ``sheet_data``'s numbers: the stat table, the unit's lines, the
    weapon table and any note."""
    stats = Section(
        title="Stats",
        columns=("stat", "value", "points", "growth"),
        table=tuple(
            (name, str(data["stats"][key]), str(data["points"][key]), str(data["growths"][key]))
            for key, name in STAT_NAMES.items()
        ),
    )
    mov = str(data["movement"])
    if "movement_transformed" in data:
        mov += (f" (transformed {data['movement_transformed']}, "
                f"untransformed {data['movement_untransformed']})")
    inv = data["inventory"]
    ranks = _dash([f"{k} {v}" for k, v in data["proficiencies"].items()])
    if data["focus"]:
        ranks += f" (Focus: {data['focus']})"
    rows = [
        Row("MOV", mov),
        Row("Feats", _dash(data["feats"])),
        Row("Proficiencies", ranks),
        Row(f"Weapons ({len(inv['weapons'])}/{inv['weapon_slots']})", _dash(inv["weapons"])),
    ]
    if inv["natural_weapons"]:
        rows.append(Row("Natural weapons", _dash(inv["natural_weapons"])))
    rows += [
        Row(f"Items ({len(inv['items'])}/{inv['item_slots']})", _dash(inv["items"])),
        Row("Relic", inv["relic"] or "-"),
        Row("Equipped", inv["equipped"] or "-"),
    ]
    sections = [stats, Section(rows=tuple(rows))]
    if data["weapons"]:
        sections.append(Section(
            title="Weapons",
            columns=tuple(_WEAPON_COLUMNS.values()),
            table=tuple(tuple(str(r.get(c, "")) for c in _WEAPON_COLUMNS) for r in data["weapons"]),
        ))
    if data.get("note"):
        sections.append(Section(lines=(data["note"],)))
    return Sheet(
        ruleset="tropera",
        name=data["name"],
        kind=data["kind"],
        level=data["level"],
        title=f"{data['name']}  ({data['kind']}, level {data['level']})",
        sections=tuple(sections),
        problems=tuple(data["problems"]),
        data=data,
    )


def stat_name(stat: str) -> str:
    return {str(k): v for k, v in STAT_NAMES.items()}.get(stat, stat)
