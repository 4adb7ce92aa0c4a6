"""``tactician demo``: the README's first command. Builds two Tropera
characters, shows their sheets, forecasts their fight with exact odds and
resolves it on seeded dice, every roll shown."""

from __future__ import annotations

from pathlib import Path

import typer

from tactician.cli.output import console, print_json, refusals

DEMO_DIR = Path(__file__).resolve().parents[1] / "rulesets" / "tropera" / "demo"


def register(app: typer.Typer) -> None:
    @app.command("demo")
    def demo_command(
        seed: int = typer.Option(7, "--seed", help="Seed for the resolved fight."),
        as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    ) -> None:
        """Build two Tropera characters, forecast their fight, then resolve it."""
        from tactician.cli.combat import render_attack, render_forecast
        from tactician.dice.source import SeededDice
        from tactician.table.fights import Combatant, FightRequest, attack, forecast
        from tactician.table.sheets import sheet

        with refusals(as_json):
            attacker, defender = DEMO_DIR / "lyra.yaml", DEMO_DIR / "garrek.yaml"
            request = FightRequest("tropera", Combatant(attacker), (Combatant(defender),))
            sheets = [sheet("tropera", attacker), sheet("tropera", defender)]
            odds = forecast(request)
            result = attack(request, SeededDice(seed))
            if as_json:
                print_json({"sheets": sheets, "forecast": odds, "attack": result})
                return
            from tactician.cli.sheet_view import render_sheet

            con = console()
            con.rule("Two Tropera characters (000: 35 points, growths, one feat, one D rank)")
            for data in sheets:
                render_sheet(data)
            con.rule("Forecast: exact odds before committing")
            render_forecast(odds)
            con.rule(f"Attack resolved on seeded dice (seed {seed})")
            render_attack(result)
