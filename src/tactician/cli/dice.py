"""``tactician roll EXPR``: roll dice notation with a seeded stream or the table's dice.

The notation engine (d20 plus its parser) is imported inside the command so that
every other command starts without paying for it, and ``roll`` itself stays
within its start-up budget (see ``bench/bench_roll_startup.py``).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from tactician.cli.output import emit, refusals, say_styled

if TYPE_CHECKING:
    from tactician.dice.notation import RollOutcome


def register(app: typer.Typer) -> None:
    @app.command("roll")
    def roll_command(
        expr: str = typer.Argument(
            ...,
            metavar="EXPR",
            help="Dice notation: 2d6+3, 4d6kh3, 6d6rr1, 1d20+5, d100. "
            "Put -- before an expression that starts with '-'.",
        ),
        seed: int | None = typer.Option(
            None, "--seed", help="Seed for a reproducible roll (picked and shown if omitted)."
        ),
        rolls: str | None = typer.Option(
            None,
            "--rolls",
            help="Use dice rolled at the table, in order: --rolls 5,3,1,6. "
            "Dice are consumed left to right; rerolls and explosions when they happen. "
            "--rolls ask: on a terminal, each die asked for as it is needed.",
        ),
        as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    ) -> None:
        """Roll dice notation and show every die."""
        with refusals(as_json):
            from tactician.cli.table_dice import dice_source
            from tactician.dice.notation import roll
            from tactician.dice.source import PhysicalDice, SeededDice
            from tactician.errors import DiceError

            if seed is not None and rolls is not None:
                raise DiceError("give --seed or --rolls, not both")
            source = dice_source(seed, rolls)
            outcome = roll(expr, source)
            used_seed = source.seed if isinstance(source, SeededDice) else None
            unused = source.unused if isinstance(source, PhysicalDice) else []
            data = {**outcome.to_json(), "seed": used_seed, "unused_rolls": unused}
            emit(data, as_json, lambda: _render(outcome, used_seed, unused))


def _render(outcome: RollOutcome, seed: int | None, unused: list[int]) -> None:
    """``4d6kh3 → 4d6kh3 (5, 3, 1 dropped, 6) = 14``: every die, the ones that do not
    count struck through and named (``dropped``, ``rerolled``) so the line reads
    the same without colour (``NO_COLOR``, a pipe), then the seed. Written through
    click's styling (``output.say_styled``), not Rich: importing Rich would cost
    ``roll`` half again the start-up of a bare Typer app."""
    line = [(f"{outcome.expression} → ", "")]
    line += struck(outcome.breakdown, [d.status for d in outcome.rolled if d.status != "kept"],
                   [d.draw.value for d in outcome.rolled if d.status != "kept"])
    say_styled(line)
    if seed is not None:
        say_styled([(f"seed {seed} (repeat with --seed {seed})", "dim")])
    else:
        say_styled([("rolled with the table's dice (--rolls)", "dim")])
    if unused:
        listed = ", ".join(str(value) for value in unused)
        from tactician.counted import counted  # only a roll with rolls left over needs it

        sys.stderr.write(f"note: {counted(len(unused), 'supplied roll')} not used: {listed}\n")


def struck(breakdown: str, statuses: list[str], values: list[int]) -> list[tuple[str, str]]:
    """Turn d20's ``~~1~~`` marks into ``1 dropped`` (or ``1 rerolled``): the die in
    strike-through, its fate in words; the rest stays literal; the total in bold.

    ``statuses`` and ``values`` are the fates and values of the dice that do not
    count, in the order drawn: each struck die takes the first unclaimed fate of
    its value (d20 lists rerolls next to their replacement, not in draw order).
    Returned as (text, style) pieces, never markup, so annotations like ``[fire]``
    print as typed.
    """
    fates = list(zip(values, statuses, strict=True))
    pieces: list[tuple[str, str]] = []
    for index, part in enumerate(breakdown.split("~~")):
        if index % 2 == 0:
            pieces.append((part, ""))
            continue
        fate = next((f for f in fates if str(f[0]) == part.strip()), None)
        if fate is not None:
            fates.remove(fate)
        pieces += [(part, "strike dim"), (f" {fate[1] if fate else 'not counted'}", "dim")]
    return _bold_total(pieces)


def _bold_total(pieces: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The pieces with everything after the last `` = `` (the total) in bold."""
    head, sep, _ = "".join(text for text, _ in pieces).rpartition(" = ")
    if not sep:
        return pieces
    start, at, out = len(head) + len(sep), 0, []
    for text, style in pieces:
        cut = min(max(start - at, 0), len(text))
        out += [(text[:cut], style), (text[cut:], f"{style} bold".strip())]
        at += len(text)
    return [(text, style) for text, style in out if text]
