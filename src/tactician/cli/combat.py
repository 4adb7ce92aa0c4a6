"""``tactician forecast`` and ``tactician attack``: one fight, odds or dice.

Both build the same request and go through ``tactician.table.fights``; the
forecast shows exact odds, the attack resolves on seeded or physical dice and
shows every roll.

No ``from __future__ import annotations`` here: Typer reads the commands'
annotations, and as strings it must compile and evaluate each one at every start.
"""

from pathlib import Path
from typing import Annotated, Any

import typer

from tactician.cli.output import console, emit, plain, refusals, shown
from tactician.counted import counted

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


def _say(text: str, style: str = "") -> None:
    """One line of text as given (names print as typed, never as markup), wrapped at
    the terminal's width and styled on a terminal only: what Rich's
    ``console().print(plain(text, style), highlight=False)`` wrote, without Rich
    (``cli.terminal_text``; Rich was a third of a bare Typer app's start-up on every
    ``battle forecast``, issue 28)."""
    from tactician.cli.terminal_text import (
        colour_wanted,
        echo_lines,
        paint,
        printed_lines,
        terminal_width,
    )

    colour = colour_wanted()
    echo_lines(paint(part, style, colour) for part in printed_lines(shown(text), terminal_width()))


def _print_table(table: Any) -> None:
    from tactician.cli.terminal_text import echo_lines

    echo_lines(table.lines())


def render_location_forecast(report: dict[str, Any]) -> None:
    """Rulesets with hit locations and wounds (UESRPG): hit, each location, wound,
    down, dead and the defender's HP, for the defence chosen and every other one."""
    from tactician.cli.text_table import Table

    a, d = report["attacker"], report["defender"]
    distance = report.get("distance")
    title = f"Forecast: {a['name']} attacks {d['name']} with {a['weapon']} ({a['damage_dice']})"
    if distance is not None:
        title += f" at {counted(distance, 'tile')}"
    _say(title)
    defence = report["defence"]
    _say(f"Attack test vs {a['target']}; {d['name']} "
         + ("does not defend" if defence == "none" else f"tries to {defence} (vs {d['target']})")
         + f"; WT {d['wt']}, HP {d['hp']}/{d['max_hp']}")
    if report.get("in_reach") is False:
        _say("Out of reach from here: move closer first.", "yellow")
    if report.get("affordable") is False:
        _say("Not enough AP left to attack this Turn.", "yellow")
    table = Table()
    table.add_column("")
    table.add_column("chance", justify="right")
    table.add_row("Hit", _pct(report["hit"]))
    for location, p in report["locations"].items():
        table.add_row("  " + location.replace("_", " "), _pct(p))
    table.add_row("Wound", _pct(report["wound"]))
    table.add_row("Down (0 HP)", _pct(report["kill"]))
    table.add_row("Dead", _pct(report["dead"]))
    table.add_row("Expected damage", f"{report['expected_damage']['to_defender']:.2f}")
    _print_table(table)
    dist = ", ".join(f"{hp} HP {_pct(p)}" for hp, p in report["hp"]["defender"].items())
    _say(f"{d['name']} ends at: {dist}")
    others = report.get("defences", {})
    if len(others) > 1:
        _say("By defence: " + "; ".join(
            f"{name}: hit {_pct(o['hit'])}, wound {_pct(o['wound'])}, down {_pct(o['kill'])}"
            for name, o in others.items()
        ))


def render_forecast(report: dict[str, Any]) -> None:
    """The forecast as a table and lines, laid out as Rich laid it out
    (``cli.text_table``; ``tests/cli/test_forecast_text.py`` holds Rich's rendering
    as the reference), without importing Rich."""
    from tactician.cli.text_table import Table

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

    def chance(side: dict[str, Any], key: str) -> str:
        return "-" if side[key] is None else _pct(side[key])

    table.add_row("HP", f"{a['hp']}/{a['max_hp']}", f"{d['hp']}/{d['max_hp']}")
    table.add_row("Weapon", a["weapon"] or "-", d["weapon"] or "-")
    table.add_row("Hit", value(a, "hit", "%"), value(d, "hit", "%"))
    table.add_row("True chance to hit", chance(a, "hit_probability"), chance(d, "hit_probability"))
    table.add_row("Crit", value(a, "crit", "%"), value(d, "crit", "%"))
    table.add_row(
        "True chance to crit", chance(a, "crit_probability"), chance(d, "crit_probability")
    )
    table.add_row(
        "Damage (crit)",
        f"{value(a, 'damage')} ({value(a, 'crit_damage')})",
        f"{value(d, 'damage')} ({value(d, 'crit_damage')})",
    )
    table.add_row("Strikes", str(a["strikes"]), str(d["strikes"]))
    out = report["outcome"]
    targets = report.get("targets", [])
    # with several targets, outcome.defender_defeated is the chance that every one
    # falls; the first target's column shows its own
    first_defeated = targets[0]["defeated"] if targets else out["defender_defeated"]
    table.add_row("Defeated", _pct(out["attacker_defeated"]), _pct(first_defeated))
    expected = report["expected_damage"]
    table.add_row(
        "Expected damage taken", f"{expected['to_attacker']:.2f}", f"{expected['to_defender']:.2f}"
    )
    _print_table(table)
    _say("Order: " + " → ".join(report["order"]))
    if targets:
        _say(f"Every target falls: {_pct(out['defender_defeated'])}; {a['name']} stands "
             f"and not every target falls: {_pct(out['both_stand'])}")
    else:
        _say(f"Both stand: {_pct(out['both_stand'])}")
    for label in ("attacker", "defender"):
        dist = ", ".join(f"{hp} HP {_pct(p)}" for hp, p in report["hp"][label].items())
        _say(f"{report[label]['name']} ends at: {dist}")
    for bystander in report.get("cleave", []):
        _say(f"Cleave reaches {bystander['name']}: defeated {_pct(bystander['defeated'])}")
    for number, target in enumerate(targets[1:], start=2):
        _say(target_line(a["name"], number, target))
    for note in report.get("notes", []):  # a ruleset's own lines (Miridon: branches, points)
        _say(note)
    render_modifiers(report)


def render_modifiers(report: dict[str, Any]) -> None:
    """Every term of each side's numbers with its source and the rule it cites
    (``modifiers``, docs/schemas/forecast.json), when the ruleset reports them."""
    from tactician.cli.text_table import Table

    terms = report.get("modifiers") or []
    if not terms:
        return
    table = Table(title="Modifiers")
    for column in ("Unit", "Number", "Value", "Source", "Rule"):
        table.add_column(column, justify="right" if column == "Value" else "left")
    for term in terms:
        name = report.get(term["side"], {}).get("name", term["side"])
        table.add_row(str(name), term["stat"], f"{term['value']:+d}", term["source"],
                      term["rule"])
    _print_table(table)


def target_line(attacker: str, number: int, target: dict[str, Any]) -> str:
    """A further target of a multi-target attack: its own chance to fall, the
    attacker's Hit on it, and its counter (or none)."""
    line = f"Target {number}, {target['name']} ({target['hp']}/{target['max_hp']} HP): defeated "
    line += _pct(target["defeated"])
    if target.get("attacker_hit") is not None:
        line += (f"; {attacker}'s Hit {target['attacker_hit']}% "
                 f"(true {_pct(target['attacker_hit_probability'])})")
    if target.get("hit") is None or not target.get("strikes"):
        line += "; no counter"
    else:
        line += (f"; its counter: {counted(target['strikes'], 'strike')}, Hit {target['hit']}% "
                 f"(true {_pct(target['hit_probability'])}), {target['damage']} damage")
    ends = target.get("hp_distribution") or {}
    if ends:
        line += "; ends at: " + ", ".join(f"{hp} HP {_pct(p)}" for hp, p in ends.items())
    return line


def strike_line(strike: dict[str, Any]) -> Any:
    """``1. Aria → Brigand (hit 100, crit 2): attack roll (True Hit): 42 + 20 → 31 →
    HIT, 6 damage, Brigand at 16 HP`` as a ``Text`` (the outcome in bold)."""
    from rich.text import Text

    rolls = "; ".join(
        f"{r['purpose']}: {' + '.join(map(str, r['dice']))}"
        + (f" → {r['value']}" if r["value"] is not None and len(r["dice"]) > 1 else "")
        for r in strike["rolls"]
    )
    effects = f" [{', '.join(strike['effects'])}]" if strike["effects"] else ""
    cleave = f" (Cleave {strike['cleave']})" if strike.get("cleave") else ""
    line = Text(shown(
        f"{strike['number']}. {strike['striker']} → {strike['target']}{cleave} "
        f"(hit {strike['hit']}, crit {strike['crit']}): {rolls} → "
    ))
    line.append(strike["outcome"].upper(), style="bold")
    if strike["outcome"] != "miss":
        line.append(shown(
            f", {strike['damage']} damage, {strike['target']} at {strike['target_hp']} HP"
        ))
    line.append(shown(effects))
    return line


def _rich_say(con: Any, text: str, style: str | None = None) -> None:
    """One line through Rich (an attack's lines sit beside its strikes' ``Text``)."""
    con.print(plain(text, style or ""), highlight=False)


def render_attack(report: dict[str, Any]) -> None:
    con = console()
    if report.get("seed") is not None:
        _rich_say(con, f"seed {report['seed']}", "dim")
    for line in report.get("lines", []):  # rulesets that narrate each roll as a line
        _rich_say(con, line)
    for strike in report["strikes"]:
        con.print(strike_line(strike), highlight=False)
    _rich_say(con, "Result: " + ", ".join(f"{n} {hp} HP" for n, hp in report["hp"].items()))
    if report.get("unused_rolls"):  # the table's rolls the attack did not need
        _rich_say(con, f"Unused rolls: {', '.join(map(str, report['unused_rolls']))}", "yellow")
    for wound in report["critically_wounded"]:
        if wound["crippled"]:
            times = counted(wound["times_wounded"], "time")
            _rich_say(con, f"{wound['name']} is Crippled (wounded {times})", "red")
        else:
            _rich_say(con, f"{wound['name']} is Critically Wounded: countdown "
                      f"{counted(wound['countdown_rounds'], 'round')}", "red")


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
            str | None, typer.Option(help="The table's own dice, in the order asked; or "
                                     "'ask': on a terminal, each die asked for as needed.")
        ] = None,
        as_json: Json = False,
    ) -> None:
        """Resolve an attack, printing every roll and its effect."""
        from tactician.cli.table_dice import dice_source
        from tactician.table.fights import attack

        with refusals(as_json):
            dice = dice_source(seed, rolls)
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
