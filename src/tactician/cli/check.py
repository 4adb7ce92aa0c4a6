"""``tactician check UNIT SKILL --dc DIFFICULTY``: a character's check outside a
fight (001's 3d6 roleplay skills), its exact chance shown before the dice; with
``--rolls`` the table's own dice. Through ``tactician.table.checks``; nothing here
knows a ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tactician.cli.output import emit, refusals


def register(app: typer.Typer) -> None:
    @app.command("check")
    def check_command(
        file: Annotated[Path, typer.Argument(help="Unit file (YAML) of the character.")],
        skill: Annotated[str | None, typer.Argument(
            help="The skill, e.g. Stealth (omit it, or --list, for the skills).")] = None,
        dc: Annotated[str, typer.Option(
            "--dc", help="Difficulty: very easy, easy, normal, hard, extremely hard, or a "
            "number.")] = "normal",
        stat: Annotated[str | None, typer.Option(
            help="The stat, where the skill lets the player choose (Artisan: skl or lck).")]
        = None,
        ruleset: Annotated[str | None, typer.Option(
            "--ruleset", "-r", help="Ruleset of the unit file.")] = None,
        seed: Annotated[int | None, typer.Option(help="Seed for the dice (printed).")] = None,
        rolls: Annotated[str | None, typer.Option(
            help="The table's own dice (3d6: three values); or 'ask': on a terminal, "
            "each die asked for as needed.")] = None,
        option: Annotated[list[str], typer.Option(
            "--option", "-o", help="Ruling name=value.")] = [],  # noqa: B006
        as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
        = False,
    ) -> None:
        """A character's check outside a fight: the exact chance, then every die."""
        from tactician.cli.output import console
        from tactician.cli.sheet_view import render_sections
        from tactician.cli.table_dice import dice_source
        from tactician.errors import DiceError
        from tactician.table.catalogue import chosen
        from tactician.table.checks import CheckRequest, kinds, make_check

        with refusals(as_json):
            ruleset_id = chosen(ruleset)
            if skill is None:
                found = kinds(ruleset_id)
                emit(found, as_json, lambda: console().print(
                    "Skills: " + ", ".join(found), markup=False, highlight=False,
                    soft_wrap=True))
                return
            if seed is not None and rolls is not None:
                raise DiceError("give --seed or --rolls, not both")
            dice = dice_source(seed, rolls)
            report, sections = make_check(ruleset_id, file,
                                          CheckRequest(skill, dc, stat, tuple(option)), dice)

            def render() -> None:
                used = report["dice"]
                line = (f"Dice: seed {used['seed']}" if "seed" in used else
                        "Dice: supplied rolls" + (
                            f"; unused: {', '.join(map(str, used['unused']))}"
                            if used.get("unused") else ""))
                console().print(line, markup=False, highlight=False)
                render_sections(sections)

            emit(report, as_json, render)
