"""Rich rendering of a character sheet (the data comes from the ruleset)."""

from __future__ import annotations

from typing import Any

from tactician.cli.output import console


def render_sheet(sheet: dict[str, Any]) -> None:
    from rich.table import Table

    from tactician.rulesets.tropera.stats import STAT_NAMES

    out = console()
    title = f"{sheet['name']}  ({sheet['kind']}, level {sheet['level']})"
    table = Table(title=title)
    for column in ("stat", "value", "points", "growth"):
        table.add_column(column, justify="right" if column != "stat" else "left")
    for stat, name in STAT_NAMES.items():
        table.add_row(
            name,
            str(sheet["stats"][stat]),
            str(sheet["points"][stat]),
            str(sheet["growths"][stat]),
        )
    out.print(table)
    mov = f"MOV {sheet['movement']}"
    if "movement_transformed" in sheet:
        mov += (
            f" (transformed {sheet['movement_transformed']}, "
            f"untransformed {sheet['movement_untransformed']})"
        )
    out.print(mov)
    out.print(f"Feats: {', '.join(sheet['feats']) or '-'}")
    ranks = ", ".join(f"{k} {v}" for k, v in sheet["proficiencies"].items()) or "-"
    out.print(f"Proficiencies: {ranks}" + (f" (Focus: {sheet['focus']})" if sheet["focus"] else ""))
    inv = sheet["inventory"]
    out.print(
        f"Weapons ({len(inv['weapons'])}/{inv['weapon_slots']}): {', '.join(inv['weapons']) or '-'}"
    )
    if inv["natural_weapons"]:
        out.print(f"Natural weapons: {', '.join(inv['natural_weapons'])}")
    out.print(f"Items ({len(inv['items'])}/{inv['item_slots']}): {', '.join(inv['items']) or '-'}")
    out.print(f"Relic: {inv['relic'] or '-'}")
    out.print(f"Equipped: {inv['equipped'] or '-'}")
    if sheet["weapons"]:
        rows = Table(title="Weapons")
        columns = {
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
        for label in columns.values():
            rows.add_column(label)
        for row in sheet["weapons"]:
            rows.add_row(*(str(row.get(column, "")) for column in columns))
        out.print(rows)
    if sheet.get("note"):
        out.print(sheet["note"])
    if sheet["problems"]:
        out.print(f"{len(sheet['problems'])} rule problem(s):", style="bold red")
        for problem in sheet["problems"]:
            out.print(f"  - {problem}", markup=False)


def render_generic_sheet(data: dict[str, Any]) -> None:
    """Any ruleset's sheet data as nested tables: scalars first, then each section."""
    from rich.table import Table

    out = console()
    title = f"{data.get('name', '?')} ({data.get('ruleset', '')})"
    summary = Table(title=title, show_header=False)
    summary.add_column("")
    summary.add_column("")
    for key, value in data.items():
        if not isinstance(value, dict | list) and key not in ("name", "ruleset"):
            summary.add_row(key.replace("_", " "), str(value))
        elif isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
            summary.add_row(key.replace("_", " "), ", ".join(map(str, value)) or "-")
    out.print(summary)
    for key, value in data.items():
        if isinstance(value, dict) and value:
            section = Table(title=key.replace("_", " "))
            section.add_column("")
            section.add_column("")
            for name, item in value.items():
                section.add_row(str(name), _compact(item))
            out.print(section)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            section = Table(title=key.replace("_", " "))
            columns = list(dict.fromkeys(k for row in value for k in row))
            for column in columns:
                section.add_column(column)
            for row in value:
                section.add_row(*(_compact(row.get(column, "")) for column in columns))
            out.print(section)


def _compact(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)
