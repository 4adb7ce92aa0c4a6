"""Entry point: ``tactician``.

Start-up is most of what a command costs, so nothing is imported that the
command does not use: the root group knows each command and command group by
name and the module that defines it, and imports that module only when the
command is asked for (``tactician roll 2d6`` loads the dice command alone, not
the battle, campaign or character groups). Within a group only the command asked
for is built (``cli/lazy_commands.py``). Listing the commands (``--help``) loads
them all. The modules themselves import their heavy parts inside the command
bodies; help is plain click text (``lazy_commands.HELP_MARKUP``).

Pydantic looks for plugins (its ``pydantic`` entry points) on the first model it
builds, reading the metadata of every installed package: about half a bare Typer
app's start-up on each command that reads a unit or battle file. Tactician has
no such plugin, so the console script turns the search off unless the caller has
set ``PYDANTIC_DISABLE_PLUGINS`` (set it empty to have pydantic load plugins).
"""

from __future__ import annotations

import os
from importlib import import_module

import click
import typer

from tactician.cli.lazy_commands import (
    HELP_MARKUP,
    PlainHelpGroup,
    build,
    declared,
    lazy_group,
    stand_in,
)

# command name -> module whose ``register(app)`` adds it to a Typer app
COMMANDS = {
    "roll": "tactician.cli.dice",
    "rulesets": "tactician.cli.rulesets",
    "forecast": "tactician.cli.combat",
    "attack": "tactician.cli.combat",
    "check": "tactician.cli.check",
    "demo": "tactician.cli.demo",
    "serve": "tactician.cli.serve",
    "simulate": "tactician.cli.simulate",
}
# command group name -> module whose ``app`` is the group
GROUPS = {
    "character": "tactician.cli.character",
    "battle": "tactician.cli.battle",
    "campaign": "tactician.cli.campaign",
    "compendium": "tactician.cli.compendium",
}


def load(name: str, *, listing: bool = False) -> click.Command | None:
    """The click command for ``name``, importing only the module that defines it
    (``listing``: a command only as the help's list reads it, unbuilt)."""
    if name in GROUPS:
        return lazy_group(import_module(GROUPS[name]).app, name)
    if name in COMMANDS:
        holder = typer.Typer()
        import_module(COMMANDS[name]).register(holder)
        info = declared(holder, name)
        if info is None:
            return None
        return stand_in(info) if listing else build(info)
    return None


class LazyGroup(PlainHelpGroup):
    """The root group: its commands are loaded on first use (see the module doc)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *GROUPS]  # the order ``--help`` shows

    def listed(self, ctx: click.Context, name: str) -> click.Command | None:
        return self.commands.get(name) or load(name, listing=True)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = self.commands.get(cmd_name)
        if found is None:
            found = load(cmd_name)
            if found is not None:
                self.commands[cmd_name] = found
        return found


app = typer.Typer(
    cls=LazyGroup,
    help="Tactician: grid-tactics tabletop battles run exactly by the book.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=HELP_MARKUP,
)


@app.callback()
def _root(
    wait: float | None = typer.Option(
        None, "--wait", min=0, max=86_400, metavar="SECONDS",
        help="How long a command waits for a database or battle file another process "
        "holds (saying so at once) before it gives up, exit code 2 (default 30; "
        "TACTICIAN_WAIT)."),
    no_wait: bool = typer.Option(
        False, "--no-wait", help="Give up at once when another process holds the lock."),
) -> None:
    # a group with no eager commands needs a callback to stay a group; the wait is read
    # where a lock is taken (store.lock_wait), and passed on to any process it starts
    if no_wait or wait is not None:
        os.environ["TACTICIAN_WAIT"] = "0" if no_wait else repr(float(wait or 0))


def run() -> None:
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    app()


if __name__ == "__main__":
    run()
