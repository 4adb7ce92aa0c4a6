"""Who may enter which physical die at a table (issue 25, hole 3: "A player chooses
every die, the foe's included").

A table setting (``AUTHORITIES``, default ``own``):

- ``own``: the GM enters any die; a player only the dice of their own units' rolls
  (their attacks, their own defences and tests: ``DieDraw.roller``, which every
  ruleset names where it asks for the die); any other die of their command is the
  battle's seeded stream's, never the player's (``EnteredDice``);
- ``gm``: only the GM enters dice; a player's are refused;
- ``any``: every seat enters every die (a table that trusts its players; their dice
  prompts then name every roll, a hidden unit's too).

Each entered die is logged with who entered it (``by``: the seat), each stream die
in a player's entry as ``seed``. The CLI (one GM at a terminal) enters any die.
"""

from __future__ import annotations

from collections.abc import Collection

from tactician.dice.source import DiceSource, EnteredDice, PhysicalDice, parse_rolls
from tactician.engine.chain import action_dice
from tactician.store.database import Database
from tactician.store.models import Setting
from tactician.table.seats import NotAllowed

AUTHORITIES = ("own", "gm", "any")
DEFAULT = "own"
_KEY = "web.table.{}.dice"


def authority(db: Database, table_id: str) -> str:
    with db.read() as session:
        row = session.get(Setting, _KEY.format(table_id))
    return row.value if row is not None and row.value in AUTHORITIES else DEFAULT


def set_authority(db: Database, table_id: str, value: str) -> None:
    if value not in AUTHORITIES:
        raise NotAllowed(f"dice authority is one of {', '.join(AUTHORITIES)}, not {value!r}")
    with db.write() as session:
        session.merge(Setting(key=_KEY.format(table_id), value=value))


def entered(rolls: str | None, setting: str, role: str, seat: str,
            units: Collection[str]) -> PhysicalDice | EnteredDice | None:
    """The dice a seat's ``rolls`` (``--rolls`` text) give its command under the
    table's ``setting``: None without rolls (the battle's seeded stream)."""
    if rolls is None or not rolls.strip():
        return None
    values = parse_rolls(rolls)
    if role == "gm" or setting == "any":
        return PhysicalDice(values, entered_by=seat)
    if setting == "gm":
        raise NotAllowed("at this table only the GM enters dice")
    own = frozenset(units)
    return EnteredDice(values, seat, lambda unit: unit is not None and unit in own)


def gm_dice(rolls: str | None) -> PhysicalDice | None:
    """The GM's rolls (any die), logged as the GM's."""
    if rolls is None or not rolls.strip():
        return None
    return PhysicalDice(parse_rolls(rolls), entered_by="gm")


def for_trying(dice: PhysicalDice | EnteredDice | None, seed: int, streams: int
               ) -> DiceSource:
    """The dice an action would use, for trying it before it is applied: the seat's
    (bound to the battle's stream for it) or that stream itself."""
    stream = action_dice(seed, streams)
    if isinstance(dice, EnteredDice):
        dice.bind(stream)
        return dice
    return dice if dice is not None else stream
