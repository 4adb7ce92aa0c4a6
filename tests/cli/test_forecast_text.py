"""The forecast printed without Rich (``cli.combat.render_forecast``, issue 28: Rich was
a third of a bare Typer app's start-up on every ``battle forecast``) is, byte for byte,
what Rich printed: the reference below is the Rich rendering it replaced, run on
forecasts of every shape (two columns, several targets, a ruleset's notes and
modifiers, hit locations) at several terminal widths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli import combat
from tactician.cli.main import app
from tactician.cli.output import console, plain
from tactician.counted import counted

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples"
runner = CliRunner()

# (ruleset, attacker, defenders, distance): a forecast of each shape the renderer has
FIGHTS = [
    ("tropera", EX / "tropera" / "aria_sword_fighter.yaml",
     [EX / "tropera" / "enemies" / "brigand.yaml"], 1),
    ("miridon", EX / "miridon" / "duelist_sable.yaml", [EX / "miridon" / "vessel_gogo.yaml"], 1),
    ("fe-classic", EX / "fe_classic" / "seth_paladin.yaml",
     [EX / "fe_classic" / "colm_thief.yaml"], 1),
    ("uesrpg", EX / "uesrpg" / "aela.yaml", [EX / "uesrpg" / "bandit-captain.yaml"], 1),
]


def report_of(ruleset: str, attacker: Path, defenders: list[Path], distance: int
              ) -> dict[str, Any]:
    args = ["forecast", "-r", ruleset, "-a", str(attacker), "--distance", str(distance),
            "--json"]
    for defender in defenders:
        args += ["-d", str(defender)]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.stdout
    found: dict[str, Any] = json.loads(done.stdout)
    return found


# --- the reference: the Rich rendering ``render_forecast`` replaced --------------------

def _pct(p: float) -> str:
    return f"{100 * p:.2f}%"


def _say(con: Any, text: str, style: str | None = None) -> None:
    con.print(plain(text, style or ""), highlight=False)


def rich_location_forecast(report: dict[str, Any]) -> None:
    from rich.table import Table

    a, d = report["attacker"], report["defender"]
    con = console()
    distance = report.get("distance")
    title = f"Forecast: {a['name']} attacks {d['name']} with {a['weapon']} ({a['damage_dice']})"
    if distance is not None:
        title += f" at {counted(distance, 'tile')}"
    _say(con, title)
    defence = report["defence"]
    _say(con,
         f"Attack test vs {a['target']}; {d['name']} "
         + ("does not defend" if defence == "none" else f"tries to {defence} (vs {d['target']})")
         + f"; WT {d['wt']}, HP {d['hp']}/{d['max_hp']}")
    if report.get("in_reach") is False:
        _say(con, "Out of reach from here: move closer first.", "yellow")
    if report.get("affordable") is False:
        _say(con, "Not enough AP left to attack this Turn.", "yellow")
    table = Table()
    table.add_column("")
    table.add_column("chance", justify="right")
    table.add_row("Hit", _pct(report["hit"]))
    for location, p in report["locations"].items():
        table.add_row(plain("  " + location.replace("_", " ")), _pct(p))
    table.add_row("Wound", _pct(report["wound"]))
    table.add_row("Down (0 HP)", _pct(report["kill"]))
    table.add_row("Dead", _pct(report["dead"]))
    table.add_row("Expected damage", f"{report['expected_damage']['to_defender']:.2f}")
    con.print(table)
    dist = ", ".join(f"{hp} HP {_pct(p)}" for hp, p in report["hp"]["defender"].items())
    _say(con, f"{d['name']} ends at: {dist}")
    others = report.get("defences", {})
    if len(others) > 1:
        _say(con, "By defence: " + "; ".join(
            f"{name}: hit {_pct(o['hit'])}, wound {_pct(o['wound'])}, down {_pct(o['kill'])}"
            for name, o in others.items()
        ))


def rich_forecast(report: dict[str, Any]) -> None:
    from rich.table import Table

    if "locations" in report:
        rich_location_forecast(report)
        return
    a, d = report["attacker"], report["defender"]
    table = Table(title=f"Forecast at distance {report['distance']}")
    table.add_column("")
    table.add_column(plain(a["name"]), justify="right")
    table.add_column(plain(d["name"]), justify="right")

    def value(side: dict[str, Any], key: str, suffix: str = "") -> str:
        return "-" if side[key] is None else f"{side[key]}{suffix}"

    def chance(side: dict[str, Any], key: str) -> str:
        return "-" if side[key] is None else _pct(side[key])

    table.add_row("HP", f"{a['hp']}/{a['max_hp']}", f"{d['hp']}/{d['max_hp']}")
    table.add_row("Weapon", plain(a["weapon"] or "-"), plain(d["weapon"] or "-"))
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
    first_defeated = targets[0]["defeated"] if targets else out["defender_defeated"]
    table.add_row("Defeated", _pct(out["attacker_defeated"]), _pct(first_defeated))
    expected = report["expected_damage"]
    table.add_row(
        "Expected damage taken", f"{expected['to_attacker']:.2f}", f"{expected['to_defender']:.2f}"
    )
    con = console()
    con.print(table)
    _say(con, "Order: " + " → ".join(report["order"]))
    if targets:
        _say(con, f"Every target falls: {_pct(out['defender_defeated'])}; {a['name']} stands "
                  f"and not every target falls: {_pct(out['both_stand'])}")
    else:
        _say(con, f"Both stand: {_pct(out['both_stand'])}")
    for label in ("attacker", "defender"):
        dist = ", ".join(f"{hp} HP {_pct(p)}" for hp, p in report["hp"][label].items())
        _say(con, f"{report[label]['name']} ends at: {dist}")
    for bystander in report.get("cleave", []):
        _say(con, f"Cleave reaches {bystander['name']}: defeated {_pct(bystander['defeated'])}")
    for number, target in enumerate(targets[1:], start=2):
        _say(con, combat.target_line(a["name"], number, target))
    for note in report.get("notes", []):
        _say(con, note)
    rich_modifiers(report)


def rich_modifiers(report: dict[str, Any]) -> None:
    from rich.table import Table

    terms = report.get("modifiers") or []
    if not terms:
        return
    table = Table(title="Modifiers")
    for column in ("Unit", "Number", "Value", "Source", "Rule"):
        table.add_column(column, justify="right" if column == "Value" else "left")
    for term in terms:
        name = report.get(term["side"], {}).get("name", term["side"])
        table.add_row(plain(str(name)), term["stat"], f"{term['value']:+d}",
                      plain(term["source"]), plain(term["rule"]))
    console().print(table)


# --- the comparison --------------------------------------------------------------------

@pytest.fixture(scope="module")
def reports() -> list[dict[str, Any]]:
    found = [report_of(*fight) for fight in FIGHTS]
    several = report_of("tropera", EX / "tropera" / "lute_mage.yaml",
                        [EX / "tropera" / "enemies" / "brigand.yaml"], 2)
    return [*found, several]


def printed(render: Any, report: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    render(report)
    return capsys.readouterr().out


@pytest.mark.parametrize("width", [40, 60, 80, 132])
def test_the_forecast_prints_as_rich_printed_it(
        reports: list[dict[str, Any]], width: int, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    shapes = {"locations": False, "notes": False, "modifiers": False}
    for report in reports:
        for shape in shapes:
            shapes[shape] = shapes[shape] or bool(report.get(shape))
        assert printed(combat.render_forecast, report, capsys) == printed(
            rich_forecast, report, capsys), report["attacker"]["name"]
    assert all(shapes.values()), shapes  # every shape was compared


def test_user_text_in_a_forecast_prints_as_typed_and_escaped(
        reports: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Names with markup, control characters and wide letters: as Rich printed them."""
    monkeypatch.setenv("COLUMNS", "70")
    report = json.loads(json.dumps(reports[0]))
    report["attacker"]["name"] = "[bold red]Aria[/] \x1b[2J"
    report["defender"]["name"] = "ブリガンド\u202e"
    report["attacker"]["weapon"] = "Iron\tSword"
    ours = printed(combat.render_forecast, report, capsys)
    assert ours == printed(rich_forecast, report, capsys)
    assert "\x1b" not in ours and "[bold red]Aria[/]" in ours
