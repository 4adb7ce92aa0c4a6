"""``tactician campaign ...``: campaigns in the database (``--db`` / ``TACTICIAN_DB``,
default one SQLite file in the user's data folder, created on first use).

new | list | show | use | delete | export | import | backup | check, each through
``tactician.table.campaigns`` and the store; a refusal prints one line, exits
with code 2 and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from tactician.cli.output import emit, refusals
from tactician.counted import counted

app = typer.Typer(
    help="Campaigns in a database: create, list, show, choose, delete, export and import "
    "a readable bundle, back up while in use, and check every battle log and snapshot.",
    no_args_is_help=True,
)

DbOpt = Annotated[
    str | None,
    typer.Option("--db", envvar="TACTICIAN_DB",
                 help="Database: an SQLite file path or an SQLAlchemy URL "
                 "(postgresql+psycopg://...). Default: campaigns.sqlite in the user's data "
                 "folder."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
NameArg = Annotated[str | None, typer.Argument(help="Campaign (default: the current one).")]


def say(text: str) -> None:
    typer.echo(text)


@contextmanager
def database(db: str | None) -> Iterator[Any]:
    from tactician.store.database import open_database

    opened = open_database(db)
    try:
        yield opened
    finally:
        opened.close()


def _campaign(database: Any, name: str | None) -> Any:
    from tactician.store.campaigns import current_campaign, get_campaign

    return get_campaign(database, name) if name else current_campaign(database)


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The campaign's name.")],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="Its ruleset.")] = "tropera",
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                      help="A ruling, name=value (repeatable).")] = None,
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Create a campaign on a ruleset and make it the current one."""
    with refusals(as_json), database(db) as opened:
        from tactician.store.campaigns import use_campaign
        from tactician.table.campaigns import new_campaign

        info = new_campaign(opened, name, ruleset, list(option or []))
        use_campaign(opened, info.name)
        emit({"name": info.name, "ruleset": info.ruleset, "options": info.options}, as_json,
             lambda: say(f"campaign {info.name!r} ({info.ruleset}) created; it is the "
                         "current campaign"))


@app.command("list")
def list_(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Every campaign in the database (* marks the current one)."""
    with refusals(as_json), database(db) as opened:
        from tactician.errors import TacticianError
        from tactician.store.campaigns import current_campaign, list_campaigns

        rows = list_campaigns(opened)
        from tactician.store.lock_wait import LockHeld

        try:
            current = current_campaign(opened).name
        except LockHeld:
            raise  # given up once: not "no current campaign" and a second wait
        except TacticianError:
            current = None
        data = [{"name": r.name, "ruleset": r.ruleset, "current": r.name == current}
                for r in rows]

        def render() -> None:
            for row in data:
                say(f"{'*' if row['current'] else ' '} {row['name']}  ({row['ruleset']})")
            if not data:
                say("no campaigns yet: tactician campaign new NAME --ruleset RULESET")

        emit(data, as_json, render)


@app.command("show")
def show(name: NameArg = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """A campaign: ruleset, rulings, roster, party store and battles."""
    with refusals(as_json), database(db) as opened:
        from tactician.store.battles import list_battles
        from tactician.store.campaigns import get_store, list_characters

        info = _campaign(opened, name)
        data = {
            "name": info.name, "ruleset": info.ruleset, "options": info.options,
            "created": info.created.isoformat(),
            "characters": sorted(list_characters(opened, info)),
            "store": get_store(opened, info),
            "battles": [{"name": b.name, "entries": b.last_seq, "status": b.status}
                        for b in list_battles(opened, info)],
        }

        def render() -> None:
            say(f"{info.name}: {info.ruleset}, rulings: {', '.join(info.options) or 'defaults'}")
            say(f"characters: {', '.join(data['characters']) or 'none'}")
            say(f"party store: {counted(len(data['store']), 'item')}"
                + (f": {', '.join(map(str, data['store']))}" if data["store"] else ""))
            for b in data["battles"]:
                say(f"battle {b['name']}: {counted(b['entries'], 'entry')}, {b['status']}")

        emit(data, as_json, render)


@app.command("use")
def use(name: Annotated[str, typer.Argument(help="The campaign to make current.")],
        db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Make a campaign the current one (the default of campaign commands)."""
    with refusals(as_json), database(db) as opened:
        from tactician.store.campaigns import use_campaign

        info = use_campaign(opened, name)
        emit({"current": info.name}, as_json, lambda: say(f"current campaign: {info.name}"))


@app.command("delete")
def delete(
    name: Annotated[str, typer.Argument(help="The campaign to delete.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Delete a campaign with its roster, store and battles (asks first)."""
    with refusals(as_json), database(db) as opened:
        from tactician.errors import TacticianError
        from tactician.store.campaigns import delete_campaign, get_campaign

        get_campaign(opened, name)
        if not yes:
            if as_json:
                raise TacticianError("--json never asks: pass --yes to delete")
            if not typer.confirm(f"Delete campaign {name!r} and all its battles?"):
                say("nothing deleted")
                return
        delete_campaign(opened, name)
        emit({"deleted": name}, as_json, lambda: say(f"campaign {name!r} deleted"))


@app.command("export")
def export(
    out: Annotated[Path, typer.Option("--out", help="A new folder, or a file ending .zip.")],
    name: NameArg = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Write a campaign as a readable bundle: one YAML or JSON file per character and
    battle."""
    with refusals(as_json), database(db) as opened:
        from tactician.table.campaign_bundles import export_to

        target = export_to(opened, _campaign(opened, name), out)
        emit({"out": str(target)}, as_json, lambda: say(f"exported to {target}"))


@app.command("import")
def import_(
    source: Annotated[Path, typer.Argument(help="A bundle folder or zip (campaign export).")],
    name: Annotated[str | None, typer.Option("--name", help="Import under this name.")] = None,
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Read a bundle back as a new campaign (checked whole first: nothing is stored if
    any file is wrong or any battle log does not replay)."""
    with refusals(as_json), database(db) as opened:
        from tactician.table.campaign_bundles import import_from

        info = import_from(opened, source, name)
        emit({"name": info.name}, as_json, lambda: say(f"imported campaign {info.name!r}"))


@app.command("backup")
def backup(
    out: Annotated[Path, typer.Option("--out", help="The backup file (must not exist).")],
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """A consistent copy of the whole database, safe while campaigns are in play
    (SQLite online backup; pg_dump for PostgreSQL)."""
    with refusals(as_json), database(db) as opened:
        from tactician.store.backup import backup as copy

        target = copy(opened, out)
        emit({"out": str(target)}, as_json, lambda: say(f"backed up to {target}"))


@app.command("check")
def check(name: NameArg = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Replay every battle log from its start and compare every snapshot; list what is
    wrong (exit code 2 if anything is)."""
    with refusals(as_json), database(db) as opened:
        from tactician.table.campaigns import check_campaign

        info = _campaign(opened, name)
        problems = check_campaign(opened, info)
        emit({"campaign": info.name, "ok": not problems, "problems": problems}, as_json,
             lambda: say("\n".join(problems) if problems else f"campaign {info.name!r}: "
                         "every log replays, every snapshot matches"))
        if problems:
            raise typer.Exit(2)
