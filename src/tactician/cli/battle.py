"""``tactician battle ...``: play a battle on a map from the command line.

Every command works on one battle file (``--battle``, default ``battle.json``)
through ``tactician.table.battles``, the service every interface shares. A
refused command prints one clear line (``{"error": ...}`` under ``--json``),
exits with code 2 and leaves the file byte for byte as it was.

The heavy modules (the service, the rules, Rich tables) are imported inside the
commands so that ``tactician roll`` starts fast.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tactician.cli.board_view import tile_text
from tactician.cli.output import console, emit, plain, refusals

app = typer.Typer(
    help="Play a battle on a map: create it, show the board, move, attack with exact "
    "odds, let the engine play the enemy phase, and audit, undo or replay the log.",
    no_args_is_help=True,
)

DEFAULT_FILE = Path("battle.json")
BattleOpt = Annotated[
    Path, typer.Option("--battle", "-b", help="Battle file (JSON: start state + event log).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
RollsOpt = Annotated[
    str | None,
    typer.Option(
        "--rolls",
        help="The table's own dice instead of the battle's seeded stream, in the order the "
        "rules ask (an attack: one d100 per attack roll, two under True Hit).",
    ),
]


# --- helpers ---------------------------------------------------------------------------


def _physical(rolls: str | None) -> Any:
    """A fresh ``PhysicalDice`` for ``--rolls`` (None: the battle's seeded stream)."""
    if rolls is None:
        return None
    from tactician.dice.source import PhysicalDice, parse_rolls

    return PhysicalDice(parse_rolls(rolls))


def parse_value(raw: str) -> Any:
    """``3`` -> 3; ``3,4`` -> [3, 4]; ``a,b`` -> ["a", "b"]; ``1,1;2,1`` -> [[1, 1],
    [2, 1]] (a list of lists, e.g. tiles); anything else a string."""
    text = raw.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
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
    """One line as given (no markup, no highlighting, no hard wrapping)."""
    console().print(plain(text, style or ""), highlight=False, soft_wrap=True)


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
        if strike["target"] not in shown:
            hp[strike["target"]] = strike["target_hp"]
    return hp


def render_entry(entry: Any, view: dict[str, Any] | None = None) -> None:
    """One log entry: its summary and what its records add (path, strikes, events)."""
    from tactician.cli.combat import render_attack

    say(f"#{entry.seq} {entry.summary}")
    for record in entry.records:
        kind = record.get("type")
        if kind == "move":
            path = " → ".join(tile_text(t) for t in record.get("path", []))
            say(f"  path: {path}; {record.get('spent')} movement spent, "
                f"{record.get('movement_left')} left")
        elif kind == "attack":
            say("Dice: " + ("physical (your --rolls)" if entry.physical
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


def _perform(battle: Path, action: dict[str, Any], as_json: bool, rolls: str | None = None,
             extra: dict[str, Any] | None = None) -> None:
    """Apply one action and print its entry (and the result, when the battle ends)."""
    from tactician.table.battles import perform, view

    dice = _physical(rolls)
    entry, _ = perform(battle, action, dice)
    after = view(battle)
    data: dict[str, Any] = {**(extra or {}), "entry": _entry_json(entry),
                            "round": after["round"], "phase": after["phase"],
                            "result": after["result"], "result_reason": after["result_reason"]}
    if dice is not None:
        data["unused_rolls"] = list(dice.unused)

    def render() -> None:
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
    map_path: Annotated[Path, typer.Option(
        "--map", "-m", help="Map: a text grid (.yaml/.map) or a Tiled map (.tmj/.tmx).")],
    units: Annotated[list[Path], typer.Option(
        "--units", "-u", help="Units file (YAML: who stands where); repeat to merge files.")],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset id.")] = "tropera",
    seed: Annotated[int | None, typer.Option(
        help="Seed of the battle's dice (default: a random one, stored in the file).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Ruling name=value for the whole battle (repeatable).")] = None,
    out: Annotated[Path, typer.Option(
        "--out", "--battle", "-b", help="Battle file to write.")] = DEFAULT_FILE,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Start a battle: place the units on the map and write the battle file."""
    from tactician.table.battles import new_battle, view

    with refusals(as_json):
        opened = new_battle(ruleset, map_path, units, out, seed, option or [], overwrite=force)
        board = view(out)

        def render() -> None:
            from tactician.cli.board_view import render_board

            say(f"Wrote {out}: {ruleset}, seed {opened.battle.seed}, "
                f"{len(board['units'])} units, sides {' then '.join(board['sides'])}")
            if opened.battle.options:
                say("Rulings: " + ", ".join(opened.battle.options))
            render_board(board)

        emit({"file": str(out), "ruleset": ruleset, "seed": opened.battle.seed,
              "options": opened.battle.options, "view": board}, as_json, render)


@app.command("show")
def show_command(
    reach: Annotated[str | None, typer.Option(
        "--reach",
        help="Mark where this unit can move ([.]) and attack without moving (<.>).")] = None,
    side: Annotated[str | None, typer.Option(
        "--side", help="Show only what this side sees (fog of war).")] = None,
    battle: BattleOpt = DEFAULT_FILE,
    as_json: JsonOpt = False,
) -> None:
    """The board: terrain, units by label, round, phase, objectives and result."""
    from tactician.cli.board_view import labels, render_board
    from tactician.table.battles import view

    with refusals(as_json):
        board = view(battle, reach, side)
        emit({**board, "labels": labels(board)}, as_json, lambda: render_board(board))


@app.command("forecast")
def forecast_command(
    unit: Annotated[str, typer.Argument(help="Attacking unit id.")],
    target: Annotated[str, typer.Argument(help="Target unit id.")],
    weapon: Annotated[str | None, typer.Option(help="Attack with this weapon.")] = None,
    battle: BattleOpt = DEFAULT_FILE,
    as_json: JsonOpt = False,
) -> None:
    """Exact odds of an attack from where the unit stands; nothing is changed."""
    from tactician.cli.combat import render_forecast
    from tactician.table.battles import preview_attack

    with refusals(as_json):
        report = preview_attack(battle, _attack_action(unit, target, weapon))
        emit(report, as_json, lambda: render_forecast(report))


# --- actions ---------------------------------------------------------------------------


@app.command("move")
def move_command(
    unit: Annotated[str, typer.Argument(help="Unit id.")],
    x: Annotated[int, typer.Argument(help="Column (from 0).")],
    y: Annotated[int, typer.Argument(help="Row (from 0).")],
    rolls: RollsOpt = None,
    battle: BattleOpt = DEFAULT_FILE,
    as_json: JsonOpt = False,
) -> None:
    """Move a unit to tile X Y (its path and the movement left are printed). A move
    can set off a prepared attack, which rolls: --rolls gives the table's dice."""
    with refusals(as_json):
        _perform(battle, {"type": "move", "unit": unit, "to": [x, y]}, as_json, rolls)


def _attack_action(unit: str, target: str, weapon: str | None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "attack", "unit": unit, "target": target}
    if weapon is not None:
        action["weapon"] = weapon
    return action


def can_ask() -> bool:
    """Whether a person can answer "Commit this attack?": standard input is a
    terminal. Piped or closed input is refused with a hint to pass ``--yes``
    rather than read as "no" (``typer.confirm`` would abort with exit code 1)."""
    return sys.stdin is not None and sys.stdin.isatty()


def _rehearse(battle: Path, action: dict[str, Any], rolls: str | None) -> None:
    """Refuse an attack the rules would refuse (unit already acted, wrong phase, an
    ally, bad --rolls) in the rules' own words before the forecast and the question;
    nothing is saved."""
    from tactician.table.battles import check

    check(battle, action, _physical(rolls))


@app.command("attack")
def attack_command(
    unit: Annotated[str, typer.Argument(help="Attacking unit id.")],
    target: Annotated[str, typer.Argument(help="Target unit id.")],
    weapon: Annotated[str | None, typer.Option(help="Attack with this weapon (equips it).")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Commit without asking.")] = False,
    rolls: RollsOpt = None,
    battle: BattleOpt = DEFAULT_FILE,
    as_json: JsonOpt = False,
) -> None:
    """Show the exact forecast, ask, then attack and print every roll.

    Without a terminal to answer the question (input piped or closed) the attack is
    refused (exit code 2, nothing changed) unless --yes is given."""
    from tactician.cli.combat import render_forecast
    from tactician.errors import TacticianError
    from tactician.table.battles import preview_attack

    with refusals(as_json):
        if as_json and not yes:
            raise TacticianError(
                "--json never prompts: add --yes to commit (see the odds first with "
                "`tactician battle forecast UNIT TARGET --json`)"
            )
        if rolls is not None:
            _physical(rolls)  # refuse a malformed --rolls before anything else
        action = _attack_action(unit, target, weapon)
        _rehearse(battle, action, rolls)
        if not yes and not can_ask():
            raise TacticianError(
                "no terminal to confirm: pass --yes (see the odds first with "
                "`tactician battle forecast UNIT TARGET`)"
            )
        report = preview_attack(battle, action)
        if not as_json:
            render_forecast(report)
        if not yes and not typer.confirm("Commit this attack?", default=False):
            say("Not committed: nothing changed.")
            return
        _perform(battle, action, as_json, rolls, extra={"forecast": report})


@app.command("act")
def act_command(
    unit: Annotated[str, typer.Argument(help="Unit id.")],
    action: Annotated[str, typer.Argument(
        help="Action: wait, defend, dash, equip, item, staff, move, attack...")],
    params: Annotated[list[str] | None, typer.Argument(
        help="Details as KEY=VALUE: numbers become integers, 'x,y' a list "
        "(e.g. to=3,4 or targets=a,b), anything else a string.")] = None,
    rolls: RollsOpt = None,
    battle: BattleOpt = DEFAULT_FILE,
    as_json: JsonOpt = False,
) -> None:
    """Any action by name, e.g. `act lute item item=Vulnerary target=aria`,
    `act aria equip weapon="Steel Sword"`, `act gilliam wait`."""
    with refusals(as_json):
        details = parse_params(params or [])
        kind = action.strip().replace("-", "_")
        _perform(battle, {"type": kind, "unit": unit, **details}, as_json, rolls)


@app.command("end-phase")
def end_phase_command(
    rolls: RollsOpt = None, battle: BattleOpt = DEFAULT_FILE, as_json: JsonOpt = False
) -> None:
    """End the current phase (or Turn): the next side's units get a fresh turn.

    Ending a phase can roll dice (a prepared attack firing; in UESRPG, death tests
    and conditions ticking): --rolls gives the table's own results."""
    with refusals(as_json):
        _perform(battle, {"type": "end_phase"}, as_json, rolls)


@app.command("enemy-phase")
def enemy_phase_command(
    explain: Annotated[bool, typer.Option(
        "--explain", help="Each enemy's reason and its best scored candidates.")] = False,
    top: Annotated[int, typer.Option(help="Candidates shown per enemy with --explain.")] = 5,
    any_side: Annotated[bool, typer.Option(
        "--any-side", help="Let the engine play even a side the players command.")] = False,
    rolls: RollsOpt = None,
    battle: BattleOpt = DEFAULT_FILE,
    as_json: JsonOpt = False,
) -> None:
    """Let the engine play the current (enemy) phase to its end, then end it.

    Refused in a phase whose units the players command (units without an enemy
    tier) unless --any-side is given. The whole phase is saved in one write at the
    end: if --rolls run out or one is refused, nothing is saved (add the roll asked
    for and run it again: the engine plays the same moves on the same dice).
    """
    from tactician.errors import NeedRoll, TacticianError
    from tactician.table.battles import play_side, view

    with refusals(as_json):
        before = view(battle)
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
        if commanded and not any_side:
            raise TacticianError(
                f"it is {phase_words(before)} and its units ({', '.join(commanded)}) are "
                "commanded by players; act with them and run `battle end-phase` (or pass "
                "--any-side to let the engine play them as Mob tier)"
            )
        # one atomic write: dice that run out or a refused roll save nothing
        dice = _physical(rolls)
        try:
            decisions = play_side(battle, dice)
        except NeedRoll as missing:
            raise TacticianError(
                f"{missing} and run `battle enemy-phase` again (nothing of this phase was "
                "saved; the engine plays the same moves)"
            ) from None
        after = view(battle)
        data = {"side": side, "decisions": decisions, "round": after["round"],
                "phase": after["phase"], "result": after["result"],
                "result_reason": after["result_reason"]}
        if dice is not None:
            data["unused_rolls"] = list(dice.unused)
        label = phase_words(before, article=False)

        def render() -> None:
            _render_decisions(label, decisions, after, explain, top)
            if dice is not None and dice.unused:
                say(f"Unused rolls: {', '.join(map(str, dice.unused))}", "yellow")

        emit(data, as_json, render)


def _render_decisions(side: str, decisions: list[dict[str, Any]], after: dict[str, Any],
                      explain: bool, top: int) -> None:
    from rich import box
    from rich.table import Table

    out = console()
    if explain:
        say("hit: its first strike lands; counter: the target's first counter lands; defeats: "
            "the target falls; defeated: this unit falls; score: the tier's priority "
            "(mob hit, army hit - counter, elite defeats - defeated)", "dim")
    say(f"{side}, played by the engine", "bold")
    for decision in decisions:
        who = decision.get("unit")
        head = (f"{who} ({decision.get('tier') or '-'}): {decision.get('reason', '')}" if who
                else f"({decision.get('reason', '')})")
        say(head)
        for entry in decision.get("entries", []):
            say(f"  #{entry['seq']} {entry['summary']}")
        if explain and who:
            say(f"  {decision.get('candidates_scored', 0)} candidates scored")
            best = decision.get("best", [])[:max(0, top)]
            if best:
                table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1, 0, 0))
                for column in ("tile", "target", "weapon", "hit", "counter", "defeats",
                               "defeated", "score"):
                    table.add_column(column, no_wrap=True, justify="left" if column in
                                     ("tile", "target", "weapon") else "right")
                for c in best:
                    table.add_row(
                        tile_text(c["tile"]), c["target"], c["weapon"],
                        f"{c['hit']:.1%}", f"{c['counter_hit']:.1%}",
                        f"{c['defeat_target']:.1%}", f"{c['defeated']:.1%}", f"{c['score']:.3f}",
                    )
                out.print(table)
    say(f"Now round {after['round']}, {phase_words(after, article=False)}.")
    _result_line(after)


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
        return f"physical dice: {dice_text(entry.dice)} (the table's, from --rolls)"
    return f"seeded dice: {dice_text(entry.dice)} (the battle's seed, stream {entry.stream})"


def _log_entry_json(entry: Any) -> dict[str, Any]:
    return {**_entry_json(entry), "dice_source": entry.dice_source}


@app.command("log")
def log_command(battle: BattleOpt = DEFAULT_FILE, as_json: JsonOpt = False) -> None:
    """Every entry of the log with every die it drew, and whose dice they were: the
    table's (physical, from --rolls) or the battle's seeded stream. The log is
    verified first (sequence, seeded dice, hash chain); the head hash printed last
    changes if any entry is ever edited."""
    from tactician.engine.chain import head
    from tactician.table.battles import open_battle

    with refusals(as_json):
        opened = open_battle(battle)
        entries = opened.battle.log
        chain_head = head(opened.battle)
        physical = sum(1 for e in entries if e.dice_source == "physical")
        seeded = sum(1 for e in entries if e.dice_source == "seeded")

        def render() -> None:
            say(f"{battle}: seed {opened.battle.seed}, {len(entries)} entries "
                f"({seeded} on seeded dice, {physical} on the table's dice)", "bold")
            for entry in entries:
                say(f"#{entry.seq} {entry.summary}")
                line = dice_line(entry)
                if line:
                    say(f"    {line}", "dim")
            say(f"Chain verified; head {chain_head}")

        emit({"seed": opened.battle.seed, "format": opened.battle.format,
              "start_hash": opened.battle.start_hash, "head": chain_head,
              "entries": [_log_entry_json(e) for e in entries]}, as_json, render)


@app.command("undo")
def undo_command(
    to: Annotated[int | None, typer.Option(
        "--to", help="Keep entries 1..N and drop the rest (0 drops them all).")] = None,
    phase: Annotated[bool, typer.Option(
        "--phase", help="Drop back to the start of the current phase (or Turn); if the "
        "last entry ended a phase, as `enemy-phase` does, drop that whole phase.")] = False,
    battle: BattleOpt = DEFAULT_FILE,
    as_json: JsonOpt = False,
) -> None:
    """Drop the last log entry, or several (--to N, --phase). Dropped actions' dice
    are not reused: a redone attack draws fresh dice."""
    from tactician.table.battles import take_back

    with refusals(as_json):
        dropped = take_back(battle, to=to, phase=phase)

        def render() -> None:
            for entry in dropped:
                say(f"Undid #{entry.seq}: {entry.summary}")
            kept = dropped[0].seq - 1
            say(f"The log now ends at entry {kept}." if kept else "The log is now empty.")

        emit({"undone": _entry_json(dropped[-1]),
              "dropped": [_entry_json(e) for e in dropped],
              "log_length": dropped[0].seq - 1}, as_json, render)


@app.command("replay")
def replay_command(battle: BattleOpt = DEFAULT_FILE, as_json: JsonOpt = False) -> None:
    """Rebuild the battle from its log on the recorded dice, after verifying the log:
    sequence numbers 1..N, seeded dice re-derived from the seed, the hash chain from
    the start. Refused (exit 2, naming the first entry that fails) if the file was
    edited or any entry no longer replays (changed content or rules)."""
    from tactician.engine.chain import head
    from tactician.table.battles import rebuild, view

    with refusals(as_json):
        opened = rebuild(battle)
        board = view(battle)
        entries = opened.battle.log

        def render() -> None:
            from tactician.cli.board_view import render_board

            for entry in entries:
                say(f"#{entry.seq} {entry.summary}")
            say(f"Replay matches: {len(entries)} entries on their recorded dice; chain "
                f"verified, head {head(opened.battle)}.")
            render_board(board)

        emit({"matches": True, "chain": "verified", "head": head(opened.battle),
              "entries": [{"seq": e.seq, "summary": e.summary} for e in entries],
              "view": board}, as_json, render)
