"""Click commands built from Typer's declarations only when they are asked for.

Typer turns a whole app into click commands at once: every command's signature
read, its annotations evaluated, its options made. For the ``battle`` group that
is fifteen commands (tens of ms) to run one of them. Here a group is built
without its commands, and its ``commands`` mapping builds each one the first
time it is looked up (``tactician battle show`` builds ``show`` alone). Listing
a group (``--help``) looks every command up, so help still names them all.

Relies on two functions of ``typer.main`` that Typer itself builds apps with
(``get_group`` and ``get_command_from_info``) and on click reading a group's
commands only through its ``commands`` mapping.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Iterator, MutableMapping

import click
import typer
import typer.core
from typer.core import TyperGroup
from typer.models import CommandInfo, DefaultPlaceholder

# Help and usage errors as plain click text: Typer's Rich help imports rich.markdown,
# markdown-it and pygments (more than a bare Typer app costs in all) on every --help.
HELP_MARKUP = None
# With Rich installed, Typer escapes option notes for Rich even in plain mode
# (``\[required]`` in the help) and imports that Rich help to do it: its core is told
# Rich is absent, which is what plain mode means here (typer 0.20's flag).
typer.core.HAS_RICH = False


def summary(command: click.Command) -> str:
    """The line a group's help gives ``command``: its short help, else the first
    paragraph of its help on one line (as Typer's Rich help listed it; click's own
    listing cuts at the first full stop or the margin: "Any action by name, e.g.")."""
    text = inspect.cleandoc(command.short_help or command.help or "")
    first = text.split("\n\n")[0]
    first = first.replace("\b\n", "") if first.startswith("\b") else first.replace("\n", " ")
    return first.strip() + (" (deprecated)" if command.deprecated else "")


class PlainHelpGroup(TyperGroup):
    """A group whose help lists each command with its ``summary``, read from
    ``listed`` (a stand-in when the command is not built yet)."""

    def listed(self, ctx: click.Context, name: str) -> click.Command | None:
        """What the listing shows for ``name``: its help, maybe not its options."""
        if isinstance(self.commands, LazyCommands):
            return self.commands.listed(name)
        return self.get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.listed(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, summary(command)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def command_name(info: CommandInfo) -> str:
    """The name Typer gives a declared command (its own, else the function's)."""
    if info.name:
        return info.name
    assert info.callback is not None, "a Typer command has a function"
    return typer.main.get_command_name(info.callback.__name__)


def stand_in(info: CommandInfo) -> click.Command:
    """A click command with only the name and help Typer would give ``info``'s
    command (``get_command_from_info``'s reading of them): enough for a listing,
    without reading the function's parameters (tens of ms for a whole help page)."""
    text = inspect.getdoc(info.callback) if info.help is None else inspect.cleandoc(info.help)
    return click.Command(command_name(info), help=text, short_help=info.short_help,
                         hidden=info.hidden, deprecated=info.deprecated)


def build(info: CommandInfo) -> click.Command:
    """One declared command as a click command, as Typer would build it."""
    return typer.main.get_command_from_info(
        info, pretty_exceptions_short=True, rich_markup_mode=HELP_MARKUP
    )


class LazyCommands(MutableMapping[str, click.Command]):
    """A group's commands by name, each built on first lookup, in declared order."""

    def __init__(self, declared: list[CommandInfo]) -> None:
        self._declared = {command_name(info): info for info in declared}
        self._built: dict[str, click.Command] = {}
        self._order = list(self._declared)

    def __getitem__(self, name: str) -> click.Command:
        found = self._built.get(name)
        if found is None:
            found = build(self._declared[name])  # KeyError: no such command
            self._built[name] = found
        return found

    def __setitem__(self, name: str, command: click.Command) -> None:
        if name not in self._built and name not in self._declared:
            self._order.append(name)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self._order:
            raise KeyError(name)
        self._order.remove(name)
        self._built.pop(name, None)
        self._declared.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._order))

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, name: object) -> bool:
        return name in self._built or name in self._declared

    def listed(self, name: str) -> click.Command | None:
        """The command if built, else a stand-in with its help (``stand_in``)."""
        if name in self._built:
            return self._built[name]
        info = self._declared.get(name)
        return None if info is None else stand_in(info)


def lazy_group(app: typer.Typer, name: str) -> click.Group:
    """``app`` (a Typer app of commands) as the click group ``name``, its commands
    built on first use. Sub-apps added with ``add_typer`` are not supported."""
    assert not app.registered_groups, "lazy groups hold commands, not sub-groups"
    shell = copy.copy(app)  # the same help, options and callback, no commands
    shell.registered_commands = []
    assert isinstance(app.info.cls, DefaultPlaceholder | None), "groups are plain here"
    shell.info = copy.copy(app.info)
    shell.info.cls = PlainHelpGroup
    shell.rich_markup_mode = HELP_MARKUP
    # get_group, not get_command: no --install-completion on a sub-group (the root
    # has none either; a sub-group's would install completion for the wrong program)
    group = typer.main.get_group(shell)
    group.commands = LazyCommands(app.registered_commands)
    group.name = name
    return group


def declared(app: typer.Typer, name: str) -> CommandInfo | None:
    """The declaration of the command ``name`` on ``app`` (``None`` if absent)."""
    return next((info for info in app.registered_commands if command_name(info) == name),
                None)


def lazy_command(app: typer.Typer, name: str) -> click.Command | None:
    """The command ``name`` declared on ``app``, built alone (``None`` if absent)."""
    info = declared(app, name)
    return None if info is None else build(info)
