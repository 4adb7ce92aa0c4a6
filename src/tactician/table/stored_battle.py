"""What a campaign's battle is opened from and stored as, whatever reads and writes its
rows (``table.campaigns`` through the store's SQLAlchemy, ``table.sqlite_place`` through
the standard library's ``sqlite3``): the ruleset's rules, the battle opened from its
newest snapshot (verified from the snapshot's entry, then replayed), and which states
are kept as snapshots. Neither this module nor what it imports loads SQLAlchemy (issue
28: SQLAlchemy and the store's models were 40% of a writer's start-up), so both paths
share one copy of each step.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from tactician.engine.battle import FORMAT, Battle, replay_entries
from tactician.engine.chain import BrokenChain, start_digest, verify, verify_entries
from tactician.engine.log import Entry
from tactician.errors import ContentError, TacticianError
from tactician.store.battle_rows import Tail, as_tail

__all__ = ["DEFAULT_SNAPSHOT_EVERY", "open_tail", "pinned", "rules_for", "snapshot_states",
           "status_of"]

# a snapshot is pinned (kept for good) after every this many entries, and at each phase end
DEFAULT_SNAPSHOT_EVERY = 50


def pinned(entry: Entry, every: int = DEFAULT_SNAPSHOT_EVERY, rules: Any = None) -> bool:
    """Whether the state after ``entry`` is kept for good: an ``every``-th entry or the
    end of a phase (issue 14: "checkpointed every N entries (and at each phase end)"),
    by the ruleset's ``ends_phase`` (``engine.undo``)."""
    from tactician.engine.undo import ends_phase

    if every < 1:
        raise TacticianError(f"snapshot interval must be at least 1, not {every}")
    return entry.seq % every == 0 or ends_phase(rules)(entry)


def status_of(state: Any) -> str:
    return str(getattr(state, "result", "ongoing"))


def rules_for(ruleset: str, options: list[str]) -> Any:
    """The ruleset's battle rules with the campaign's rulings (refuses an unknown
    ruleset, naming the installed ones), built once per process for each ruleset and
    rulings: every action asked for them again, and building them parses the
    rulings (Miridon's loads its compendium). The rules objects are set up in their
    constructor and never changed after, so one serves every battle and thread."""
    from tactician.table.battle_files import battle_rules_of

    key = (ruleset, tuple(options))
    found = _RULES.get(key)
    if found is None:
        found = battle_rules_of(ruleset, list(options))  # an unknown one raises: not kept
        with _RULES_LOCK:
            if len(_RULES) >= 64:
                _RULES.clear()
            _RULES[key] = found
    return found


_RULES: dict[tuple[str, tuple[str, ...]], Any] = {}
_RULES_LOCK = threading.Lock()


def open_tail(tail: Tail, rules: Any, battle: Battle | None = None) -> tuple[Any, Battle]:
    """The state ``tail`` opens to, and the battle an action appends to: ``battle`` (the
    whole battle, when ``tail`` was read with every entry), else the tail from its
    snapshot on (``battle_rows.as_tail``).

    What is read is verified first (``engine.chain``): the whole chain of ``battle``,
    else the entries after the snapshot, chained to the entry it was taken after (or to
    the start, itself checked against its hash); then those entries are replayed by the
    engine's own check (``engine.battle.replay_entries``)."""
    try:
        if battle is not None:
            verify(battle)
        else:
            _verify_tail(tail)
    except BrokenChain as exc:
        raise ContentError(f"battle {tail.info.name!r}: the log does not verify, it was "
                           f"edited: {exc}") from None
    base = tail.snapshot if tail.snapshot is not None else tail.start
    after = tail.entries[tail.snapshot_seq:] if battle is not None else tail.entries
    state = replay_entries(rules.load_state(base), after, rules)
    return state, battle if battle is not None else as_tail(tail)


def _verify_tail(tail: Tail) -> None:
    info = tail.info
    if tail.anchor is None:
        header = tail.header
        if header.get("start_hash") != start_digest(
                header.get("format", FORMAT), info.ruleset, info.seed, info.options, tail.start):
            raise BrokenChain("start was edited: the start state, seed, ruleset and options "
                              "no longer hash to the battle's start_hash")
        verify_entries(info.seed, info.streams, str(header.get("start_hash")), tail.entries)
    else:
        verify_entries(info.seed, info.streams, "", tail.entries, after=tail.anchor)


def snapshot_states(rules: Any, steps: Sequence[tuple[Entry, Any]],
                    every: int = DEFAULT_SNAPSHOT_EVERY
                    ) -> tuple[dict[int, dict[str, Any]], set[int], str]:
    """What storing ``steps`` keeps: the dumped state after each pinned entry and after
    the last (by entry), the pinned entries, and the battle's status after them."""
    states: dict[int, dict[str, Any]] = {}
    pins: set[int] = set()
    for number, (entry, state) in enumerate(steps, start=1):
        if pinned(entry, every, rules):
            pins.add(entry.seq)
        if entry.seq in pins or number == len(steps):
            states[entry.seq] = rules.dump_state(state)
    return states, pins, status_of(steps[-1][1])
