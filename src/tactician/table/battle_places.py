"""Where a battle lives: a JSON file (``FilePlace``) or a campaign's database
(``StoredPlace``), behind one interface, with one guarantee for both.

A command reads its battle once (``load``), decides on it, and writes what it
decided in one step that names the sequence number it was decided on
(``append``, ``undo``, ``redo``) and the hash of the entry it ends on: if the
battle moved on since, ``StaleBattle`` ("the battle moved on (now at N), reload")
is raised and nothing is applied (issue
14: "each action names the sequence number it was decided on; a writer whose
number is stale gets a clear ... error and nothing is applied twice or lost";
"The file mode gets the same guarantee: an exclusive lock and the same
stale-sequence check").

In a file the check runs under an exclusive lock (``fcntl.flock`` on a lock
file beside the battle, ``.NAME.lock``: the battle file itself is replaced on
every save, so a lock on it would not outlive the save): the file is read
again (parsed, not replayed) and its head hash compared with the one decided
on, so an undo followed by another action, which comes back to the same
sequence number, is caught too. In the database the check runs inside the
write transaction (``store.battles``).

After each save of a file, still under the lock, the GM's board of the new state
is kept for the next ``battle show`` (``board_cache``; an undo replays the kept
entries for it, as the next read would).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tactician.engine.battle import Battle, replay
from tactician.engine.chain import head
from tactician.engine.log import Entry
from tactician.errors import StaleBattle, TacticianError
from tactician.table import board_cache

__all__ = ["At", "FilePlace", "Loaded", "Place", "StaleBattle", "Step", "StoredPlace", "file_lock"]


@dataclass
class Loaded:
    """A battle as one command read it: its rules, its current state, the last
    sequence number, the hash its log ends on, and (always for a file, on request for
    a stored battle) the whole ``Battle`` with its log; a stored battle read without
    it has its ``tail`` (the battle from its newest snapshot on, ``Battle.tail``)."""

    place: Place
    ruleset: str
    seed: int
    seq: int
    rules: Any
    state: Any
    battle: Battle | None = None
    head: str = ""
    tail: Battle | None = None
    since_snapshot: int = 0  # a file's entries after its newest snapshot (``FilePlace``)

    def whole(self) -> Battle:
        if self.battle is None:
            raise TacticianError("internal: this command read the battle without its log")
        return self.battle

    def actable(self) -> Battle:
        """The battle an action appends to: the whole one, or the tail read from the
        newest snapshot on (the next entry numbered and chained from it)."""
        found = self.battle if self.battle is not None else self.tail
        if found is None:
            raise TacticianError("internal: this command read the battle without its log")
        return found

    def expect(self, expected_seq: int | At | None) -> int:
        """The sequence number an action is decided on: ``expected_seq`` (``--at``), or
        the one just read; a stale one is refused before anything is decided. An ``At``
        that names the hash its entry ends on (``--at N:HASH``) is refused too when the
        log came back to N by an undo and another action (another entry N)."""
        seq, head = (expected_seq.seq, expected_seq.head) if isinstance(expected_seq, At) \
            else (expected_seq, None)
        if seq is not None and seq != self.seq:
            raise StaleBattle(self.seq)
        if head is not None and not self.head.startswith(head):
            raise StaleBattle(self.seq)
        return self.seq


@dataclass(frozen=True)
class At:
    """What a command was decided on, as ``--at N:HASH`` names it: the log's last entry
    number and the start of the hash the log ended on (``battle log`` prints it as its
    head; at least 8 hex digits)."""

    seq: int
    head: str | None = None

    MIN_HEAD = 8

    @classmethod
    def parse(cls, text: str) -> At:
        number, sep, head = text.strip().partition(":")
        head = head.strip().lower()
        if not (number.strip().isascii() and number.strip().isdigit()) or (sep and (
                len(head) < cls.MIN_HEAD or any(c not in "0123456789abcdef" for c in head))):
            raise TacticianError(
                f"--at {text!r}: give the last entry the command was decided on, N, or "
                f"N:HASH with at least {cls.MIN_HEAD} hex digits of the head `battle show` "
                "and `battle log` print")
        from tactician.content.limits import check_integer

        seq = int(number)
        check_integer(seq, "--at")
        return cls(seq, head or None)


@dataclass(frozen=True)
class Step:
    """One logged action and the state after it."""

    entry: Entry
    state: Any


class Place(Protocol):
    """Where a battle is kept (a file or a campaign's database)."""

    @property
    def label(self) -> str: ...

    def load(self, whole_log: bool = False) -> Loaded: ...

    def append(self, loaded: Loaded, battle: Battle, steps: Sequence[Step]) -> None: ...

    def undo(self, loaded: Loaded, keep: int) -> list[Entry]: ...

    def redo(self, loaded: Loaded, count: int | None) -> list[Entry]: ...

    def rebuild(self) -> Loaded: ...


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold the exclusive lock of battle file ``path``: ``.NAME.lock`` beside it, locked
    with ``flock`` (released when the block ends or the process dies) and removed
    before it is released, so no lock file is left behind. A lock file another writer
    removed meanwhile is not the lock any more: its waiter opens the new one. A lock
    another process holds is waited for out loud and for a bounded time
    (``store.lock_wait``); a folder where the lock file cannot be made is one line."""
    from tactician.os_errors import os_error_line
    from tactician.store.lock_wait import wait_for

    path = path.resolve() if path.is_symlink() else path
    lock = path.parent / f".{path.name}.lock"
    while True:
        try:
            descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as exc:  # a read-only folder, permission denied, a full disk
            raise TacticianError(os_error_line(
                exc, f"cannot lock battle file {path} (its lock file is made beside it)")
            ) from None

        def take(descriptor: int = descriptor) -> bool:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            return True

        try:  # said at once when another process holds it; given up on in time
            wait_for(take, f"battle file {path}")
        except BaseException:
            os.close(descriptor)
            raise
        try:
            same = os.stat(lock).st_ino == os.fstat(descriptor).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(descriptor)
    try:
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock)
        os.close(descriptor)  # closing releases the lock


@dataclass
class FilePlace:
    """A battle in a file (``engine.store_file``): in lines, an action reads it from its
    newest snapshot on and appends one record; a file in the old form (one JSON
    document) is read whole and rewritten in lines by its next write; an undo rewrites
    the file whole."""

    path: Path

    @property
    def label(self) -> str:
        return str(self.path)

    def load(self, whole_log: bool = False) -> Loaded:
        from tactician.table.battle_files import open_battle, open_tail

        opened = open_battle(self.path) if whole_log else open_tail(self.path)
        read = opened.battle
        whole = read if read.anchor is None else None
        return Loaded(self, read.ruleset, read.seed, read.last_seq, opened.rules, opened.state,
                      whole, head(read), read if whole is None else None,
                      since_snapshot=opened.since_snapshot)

    def rebuild(self) -> Loaded:
        """The whole log replayed from its start, each snapshot compared on the way."""
        from tactician.table.battle_files import open_battle

        opened = open_battle(self.path, from_start=True)
        return Loaded(self, opened.battle.ruleset, opened.battle.seed, opened.battle.last_seq,
                      opened.rules, opened.state, opened.battle, head(opened.battle))

    def _check(self, loaded: Loaded) -> Any:
        """Refuse with ``StaleBattle`` a file that moved on since ``loaded`` was read (its
        last entry, head hash, stream counter or redo list are others); return where it
        ends (``battle_lines.FileEnd``; None: the old form, read whole here)."""
        from tactician.content.battle_lines import file_end
        from tactician.engine.store_file import load_battle

        read = loaded.actable()
        now = file_end(self.path)
        if now is None:
            battle = load_battle(self.path)
            seen = (len(battle.log), head(battle), battle.streams,
                    tuple(u.hash for u in battle.undone))
        else:
            seen = (now.seq, now.head, now.streams, now.undone)
        if seen != (loaded.seq, loaded.head, read.streams, tuple(u.hash for u in read.undone)):
            raise StaleBattle(seen[0])
        return now

    def append(self, loaded: Loaded, battle: Battle, steps: Sequence[Step]) -> None:
        from tactician.content.battle_lines import SNAPSHOT_EVERY, snapshot_of
        from tactician.engine.store_file import append_battle, save_battle

        count = battle.last_seq - loaded.seq
        if count <= 0:
            return
        state = steps[-1].state if steps else replay(battle.whole("a redo"), loaded.rules)
        at_head = head(battle)
        with file_lock(self.path):
            end = self._check(loaded)
            if end is None:  # the old form: rewritten whole, in lines, the state kept
                save_battle(battle.whole("a battle file in the old form"), self.path,
                            {battle.last_seq: snapshot_of(at_head, battle.last_seq,
                                                          loaded.rules.dump_state(state))})
            else:
                due = loaded.since_snapshot + count >= SNAPSHOT_EVERY
                append_battle(self.path, end.end, battle, count, snapshot_of(
                    at_head, battle.last_seq, loaded.rules.dump_state(state)) if due else None)
            self._keep_board(loaded, lambda: state, battle.last_seq, at_head)

    def undo(self, loaded: Loaded, keep: int) -> list[Entry]:
        """Take back the entries after ``keep``: the file is rewritten whole (in lines),
        with the snapshots up to ``keep`` and one of the state it went back to."""
        from tactician.content.battle_lines import snapshot_of, snapshot_state
        from tactician.engine.battle import replay_entries
        from tactician.engine.store_file import read_battle_file, save_battle
        from tactician.engine.undo import undo_to

        kept, dropped = undo_to(loaded.whole(), keep)  # the dropped go to its redo list
        with file_lock(self.path):
            self._check(loaded)
            snapshots = {seq: snapshot for seq, snapshot
                         in read_battle_file(self.path).snapshots.items() if seq <= keep}
            newest = max(snapshots, default=0)
            base = loaded.rules.load_state(
                snapshot_state(snapshots[newest], f"{self.path}: the snapshot after entry "
                               f"{newest}") if newest else kept.start)
            state = replay_entries(base, kept.log[newest:], loaded.rules)
            if keep and keep not in snapshots:
                snapshots[keep] = snapshot_of(head(kept), keep, loaded.rules.dump_state(state))
            save_battle(kept, self.path, snapshots)
            self._keep_board(loaded, lambda: state, keep, head(kept))
        return dropped

    def redo(self, loaded: Loaded, count: int | None) -> list[Entry]:
        from tactician.engine.undo import redo

        battle = loaded.whole()
        after, steps = redo(battle, loaded.rules, loaded.state,
                            len(battle.undone) if count is None else count)
        self.append(loaded, after, [Step(entry, state) for entry, state in steps])
        return [entry for entry, _ in steps]

    def _keep_board(self, loaded: Loaded, state: Callable[[], Any], seq: int,
                    at_head: str) -> None:
        """Keep the GM's board of what was just saved (``state()``), under the lock (so
        what is read back is what was written), for the next ``battle show``: under the
        file's stamp in lines (``battle_lines.cache_material``: no whole read)."""
        from tactician.content.battle_lines import cache_material

        material = cache_material(self.path)
        if material is not None:
            board_cache.keep_written(material, loaded.ruleset, state, seq, loaded.seed, at_head)


@dataclass
class StoredPlace:
    """A battle of a campaign in the database (``table.campaigns``)."""

    db: Any
    battle_id: int
    name: str
    every: int = 0
    _info: Any = field(default=None, repr=False)

    @property
    def label(self) -> str:
        return f"battle {self.name!r}"

    def load(self, whole_log: bool = False) -> Loaded:
        from tactician.table.campaigns import open_battle

        opened = open_battle(self.db, self.battle_id, whole_log)
        self._info = opened.info
        info = opened.info
        read = opened.battle if opened.battle is not None else opened.tail
        return Loaded(self, info.ruleset, info.seed, info.last_seq, opened.rules, opened.state,
                      opened.battle, head(read) if read is not None else opened.head,
                      opened.tail)

    def rebuild(self) -> Loaded:
        from tactician.engine.chain import BrokenChain
        from tactician.errors import ContentError
        from tactician.store.battles import get_battle, load_battle
        from tactician.table.campaigns import rules_for

        info = get_battle(self.db, self.battle_id)
        battle = load_battle(self.db, self.battle_id)
        rules = rules_for(info.ruleset, info.options)
        try:
            state = replay(battle, rules)
        except BrokenChain as exc:
            raise ContentError(f"{self.label}: the log does not verify, it was edited: "
                               f"{exc}") from None
        return Loaded(self, info.ruleset, info.seed, len(battle.log), rules, state, battle,
                      head(battle))

    def append(self, loaded: Loaded, battle: Battle, steps: Sequence[Step]) -> None:
        from tactician.table.campaigns import DEFAULT_SNAPSHOT_EVERY, store_steps

        store_steps(self.db, self.battle_id, loaded.rules, loaded.seq,
                    [(s.entry, s.state) for s in steps], self.every or DEFAULT_SNAPSHOT_EVERY)
        if steps:  # the GM's board of the new state, for the next ``battle show``
            last = steps[-1]
            board_cache.keep_stored_written(self.db, self.battle_id, loaded.ruleset,
                                            last.state, last.entry.seq, last.entry.hash,
                                            loaded.seed)

    def undo(self, loaded: Loaded, keep: int) -> list[Entry]:
        from tactician.table.campaigns import take_back

        return take_back(self.db, self.battle_id, keep, expected_seq=loaded.seq,
                         expected_head=loaded.head or None)

    def redo(self, loaded: Loaded, count: int | None) -> list[Entry]:
        from tactician.table.campaigns import redo

        entries, _ = redo(self.db, self.battle_id, count, expected_seq=loaded.seq,
                          expected_head=loaded.head or None)
        return entries
