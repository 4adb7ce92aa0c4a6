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
        out.print(f"[bold red]{len(sheet['problems'])} rule problem(s):[/bold red]")
        for problem in sheet["problems"]:
            out.print(f"  - {problem}", markup=False)
