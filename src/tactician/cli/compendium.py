"""``tactician compendium list|show|coverage``: browse and search a ruleset's content
(weapons, items, feats, armor, conditions, terrain...) through the service, and where
each entry takes effect in battle (the coverage map, ``tactician.table.coverage``)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tactician.cli.output import emit, refusals, say_line

app = typer.Typer(
    help="Browse and search what a ruleset offers: weapons, feats, items, armor, "
    "conditions, terrain...",
    no_args_is_help=True,
)

RulesetOpt = Annotated[str | None, typer.Option(
    "--ruleset", "-r", help="Ruleset id (see `tactician rulesets`; default: the first "
    "installed, tropera).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


def _scalars(entry: dict[str, Any]) -> str:
    """A line for the list: short fields, else the start of the entry's text."""
    shown = [f"{k} {v}" for k, v in entry.items()
             if k != "name" and isinstance(v, str | int | float) and not isinstance(v, bool)
             and len(str(v)) <= 24]
    if len(shown) >= 2:
        return ", ".join(shown[:6])
    texts = [v for v in entry.values() if isinstance(v, str) and len(v) > 24]
    text = texts[0] if texts else ", ".join(shown)
    return text if len(text) <= 70 else text[:67] + "..."


def _render(title: str, found: list[dict[str, Any]], with_kind: bool = False) -> None:
    """The entries as a table with a centred title (Rich's default look, drawn by
    ``cli.text_table`` without importing Rich), then their count."""
    from tactician.cli.terminal_text import echo_lines
    from tactician.cli.text_table import Table

    table = Table(title=title)
    if with_kind:
        table.add_column("kind")
    table.add_column("name")
    table.add_column("summary")
    for entry in found:
        kind = [str(entry["compendium_kind"])] if with_kind else []
        table.add_row(*kind, str(entry.get("name", "?")),
                      _scalars({k: v for k, v in entry.items() if k != "compendium_kind"}))
    echo_lines(table.lines())
    say_line(f"{len(found)} entr{'y' if len(found) == 1 else 'ies'}")


@app.command("list")
def list_command(
    kind: Annotated[str | None, typer.Argument(help="Kind of entry (omit: list the kinds).")]
    = None,
    search: Annotated[str | None, typer.Option(
        "--search", "-s", help="Only entries with a value that holds this (any letter "
        "case; a yes/no field counts as its name when yes).")] = None,
    ruleset: RulesetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List the kinds of content, every entry of one kind, or (with --search and no
    KIND) every entry of every kind that holds the text."""
    from tactician.table.catalogue import chosen
    from tactician.table.compendium import entries, kinds

    with refusals(as_json):
        rid = chosen(ruleset)
        if kind is None and search:
            found = [{"compendium_kind": k, **e}
                     for k in kinds(rid) for e in entries(rid, k, search)]
            emit(found, as_json, lambda: _render(f"{rid} entries matching {search!r}", found,
                                                 with_kind=True))
            return
        if kind is None:
            names = kinds(rid)
            emit(names, as_json, lambda: say_line(f"{rid} compendium kinds: {', '.join(names)}"))
            return
        found = entries(rid, kind, search)
        title = f"{rid} {kind}" + (f" matching {search!r}" if search else "")
        emit(found, as_json, lambda: _render(title, found))


@app.command("show")
def show_command(
    kind: Annotated[str, typer.Argument(help="Kind of entry, e.g. weapons.")],
    name: Annotated[str, typer.Argument(help="The entry's name (case-insensitive).")],
    ruleset: RulesetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show one entry with every field."""
    from tactician.table.catalogue import chosen
    from tactician.table.compendium import entry

    with refusals(as_json):
        rid = chosen(ruleset)
        found = entry(rid, kind, name)

        def render() -> None:
            from tactician.cli.terminal_text import echo_lines
            from tactician.cli.text_table import Table

            table = Table(title=str(found.get("name", name)), show_header=False)
            table.add_column("field")
            table.add_column("value")
            for key, value in found.items():
                table.add_row(key, readable(value))
            echo_lines(table.lines())
            for line in in_battle(rid, kind, str(found.get("name", name))):
                say_line(line)

        emit(found, as_json, render)


def in_battle(ruleset_id: str, kind: str, name: str) -> list[str]:
    """What the coverage map says of one entry: which action or modifier uses it and
    how to invoke it at the table, or why it does nothing in battle (nothing when the
    ruleset's map does not audit the kind)."""
    from tactician.table.coverage import entry_coverage

    row = entry_coverage(ruleset_id, kind, name)
    if row is None:
        return []
    if row["status"] == "wired":
        lines = [f"In battle: {row['where']} (tested by {row['test']})"]
        if row["invoke"]:
            lines.append(f"At the table: {row['invoke']}")
        else:
            lines.append("At the table: it applies by itself to a unit that has it")
        return lines
    if row["status"] == "ruled":
        return [f"In battle: does nothing (ruling {row['ruling']} in docs/rulings.md: "
                f"{row['why']})"]
    if row["status"] == "no_effect":
        return [f"In battle: no effect ({row['why']})"]
    return ["In battle: not covered by the coverage map"]


@app.command("coverage")
def coverage_command(
    ruleset: RulesetOpt = None,
    as_json: JsonOpt = False,
    as_markdown: Annotated[bool, typer.Option(
        "--markdown", help="The whole coverage document (docs/coverage.md) for every "
        "ruleset with a map, or only -r's.")] = False,
) -> None:
    """Where each battle-relevant compendium entry takes effect: the action, hook or
    modifier (and the test that shows it), or the ruling that says why it does nothing
    in battle."""
    from tactician.table.catalogue import chosen
    from tactician.table.coverage import counts, coverage_rows, markdown

    with refusals(as_json):
        if as_markdown:
            import sys

            sys.stdout.write(markdown([chosen(ruleset)] if ruleset else None))
            return
        rid = chosen(ruleset)
        rows = coverage_rows(rid)

        def render() -> None:
            from tactician.cli.terminal_text import echo_lines
            from tactician.cli.text_table import Table

            table = Table(title=f"{rid} coverage")
            for column in ("kind", "name", "status", "where / ruling"):
                table.add_column(column)
            for row in rows:
                table.add_row(row["kind"], row["name"], row["status"].replace("_", " "),
                              row.get("where") or row.get("ruling") or row.get("why", ""))
            echo_lines(table.lines())
            say_line(", ".join(f"{n} {s.replace('_', ' ')}"
                               for s, n in sorted(counts(rows).items())))

        emit(rows, as_json, render)


def readable(value: Any) -> str:
    """A field's value as a reader writes it, not as Python prints it (issue 24: an
    NPC's ``{'strength': 35, ...}``): ``strength 35, endurance 34``; a list as its
    items; a nested record as ``evade (characteristic agility, bonus 0)``; records
    in a list or mapping apart with ``;``; yes/no; ``-`` for nothing; a text's line
    breaks as spaces."""
    if value is None or value == "" or value == [] or value == {}:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        nested = any(isinstance(v, dict | list) for v in value.values())
        parts = [f"{k} ({readable(v)})" if isinstance(v, dict | list) else f"{k} {readable(v)}"
                 for k, v in value.items()]
        return ("; " if nested else ", ").join(parts)
    if isinstance(value, list | tuple):
        nested = any(isinstance(v, dict | list) for v in value)
        return ("; " if nested else ", ").join(readable(v) for v in value)
    # a cell is one line (control characters are shown escaped): a paragraph break
    # reads as the space the table wraps at, not as a literal "\n"
    return " ".join(str(value).splitlines())
