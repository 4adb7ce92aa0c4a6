"""``tactician character create|show|level-up``: Tropera unit files.

``create`` checks a unit file against 000's creation and progression rules and
prints the sheet or every violation; ``show`` prints the sheet (stats, growths,
MOV, feats, proficiencies, inventory and each carried weapon's numbers);
``level-up`` rolls (or takes the table's ``--rolls``), shows every die, and
writes the leveled unit file only when ``--out`` or ``--in-place`` is given.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tactician.cli.output import console, emit, print_json, refusals
from tactician.cli.sheet_view import render_sheet
from tactician.errors import DiceError, RulesError

app = typer.Typer(help="Build, show and level Tropera characters.", no_args_is_help=True)

_DATA_HELP = "Extra compendium folder (weapons.yaml, items.yaml, feats.yaml) over the defaults."
DataOpt = Annotated[Path | None, typer.Option("--data", help=_DATA_HELP)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


def _compendium(data: Path | None) -> Any:
    from tactician.rulesets.tropera.compendium import load_compendium

    return load_compendium((data,) if data else ())


# --- the sheet -------------------------------------------------------------------------


def _report_problems(path: Path, problems: list[str], as_json: bool) -> None:
    if as_json:
        print_json({"valid": False, "file": str(path), "error": "; ".join(problems),
                    "problems": problems})
    else:
        sys.stderr.write(f"error: {path}: {len(problems)} rule problem(s):\n")
        for problem in problems:
            sys.stderr.write(f"  - {problem}\n")
    raise typer.Exit(2)


RulesetOpt = Annotated[
    str, typer.Option("--ruleset", "-r", help="Ruleset of the unit file (tropera, uesrpg).")
]


def _other_ruleset(ruleset: str, file: Path, as_json: bool, valid: bool) -> bool:
    """Show a unit of a ruleset other than Tropera through the service layer; False
    for Tropera (whose sheet this module renders itself)."""
    if ruleset == "tropera":
        return False
    from tactician.cli.sheet_view import render_generic_sheet
    from tactician.table.sheets import sheet

    data = sheet(ruleset, file)  # refuses an invalid unit file with every fault named
    payload = {"valid": True, **data} if valid else data
    emit(payload, as_json, lambda: render_generic_sheet(data))
    return True


@app.command("create")
def create_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML) to check.")],
    data: DataOpt = None,
    ruleset: RulesetOpt = "tropera",
    as_json: JsonOpt = False,
) -> None:
    """Check a unit file against the rules; print the sheet or every violation."""
    from tactician.rulesets.tropera.creation import load_character
    from tactician.rulesets.tropera.sheet import sheet_data

    with refusals(as_json):
        if _other_ruleset(ruleset, file, as_json, valid=True):
            return
        character = load_character(file)
        compendium = _compendium(data)
        sheet = sheet_data(character, compendium)
        if sheet["problems"]:
            _report_problems(file, sheet["problems"], as_json)
        emit({"valid": True, **sheet}, as_json, lambda: render_sheet(sheet))


@app.command("show")
def show_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML) to show.")],
    data: DataOpt = None,
    ruleset: RulesetOpt = "tropera",
    as_json: JsonOpt = False,
) -> None:
    """Print the character sheet (rule problems, if any, are listed under it)."""
    from tactician.rulesets.tropera.creation import load_character
    from tactician.rulesets.tropera.sheet import sheet_data

    with refusals(as_json):
        if _other_ruleset(ruleset, file, as_json, valid=False):
            return
        character = load_character(file)
        sheet = sheet_data(character, _compendium(data))
        emit(sheet, as_json, lambda: render_sheet(sheet))


# --- level-up --------------------------------------------------------------------------


def _split(text: str | None) -> list[str]:
    if text is None:
        return []
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def parse_points(text: str) -> dict[str, int]:
    """``str=2,spd=2,hp=1`` -> {"str": 2, "spd": 2, "hp": 1} (repeats add up)."""
    result: dict[str, int] = {}
    for part in _split(text):
        name, sep, raw = part.partition("=")
        try:
            value = int(raw) if sep else 1
        except ValueError:
            raise RulesError(f"--points entry {part!r}: {raw!r} is not a whole number") from None
        key = name.strip()
        result[key] = result.get(key, 0) + value
    return result


def _prompt(text: str, as_json: bool) -> str:
    return str(typer.prompt(text, err=as_json))


def _interactive_picks(as_json: bool) -> Any:
    from tactician.rulesets.tropera.levelup import PICKS, LevelUpReport, check_picks

    def choose(view: LevelUpReport) -> list[str]:
        if not as_json:
            _render_rolls(view)
        labels = ", ".join(
            f"{_stat_name(r.stat)} {r.total}" for r in view.rolls if r.candidate
        )
        while True:
            answer = _prompt(f"Pick {PICKS} of {labels}", as_json)
            keys, problems = check_picks(view.candidates, _split(answer))
            if not problems:
                return keys
            typer.echo("; ".join(problems), err=True)

    return choose


def _stat_name(stat: str) -> str:
    from tactician.rulesets.tropera.stats import STAT_NAMES

    return {str(k): v for k, v in STAT_NAMES.items()}.get(stat, stat)


def _ask_level_inputs(
    character: Any, compendium: Any, proficiency: str | None, feat: str | None,
    feat_profs: list[str], points: dict[str, int] | None, as_json: bool,
) -> tuple[str | None, str | None, list[str], dict[str, int] | None]:
    """Prompt for what the next level needs and was not given on the command line."""
    from tactician.rulesets.tropera.levelup import (
        check_points,
        new_feat_problems,
        raise_proficiency,
    )
    from tactician.rulesets.tropera.progression import (
        FEAT_LEVELS,
        FEAT_PROFICIENCY_RANKS,
        FREE_POINT_LEVELS,
        PROFICIENCY_LEVELS,
    )

    level = character.level + 1
    profs = dict(character.proficiencies)
    if level in PROFICIENCY_LEVELS and not proficiency:
        while True:
            proficiency = _prompt(
                f"Level {level} proficiency rank: raise one of {', '.join(profs)} or name a "
                "new type", as_json)
            _, problem = raise_proficiency(dict(profs), proficiency)
            if not problem:
                break
            typer.echo(problem, err=True)
    if level in FEAT_LEVELS and not feat:
        while True:
            feat = _prompt(f"Level {level} feat", as_json)
            problems = new_feat_problems(character, feat, compendium)
            if not problems:
                break
            typer.echo("; ".join(problems), err=True)
    if feat and not feat_profs:
        needed = FEAT_PROFICIENCY_RANKS.get(feat.strip().casefold(), 0)
        if needed:
            feat_profs = _split(_prompt(f"{feat}: {needed} proficiency type(s), comma-separated",
                                        as_json))
    if level in FREE_POINT_LEVELS and points is None:
        while True:
            answer = _prompt(f"Level {level}: assign 9 points, at most 2 per stat "
                             "(e.g. str=2,spd=2,def=2,skl=2,hp=1)", as_json)
            try:
                points = parse_points(answer)
            except RulesError as exc:
                typer.echo(str(exc), err=True)
                continue
            _, problems = check_points(points)
            if not problems:
                break
            typer.echo("; ".join(problems), err=True)
    return proficiency, feat, feat_profs, points


def _render_rolls(report: Any) -> None:
    from rich.table import Table

    table = Table(title=f"{report.name}: level {report.level} roll")
    for column in ("stat", "d20", "growth", "total", "note", "rise"):
        table.add_column(column)
    for roll in report.rolls:
        notes = []
        if roll.natural_20:
            notes.append("natural 20: free point, not eligible")
        if roll.natural_1:
            notes.append("natural 1: ineligible")
        if roll.rerolls:
            notes.append("tie reroll " + ", ".join(str(v) for v in roll.rerolls))
        if roll.candidate:
            notes.append("candidate")
        if roll.stat in report.picked:
            notes.append("picked")
        if roll.lost:
            notes.append(f"{roll.lost} lost to the cap")
        rise = f"+{roll.increase}" if roll.increase else ""
        table.add_row(_stat_name(roll.stat), str(roll.die), f"+{roll.growth}", str(roll.total),
                      ", ".join(notes), rise)
    console().print(table)


def _render_report(report: Any, dice_line: str, written: str | None) -> None:
    out = console()
    out.print(dice_line, markup=False)
    if report.rolled:
        _render_rolls(report)
        out.print("Candidates (5 highest eligible): "
                  + (", ".join(_stat_name(s) for s in report.candidates) or "none"))
        out.print("Picked: " + (", ".join(_stat_name(s) for s in report.picked) or "none"))
    else:
        assigned = ", ".join(f"{_stat_name(k)} +{v}" for k, v in report.assigned.items())
        out.print(f"{report.name}: level {report.level}, no roll: 9 free points ({assigned}) "
                  "and 2 HP")
    rises = ", ".join(
        f"{_stat_name(k)} +{v}" for k, v in report.increases.as_dict().items() if v
    )
    out.print(f"Increases: {rises or 'none'}")
    if report.lost:
        out.print("Lost to the cap: "
                  + ", ".join(f"{_stat_name(k)} {v}" for k, v in report.lost.items()))
    if report.proficiency:
        out.print(f"Proficiency: {report.proficiency} now {report.proficiency_rank}")
    if report.feat:
        extra = f" ({', '.join(report.feat_proficiencies)})" if report.feat_proficiencies else ""
        out.print(f"Feat: {report.feat}{extra}")
    stats = ", ".join(f"{_stat_name(k)} {v}" for k, v in report.stats.as_dict().items())
    out.print(f"Now level {report.level}: {stats}, MOV {report.movement}")
    out.print(f"Wrote {written}" if written else
              "Not written: add --out NEW.yaml or --in-place to save the leveled character.")


@app.command("level-up")
def level_up_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML) of the character to level.")],
    seed: Annotated[int | None, typer.Option(help="Seed for the dice (printed).")] = None,
    rolls: Annotated[str | None, typer.Option(
        help="The table's own d20s in order: HP, Str, Mag, Skl, Spd, Lck, Def, Res, then any "
        "tie rerolls.")] = None,
    pick: Annotated[str | None, typer.Option(
        help="The 4 stats to raise, e.g. str,spd,def,skl (default: the 4 highest).")] = None,
    points: Annotated[str | None, typer.Option(
        help="Levels 8 and 16: 9 points, at most 2 per stat, e.g. "
        "str=2,spd=2,def=2,skl=2,hp=1.")] = None,
    proficiency: Annotated[str | None, typer.Option(
        help="Levels 4, 7, 10, 13, 16, 19, 20: the type to raise, or to gain at D.")] = None,
    feat: Annotated[str | None, typer.Option(help="Levels 8 and 16: the new feat.")] = None,
    feat_proficiency: Annotated[str | None, typer.Option(
        help="Focus: 1 type; Versatile: 3 types, comma-separated.")] = None,
    interactive: Annotated[bool, typer.Option(
        "--interactive", help="Prompt for the picks and anything else the level needs.")] = False,
    out: Annotated[Path | None, typer.Option(help="Write the leveled character here.")] = None,
    in_place: Annotated[bool, typer.Option(
        "--in-place", help="Overwrite FILE (atomically).")] = False,
    stat_cap: Annotated[int | None, typer.Option(
        help="Ruling: cap Str..Res after creation (default: no cap).")] = None,
    hp_cap: Annotated[int | None, typer.Option(
        help="Ruling: cap HP after creation (+10 with Hardy; default: no cap).")] = None,
    data: DataOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Gain one level, showing every die; writes only with --out or --in-place.

    Rolls a d20 per stat (levels 8 and 16: assign 9 points instead).
    """
    from tactician.dice.source import PhysicalDice, SeededDice, make_source
    from tactician.rulesets.tropera.creation import (
        load_character,
        save_character,
        validate_character,
    )
    from tactician.rulesets.tropera.levelup import LevelUpOptions, level_up

    with refusals(as_json):
        if seed is not None and rolls is not None:
            raise DiceError("give --seed or --rolls, not both")
        if out is not None and in_place:
            raise RulesError("give --out or --in-place, not both")
        character = load_character(file)
        compendium = _compendium(data)
        options = LevelUpOptions(stat_cap_after_creation=stat_cap, hp_cap_after_creation=hp_cap)
        try:
            validate_character(character, compendium, options)
        except RulesError as exc:
            _report_problems(file, exc.problems, as_json)
        point_map = parse_points(points) if points is not None else None
        feat_profs = _split(feat_proficiency)
        if interactive:
            proficiency, feat, feat_profs, point_map = _ask_level_inputs(
                character, compendium, proficiency, feat, feat_profs, point_map, as_json)
        picks: Any = _split(pick) if pick is not None else None
        if interactive and picks is None:
            picks = _interactive_picks(as_json)
        dice = make_source(seed, rolls)
        leveled, report = level_up(
            character, dice, picks, points=point_map, proficiency=proficiency, feat=feat,
            feat_proficiencies=feat_profs, compendium=compendium, options=options,
        )
        target = file if in_place else out
        if target is not None:
            save_character(leveled, target)
        dice_info: dict[str, Any] = {"used": [d.value for d in dice.draws]}
        if isinstance(dice, SeededDice):
            dice_info["seed"] = dice.seed
            dice_line = f"Dice: seed {dice.seed}"
        else:
            unused = dice.unused if isinstance(dice, PhysicalDice) else []
            dice_info["unused"] = unused
            dice_line = f"Dice: supplied rolls, {len(dice.draws)} used" + (
                f"; unused: {', '.join(str(v) for v in unused)}" if unused else "")
        if not report.rolled:
            dice_line = "No dice: levels 8 and 16 are not rolled"
        written = str(target) if target is not None else None
        data_out = {"dice": dice_info, "report": report.as_dict(), "written": written}
        emit(data_out, as_json, lambda: _render_report(report, dice_line, written))
