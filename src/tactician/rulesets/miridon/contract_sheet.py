"""A Miridon sheet (``sheet.sheet``'s data) as the contract's generic sections:
label/value rows and tables an interface renders without knowing 004's names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.rulesets.contract import Row, Section, Sheet


def _ranks(ranks: Mapping[str, Any]) -> str:
    return ", ".join(f"{name} {rank}" for name, rank in ranks.items()) or "none"


def _event(event: Mapping[str, Any]) -> str:
    what = event.get("name", event.get("amount", ""))
    note = f" ({event['note']})" if event.get("note") else ""
    return f"{event['kind']} {what}{note}"


def _rows(pairs: list[tuple[str, object]]) -> tuple[Row, ...]:
    return tuple(Row(label, str(value)) for label, value in pairs)


def sheet_of(data: Mapping[str, Any]) -> Sheet:
    """The contract's ``Sheet`` of a Miridon character (004 derived numbers cited in
    ``derived``); ``data`` keeps every number for ``--json``."""
    points = data["points"]
    identity = Section("Character", _rows([
        ("Class", " / ".join(data["classes"])),
        ("Race", data["race"]),
        ("Mutations", ", ".join(data["mutations"]) or "none"),
        ("Max Strength / Speed", f"{data['max_strength']} / {data['max_speed']}"),
        ("Max HP", data["max_hp"]),
        ("Max Ghost HP", data["max_ghost_hp"]),
        ("Specials", _ranks(data["specials"])),
        ("Skill points", f"{points['granted']} granted, {points['spent']} spent, "
                         f"{points['unspent']} unspent"),
    ]))
    battle = Section("In battle", _rows([
        ("Max Battle Strength / Speed",
         f"{data['max_battle_strength']} / {data['max_battle_speed']}"),
        ("Evasion passive / active", f"{data['passive_evasion']} / {data['active_evasion']}"),
        ("Damage reduction physical / spell",
         f"{data['physical_damage_reduction']} / {data['spell_damage_reduction']}"),
        ("Weight Penalty / max", f"{data['weight_penalty']} / {data['max_weight_penalty']}"),
        ("Armor", data["armor"]),
        ("Grapple to hit / max strength",
         f"{data['grapple_to_hit']} / {data['max_grapple_strength']}"),
    ]))
    build = Section("Build", _rows([
        ("Skills", _ranks(data["skills"])),
        ("Talents", _ranks(data["talents"])),
        ("Flairs", ", ".join(data["flairs"]) or "none"),
    ]))
    columns = ("weapon", "weight", "attack", "to hit", "aimed", "damage", "bonus")
    weapons = Section("Weapons", columns=columns, table=tuple(
        (w["weapon"], str(w["weight"]), w["attack"], str(w["to_hit"]),
         "-" if w["aimed_to_hit"] is None else str(w["aimed_to_hit"]), w["damage"],
         w["damage_bonus"])
        for w in data["weapons"]))
    sections = [identity, battle, build, weapons]
    if data["crew"]:
        sections.append(Section("Crew", columns=("name", "str", "spd", "hp"), table=tuple(
            (c["name"], str(c["max_strength"]), str(c["max_speed"]), str(c["max_hp"]))
            for c in data["crew"])))
    sections.append(Section("Ledger", columns=("#", "event", "cost", "rule"), table=tuple(
        (str(e["index"]), _event(e["event"]),
         str(e["cost"] or e["granted"] or 0), str(e["rule"]))
        for e in data["ledger"])))
    title = f"{data['name']}, {' / '.join(data['classes'])} ({data['race']})"
    return Sheet(ruleset="miridon", name=data["name"], kind="character", title=title,
                 sections=tuple(sections), data={"miridon": dict(data)})
