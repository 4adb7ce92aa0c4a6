"""``tactician character create|show|advance``: unit files of any ruleset; and
``character add|list|history``, ``show|advance NAME``: the current campaign's roster.

A ``show`` or ``advance`` argument that names an existing file is a unit file;
anything else is a character of the current campaign's roster (``--db`` /
``TACTICIAN_DB``), whose every change is recorded (``character history NAME``).

``create`` checks a unit file against its ruleset's rules and prints a verdict
("legal build: ...") and the sheet, or every violation (file, entry, field);
``show`` prints the sheet; ``advance`` (alias ``level-up``) takes the unit one
step further (a level-up), shows every die, and writes the new unit file only
with ``--out`` or ``--in-place`` (keeping the file's comments and mode). Every
command goes through ``tactician.table.sheets``; nothing here knows a ruleset.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from tactician.cli.output import emit, print_json, refusals
from tactician.cli.sheet_view import render_sections, render_sheet
from tactician.counted import counted

app = typer.Typer(
    help="Check, show and advance (level up) characters of any ruleset (--ruleset).",
    no_args_is_help=True,
)

RulesetOpt = Annotated[
    str | None, typer.Option("--ruleset", "-r", help="Ruleset of the unit file (see "
                             "`tactician rulesets`; default: tropera).")
]


def _ruleset(ruleset: str | None) -> str:
    from tactician.table.catalogue import chosen

    return chosen(ruleset)
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
CampaignOpt = Annotated[
    str | None, typer.Option("--campaign", help="The campaign (default: the current one).")
]
DbOpt = Annotated[
    str | None, typer.Option(
        "--db", envvar="TACTICIAN_DB", help="Database of the campaigns (an SQLite file or an "
        "SQLAlchemy URL).")
]


def _on_roster(target: Path) -> bool:
    """A name that is no existing file is a roster name."""
    return not target.exists()


def _roster(db: str | None, campaign: str | None) -> Any:
    """(database, campaign) of the roster; the caller closes the database."""
    from tactician.cli.battle import the_campaign
    from tactician.store.database import open_database

    opened = open_database(db)
    try:
        return opened, the_campaign(opened, campaign)
    except BaseException:
        opened.close()
        raise


# --- create and show -------------------------------------------------------------------


@app.command("create")
def create_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML) to check.")],
    ruleset: RulesetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a unit file against the rules: a verdict and the sheet, or every violation."""
    from tactician.table.sheets import check, sheet

    with refusals(as_json):
        ruleset = _ruleset(ruleset)
        verdict = check(ruleset, file)
        if not verdict.valid:
            problems = [str(v) for v in verdict.violations]
            if as_json:
                print_json({"valid": False, "file": str(file), "error": "; ".join(problems),
                            "problems": problems,
                            "violations": [vars(v) for v in verdict.violations]})
            else:
                sys.stderr.write(f"error: {file}: {counted(len(problems), 'rule problem')}:\n")
                for problem in problems:
                    sys.stderr.write(f"  - {problem}\n")
            raise typer.Exit(2)
        data = sheet(ruleset, file)
        line = f"legal build: {verdict.summary}"

        def render() -> None:
            from tactician.cli.output import console

            console().print(line, markup=False, highlight=False, soft_wrap=True)
            render_sheet(data)

        emit({**data, "valid": True, "verdict": line}, as_json, render)


@app.command("show")
def show_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML) to show, or a character "
                                         "of the current campaign's roster.")],
    ruleset: RulesetOpt = None,
    campaign: CampaignOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print the character sheet (rule problems, if any, are listed under it); a roster
    character's also says what its last battle left on it."""
    from tactician.table.sheets import sheet

    with refusals(as_json):
        if _on_roster(file):
            from tactician.table.roster import show_character

            opened, where = _roster(db, campaign)
            try:
                data = show_character(opened, where, str(file))
            finally:
                opened.close()
            emit(data, as_json, lambda: _render_roster_sheet(data))
            return
        data = sheet(_ruleset(ruleset), file)
        emit(data, as_json, lambda: render_sheet(data))


def _render_roster_sheet(data: dict[str, Any]) -> None:
    from tactician.cli.output import console

    render_sheet(data)
    carried = data.get("carried") or {}
    last = data.get("last_battle")
    out = console()
    if last:
        out.print(f"After battle {last['name']} ({last['result']}):", markup=False,
                  highlight=False)
    from tactician.cli.carried_words import carried_lines

    for line in carried_lines(carried):
        out.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)


@app.command("add")
def add_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML) to put on the roster.")],
    name: Annotated[str | None, typer.Option(
        "--name", help="Its name on the roster (default: the unit's name).")] = None,
    replace: Annotated[bool, typer.Option(
        "--replace", help="Put the file in place of the character of that name.")] = False,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Check a unit file against the campaign's ruleset and put it on the roster."""
    from tactician.table.roster import add_character

    with refusals(as_json):
        opened, where = _roster(db, campaign)
        try:
            added = add_character(opened, where, file, name, replace=replace)
        finally:
            opened.close()
        emit({"campaign": where.name, "name": added}, as_json,
             lambda: typer.echo(f"{added} is on the roster of {where.name!r}"))


@app.command("list")
def list_command(campaign: CampaignOpt = None, db: DbOpt = None,
                 as_json: JsonOpt = False) -> None:
    """The campaign's roster (and who sits out the next battle)."""
    from tactician.store.campaigns import list_characters

    with refusals(as_json):
        opened, where = _roster(db, campaign)
        try:
            roster = list_characters(opened, where)
        finally:
            opened.close()
        rows = [{"name": n, "carried": (s.get("carried") or {}),
                 "sits_out_next_battle": bool((s.get("carried") or {})
                                              .get("sits_out_next_battle"))}
                for n, s in roster.items()]

        def render() -> None:
            for row in rows:
                typer.echo(f"{row['name']}" + ("  (sits out the next battle)"
                                               if row["sits_out_next_battle"] else ""))
            if not rows:
                typer.echo("the roster is empty: tactician character add UNIT_FILE")

        emit(rows, as_json, render)


@app.command("history")
def history_command(
    name: Annotated[str, typer.Argument(help="A character of the roster.")],
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Every change to a roster character: when, by whom, what, the fields changed."""
    from tactician.table.roster import history

    with refusals(as_json):
        opened, where = _roster(db, campaign)
        try:
            rows = history(opened, where, name)
        finally:
            opened.close()

        def render() -> None:
            for number, row in enumerate(rows, start=1):
                changed = ", ".join(row["changed"]) or "nothing"
                typer.echo(f"{number}. {row['at']} {row['who']}: {row['what']} "
                           f"(changed: {changed})")

        emit(rows, as_json, render)


# --- advance ---------------------------------------------------------------------------


class _Asker:
    """Questions of an interactive advancement, asked on the terminal."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def show(self, sections: Sequence[Any]) -> None:
        if not self.as_json:
            render_sections(sections)

    def ask(self, question: str) -> str:
        # an empty answer is an answer (a default, or "none"): the rules judge it
        return str(typer.prompt(question, default="", show_default=False, err=self.as_json))

    def warn(self, text: str) -> None:
        typer.echo(text, err=True)


def _asker(interactive: bool, as_json: bool) -> _Asker | None:
    """Who answers the step's choices: the person at the terminal (or, with
    ``--interactive``, whatever standard input gives); else nobody, and a choice the
    flags do not give is refused (the engine never chooses for the player)."""
    from tactician.cli.battle import can_ask

    return _Asker(as_json) if interactive or can_ask() else None


@contextmanager
def _choice_hint(dice: Any, preview: bool) -> Iterator[None]:
    """A refused choice (``NeedChoice``) says how to give it on the same dice."""
    from tactician.dice.source import SeededDice
    from tactician.errors import NeedChoice

    try:
        yield
    except NeedChoice as exc:
        hints = []
        if dice.draws:
            hints.append(f"--seed {dice.seed} rolls the same dice again"
                         if isinstance(dice, SeededDice) else "give the same --rolls again")
        if preview:
            hints.append("--out NEW.yaml or --in-place asks on a terminal")
        raise NeedChoice([(name, line) for name, line in zip(exc.names, exc.problems,
                                                               strict=True)]
                         + ([("", "; ".join(hints))] if hints else [])) from None


def _choices(named: dict[str, str | None], pairs: list[str]) -> dict[str, str]:
    from tactician.errors import TacticianError

    chosen = {k: v for k, v in named.items() if v is not None}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise TacticianError(f"--choose {pair!r}: give it as NAME=VALUE")
        chosen[key.strip().replace("-", "_")] = value.strip()
    return chosen


def advance_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML) of the character.")],
    ruleset: RulesetOpt = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the dice (printed).")] = None,
    rolls: Annotated[str | None, typer.Option(
        help="The table's own dice, in the order the ruleset asks (when they run out, "
        "the error names the next die and what it is for; on a terminal, the rest are "
        "asked for); or 'ask': each die asked for as it is needed.")] = None,
    pick: Annotated[str | None, typer.Option(
        help="Choice 'pick': the stats to raise, e.g. str,spd,def,skl.")] = None,
    points: Annotated[str | None, typer.Option(
        help="Choice 'points': points to assign, e.g. str=2,spd=2,def=2,skl=2,hp=1.")] = None,
    proficiency: Annotated[str | None, typer.Option(
        help="Choice 'proficiency': the proficiency to raise or gain.")] = None,
    feat: Annotated[str | None, typer.Option(help="Choice 'feat': the new feat.")] = None,
    feat_proficiency: Annotated[str | None, typer.Option(
        help="Choice 'feat_proficiency': types a feat asks for, comma-separated.")] = None,
    choose: Annotated[list[str], typer.Option(
        "--choose", help="Any choice of the ruleset as NAME=VALUE (repeatable).")] = [],  # noqa: B006
    option: Annotated[list[str], typer.Option(
        "--option", "-o", help="Ruling name=value, e.g. stat_cap_after_creation=30.")] = [],  # noqa: B006
    interactive: Annotated[bool, typer.Option(
        "--interactive", help="Ask every choice the step needs from standard input even "
        "when it is no terminal (a terminal is asked anyway); a unit file needs --out or "
        "--in-place to keep the answers.")] = False,
    out: Annotated[Path | None, typer.Option(help="Write the advanced character here.")] = None,
    in_place: Annotated[bool, typer.Option(
        "--in-place", help="Overwrite FILE (atomically).")] = False,
    campaign: CampaignOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Advance a character one step (a level-up), showing every die; writes only with
    --out or --in-place, keeping the file's comments and mode. A choice the player makes
    (which stats rise) is asked on a terminal, else taken from --pick/--choose, else
    refused with its values (exit 2, nothing written)."""
    from tactician.cli.table_dice import dice_source
    from tactician.errors import DiceError, RulesError
    from tactician.table.sheets import AdvanceRequest, advance, check

    with refusals(as_json):
        if seed is not None and rolls is not None:
            raise DiceError("give --seed or --rolls, not both")
        if out is not None and in_place:
            raise RulesError("give --out or --in-place, not both")
        chosen = _choices({"pick": pick, "points": points, "proficiency": proficiency,
                           "feat": feat, "feat_proficiency": feat_proficiency}, choose)
        if _on_roster(file):
            _advance_on_roster(str(file), chosen, option, interactive, seed, rolls, campaign,
                               db, as_json)
            return
        target = file if in_place else out
        if interactive and target is None:
            raise RulesError(f"--interactive: nothing would keep the answers; add --out "
                             f"NEW.yaml or --in-place to write {file.name} advanced")
        ruleset = _ruleset(ruleset)
        verdict = check(ruleset, file)
        if not verdict.valid:
            raise RulesError([str(v) for v in verdict.violations])
        # a file is asked only when the answers are kept (--out or --in-place); a
        # preview without them takes its choices from the flags or is refused
        request = AdvanceRequest(chosen, tuple(option),
                                 _asker(interactive, as_json) if target else None)
        dice = dice_source(seed, rolls)
        with _choice_hint(dice, target is None):
            result = advance(ruleset, file, request, dice, target)
        written = str(result.written) if result.written is not None else None
        data = {"dice": result.dice, "report": dict(result.advancement.report),
                "written": written}
        emit(data, as_json, lambda: _render_advance(result, written))


def _advance_on_roster(name: str, chosen: dict[str, str], option: list[str],
                       interactive: bool, seed: int | None, rolls: str | None,
                       campaign: str | None, db: str | None, as_json: bool) -> None:
    """``advance NAME``: the roster character advanced and stored (recorded)."""
    from tactician.cli.table_dice import dice_source
    from tactician.table.roster import advance_character
    from tactician.table.sheets import AdvanceRequest

    opened, where = _roster(db, campaign)
    try:
        request = AdvanceRequest(chosen, tuple(option), _asker(interactive, as_json))
        dice = dice_source(seed, rolls)
        with _choice_hint(dice, False):
            result = advance_character(opened, where, name, request, dice)
    finally:
        opened.close()
    label = f"roster of {where.name!r}"
    emit({"dice": result.dice, "report": dict(result.advancement.report), "written": label},
         as_json, lambda: _render_advance(result, label))


def _render_advance(result: Any, written: str | None) -> None:
    from tactician.cli.output import console

    dice = result.dice
    if not result.advancement.rolled:
        line = "No dice: this step is not rolled"
    elif "seed" in dice:
        line = f"Dice: seed {dice['seed']}"
    else:
        unused = dice.get("unused") or []
        line = f"Dice: supplied rolls, {len(dice['used'])} used" + (
            f"; unused: {', '.join(str(v) for v in unused)}" if unused else "")
    out = console()
    out.print(line, markup=False, highlight=False)
    render_sections(result.advancement.sections)
    out.print(f"Wrote {written}" if written else
              "Not written: add --out NEW.yaml or --in-place to save the advanced character.",
              markup=False, highlight=False, soft_wrap=True)  # a path is never cut in two


@app.command("new")
def new_command(
    name: Annotated[str, typer.Argument(help="The new character's name.")],
    out: Annotated[Path, typer.Option(help="The unit file to write (a new file).")],
    ruleset: RulesetOpt = None,
    klass: Annotated[str | None, typer.Option(
        "--class", help="Choice 'class': the class, e.g. Cavalier.")] = None,
    choose: Annotated[list[str], typer.Option(
        "--choose", help="Any creation choice as NAME=VALUE (repeatable; "
        "`character choices --new` lists them).")] = [],  # noqa: B006
    seed: Annotated[int | None, typer.Option(help="Seed for the dice (printed).")] = None,
    rolls: Annotated[str | None, typer.Option(
        help="The table's own dice, in the order the ruleset asks (the HP dice first); "
        "or 'ask': on a terminal, each die asked for as needed.")]
    = None,
    option: Annotated[list[str], typer.Option(
        "--option", "-o", help="Ruling name=value.")] = [],  # noqa: B006
    interactive: Annotated[bool, typer.Option(
        "--interactive", help="Ask every choice the flags do not give from standard input "
        "even when it is no terminal (a terminal is asked anyway).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Build a new character by the ruleset's creation rules (dice rolled and shown,
    or the table's with --rolls) and write it to --out. A choice the flags do not give
    is asked on a terminal, else refused by name (`character choices --new`)."""
    from tactician.cli.table_dice import dice_source
    from tactician.errors import DiceError
    from tactician.table.sheets import AdvanceRequest, create

    with refusals(as_json):
        if seed is not None and rolls is not None:
            raise DiceError("give --seed or --rolls, not both")
        chosen = _choices({"class": klass}, choose)
        request = AdvanceRequest(chosen, tuple(option), _asker(interactive, as_json))
        result = create(_ruleset(ruleset), name, request, dice_source(seed, rolls), out)
        written = str(out)
        data = {"dice": result.dice, "report": dict(result.advancement.report),
                "written": written}
        emit(data, as_json, lambda: _render_advance(result, written))


@app.command("choices")
def choices_command(ruleset: RulesetOpt = None, new: Annotated[bool, typer.Option(
        "--new", help="The choices of `character new` instead.")] = False,
        as_json: JsonOpt = False) -> None:
    """The choices an advancement (or with --new, a creation) of the ruleset may need
    (for --choose NAME=VALUE)."""
    from tactician.cli.output import console
    from tactician.table.sheets import choices, creation_choices

    with refusals(as_json):
        listed = (creation_choices if new else choices)(_ruleset(ruleset))
        found = [{"name": c.name, "help": c.help} for c in listed]

        def render() -> None:
            for choice in found:
                console().print(f"{choice['name']}: {choice['help']}", markup=False,
                                highlight=False, soft_wrap=True)

        emit(found, as_json, render)


app.command("advance")(advance_command)
app.command("level-up", help="Alias of `advance`.")(advance_command)


@app.command("promote")
def promote_command(
    file: Annotated[Path, typer.Argument(help="Unit file (YAML), or a character of the "
                                         "current campaign's roster.")],
    to: Annotated[str, typer.Option("--to", help="The class to promote to.")],
    skills: Annotated[str | None, typer.Option(
        help="The whole new list of skills, where the new tier has more (001 L90).")] = None,
    ruleset: RulesetOpt = None,
    option: Annotated[list[str], typer.Option(
        "--option", "-o", help="Ruling name=value, e.g. promotion_min_level=5.")] = [],  # noqa: B006
    out: Annotated[Path | None, typer.Option(help="Write the promoted character here.")]
    = None,
    in_place: Annotated[bool, typer.Option(
        "--in-place", help="Overwrite FILE (atomically).")] = False,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Promote a character to a new class (a step of `advance`: --choose promote=CLASS),
    by the ruleset's rules; writes like `advance`."""
    choose = [f"promote={to}", *([f"skills={skills}"] if skills is not None else [])]
    advance_command(file, ruleset, None, None, None, None, None, None, None, choose, option,
                    False, out, in_place, campaign, db, as_json)


# --- care between battles (a campaign's roster) -----------------------------------------

SeedOpt = Annotated[int | None, typer.Option(help="Seed for the dice (printed).")]
CareRollsOpt = Annotated[str | None, typer.Option(
    "--rolls", help="The table's own dice (the Medicine test's d100); or 'ask': on a "
    "terminal, each die asked for as needed.")]
HealerOpt = Annotated[str | None, typer.Option(
    "--healer", help="The roster character giving care (default: the patient).")]


def _care(name: str, kind: str, details: dict[str, Any], healer: str | None,
          seed: int | None, rolls: str | None, campaign: str | None, db: str | None,
          as_json: bool) -> None:
    from tactician.cli.table_dice import dice_source
    from tactician.dice.source import PhysicalDice
    from tactician.errors import DiceError
    from tactician.table.roster import care_character

    with refusals(as_json):
        if seed is not None and rolls is not None:
            raise DiceError("give --seed or --rolls, not both")
        dice = dice_source(seed, rolls)
        opened, where = _roster(db, campaign)
        try:
            data = care_character(opened, where, name, kind, details, dice, healer)
        finally:
            opened.close()
        if isinstance(dice, PhysicalDice):
            data["unused_rolls"] = list(dice.unused)
        elif seed is not None or data["dice"]:
            data["seed"] = getattr(dice, "seed", None)

        def render() -> None:
            from tactician.cli.output import console

            out = console()
            if data["dice"]:
                faces = ", ".join(f"d{d['sides']}: {d['value']} ({d['purpose']})"
                                  for d in data["dice"])
                source = ("the table's" if rolls is not None
                          else f"seed {data.get('seed')}")
                out.print(f"Dice: {faces}, {source}", markup=False, highlight=False,
                          soft_wrap=True)
            for line in data["lines"]:
                out.print(line, markup=False, highlight=False, soft_wrap=True)
            if data.get("unused_rolls"):
                out.print(f"Unused rolls: {', '.join(map(str, data['unused_rolls']))}",
                          markup=False, highlight=False)
            carried = data["carried"]
            if "hp" in carried:
                wounds = counted(len(carried.get("wounds", [])), "wound")
                out.print(f"{name}: {carried['hp']} HP, {wounds} on the roster",
                          markup=False, highlight=False)

        emit(data, as_json, render)


def _supply(name: str, move: str, item: str, campaign: str | None, db: str | None,
            as_json: bool) -> None:
    from tactician.table.roster import supply_move

    with refusals(as_json):
        opened, where = _roster(db, campaign)
        try:
            data = supply_move(opened, where, name, move, item)
        finally:
            opened.close()

        def render() -> None:
            from tactician.cli.output import console

            words = "to" if move == "deposit" else "from"
            console().print(f"{name}: {item} {words} the party's Supply "
                            f"({counted(len(data['supply']), 'item')} there now)",
                            markup=False, highlight=False, soft_wrap=True)

        emit(data, as_json, render)


ItemArg = Annotated[str, typer.Argument(help="The item, by name (e.g. Vulnerary).")]


@app.command("deposit")
def deposit_command(name: Annotated[str, typer.Argument(help="The roster character.")],
                    item: ItemArg, campaign: CampaignOpt = None, db: DbOpt = None,
                    as_json: JsonOpt = False) -> None:
    """Send an item a roster character carries to the party's Supply (001 L49, between
    battles); `campaign show` lists the Supply."""
    _supply(name, "deposit", item, campaign, db, as_json)


@app.command("withdraw")
def withdraw_command(name: Annotated[str, typer.Argument(help="The roster character.")],
                     item: ItemArg, campaign: CampaignOpt = None, db: DbOpt = None,
                     as_json: JsonOpt = False) -> None:
    """Take an item from the party's Supply into a roster character's inventory (001
    L49: 5 items at most, outside battle)."""
    _supply(name, "withdraw", item, campaign, db, as_json)


@app.command("heal")
def heal_command(
    name: Annotated[str, typer.Argument(help="A character of the roster.")],
    amount: Annotated[int, typer.Option(help="HP the spell or potion restores.")],
    mundane: Annotated[bool, typer.Option(
        "--mundane", help="HP regained without magic (no relief from wound effects).")] = False,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Heal a roster character between battles (UESRPG: 003 Magical healing)."""
    _care(name, "heal", {"amount": amount, "magical": 0 if mundane else 1}, None, None, None,
          campaign, db, as_json)


@app.command("repair")
def repair_command(
    name: Annotated[str, typer.Argument(help="A character of the roster.")],
    weapon: Annotated[str, typer.Argument(help="The weapon it carries, e.g. \"Iron Lance\".")],
    healer: Annotated[str | None, typer.Option(
        "--healer", help="The roster character with the Artisan skill (default: the owner).")]
    = None,
    seed: SeedOpt = None,
    rolls: Annotated[str | None, typer.Option(
        "--rolls", help="The table's own dice (the Artisan check's 3d6).")] = None,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Repair a roster character's weapon between battles: the Artisan's 3d6 + Skill
    check, then half its durability back and -1 damage for good (fe-tabletop: 001 L94)."""
    _care(name, "repair", {"weapon": weapon}, healer, seed, rolls, campaign, db, as_json)


@app.command("treat-wound")
def treat_wound_command(
    name: Annotated[str, typer.Argument(help="A character of the roster.")],
    wound: Annotated[int | None, typer.Option(
        help="The wound's number (default: the first untreated one).")] = None,
    healer: HealerOpt = None, seed: SeedOpt = None, rolls: CareRollsOpt = None,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Treat a wound of a roster character: the healer's Profession [Medicine] test
    (UESRPG 003 "Treating wounds"), its die shown."""
    details = {} if wound is None else {"wound": wound}
    _care(name, "treat-wound", details, healer, seed, rolls, campaign, db, as_json)


@app.command("treat-bleeding")
def treat_bleeding_command(
    name: Annotated[str, typer.Argument(help="A character of the roster.")],
    no_kit: Annotated[bool, typer.Option(
        "--no-kit", help="The healer has no healer's kit (then it is refused).")] = False,
    healer: HealerOpt = None, seed: SeedOpt = None, rolls: CareRollsOpt = None,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Reduce a roster character's Bleeding: the healer's Medicine test with a healer's
    kit (UESRPG 003 Bleeding), its die shown."""
    _care(name, "treat-bleeding", {"kit": 0 if no_kit else 1}, healer, seed, rolls,
          campaign, db, as_json)
