"""Entry point: ``tactician``.

Start-up is most of what a command costs, so nothing is imported that the
command does not use: the root group knows each command and command group by
name and the module that defines it, and imports that module only when the
command is asked for (``tactician roll 2d6`` loads the dice command alone, not
the battle, campaign or character groups). Listing the commands (``--help``)
loads them all. The modules themselves import their heavy parts inside the
command bodies.
"""

from __future__ import annotations

from importlib import import_module

import click
import typer
from typer.core import TyperGroup

# command name -> module whose ``register(app)`` adds it to a Typer app
COMMANDS = {
    "roll": "tactician.cli.dice",
    "rulesets": "tactician.cli.rulesets",
    "forecast": "tactician.cli.combat",
    "attack": "tactician.cli.combat",
    "check": "tactician.cli.check",
    "demo": "tactician.cli.demo",
    "serve": "tactician.cli.serve",
}
# command group name -> module whose ``app`` is the group
GROUPS = {
    "character": "tactician.cli.character",
    "battle": "tactician.cli.battle",
    "campaign": "tactician.cli.campaign",
    "compendium": "tactician.cli.compendium",
}


def load(name: str) -> click.Command | None:
    """The click command for ``name``, importing only the module that defines it."""
    if name in GROUPS:
        group = typer.main.get_command(import_module(GROUPS[name]).app)
        group.name = name
        return group
    if name in COMMANDS:
        holder = typer.Typer()
        import_module(COMMANDS[name]).register(holder)
        found: click.Command | None = typer.main.get_group(holder).commands.get(name)
        return found
    return None


class LazyGroup(TyperGroup):
    """The root group: its commands are loaded on first use (see the module doc)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *GROUPS]  # the order ``--help`` shows

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
)


@app.callback()
def _root() -> None:
    pass  # a group with no eager commands needs a callback to stay a group


def run() -> None:
    app()


if __name__ == "__main__":
    run()
