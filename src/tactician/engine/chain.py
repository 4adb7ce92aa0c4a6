"""The log's hash chain and seeded streams: what makes a battle file tamper-evident.

Design principle 2 says a player can audit every roll; this module lets the
file prove it was not edited since. Three checks, all without the rules (so
cheap enough to run every time a battle is opened):

1. **Sequence.** ``seq`` runs 1..N in log order; streams strictly grow and stay
   below the battle's ``streams`` counter (an undo leaves a gap, never a repeat).
2. **Seeded dice.** An entry that drew from the battle's seed is re-derived: the
   stream ``action_dice(seed, entry.stream)`` rolled for the same dice in the same
   order must show exactly the recorded faces (in an entry of the table's dice, the
   dice the stream gave because the seat could not enter them, ``by`` seed). A
   forged seeded die is caught even when its author recomputed every hash.
3. **Hashes.** ``start_hash`` is sha256 of the canonical JSON of the battle's
   format, ruleset, seed, options and start; each entry's ``hash`` is sha256 of
   the previous hash (``start_hash`` for entry 1), a newline and the canonical
   JSON of the entry's other fields. Editing any field of any entry (a physical
   entry's dice, the ``physical`` flag, the action, the summary), deleting,
   duplicating or reordering entries, or editing the start breaks the chain at
   the first entry (or the start) that no longer follows.

Canonical JSON: ``json.dumps(value, sort_keys=True, separators=(",", ":"))``
(ASCII, other text as ``\\u`` escapes, so any string a JSON file can hold, even
a lone surrogate, hashes).

The chain holds no secret: it stops edits by hand or by another tool, not a
forger who reruns this code over a rewritten log; against that, seeded dice are
re-derived and the head hash that ``battle log`` prints can be written down at
the table.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Protocol

from tactician.dice.source import SEEDED, SeededDice
from tactician.engine.log import Draw, Entry
from tactician.errors import ContentError


class BrokenChain(ContentError):
    """The battle file was edited: names the first entry (or the start) that fails."""


class ChainedBattle(Protocol):
    """The fields of a battle the chain reads (``engine.battle.Battle``)."""

    format: int
    ruleset: str
    seed: int
    options: list[str]
    start: dict[str, Any]
    start_hash: str
    log: list[Entry]
    streams: int
    undone: list[Entry]

    @property
    def anchor(self) -> Entry | None: ...


def canonical(value: Any) -> bytes:
    """One byte string per JSON value: sorted keys, no spaces, ASCII escapes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode("ascii")


def action_dice(seed: int, stream: int) -> SeededDice:
    """The seeded dice for the ``stream``-th action of a battle."""
    digest = hashlib.sha256(f"{seed}/{stream}".encode()).digest()
    return SeededDice(int.from_bytes(digest[:8], "big"))


def start_digest(
    format: int, ruleset: str, seed: int, options: Sequence[str], start: dict[str, Any]
) -> str:
    """The hash the chain starts from: everything a battle is before its first action."""
    header = {"format": format, "ruleset": ruleset, "seed": seed, "options": list(options),
              "start": start}
    return hashlib.sha256(canonical(header)).hexdigest()


def entry_digest(previous: str, fields: dict[str, Any]) -> str:
    """An entry's hash: sha256 of the previous hash, a newline and its other fields."""
    body = {key: value for key, value in fields.items() if key != "hash"}
    return hashlib.sha256(previous.encode("ascii") + b"\n" + canonical(body)).hexdigest()


def seal(previous: str, fields: dict[str, Any]) -> Entry:
    """The entry for ``fields`` (JSON-ready, without ``hash``) chained to ``previous``."""
    return Entry.model_validate({**fields, "hash": entry_digest(previous, fields)})


def head(battle: ChainedBattle) -> str:
    """The hash a new entry chains to: the last entry's, or (a tail read from a
    snapshot on, with no entry after it) its anchor's, or the start's."""
    if battle.log:
        return battle.log[-1].hash
    return battle.anchor.hash if battle.anchor is not None else battle.start_hash


def last_entry(battle: ChainedBattle) -> Entry | None:
    """The log's last entry: its own, or a tail's anchor (None: no entry yet)."""
    return battle.log[-1] if battle.log else battle.anchor


def seeded_faces(seed: int, stream: int, dice: Sequence[Draw]) -> list[int]:
    """The faces the battle's stream ``stream`` shows for these dice, in order."""
    source = action_dice(seed, stream)
    return [source.draw(die.sides, die.purpose) for die in dice]


def verify(battle: ChainedBattle) -> None:
    """Raise ``BrokenChain`` naming the first entry (or the start) that was edited; a
    tail's entries are verified from its anchor (the last verified point) on."""
    expected_start = start_digest(battle.format, battle.ruleset, battle.seed, battle.options,
                                  battle.start)
    if battle.start_hash != expected_start:
        raise BrokenChain(
            "start was edited: the start state, seed, ruleset and options no longer "
            "hash to the battle's start_hash"
        )
    verify_entries(battle.seed, battle.streams, battle.start_hash, battle.log,
                   after=battle.anchor)
    if battle.undone:  # the redo list continues the chain from the log's head
        try:
            verify_entries(battle.seed, battle.streams, head(battle), battle.undone,
                           after=last_entry(battle))
        except BrokenChain as exc:
            raise BrokenChain(f"the undone entries (redo list): {exc}") from None


def verify_entries(seed: int, streams: int, previous: str, entries: Sequence[Entry],
                   after: Entry | None = None) -> None:
    """The chain's checks of ``entries`` following ``previous`` (the start's hash, or
    the hash of ``after``, the entry just before them): what a battle opened from a
    snapshot verifies of the entries it reads, without reading the whole log."""
    first = after.seq + 1 if after is not None else 1
    last_stream = after.stream if after is not None else -1
    if after is not None:
        previous = after.hash
    for position, entry in enumerate(entries, start=first):
        _check_place(entry, position, last_stream, streams)
        # an entry of the table's dice may hold dice its seat could not enter, which
        # the battle's stream gave (``by`` seed): those are re-derived as well
        seeded = [die for die in entry.dice if not entry.physical or die.by == SEEDED]
        if [die.value for die in seeded] != seeded_faces(seed, entry.stream, seeded):
            raise BrokenChain(
                f"entry {position}: its dice are not the battle's seeded dice for "
                f"stream {entry.stream}"
            )
        if entry.hash != entry_digest(previous, entry.model_dump(mode="json")):
            before = f"entry {position - 1}" if position > 1 else "the start"
            raise BrokenChain(
                f"entry {position}: hash does not follow {before} (the entry or its hash "
                "was edited)"
            )
        previous, last_stream = entry.hash, entry.stream


def _check_place(entry: Entry, position: int, last_stream: int, streams: int) -> None:
    """Sequence numbers run 1..N; streams grow and stay below the battle's counter."""
    if entry.seq != position:
        raise BrokenChain(
            f"entry {position}: its seq is {entry.seq}, expected {position} "
            "(sequence numbers run 1..N: an entry was deleted, duplicated or moved)"
        )
    if entry.stream <= last_stream:
        raise BrokenChain(
            f"entry {position}: its stream {entry.stream} does not come after entry "
            f"{position - 1}'s stream {last_stream} (streams only grow)"
        )
    if entry.stream >= streams:
        raise BrokenChain(
            f"entry {position}: its stream {entry.stream} is not below the battle's "
            f"stream counter ({streams})"
        )
