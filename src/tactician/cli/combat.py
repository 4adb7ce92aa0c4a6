"""``tactician forecast`` and ``tactician attack``: one fight, odds or dice.

Both build the same request and go through ``tactician.table.fights``; the
forecast shows exact odds, the attack resolves on seeded or physical dice and
shows every roll.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tactician.cli.output import console, emit, refusals

ATTACKER = typer.Option(..., "--attacker", "-a", help="Attacker's unit file (YAML).")
DEFENDER = typer.Option(
    ..., "--defender", "-d", help="Defender's unit file; repeat for a multi-target attack."
)


def _request(
    ruleset: str,
    attacker: Path,
    defenders: list[Path],
    distance: int | None,
    attacker_terrain: str | None,
    defender_terrain: str | None,
    defending: bool,
    attacker_hp: int | None,
    defender_hp: int | None,
    attacker_weapon: str | None,
    defender_weapon: str | None,
    options: list[str],
    cleave_targets: list[Path] | None = None,
    defence: str | None = None,
) -> Any:
    from tactician.table.fights import Combatant, FightRequest

    first, *rest = defenders
    return FightRequest(
        ruleset=ruleset,
        attacker=Combatant(attacker, attacker_terrain, attacker_hp, False, attacker_weapon),
        defenders=(
            Combatant(first, defender_terrain, defender_hp, defending, defender_weapon),
            *(Combatant(p, defender_terrain, None, defending) for p in rest),
        ),
        distance=distance,
        options=tuple(options),
        bystanders=tuple(Combatant(p) for p in cleave_targets or []),
        defence=defence,
    )


def _pct(p: float) -> str:
    return f"{100 * p:.2f}%"


def render_location_forecast(report: dict[str, Any]) -> None:
    """Rulesets with hit locations and wounds (UESRPG): hit, each location, wound,
    down, dead and the defender's HP, for the defence chosen and every other one."""
    from rich.table import Table

    a, d = report["attacker"], report["defender"]
    con = console()
    distance = report.get("distance")
    title = f"Forecast: {a['name']} attacks {d['name']} with {a['weapon']} ({a['damage_dice']})"
    if distance is not None:
        title += f" at {distance} tiles"
    con.print(title, markup=False, highlight=False)
    defence = report["defence"]
    con.print(
        f"Attack test vs {a['target']}; {d['name']} "
        + ("does not defend" if defence == "none" else f"tries to {defence} (vs {d['target']})")
        + f"; WT {d['wt']}, HP {d['hp']}/{d['max_hp']}",
        markup=False, highlight=False,
    )
    if report.get("in_reach") is False:
        con.print("[yellow]Out of reach from here: move closer first.[/yellow]")
    if report.get("affordable") is False:
        con.print("[yellow]Not enough AP left to attack this Turn.[/yellow]")
    table = Table()
    table.add_column("")
    table.add_column("chance", justify="right")
    table.add_row("Hit", _pct(report["hit"]))
    for location, p in report["locations"].items():
        table.add_row(f"  {location.replace('_', ' ')}", _pct(p))
    table.add_row("Wound", _pct(report["wound"]))
    table.add_row("Down (0 HP)", _pct(report["kill"]))
    table.add_row("Dead", _pct(report["dead"]))
    table.add_row("Expected damage", f"{report['expected_damage']['to_defender']:.2f}")
    con.print(table)
    dist = ", ".join(f"{hp} HP {_pct(p)}" for hp, p in report["hp"]["defender"].items())
    con.print(f"{d['name']} ends at: {dist}", markup=False, highlight=False)
    others = report.get("defences", {})
    if len(others) > 1:
        con.print(
            "By defence: " + "; ".join(
                f"{name}: hit {_pct(o['hit'])}, wound {_pct(o['wound'])}, down {_pct(o['kill'])}"
                for name, o in others.items()
            ),
            markup=False, highlight=False,
        )


def render_forecast(report: dict[str, Any]) -> None:
    from rich.table import Table

    if "locations" in report:
        render_location_forecast(report)
        return
    a, d = report["attacker"], report["defender"]
    table = Table(title=f"Forecast at distance {report['distance']}")
    table.add_column("")
    table.add_column(a["name"], justify="right")
    table.add_column(d["name"], justify="right")

    def value(side: dict[str, Any], key: str, suffix: str = "") -> str:
        return "-" if side[key] is None else f"{side[key]}{suffix}"

    table.add_row("HP", f"{a['hp']}/{a['max_hp']}", f"{d['hp']}/{d['max_hp']}")
    table.add_row("Weapon", a["weapon"] or "-", d["weapon"] or "-")
    table.add_row("Hit", value(a, "hit", "%"), value(d, "hit", "%"))
    table.add_row(
        "True chance to hit",
        "-" if a["hit_probability"] is None else _pct(a["hit_probability"]),
        "-" if d["hit_probability"] is None else _pct(d["hit_probability"]),
    )
    table.add_row("Crit", value(a, "crit", "%"), value(d, "crit", "%"))
    table.add_row(
        "True chance to crit",
        "-" if a["crit_probability"] is None else _pct(a["crit_probability"]),
        "-" if d["crit_probability"] is None else _pct(d["crit_probability"]),
    )
    table.add_row(
        "Damage (crit)",
        f"{value(a, 'damage')} ({value(a, 'crit_damage')})",
        f"{value(d, 'damage')} ({value(d, 'crit_damage')})",
    )
    table.add_row("Strikes", str(a["strikes"]), str(d["strikes"]))
    out = report["outcome"]
    table.add_row("Defeated", _pct(out["attacker_defeated"]), _pct(out["defender_defeated"]))
    expected = report["expected_damage"]
    table.add_row(
        "Expected damage taken", f"{expected['to_attacker']:.2f}", f"{expected['to_defender']:.2f}"
    )
    con = console()
    con.print(table)
    con.print("Order: " + " → ".join(report["order"]))
    con.print(f"Both stand: {_pct(out['both_stand'])}")
    for label in ("attacker", "defender"):
        dist = ", ".join(f"{hp} HP {_pct(p)}" for hp, p in report["hp"][label].items())
        con.print(f"{report[label]['name']} ends at: {dist}")
    for bystander in report.get("cleave", []):
        con.print(f"Cleave reaches {bystander['name']}: defeated {_pct(bystander['defeated'])}")
    for target in report.get("targets", [])[1:]:
        con.print(
            f"{target['name']}: defeated {_pct(target['defeated'])}, "
            f"{target['strikes']} strikes, hit {target['hit']}%"
        )


def render_attack(report: dict[str, Any]) -> None:
    con = console()
    if report.get("seed") is not None:
        con.print(f"[dim]seed {report['seed']}[/dim]")
    for line in report.get("lines", []):  # rulesets that narrate each roll as a line
        con.print(line, markup=False, highlight=False)
    for strike in report["strikes"]:
        rolls = "; ".join(
            f"{r['purpose']}: {' + '.join(map(str, r['dice']))}"
            + (f" → {r['value']}" if r["value"] is not None and len(r["dice"]) > 1 else "")
            for r in strike["rolls"]
        )
        effects = f" [{', '.join(strike['effects'])}]" if strike["effects"] else ""
        cleave = f" (Cleave {strike['cleave']})" if strike.get("cleave") else ""
        con.print(
            f"{strike['number']}. {strike['striker']} → {strike['target']}{cleave} "
            f"(hit {strike['hit']}, crit {strike['crit']}): {rolls} → "
            f"[bold]{strike['outcome'].upper()}[/bold]"
            + (
                f", {strike['damage']} damage, {strike['target']} at {strike['target_hp']} HP"
                if strike["outcome"] != "miss"
                else ""
            )
            + effects
        )
    con.print("Result: " + ", ".join(f"{n} {hp} HP" for n, hp in report["hp"].items()))
    if report.get("unused_rolls"):  # the table's rolls the attack did not need
        con.print(f"Unused rolls: {', '.join(map(str, report['unused_rolls']))}", style="yellow",
                  markup=False, highlight=False)
    for wound in report["critically_wounded"]:
        if wound["crippled"]:
            con.print(
                f"[red]{wound['name']} is Crippled (wounded {wound['times_wounded']} times)[/red]"
            )
        else:
            con.print(
                f"[red]{wound['name']} is Critically Wounded: countdown "
                f"{wound['countdown_rounds']} round(s)[/red]"
            )


# The options both commands take, declared once.
Ruleset = Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset id.")]
Distance = Annotated[int | None, typer.Option("--distance", help="Tiles apart.")]
Terrain = Annotated[str | None, typer.Option(help="Terrain name under the unit.")]
Defending = Annotated[bool, typer.Option("--defending", help="Defender took Defend.")]
Hp = Annotated[int | None, typer.Option(help="Current HP (default: full).")]
WeaponName = Annotated[str | None, typer.Option(help="Weapon to use (default: equipped).")]
Rulings = Annotated[list[str], typer.Option("--option", "-o", help="Ruling name=value.")]
CleaveTargets = Annotated[
    list[Path],
    typer.Option("--cleave-target", help="Another adjacent enemy Cleave can reach (repeatable)."),
]
Defence = Annotated[
    str | None,
    typer.Option(
        "--defence",
        help="The defender's reaction: evade, parry, block or none (rulesets with "
        "reactions, e.g. uesrpg; default: the defender's best).",
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


def register(app: typer.Typer) -> None:
    @app.command("forecast")
    def forecast_command(
        attacker: Path = ATTACKER,
        defender: list[Path] = DEFENDER,
        ruleset: Ruleset = "tropera",
        distance: Distance = None,
        attacker_terrain: Terrain = None,
        defender_terrain: Terrain = None,
        defending: Defending = False,
        attacker_hp: Hp = None,
        defender_hp: Hp = None,
        attacker_weapon: WeaponName = None,
        defender_weapon: WeaponName = None,
        option: Rulings = [],  # noqa: B006  (typer reads the default; never mutated)
        cleave_target: CleaveTargets = [],  # noqa: B006
        defence: Defence = None,
        as_json: Json = False,
    ) -> None:
        """Exact odds of an attack before committing to it."""
        from tactician.table.fights import forecast

        with refusals(as_json):
            report = forecast(_request(**_fight_arguments(locals())))
            emit(report, as_json, lambda: render_forecast(report))

    @app.command("attack")
    def attack_command(
        attacker: Path = ATTACKER,
        defender: list[Path] = DEFENDER,
        ruleset: Ruleset = "tropera",
        distance: Distance = None,
        attacker_terrain: Terrain = None,
        defender_terrain: Terrain = None,
        defending: Defending = False,
        attacker_hp: Hp = None,
        defender_hp: Hp = None,
        attacker_weapon: WeaponName = None,
        defender_weapon: WeaponName = None,
        option: Rulings = [],  # noqa: B006
        cleave_target: CleaveTargets = [],  # noqa: B006
        defence: Defence = None,
        seed: Annotated[int | None, typer.Option(help="Seed for reproducible dice.")] = None,
        rolls: Annotated[
            str | None, typer.Option(help="The table's own dice, in the order asked.")
        ] = None,
        as_json: Json = False,
    ) -> None:
        """Resolve an attack, printing every roll and its effect."""
        from tactician.dice.source import make_source
        from tactician.table.fights import attack

        with refusals(as_json):
            dice = make_source(seed, rolls)
            report = attack(_request(**_fight_arguments(locals())), dice)
            emit(report, as_json, lambda: render_attack(report))


def _fight_arguments(values: dict[str, Any]) -> dict[str, Any]:
    """The command's parameters that describe the fight (not seed, rolls, --json)."""
    names = (
        "ruleset", "attacker", "distance", "attacker_terrain", "defender_terrain",
        "defending", "attacker_hp", "defender_hp", "attacker_weapon", "defender_weapon",
        "cleave_target", "defence",
    )
    chosen = {name: values[name] for name in names if name != "cleave_target"}
    chosen["cleave_targets"] = values["cleave_target"]
    chosen["defenders"] = values["defender"]
    chosen["options"] = values["option"]
    return chosen
