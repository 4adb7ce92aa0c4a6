"""The log as one side may see it, the commitment a player can check it against, and
the seed's commitment (issue 25, holes 4, 6 and 7).

- An entry the side saw (``SightLog.shown``) is sent as logged, without its ``hash``
  (a hash chained to entries a side cannot see lets it confirm a guess of one: hash
  the guess, chain it, compare, hole 7) and without the dice of units it did not see
  (a Hidden unit's Stealth roll in an entry of the side's own move). Any other entry
  is sent as ``UNSEEN`` with its number only, for good: a unit seen later does not
  open its past (hole 6).
- ``side_head``: a chain of the entries as that side was sent them (sha256 of the
  previous head, a newline and the canonical JSON of the side's entry, from the seed's
  commitment): a player who notes it can check later that the history they were shown
  was not rewritten, and that it is the one the whole log gives once it is published.
- ``seed_commitment``: sha256 of ``tactician seed <seed>``, shown from the start; the
  seed itself is shown when the battle ends (``revealed``), with the whole log, so
  anyone can then verify every seeded die and the chain (``tactician battle log``
  reads the published battle file). A seed is a 63-bit secret (``table.campaigns``),
  so neither the commitment nor the dice give it away before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from tactician.engine.chain import canonical
from tactician.errors import TacticianError
from tactician.table.sight_log import SightLog

UNSEEN_SUMMARY = "Something happened out of sight."


def seed_commitment(seed: int) -> str:
    return hashlib.sha256(f"tactician seed {seed}".encode()).hexdigest()


def unseen(seq: int) -> dict[str, Any]:
    return {"seq": seq, "summary": UNSEEN_SUMMARY, "action": {"type": "unseen"},
            "dice": [], "records": [], "physical": False, "hidden": True}


def side_entry(sight: SightLog, index: int, entry: Mapping[str, Any], side: str
               ) -> dict[str, Any]:
    """Entry ``index`` (0-based) as ``side`` may see it."""
    if not sight.shown(index, entry, side):
        return unseen(int(entry["seq"]))
    shown = {k: v for k, v in entry.items() if k != "hash"}
    seen = sight.seen_any(index, side) if sight.hides else None
    if seen is not None:
        shown["dice"] = [d for d in entry.get("dice", [])
                         if d.get("roller") is None or d.get("roller") in seen]
    return shown


def side_entries(sight: SightLog, entries: Sequence[Mapping[str, Any]], side: str,
                 first: int = 0) -> list[dict[str, Any]]:
    """Entries ``first``.. of the log ``sight`` followed, as ``side`` may see them."""
    return [side_entry(sight, i, entries[i], side) for i in range(first, len(entries))]


def side_head(previous: str, shown: Sequence[Mapping[str, Any]]) -> str:
    """The side's chain after ``shown`` (its entries in order) following ``previous``
    (the seed's commitment for the first)."""
    head = previous
    for entry in shown:
        head = hashlib.sha256(head.encode("ascii") + b"\n" + canonical(dict(entry))).hexdigest()
    return head


def log_as_seen(battle: Any, side: str) -> tuple[list[dict[str, Any]], str]:
    """A whole battle's log (``engine.battle.Battle``) as ``side`` saw it, replayed
    from its start, and the head of that side's chain (``battle log --side``)."""
    from tactician.rulesets.registry import contract
    from tactician.table.sight_log import along

    rules = contract(battle.ruleset).battle_rules(battle.options)
    start = rules.load_state(battle.start)
    if side not in start.sides:
        raise TacticianError(f"no side {side!r} in this battle (sides: "
                             f"{', '.join(start.sides)})")
    entries = [e.model_dump(mode="json") for e in battle.log]
    sight = along(battle.ruleset, rules, start, entries)
    shown = side_entries(sight, entries, side)
    return shown, side_head(seed_commitment(battle.seed), shown)
