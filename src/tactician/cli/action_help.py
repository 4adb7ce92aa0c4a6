"""``battle act --help``: the actions of one ruleset, from its action schema.

Each ruleset declares its action kinds (``rulesets.contract.actions``): their names,
keys and an example each. ``battle act --help -r R`` lists R's; without ``-r`` it
lists the ruleset of the battle the command would act on (``--battle FILE``, or the
current campaign's, when its database exists), else every ruleset's action names
with the way to see one ruleset's keys. Nothing is created or changed to find out.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

# the options of ``battle act`` that say which battle (and so which ruleset) it acts on
WHERE = {"-r": "ruleset", "--ruleset": "ruleset", "-b": "battle", "--battle": "battle",
         "--db": "db", "--campaign": "campaign"}


def where(args: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for i, arg in enumerate(args):
        name, eq, value = arg.partition("=")
        if name in WHERE:
            if eq:
                found[WHERE[name]] = value
            elif i + 1 < len(args):
                found[WHERE[name]] = args[i + 1]
    if "db" not in found and os.environ.get("TACTICIAN_DB"):
        found["db"] = os.environ["TACTICIAN_DB"]
    return found


def write_actions(ctx: click.Context, formatter: click.HelpFormatter) -> None:
    """The help's last part: the actions of the ruleset ``battle act`` acts on (the
    options ``ActCommand.parse_args`` found), wrapped to the help's width."""
    import textwrap  # help only: the command itself never wraps text

    found = ctx.meta.get("act_where", {})
    try:
        lines = action_lines(found.get("ruleset") or battle_ruleset(found))
    except Exception as exc:  # help never fails: it says what it could not read
        lines = [f"(cannot list the actions: {exc})"]
    formatter.write_paragraph()
    width = max(40, (formatter.width or 80) - formatter.current_indent)
    for line in lines:
        indent = len(line) - len(line.lstrip())
        for part in textwrap.wrap(line, width, subsequent_indent=" " * (indent + 4)) or [""]:
            formatter.write(" " * formatter.current_indent + part + "\n")


def battle_ruleset(where: dict[str, str]) -> str | None:
    """The ruleset of the battle ``battle act`` would act on, or None when there is none
    to read (no file named, no database yet, no current campaign)."""
    if where.get("battle"):
        import json

        from tactician.content.limits import MAX_FILE_BYTES

        path = Path(where["battle"])
        if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES.value():
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        return str(data.get("ruleset")) if isinstance(data, dict) else None
    db = where.get("db")
    if db is None or "://" not in db:
        from tactician.store.location import default_path

        if not (Path(db).expanduser() if db else default_path()).is_file():
            return None  # no database yet: opening it would create one
    from tactician.errors import TacticianError
    from tactician.store.campaigns import current_campaign, get_campaign
    from tactician.store.database import open_database

    opened = open_database(db)
    try:
        name = where.get("campaign")
        return (get_campaign(opened, name) if name else current_campaign(opened)).ruleset
    except TacticianError:
        return None
    finally:
        opened.close()


def action_lines(ruleset: str | None) -> list[str]:
    """The help's lines: one ruleset's actions with their keys and an example each, or
    (``None``) every ruleset's action names."""
    from tactician.table.actions import battle_rulesets, schema_of

    if ruleset is None:
        lines = ["Actions by ruleset (`battle act --help -r RULESET` lists one's keys and "
                 "examples):"]
        for found in battle_rulesets():
            lines.append(f"  {found}: {', '.join(schema_of(found).names())}")
        return lines
    schema = schema_of(ruleset)  # an unknown id, or one without battles, is refused
    stages = f"; stages: {', '.join(schema.stages)}" if schema.stages else ""
    lines = [f"Actions of {ruleset} (`battle act UNIT TYPE KEY=VALUE`; * marks a required "
             f"key{stages}):"]
    for kind in schema.kinds:
        lines.extend(_kind_lines(kind))
    return lines


def _kind_lines(kind: Any) -> list[str]:
    from tactician.table.actions import example_args

    also = f" (also {', '.join(kind.aliases)})" if kind.aliases else ""
    who = [] if kind.sender == "controller" else ["the GM's"]
    if kind.stage:
        who.append(f"{kind.stage} stage")
    said = f" [{'; '.join(who)}]" if who else ""
    lines = [f"  {kind.name}{also}: {kind.help}{said}"]
    lines.extend("      " + _key_text(k) for k in kind.keys if k.name != "unit")
    example = dict(kind.example)
    if "unit" in example:
        lines.append("      e.g. battle act " + " ".join(example_args(example)))
    else:
        lines.append(f"      e.g. battle {kind.name.replace('_', '-')}")
    return lines


def _key_text(key: Any) -> str:
    from tactician.table.actions import KEY_KINDS

    if key.values and key.kind in ("choice", "choices"):
        what = "|".join(key.values) + (" (a list)" if key.kind == "choices" else "")
    elif key.kind == "flag":
        what = "yes|no"
    elif key.kind == "integer":
        low = "" if key.minimum is None else str(key.minimum)
        high = "" if key.maximum is None else str(key.maximum)
        what = f"a whole number {low}..{high}"
    elif key.kind in ("name", "names"):
        what = f"{'a' if key.kind == 'name' else 'names of'} {key.of or 'name'}"
    else:
        what = KEY_KINDS[key.kind].replace("``", "").replace(" (column, row, from 0)", "")
        if key.values:
            what += f" or {'|'.join(key.values)}"
    return f"{key.name}{'*' if key.required else ''} ({what}): {key.help}"
