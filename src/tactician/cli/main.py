"""Entry point: ``tactician``. Commands import their heavy modules lazily so
that ``tactician roll 2d6`` starts fast."""

from __future__ import annotations

import typer

from tactician.cli import (
    battle,
    campaign,
    character,
    combat,
    compendium,
    demo,
    dice,
    rulesets,
    serve,
)

app = typer.Typer(
    help="Tactician: grid-tactics tabletop battles run exactly by the book.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
dice.register(app)
rulesets.register(app)
combat.register(app)
demo.register(app)
serve.register(app)
app.add_typer(character.app, name="character")
app.add_typer(battle.app, name="battle")
app.add_typer(campaign.app, name="campaign")
app.add_typer(compendium.app, name="compendium")


def run() -> None:
    app()


if __name__ == "__main__":
    run()
