"""Whose roll a die is (issue 25, dice authority): the unit that rolls it.

A ruleset names the unit where its procedure asks for the dice (``rolled_by(unit id)``
around the request, or ``decide_by`` for one event): the attacker's attack and damage,
the defender's defence, the unit taking a test. Every dice source records it on each
draw (``DieDraw.roller``); a die asked for outside any ``rolled_by`` is no unit's roll
(None: a players' turn-order roll-off, jungle poison), which a table gives its GM.

A context variable rather than a parameter of every draw, so the roll requests
(events, tests, pools) need not carry it through every layer of a ruleset; each
thread (a web request on the thread pool) has its own. Only the standard library is
imported: a forecast imports this module and never draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol


class Deciding(Protocol):
    """What ``decide_by`` needs of a chance (``dice.chance.Chance``, not imported: the
    dice sources import this module)."""

    def decide(self, event: Any) -> Any: ...

_ROLLER: ContextVar[str | None] = ContextVar("tactician_roller", default=None)


@contextmanager
def rolled_by(unit: str | None) -> Iterator[None]:
    """The dice drawn inside are ``unit``'s roll (None: no unit's)."""
    token = _ROLLER.set(unit)
    try:
        yield
    finally:
        _ROLLER.reset(token)


def roller() -> str | None:
    """The unit whose roll a die drawn now is (``rolled_by``), or None."""
    return _ROLLER.get()


def decide_by(chance: Deciding, unit: str | None, event: Any) -> Any:
    """``chance.decide(event)`` as ``unit``'s roll; an enumerating chance (a
    forecast, which draws no die: ``narrating`` False) decides it without the context."""
    if not getattr(chance, "narrating", True):
        return chance.decide(event)
    with rolled_by(unit):
        return chance.decide(event)
