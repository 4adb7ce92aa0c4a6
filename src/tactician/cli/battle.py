"""``tactician battle ...``: play a battle on a map from the command line.

By default a command works on the current campaign's current battle (``battle
new NAME``, ``battle use NAME``, or ``--name NAME``) in the database (``--db`` /
``TACTICIAN_DB``); ``--battle FILE`` works on a JSON battle file instead. Every
command goes through ``tactician.table.battles``, the service every interface
shares, and reads the battle once. A command that changes the battle is decided
on the sequence number it read (``--at N`` names it for scripts): if the battle
moved on meanwhile it is refused ("the battle moved on (now at N), reload") and
nothing is applied. A refused command prints one clear line (``{"error": ...}``
under ``--json``), exits with code 2 and leaves the battle as it was.

The heavy modules (the service, the rules, Rich tables) are imported inside the
commands so that ``tactician roll`` starts fast.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import click
import typer
from typer.core import TyperCommand

from tactician.cli.board_view import tile_text
from tactician.cli.output import console, emit, plain, refusals, say_styled
from tactician.counted import counted

app = typer.Typer(
    help="Play a battle on a map: create it, show the board, move, attack with exact "
    "odds, let the engine play the enemy phase, and audit, undo or replay the log.",
    no_args_is_help=True,
)

BattleOpt = Annotated[
    Path | None, typer.Option(
        "--battle", "-b", help="Work on this battle file (JSON: start state + event log) "
        "instead of the current campaign's battle.")
]
NameOpt = Annotated[
    str | None, typer.Option(
        "--name", "-n", help="The campaign's battle of this name (default: the current "
        "battle, `battle use`).")
]
CampaignOpt = Annotated[
    str | None, typer.Option("--campaign", help="The campaign (default: the current one).")
]
DbOpt = Annotated[
    str | None, typer.Option(
        "--db", envvar="TACTICIAN_DB", help="Database of the campaigns: an SQLite file or "
        "an SQLAlchemy URL (default: campaigns.sqlite in the user's data folder).")
]
AtOpt = Annotated[
    str | None, typer.Option(
        "--at", "--expect-seq", metavar="N[:HASH]",
        help="The last log entry this was decided on (default: the one read now), and "
        "optionally the start of the head hash `battle show` and `battle log` print "
        "(8+ hex digits: `battle show` prints N:HASH ready to copy); "
        "refused, nothing changed, if the battle has moved on, even back to N by an undo "
        "and another action.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
RollsOpt = Annotated[
    str | None,
    typer.Option(
        "--rolls",
        help="The table's own dice instead of the battle's seeded stream, in the order the "
        "rules ask (an attack: one d100 per attack roll, two under True Hit); or 'ask': "
        "on a terminal, each die asked for as it is needed (and the rest, when given "
        "values run out). The action is saved once every die is in.",
    ),
]


# --- helpers ---------------------------------------------------------------------------


def _at(raw: str | None) -> Any:
    """``--at N`` / ``--at N:HASH`` as the service takes it (``battle_places.At``)."""
    if raw is None:
        return None
    from tactician.table.battle_places import At

    return At.parse(raw)


@contextmanager
def battle_place(battle: Path | None, name: str | None, db: str | None,
                 campaign: str | None = None) -> Iterator[Any]:
    """The battle a command works on: the file ``--battle`` names, else the current
    campaign's battle (``--name``, or the current one) in the database."""
    from tactician.table.battle_places import FilePlace

    if battle is not None:
        from tactician.errors import TacticianError

        if name is not None or campaign is not None:
            raise TacticianError("give --battle FILE, or --name/--campaign for a campaign's "
                                 "battle, not both")
        yield FilePlace(battle)
        return
    with campaign_db(db) as opened:
        from tactician.store.battles import current_battle, find_battle
        from tactician.table.battle_places import StoredPlace

        chosen = the_campaign(opened, campaign)
        info = find_battle(opened, chosen, name) if name else current_battle(opened, chosen)
        yield StoredPlace(opened, info.id, info.name)


@contextmanager
def tail_place(battle: Path | None, name: str | None, db: str | None) -> Iterator[Any]:
    """``battle_place`` for a command that reads the battle from its newest snapshot on
    and may act on it (show and forecast on a miss of their kept answers, move, attack,
    act, end-phase, enemy-phase): a campaign battle in an SQLite file is read and
    written with the standard library's ``sqlite3`` (``table.sqlite_place``: no
    SQLAlchemy, issue 28), which hands to the store whatever it is in doubt about;
    anything else, as ``battle_place``."""
    if battle is None:
        from tactician.table.sqlite_place import sqlite_place

        place = sqlite_place(db, name)
        if place is not None:
            try:
                yield place
            finally:
                place.close()
            return
    with battle_place(battle, name, db) as found:
        yield found


@contextmanager
def campaign_db(db: str | None) -> Iterator[Any]:
    from tactician.store.database import open_database

    opened = open_database(db)
    try:
        yield opened
    finally:
        opened.close()


def the_campaign(opened: Any, name: str | None) -> Any:
    """The campaign named, or the current one (refused with the way out: a campaign,
    or a battle file)."""
    from tactician.errors import TacticianError
    from tactician.store.campaigns import current_campaign, get_campaign

    if name is not None:
        return get_campaign(opened, name)
    from tactician.store.lock_wait import LockHeld

    try:
        return current_campaign(opened)
    except LockHeld:
        raise
    except TacticianError as exc:
        raise TacticianError(f"{exc}, or work on a battle file with --battle FILE") from None


def _physical(rolls: str | None) -> Any:
    """The table's dice for ``--rolls`` (None: the battle's seeded stream); on a
    terminal each die still needed is asked for (``cli.table_dice``)."""
    from tactician.cli.table_dice import table_dice

    return table_dice(rolls)


def parse_value(raw: str) -> Any:
    """``3`` -> 3; ``3,4`` -> [3, 4]; ``a,b`` -> ["a", "b"]; ``1,1;2,1`` -> [[1, 1],
    [2, 1]] (a list of lists, e.g. tiles); ``[6,13]`` and ``(6, 13)``, the way the
    board writes a tile, -> [6, 13] (brackets make a list even of one item);
    anything else a string."""
    text = raw.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if len(text) >= 2 and (text[0], text[-1]) in (("[", "]"), ("(", ")")):
        inner = text[1:-1]
        if ";" in inner:
            return parse_value(inner)
        return [_scalar(part.strip()) for part in inner.split(",") if part.strip()]
    if ";" in text:
        return [parse_value(part) for part in text.split(";") if part.strip()]
    if "," in text:
        return [_scalar(part.strip()) for part in text.split(",") if part.strip()]
    return _scalar(text)


def _scalar(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text


def parse_params(pairs: list[str]) -> dict[str, Any]:
    from tactician.errors import TacticianError

    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise TacticianError(f"{pair!r}: give action details as KEY=VALUE, e.g. target=aria")
        if key in ("type", "unit"):
            raise TacticianError(f"{key!r} is given by the command itself (UNIT ACTION)")
        params[key] = parse_value(raw)
    return params


def say(text: str, style: str | None = None) -> None:
    """One line as given (no markup, no highlighting, no hard wrapping): what Rich's
    ``console().print(plain(text, style), highlight=False, soft_wrap=True)`` wrote,
    without importing Rich (``output.say_styled``; Rich was a third of a bare Typer
    app's start-up on every action's output, issue 28)."""
    say_styled([(text, style or "")])


def _entry_json(entry: Any) -> dict[str, Any]:
    data: dict[str, Any] = entry.model_dump(mode="json")
    return data




def _hp_after(
    view: dict[str, Any], action: dict[str, Any], record: dict[str, Any]
) -> dict[str, int]:
    """HP of everyone in an attack after it, named as the strikes name them."""
    by_id = {u["id"]: u for u in view["units"]}
    names = [u["name"] for u in view["units"]]
    ids = [action.get("unit"), *(action.get("targets") or [action.get("target")])]
    hp: dict[str, int] = {}
    for unit_id in ids:
        unit = by_id.get(str(unit_id))
        if unit is None:
            continue
        label = unit["name"] if names.count(unit["name"]) == 1 else f"{unit['name']} ({unit['id']})"
        hp[label] = unit["hp"]
    shown = {by_id[str(i)]["name"] for i in ids if str(i) in by_id}
    for strike in record.get("strikes", []):  # Cleave bystanders
        target = strike.get("target")
        if target is not None and target not in shown and "target_hp" in strike:
            hp[target] = strike["target_hp"]
    return hp


def render_entry(entry: Any, view: dict[str, Any] | None = None) -> None:
    """One log entry: its summary and what its records add (path, strikes, events)."""
    from tactician.cli.combat import render_attack

    say(f"#{entry.seq} {entry.summary}")
    for record in entry.records:
        kind = record.get("type")
        if kind == "move" and record.get("path"):
            path = " → ".join(tile_text(t) for t in record["path"])
            say(f"  path: {path}; {record.get('spent')} movement spent, "
                f"{record.get('movement_left')} left")
        elif kind == "attack":
            say("Dice: " + ("physical (the table's)" if entry.physical
                            else "seeded from the battle's seed"))
            hp = _hp_after(view, entry.action, record) if view else {}
            render_attack({"strikes": record.get("strikes", []), "hp": hp,
                           "critically_wounded": [], "lines": record.get("lines", [])})
            for note in record.get("notes", []):
                say(f"  {note}", "red")
        elif kind == "end_phase":
            for line in record.get("events", []):
                say(f"  {line}")
        if kind != "attack":  # rulesets that narrate their records as lines
            for line in record.get("lines", []):
                say(f"  {line}")


def _perform(place: Any, action: dict[str, Any], as_json: bool, rolls: str | None = None,
             extra: dict[str, Any] | None = None, at: Any = None,
             loaded: Any = None) -> None:
    """Apply one action and print its entry (and the result, when the battle ends); a
    step the rules took by themselves first (fe-tabletop's Player turn order roll) is
    its own entry, printed before it (``before`` under --json)."""
    from tactician.table.battles import load, perform_steps, view

    dice = _physical(rolls)
    # an action reads the battle from its newest snapshot on, not its whole log
    loaded = loaded if loaded is not None else load(place, whole_log=False)
    entries, state = perform_steps(place, action, dice, at, loaded)
    *first, entry = entries
    after = view(place, loaded=loaded, after=(state, entry.seq))
    data: dict[str, Any] = {**(extra or {}), "entry": _entry_json(entry),
                            "round": after["round"], "phase": after["phase"],
                            "result": after["result"], "result_reason": after["result_reason"]}
    if first:
        data["before"] = [_entry_json(e) for e in first]
    if dice is not None:
        data["unused_rolls"] = list(dice.unused)

    def render() -> None:
        for earlier in first:
            render_entry(earlier, after)
        render_entry(entry, after)
        if dice is not None and dice.unused:
            say(f"Unused rolls: {', '.join(map(str, dice.unused))}", "yellow")
        _result_line(after)

    emit(data, as_json, render)


def phase_words(view: dict[str, Any], article: bool = True) -> str:
    """"the enemy phase" for side-phase rulesets; the ruleset's own words
    (``phase_label``, e.g. "Aela's Turn") for turn-by-turn ones."""
    if view.get("phase_label"):
        return str(view["phase_label"])
    return f"the {view['phase']} phase" if article else f"{view['phase']} phase"


def _result_line(view: dict[str, Any]) -> None:
    if view.get("result", "ongoing") != "ongoing":
        say(f"Battle over: {view['result'].upper()} ({view['result_reason']})", "bold")


# --- creating and looking --------------------------------------------------------------


@app.command("new")
def new_command(
    name: Annotated[str | None, typer.Argument(
        help="The battle's name in the current campaign (not needed with --out).")] = None,
    map_path: Annotated[Path | None, typer.Option(
        "--map", "-m", help="Map: a text grid (.yaml/.map) or a Tiled map (.tmj/.tmx).")] = None,
    units: Annotated[list[Path] | None, typer.Option(
        "--units", "-u", help="Units file (YAML: who stands where); repeat to merge files.")
    ] = None,
    ruleset: Annotated[str | None, typer.Option(
        "--ruleset", "-r", help="Ruleset id (a campaign battle: the campaign's; a file: "
        "default tropera).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the battle's dice (default: a random one, stored with it).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Ruling name=value for the whole battle (repeatable).")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "--battle", "-b", help="Write a battle file instead of storing the battle "
        "in the campaign.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    field: Annotated[list[str] | None, typer.Option(
        "--field", help="Let this roster character fight though its last battle says it "
        "sits this one out (its player has no alternate characters; repeatable).")] = None,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start a battle: place the units on the map and store it in the current campaign
    as NAME (it becomes the current battle), or write a battle file with --out. In a
    campaign, a unit whose character is on the roster fights as the roster has it."""
    from tactician.errors import TacticianError
    from tactician.table.battles import new_battle, view

    with refusals(as_json):
        if map_path is None or not units:
            raise TacticianError("battle new needs --map MAP and at least one --units FILE")
        if seed is not None:
            from tactician.content.limits import check_integer

            check_integer(seed, "--seed")  # the same refusal for a file and a campaign
        if out is not None:
            if name is not None or campaign is not None or field:
                raise TacticianError("--out writes a battle file: give no NAME or --campaign")
            chosen = ruleset or "tropera"
            opened = new_battle(chosen, map_path, units, out, seed, option or [],
                                overwrite=force)
            board = view(out)
            _created(str(out), f"Wrote {out}", chosen, opened.battle, board, as_json)
            return
        if name is None:
            raise TacticianError("name the battle (`battle new NAME --map ... --units ...`) "
                                 "or write a battle file with --out FILE")
        with campaign_db(db) as database:
            from tactician.store.battles import use_battle
            from tactician.table.campaigns import start_battle

            where = the_campaign(database, campaign)
            if ruleset is not None and ruleset != where.ruleset:
                raise TacticianError(f"campaign {where.name!r} plays {where.ruleset}, not "
                                     f"{ruleset}")
            started = start_battle(database, where, name, map_path, units, seed, option or [],
                                   from_roster=True, field=field or [])
            use_battle(database, where, name)
            assert started.battle is not None
            board = view_of(started)
            _created(name, f"Battle {name!r} stored in campaign {where.name!r} (the current "
                     "battle)", where.ruleset, started.battle, board, as_json)


def view_of(started: Any) -> dict[str, Any]:
    from tactician.table.battles import board_of

    battle = started.battle
    return board_of(started.info.ruleset, started.state, 0, started.info.seed,
                    head=battle.start_hash if battle is not None else "")


def _created(label: str, head_line: str, ruleset: str, battle: Any, board: dict[str, Any],
             as_json: bool) -> None:
    def render() -> None:
        from tactician.cli.board_view import render_board

        say(f"{head_line}: {ruleset}, seed {battle.seed}, {counted(len(board['units']), 'unit')}, "
            f"sides {' then '.join(board['sides'])}")
        if battle.options:
            say("Rulings: " + ", ".join(battle.options))
        render_board(board)

    key = "file" if head_line.startswith("Wrote") else "name"
    emit({key: label, "ruleset": ruleset, "seed": battle.seed, "options": battle.options,
          "view": board}, as_json, render)


@app.command("use")
def use_command(
    name: Annotated[str, typer.Argument(help="The battle to make current.")],
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Make a battle of the campaign the current one (the default of battle commands)."""
    with refusals(as_json), campaign_db(db) as database:
        from tactician.store.battles import use_battle

        where = the_campaign(database, campaign)
        info = use_battle(database, where, name)
        emit({"campaign": where.name, "current": info.name}, as_json,
             lambda: say(f"current battle of {where.name!r}: {info.name}"))


@app.command("list")
def list_command(campaign: CampaignOpt = None, db: DbOpt = None,
                 as_json: JsonOpt = False) -> None:
    """The campaign's battles: entries, status (* marks the current one)."""
    with refusals(as_json), campaign_db(db) as database:
        from tactician.errors import TacticianError
        from tactician.store.battles import current_battle, list_battles
        from tactician.store.lock_wait import LockHeld

        where = the_campaign(database, campaign)
        try:
            current: str | None = current_battle(database, where).name
        except LockHeld:
            raise  # given up once: not "no current battle" and a second wait
        except TacticianError:
            current = None
        rows: list[dict[str, Any]] = [{"name": b.name, "entries": b.last_seq, "status": b.status,
                 "current": b.name == current} for b in list_battles(database, where)]

        def render() -> None:
            for row in rows:
                say(f"{'*' if row['current'] else ' '} {row['name']}: "
                    f"{counted(row['entries'], 'entry')}, {row['status']}")
            if not rows:
                say(f"campaign {where.name!r} has no battles yet: tactician battle new NAME "
                    "--map MAP --units UNITS")

        emit(rows, as_json, render)


@app.command("export")
def export_command(
    out: Annotated[Path, typer.Option("--out", help="The battle file to write.")],
    name: Annotated[str | None, typer.Argument(help="The battle (default: the current one).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Write a campaign's battle as a JSON battle file (start state + the whole log)."""
    from tactician.errors import TacticianError

    with refusals(as_json):
        if out.exists() and not force:
            raise TacticianError(f"{out} already exists; choose another --out or pass --force")
        if out.is_dir():
            raise TacticianError(f"{out}: is a folder; --out names the battle file to write")
        from tactician.os_errors import check_out_place

        check_out_place(out)
        with battle_place(None, name, db, campaign) as place:
            from tactician.table.campaign_bundles import export_battle_file

            export_battle_file(place.db, place.battle_id, out)
            emit({"battle": place.name, "out": str(out)}, as_json,
                 lambda: say(f"battle {place.name!r} written to {out}"))


@app.command("import")
def import_command(
    source: Annotated[Path, typer.Argument(help="A battle file (battle new --out, export).")],
    name: Annotated[str | None, typer.Option(
        "--name", "-n", help="Its name in the campaign (default: the file's stem).")] = None,
    campaign: CampaignOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Store a battle file in the current campaign (refused unless its log replays and
    its ruleset is the campaign's); it becomes the current battle."""
    from tactician.errors import TacticianError

    with refusals(as_json), campaign_db(db) as database:
        from tactician.engine.store_file import load_battle
        from tactician.store.battles import use_battle
        from tactician.table.campaign_bundles import import_battle_file

        where = the_campaign(database, campaign)
        ruleset = load_battle(source).ruleset
        if ruleset != where.ruleset:
            raise TacticianError(f"{source}: a {ruleset} battle; campaign {where.name!r} plays "
                                 f"{where.ruleset}")
        chosen = name if name is not None else source.stem
        info = import_battle_file(database, where, chosen, source)
        use_battle(database, where, info.name)
        emit({"campaign": where.name, "name": info.name, "entries": info.last_seq,
              "status": info.status}, as_json,
             lambda: say(f"imported {source} as battle {info.name!r} "
                         f"({counted(info.last_seq, 'entry')}, {info.status}); it is the "
                         "current battle"))


@app.command("show")
def show_command(
    reach: Annotated[str | None, typer.Option(
        "--reach",
        help="Mark where this unit can move ([.]) and attack without moving (<.>).")] = None,
    side: Annotated[str | None, typer.Option(
        "--side", help="Show only what this side sees (fog of war).")] = None,
    battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The board: terrain, units by label, round, phase, objectives and result.

    A battle file's board is kept between runs in the user's cache folder, under the
    file's whole bytes and the side (TACTICIAN_CACHE=off turns it off): shown again
    at once; a changed or edited file is read and verified again. A campaign battle
    in an SQLite database likewise, under its stored rows."""
    from tactician.cli.board_view import labels, render_board

    with refusals(as_json):
        data = _file_bytes(battle) if reach is None and name is None else None
        board = _kept_board(data, side)
        looked_up = None
        if battle is None and reach is None:
            from tactician.table.board_cache import stored

            board, looked_up = stored(db, name, side)
        if board is None:
            board = _read_board(battle, name, db, reach, side, data)
            if looked_up is not None:
                from tactician.table.board_cache import keep_stored_read

                keep_stored_read(db, name, side, looked_up, board)
        emit({**board, "labels": labels(board)}, as_json, lambda: render_board(board))


def _file_bytes(battle: Path | None) -> bytes | None:
    """What the battle file's kept board is kept under (``content.battle_lines.
    cache_material``: a file in lines, its stamp; else its whole bytes); None for a
    campaign's battle, a file that cannot be read (the full path refuses it in its
    words) or one beside which a killed save left a temporary (the full path removes
    it)."""
    from tactician.content.battle_lines import cache_material

    if battle is None:
        return None
    try:
        if _leftover_beside(battle):
            return None
    except OSError:
        return None
    return cache_material(battle)  # a FIFO or device refused, not waited on


def _leftover_beside(path: Path) -> bool:
    """Whether a killed save's temporary (``content.save_temporaries``) lies beside
    the battle file."""
    from tactician.content.save_temporaries import temporaries_beside, where_saved

    return bool(temporaries_beside(where_saved(path)))


def _kept_board(data: bytes | None, side: str | None) -> dict[str, Any] | None:
    """The board kept for these bytes and this side (``table.board_cache``): no
    pydantic, YAML or engine imported for it."""
    if data is None:
        return None
    from tactician.table.board_cache import cached

    return cached(data, side)


def _read_board(battle: Path | None, name: str | None, db: str | None, reach: str | None,
                side: str | None, data: bytes | None) -> dict[str, Any]:
    """The full path: open the battle (a file's log verified and replayed) and make its
    board; a file's board (``data`` read before) is kept for the next ``show``.
    A campaign battle's board is kept by the caller (``board_cache.keep_stored_read``)."""
    from tactician.table.battles import load, view

    with tail_place(battle, name, db) as place:
        loaded = load(place, whole_log=data is not None)
        board = view(place, reach, loaded=loaded, side=side)
        if data is not None:
            from tactician.table.board_cache import keep_read

            keep_read(data, side, loaded.battle, loaded.ruleset, board, battle)
        return board


@app.command("forecast")
def forecast_command(
    unit: Annotated[str, typer.Argument(help="Attacking unit id.")],
    target: Annotated[str, typer.Argument(help="Target unit id.")],
    params: Annotated[list[str] | None, typer.Argument(
        help="The action's details as KEY=VALUE, as `battle act` takes them (Miridon: "
        "kind=aimed, modifiers=power_attack power=1; with --action cast_spell: "
        "spell=... ghost=N element=fire).")] = None,
    weapon: Annotated[str | None, typer.Option(help="Attack with this weapon.")] = None,
    action: Annotated[str, typer.Option(
        "--action", help="The action to forecast (default attack; Miridon also the bonus "
        "attacks, grapple, mech_attack, cast_spell, eldritch_strike, activate_spell).")
    ] = "attack",
    battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact odds of an attack (or another action a ruleset forecasts) from where the unit
    stands; nothing is changed."""
    from tactician.cli.combat import render_forecast

    with refusals(as_json):
        details = {**_attack_action(unit, target, weapon), **parse_params(params or []),
                   "type": action.strip().replace("-", "_")}
        report, looked_up = None, None
        if battle is None:  # a campaign battle's forecast may be kept (table.forecast_cache)
            from tactician.table.forecast_cache import cached

            report, looked_up = cached(db, name, details)
        if report is None:
            from tactician.table.battles import preview_attack

            with tail_place(battle, name, db) as place:
                report = preview_attack(place, details)
            if looked_up is not None:
                from tactician.table.forecast_cache import keep

                keep(db, name, details, looked_up, report)
        shown_report = report
        emit(shown_report, as_json, lambda: render_forecast(shown_report))


# --- actions ---------------------------------------------------------------------------


@app.command("move")
def move_command(
    unit: Annotated[str, typer.Argument(help="Unit id.")],
    x: Annotated[int, typer.Argument(help="Column (from 0).")],
    y: Annotated[int, typer.Argument(help="Row (from 0).")],
    rolls: RollsOpt = None,
    at: AtOpt = None, battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Move a unit to tile X Y (its path and the movement left are printed). A move
    can set off a prepared attack, which rolls: --rolls gives the table's dice."""
    with refusals(as_json), tail_place(battle, name, db) as place:
        _perform(place, {"type": "move", "unit": unit, "to": [x, y]}, as_json, rolls,
                 at=_at(at))


def _attack_action(unit: str, target: str, weapon: str | None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "attack", "unit": unit, "target": target}
    if weapon is not None:
        action["weapon"] = weapon
    return action


def can_ask() -> bool:
    """Whether a person can answer "Commit this attack?": standard input is a
    terminal. Piped or closed input is refused with a hint to pass ``--yes``
    rather than read as "no" (``typer.confirm`` would abort with exit code 1)."""
    from tactician.cli import table_dice

    return table_dice.can_ask()


def _rehearse(place: Any, action: dict[str, Any], rolls: str | None, loaded: Any) -> None:
    """Refuse an attack the rules would refuse (unit already acted, wrong phase, an
    ally, bad --rolls) in the rules' own words before the forecast and the question;
    nothing is saved. Dice to be asked for at the table are not asked for here: the
    rehearsal uses the values given, and stops where they run out."""
    from tactician.dice.asked import AskedDice
    from tactician.dice.source import PhysicalDice
    from tactician.errors import NeedRoll
    from tactician.table.battles import check

    dice = _physical(rolls)
    asked = isinstance(dice, AskedDice)
    try:
        check(place, action, PhysicalDice(list(dice.values)) if asked else dice, loaded)
    except NeedRoll:
        if not asked:
            raise


@app.command("attack")
def attack_command(
    unit: Annotated[str, typer.Argument(help="Attacking unit id.")],
    target: Annotated[str, typer.Argument(help="Target unit id.")],
    weapon: Annotated[str | None, typer.Option(help="Attack with this weapon (equips it).")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Commit without asking.")] = False,
    rolls: RollsOpt = None,
    at: AtOpt = None, battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the exact forecast, ask, then attack and print every roll.

    Without a terminal to answer the question (input piped or closed) the attack is
    refused (exit code 2, nothing changed) unless --yes is given."""
    from tactician.cli.combat import render_forecast
    from tactician.errors import TacticianError
    from tactician.table.battles import load, preview_attack

    with refusals(as_json), tail_place(battle, name, db) as place:
        if as_json and not yes:
            raise TacticianError(
                "--json never prompts: add --yes to commit (see the odds first with "
                "`tactician battle forecast UNIT TARGET --json`)"
            )
        if rolls is not None:
            _physical(rolls)  # refuse a malformed --rolls before anything else
        action = _attack_action(unit, target, weapon)
        # the one read (from the newest snapshot on): rehearsal, forecast and the attack
        loaded = load(place, whole_log=False)
        loaded.expect(_at(at))
        _rehearse(place, action, rolls, loaded)
        if not yes and not can_ask():
            raise TacticianError(
                "no terminal to confirm: pass --yes (see the odds first with "
                "`tactician battle forecast UNIT TARGET`)"
            )
        report = preview_attack(place, action, loaded)
        if not as_json:
            render_forecast(report)
        if not yes and not typer.confirm("Commit this attack?", default=False):
            say("Not committed: nothing changed.")
            return
        _perform(place, action, as_json, rolls, extra={"forecast": report}, loaded=loaded)


class ActCommand(TyperCommand):
    """``battle act``, whose help ends with the actions of the ruleset it acts on
    (``cli.action_help``, imported by ``act`` alone)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from tactician.cli.action_help import where

        ctx.meta["act_where"] = where(args)  # read before --help answers (it is eager)
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from tactician.cli.action_help import write_actions

        super().format_epilog(ctx, formatter)
        write_actions(ctx, formatter)


@app.command("act", cls=ActCommand)
def act_command(
    unit: Annotated[str, typer.Argument(help="Unit id.")],
    action: Annotated[str, typer.Argument(
        help="The action's type: one of its ruleset's actions (listed below).")],
    params: Annotated[list[str] | None, typer.Argument(
        help="Details as KEY=VALUE: numbers become integers, 'x,y' a list "
        "(e.g. to=3,4 or targets=a,b), 'x,y;x,y' a list of tiles, [a] a list of one, "
        "anything else a string.")] = None,
    ruleset: Annotated[str | None, typer.Option(
        "--ruleset", "-r", help="With --help: list this ruleset's actions. Acting: refused "
        "unless the battle plays it.")] = None,
    rolls: RollsOpt = None,
    at: AtOpt = None, battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Any action by name, e.g. `act lute item item=Vulnerary target=aria`,
    `act aria equip weapon="Steel Sword"`, `act gilliam wait`. Each ruleset's actions,
    their keys and an example of each: `battle act --help -r RULESET` (without -r, the
    current battle's ruleset)."""
    from tactician.errors import TacticianError
    from tactician.table.battles import load

    with refusals(as_json), tail_place(battle, name, db) as place:
        details = parse_params(params or [])
        kind = action.strip().replace("-", "_")
        loaded = load(place, whole_log=False)
        if ruleset is not None and ruleset != loaded.ruleset:
            raise TacticianError(f"this battle plays {loaded.ruleset}, not {ruleset}")
        _perform(place, {"type": kind, "unit": unit, **details}, as_json, rolls, at=_at(at),
                 loaded=loaded)


@app.command("end-phase")
def end_phase_command(
    rolls: RollsOpt = None, at: AtOpt = None, battle: BattleOpt = None,
    name: NameOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """End the current phase (or Turn): the next side's units get a fresh turn.

    Ending a phase can roll dice (a prepared attack firing; in UESRPG, death tests
    and conditions ticking): --rolls gives the table's own results."""
    with refusals(as_json), tail_place(battle, name, db) as place:
        _perform(place, {"type": "end_phase"}, as_json, rolls, at=_at(at))


@app.command("enemy-phase")
def enemy_phase_command(
    explain: Annotated[bool, typer.Option(
        "--explain", help="Each enemy's reason and its best scored candidates.")] = False,
    top: Annotated[int, typer.Option(help="Candidates shown per enemy with --explain.")] = 5,
    any_side: Annotated[bool, typer.Option(
        "--any-side", help="Let the engine play even a side the players command.")] = False,
    rolls: RollsOpt = None,
    at: AtOpt = None, battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Let the engine play the current (enemy) phase to its end, then end it.

    Refused in a phase whose units the players command (units without an enemy
    tier) unless --any-side is given. The whole phase is saved in one write at the
    end: if --rolls run out or one is refused, nothing is saved (add the roll asked
    for and run it again: the engine plays the same moves on the same dice). On a
    terminal, --rolls ask asks for each die as the engine's play needs it.
    """
    from tactician.errors import NeedRoll, TacticianError
    from tactician.table.battles import load, play_phase, view

    with refusals(as_json), tail_place(battle, name, db) as place:
        loaded = load(place, whole_log=False)
        loaded.expect(_at(at))
        before = view(place, loaded=loaded)
        if before["result"] != "ongoing":
            raise TacticianError(
                f"the battle is over ({before['result']}: {before['result_reason']})"
            )
        side = before["phase"]
        # turn-by-turn rulesets name the unit(s) acting now; side-phase ones the side
        acting = before.get("acting")
        commanded = [u["id"] for u in before["units"]
                     if (u["id"] in acting if acting is not None else u["side"] == side)
                     and u.get("tier") is None and u["hp"] > 0]
        words = _explain_words(before["ruleset"])
        if commanded and not any_side:
            raise TacticianError(
                f"it is {phase_words(before)} and its units ({', '.join(commanded)}) are "
                "commanded by players; act with them and run `battle end-phase` (or pass "
                f"--any-side to {words.any_side})"
            )
        # one atomic write: dice that run out or a refused roll save nothing
        dice = _physical(rolls)
        try:
            decisions, state, seq = play_phase(place, dice, any_side, loaded=loaded)
        except NeedRoll as missing:
            raise TacticianError(
                f"{missing} and run `battle enemy-phase` again (nothing of this phase was "
                "saved; the engine plays the same moves)"
            ) from None
        after = view(place, loaded=loaded, after=(state, seq))
        data = {"side": side, "decisions": decisions, "round": after["round"],
                "phase": after["phase"], "result": after["result"],
                "result_reason": after["result_reason"]}
        if dice is not None:
            data["unused_rolls"] = list(dice.unused)
        label = phase_words(before, article=False)

        def render() -> None:
            _render_decisions(label, decisions, after, words if explain else None, top)
            if dice is not None and dice.unused:
                say(f"Unused rolls: {', '.join(map(str, dice.unused))}", "yellow")

        emit(data, as_json, render)


def _explain_words(ruleset: str) -> Any:
    """The ruleset's words for the engine's choices (``contract.words``): its legend, the
    columns of its scored candidates, how it plays the players' units."""
    from tactician.table.catalogue import explain_words

    return explain_words(ruleset)


def _render_decisions(side: str, decisions: list[dict[str, Any]], after: dict[str, Any],
                      words: Any, top: int) -> None:
    """Each decision with its reason and entries; with the ruleset's ``words``
    (``--explain``), its legend above and each decision's best scored candidates in the
    ruleset's own columns."""
    if words is not None:
        say(words.legend, "dim")
    say(f"{side}, played by the engine", "bold")
    for decision in decisions:
        who = decision.get("unit")
        head = (f"{who} ({decision.get('tier') or '-'}): {decision.get('reason', '')}" if who
                else f"({decision.get('reason', '')})")
        say(head)
        for entry in decision.get("entries", []):
            say(f"  #{entry['seq']} {entry['summary']}")
        if words is not None and who:
            say(f"  {counted(decision.get('candidates_scored', 0), 'candidate')} scored")
            best = decision.get("best", [])[:max(0, top)]
            if best:
                _candidates_table(words.columns, best)
    say(f"Now round {after['round']}, {phase_words(after, article=False)}.")
    _result_line(after)


def _candidates_table(columns: Any, best: list[dict[str, Any]]) -> None:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1, 0, 0))
    for column in columns:
        numeric = column.format in ("percent", "number")
        table.add_column(column.heading, no_wrap=True, justify="right" if numeric else "left")
    for candidate in best:
        table.add_row(*(plain(_cell(column.format, candidate.get(column.key)))
                        for column in columns))
    console().print(table)


def _cell(format: str, value: Any) -> str:
    """One candidate's value as its column prints it (``contract.words.COLUMN_FORMATS``)."""
    if value is None:
        return "-"
    if format == "tile":
        return tile_text(value)
    if format == "percent":
        return f"{float(value):.1%}"
    if format == "number":
        return f"{float(value):.3f}"
    if format == "action" and isinstance(value, dict):  # its type, kind and modifiers
        mods = value.get("modifiers") or []
        return " ".join(str(v) for v in (value.get("type", "-"), value.get("kind"),
                                          *(mods if isinstance(mods, list) else [mods])) if v)
    return str(value)


# --- the log ---------------------------------------------------------------------------


def dice_text(dice: list[Any]) -> str:
    """``d100: 42, 20; d20: 7`` (dice grouped by kind, in the order drawn)."""
    groups: dict[int, list[str]] = {}
    for die in dice:
        groups.setdefault(die.sides, []).append(str(die.value))
    return "; ".join(f"d{sides}: {', '.join(values)}" for sides, values in groups.items())


def dice_line(entry: Any) -> str | None:
    """Whose dice an entry used, in words: the table's (physical) or the battle's seed."""
    if not entry.dice:
        return None
    if entry.physical:
        return f"physical dice: {dice_text(entry.dice)} (the table's: --rolls or asked)"
    return f"seeded dice: {dice_text(entry.dice)} (the battle's seed, stream {entry.stream})"


def _log_entry_json(entry: Any) -> dict[str, Any]:
    return {**_entry_json(entry), "dice_source": entry.dice_source}


@app.command("log")
def log_command(battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
                as_json: JsonOpt = False, side: Annotated[str | None, typer.Option(
                    "--side", help="The log as this side saw it (fog of war).")] = None
                ) -> None:
    """Every entry of the log with every die it drew, and whose dice they were: the
    table's (physical: --rolls, or asked for on a terminal) or the battle's seeded
    stream. The log is
    verified first (sequence, seeded dice, hash chain); the head hash printed last
    changes if any entry is ever edited. An ended battle says how it ended (victory,
    defeat, or a draw at its round cap). With --side, the log as that side saw it,
    entry by entry at the time (an entry it could not see is out of sight for good),
    without the seed or the hashes, and the head of that side's chain."""
    from tactician.engine.chain import head
    from tactician.table.battles import load

    with refusals(as_json), battle_place(battle, name, db) as place:
        loaded = load(place)
        whole = loaded.whole()
        if side is not None:
            _side_log(whole, side, place.label, as_json)
            return
        entries = whole.log
        chain_head = head(whole)
        ended = {"result": str(getattr(loaded.state, "result", "ongoing")),
                 "result_reason": str(getattr(loaded.state, "result_reason", ""))}
        undone = _undone(place, loaded)
        physical = sum(1 for e in entries if e.dice_source == "physical")
        seeded = sum(1 for e in entries if e.dice_source == "seeded")

        def render() -> None:
            say(f"{place.label}: seed {whole.seed}, {counted(len(entries), 'entry')} "
                f"({seeded} on seeded dice, {physical} on the table's dice)", "bold")
            for entry in entries:
                say(f"#{entry.seq} {entry.summary}")
                line = dice_line(entry)
                if line:
                    say(f"    {line}", "dim")
            _result_line(ended)
            say(f"Chain verified; head {chain_head}")
            if undone:
                say(f"{counted(len(undone), 'undone entry')} can be redone (`battle redo`, next "
                    f"#{undone[0].seq} {undone[0].summary}) until the next action", "dim")

        emit({"seed": whole.seed, "format": whole.format,
              "start_hash": whole.start_hash, "head": chain_head, **ended,
              "entries": [_log_entry_json(e) for e in entries],
              "undone": [{"seq": e.seq, "summary": e.summary} for e in undone]},
             as_json, render)


def _side_log(whole: Any, side: str, label: str, as_json: bool) -> None:
    from tactician.table.side_log import log_as_seen, seed_commitment

    shown, side_head = log_as_seen(whole, side)

    def render() -> None:
        unseen = sum(1 for e in shown if e.get("hidden"))
        say(f"{label} as {side} saw it: {counted(len(shown), 'entry')} ({unseen} out of sight)",
            "bold")
        for entry in shown:
            say(f"#{entry['seq']} {entry['summary']}")
        say(f"Side chain head {side_head}")

    emit({"side": side, "seed_commitment": seed_commitment(whole.seed), "head": side_head,
          "entries": shown}, as_json, render)


@app.command("undo")
def undo_command(
    to: Annotated[int | None, typer.Option(
        "--to", help="Keep entries 1..N and drop the rest (0 drops them all).")] = None,
    phase: Annotated[bool, typer.Option(
        "--phase", help="Drop back to the start of the current phase (or Turn); if the "
        "last entry ended a phase, as `enemy-phase` does, drop that whole phase.")] = False,
    yes: Annotated[bool, typer.Option(
        "--yes", "-y", help="Drop what --to or --phase names without asking.")] = False,
    at: AtOpt = None, battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Drop the last log entry, or several (--to N, --phase: each lists what it will
    remove and asks first; --yes for scripts). Dropped entries can be redone (`battle
    redo`, on their own dice) until the next action; a new action draws fresh dice."""
    from tactician.table.battles import load, take_back, undo_plan

    with refusals(as_json), battle_place(battle, name, db) as place:
        loaded = load(place)  # the one read: what is shown, asked and dropped
        loaded.expect(_at(at))
        if to is not None or phase:
            planned = undo_plan(place, to, phase, loaded)
            if not _confirmed(planned, yes, as_json):
                say("Not undone: nothing changed.")
                return
        dropped = take_back(place, to=to, phase=phase, loaded=loaded)

        def render() -> None:
            for entry in dropped:
                say(f"Undid #{entry.seq}: {entry.summary}")
            kept = dropped[0].seq - 1
            say(f"The log now ends at entry {kept}." if kept else "The log is now empty.")
            say(f"`battle redo` puts back #{dropped[0].seq} (undone entries are kept until "
                "the next action).", "dim")

        emit({"undone": _entry_json(dropped[-1]),
              "dropped": [_entry_json(e) for e in dropped],
              "log_length": dropped[0].seq - 1}, as_json, render)


def _confirmed(planned: list[Any], yes: bool, as_json: bool) -> bool:
    """Whether to drop ``planned``: --yes, else the answer on a terminal after the list
    (refused without one, or under --json, which never prompts)."""
    from tactician.errors import TacticianError

    if yes:
        return True
    if as_json:
        raise TacticianError("--json never prompts: add --yes to drop these entries (see "
                             "them first with `tactician battle log`)")
    if not can_ask():
        raise TacticianError(f"no terminal to confirm: pass --yes (this drops "
                             f"{_entries_words(planned)})")
    say(f"This removes {counted(len(planned), 'entry')}:")
    for entry in planned:
        say(f"  #{entry.seq} {entry.summary}")
    these = "this entry" if len(planned) == 1 else f"these {len(planned)} entries"
    return typer.confirm(f"Remove {these}?", default=False)


def _entries_words(planned: list[Any]) -> str:
    """"1 entry, #5" or "3 entries, #5 to #7"."""
    if len(planned) == 1:
        return f"1 entry, #{planned[0].seq}"
    return f"{len(planned)} entries, #{planned[0].seq} to #{planned[-1].seq}"


@app.command("redo")
def redo_command(
    every: Annotated[bool, typer.Option(
        "--all", help="Put back every undone entry.")] = False,
    to: Annotated[int | None, typer.Option(
        "--to", help="Put back undone entries until the log ends at entry N.")] = None,
    at: AtOpt = None, battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Put back the next entry `battle undo` dropped (--all: all of them; --to N: up to
    entry N), applied again on its recorded dice: the same entry, the same hash. Undone
    entries are kept until the battle's next action."""
    from tactician.errors import TacticianError
    from tactician.table.battles import load, redo

    with refusals(as_json), battle_place(battle, name, db) as place:
        if every and to is not None:
            raise TacticianError("redo takes --all or --to N, not both")
        loaded = load(place)
        loaded.expect(_at(at))
        waiting = len(_undone(place, loaded))
        redone = redo(place, None if every else 1, to, loaded=loaded)
        left = waiting - len(redone)

        def render() -> None:
            for entry in redone:
                say(f"Redid #{entry.seq}: {entry.summary}")
            say(f"The log now ends at entry {redone[-1].seq}"
                + (f"; {left} more can be redone." if left else "."))

        emit({"redone": [_entry_json(e) for e in redone], "log_length": redone[-1].seq,
              "can_redo": left}, as_json, render)


def _undone(place: Any, loaded: Any) -> list[Any]:
    """The battle's redo list as ``loaded`` read it (a file carries it; a campaign's
    battle keeps it in the store)."""
    from tactician.table.battle_places import StoredPlace

    if isinstance(place, StoredPlace):
        from tactician.store.battles import undone_entries

        return undone_entries(place.db, place.battle_id)
    return list(loaded.whole().undone)


@app.command("replay")
def replay_command(battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
                   as_json: JsonOpt = False) -> None:
    """Rebuild the battle from its log on the recorded dice, after verifying the log:
    sequence numbers 1..N, seeded dice re-derived from the seed, the hash chain from
    the start. Refused (exit 2, naming the first entry that fails) if the file was
    edited or any entry no longer applies or draws other dice (changed content or
    rules). An entry that applies on its dice but reads otherwise under this version
    (a newer wording, a rules fix) is listed, logged words beside today's."""
    from tactician.engine.chain import head
    from tactician.table.battles import readings, rebuild, view

    with refusals(as_json), battle_place(battle, name, db) as place:
        opened = rebuild(place)
        whole = opened.whole()
        board = view(place, loaded=opened)
        entries = whole.log
        differ = readings(opened)

        def render() -> None:
            from tactician.cli.board_view import render_board

            for entry in entries:
                say(f"#{entry.seq} {entry.summary}")
            if differ:
                say(f"Replay applies: {counted(len(entries), 'entry')} on their recorded dice; "
                    f"{counted(len(differ), 'entry')} now read otherwise (this version words "
                    "them, or its rules resolve them, differently):")
                for reading in differ:
                    say(f"  #{reading.seq} logged: {reading.logged}")
                    say(f"  {' ' * len(str(reading.seq))}  now:    {reading.now}")
                say(f"Chain verified, head {head(whole)}.")
            else:
                say(f"Replay matches: {counted(len(entries), 'entry')} on their recorded dice; "
                    f"chain verified, head {head(whole)}.")
            render_board(board)

        emit({"matches": not differ, "chain": "verified", "head": head(whole),
              "entries": [{"seq": e.seq, "summary": e.summary} for e in entries],
              "reads_otherwise": [r._asdict() for r in differ],
              "view": board}, as_json, render)


@app.command("gm-edit")
def gm_edit_command(
    unit: Annotated[str, typer.Argument(help="Unit id.")],
    edit: Annotated[str, typer.Argument(
        help="hide, reveal, hp, add_condition, remove_condition, conditions, place or "
        "remove.")],
    params: Annotated[list[str] | None, typer.Argument(
        help="The edit's value as KEY=VALUE: hp=7, to=3,4; a condition by name=NAME and "
        "its values (add_condition name=Bleeding x=2 rounds=3, name=Burning where=head, "
        "name=sleep turns=2); fe-classic's conditions=sleep:2,poison:1 sets them all "
        "(conditions= cures them all).")] = None,
    at: AtOpt = None, battle: BattleOpt = None, name: NameOpt = None, db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The GM's edit of a unit, logged as an entry "(by the GM)" (issue 29): hide it
    from every other side, reveal it, set its HP or conditions, place it on a tile or
    take it off the map. Undone with `battle undo` like any entry. Each ruleset's
    conditions are its rules' (`battle gm-edit UNIT add_condition name=?` lists them);
    Tropera hides nothing."""
    from tactician.table.battles import view
    from tactician.table.gm_edits import edit_at

    with refusals(as_json), battle_place(battle, name, db) as place:
        details = _gm_params(params or [])
        if edit.strip() in ("add_condition", "remove_condition"):
            details = {"condition": details}
        entry, state = edit_at(place, {"edit": edit.strip(), "unit": unit, **details},
                               _at(at))
        after = view(place, after=(state, entry.seq))
        emit({"entry": _entry_json(entry)}, as_json, lambda: render_entry(entry, after))


def _gm_params(pairs: list[str]) -> dict[str, Any]:
    """``battle gm-edit``'s KEY=VALUE: ``conditions=name:turns,...`` as a map."""
    from tactician.errors import TacticianError

    conditions = [p for p in pairs if p.startswith("conditions=")]
    found = parse_params([p for p in pairs if not p.startswith("conditions=")])
    for pair in conditions:
        text = pair.split("=", 1)[1].strip()
        named: dict[str, int] = {}
        for part in filter(None, (t.strip() for t in text.split(","))):
            label, _, turns = part.partition(":")
            if not turns.strip().isdigit():
                raise TacticianError(f"conditions: give name:turns, like sleep:2, not {part!r}")
            named[label.strip()] = int(turns)
        found["conditions"] = named
    return found
