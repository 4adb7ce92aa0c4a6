"""Battle files: start one (``new_battle``) and open one, verified and replayed
(``open_battle``). The lowest layer of the table's battles: ``battle_places`` (where
a battle lives), ``battles`` (every interface's commands) and ``campaigns`` build
on it, and it imports none of them.

Opening a battle whole (``open_battle``: what the log, undo, redo, export and
replay read) verifies its whole hash chain and every snapshot's seal
(``engine.chain``, ``engine.store_file``), then replays the entries after the newest
snapshot (a file in the old form, with none: its whole log; ``from_start``: the whole
log, each snapshot compared with the state replay gives at its entry, as ``campaign
check`` compares a campaign's). An action opens it from its newest snapshot on
(``open_tail``): the chain verified from the snapshot's entry (its seal checked), the
entries after it replayed. Both remove leftover temporary files of killed saves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tactician.dice.source import secret_seed
from tactician.engine.battle import Battle, UnknownFormat, replay, replay_entries
from tactician.engine.chain import BrokenChain, canonical, verify
from tactician.engine.store_file import cleanup, load_tail, read_battle_file, save_battle
from tactician.errors import ContentError, TacticianError
from tactician.rulesets.registry import contract
from tactician.table import board_cache
from tactician.table.start_check import check_start


@dataclass
class Opened:
    """A battle file opened: ``battle`` is whole (``open_battle``) or a tail from its
    newest snapshot on (``open_tail``); ``lines``: the file is in lines (else the old
    form, rewritten by its next write); ``end``: where its last whole line ends (a tail
    read); ``snapshots``: the sealed snapshots a whole read found, by entry;
    ``since_snapshot``: entries after the newest snapshot."""

    path: Path
    battle: Battle
    rules: Any
    state: Any
    lines: bool = False
    end: int = 0
    snapshots: dict[int, dict[str, Any]] = field(default_factory=dict)
    since_snapshot: int = 0


def battle_rules_of(ruleset: str, options: list[str]) -> Any:
    """The ruleset's battle rules with ``options`` (refuses an unknown ruleset, naming
    the installed ones)."""
    return contract(ruleset).battle_rules(options)


def new_battle(
    ruleset: str,
    map_path: Path,
    units: list[Path],
    out: Path,
    seed: int | None = None,
    options: list[str] | None = None,
    overwrite: bool = False,
) -> Opened:
    """Start a battle and write it to ``out`` (refusing to overwrite unless asked)."""
    from tactician.os_errors import check_out_place

    if out.is_dir():
        raise TacticianError(f"{out}: is a folder; --out names the battle file to write")
    if out.exists() and not overwrite:
        raise TacticianError(f"{out} already exists; choose another --out or pass --force")
    check_out_place(out)
    rules = battle_rules_of(ruleset, options or [])
    state = rules.start_state({"map": str(map_path), "units": [str(u) for u in units]})
    battle = Battle(
        ruleset=ruleset,
        seed=seed if seed is not None else secret_seed(),
        options=list(options or []),
        start=rules.dump_state(state),
    )
    save_battle(battle, out)
    from tactician.content.battle_lines import cache_material

    material = cache_material(out)  # what the next ``battle show`` looks its board up by
    if material is not None:
        board_cache.keep_written(material, ruleset, lambda: state, 0, battle.seed,
                                 battle.start_hash)
    return Opened(out, battle, rules, state, True)


def open_battle(path: Path, from_start: bool = False) -> Opened:
    """Read the battle at ``path`` whole, verify it and replay it (module docstring):
    refused, naming the file and the first entry (or snapshot) that fails, if it was
    edited."""
    cleanup(path)
    try:
        found = read_battle_file(path)
        battle = found.battle
        rules = battle_rules_of(battle.ruleset, battle.options)
        start = check_start(path, battle, rules)
        newest = max(found.snapshots, default=0)
        if from_start or not newest:
            state = replay(battle, rules) if not found.snapshots else \
                _compared(path, battle, rules, start, found.snapshots)
        else:
            verify(battle)
            base = check_start(path, battle, rules, _state_of(path, found.snapshots[newest]),
                               f"the snapshot after entry {newest}")
            state = replay_entries(base, battle.log[newest:], rules)
        return Opened(path, battle, rules, state, found.lines, 0, found.snapshots,
                      found.since_snapshot())
    except BrokenChain as exc:
        raise ContentError(f"{path}: the log does not verify, it was edited: {exc}") from None
    except UnknownFormat as exc:
        raise ContentError(f"{path}: {exc}") from None


def open_tail(path: Path) -> Opened:
    """The battle at ``path`` from its newest snapshot on, for an action (module
    docstring); a file in the old form is opened whole."""
    cleanup(path)
    try:
        tail = load_tail(path)
        if tail is None:
            return open_battle(path)
        battle = tail.battle
        rules = battle_rules_of(battle.ruleset, battle.options)
        verify(battle)  # the start against its hash, the entries from the snapshot's on
        anchor = battle.anchor
        base = check_start(path, battle, rules) if tail.state is None else check_start(
            path, battle, rules, tail.state,
            f"the snapshot after entry {anchor.seq if anchor else 0}")
        state = replay_entries(base, battle.log, rules)
        return Opened(path, battle, rules, state, True, tail.end, {}, tail.since_snapshot())
    except BrokenChain as exc:
        raise ContentError(f"{path}: the log does not verify, it was edited: {exc}") from None
    except UnknownFormat as exc:
        raise ContentError(f"{path}: {exc}") from None


def _state_of(path: Path, snapshot: dict[str, Any]) -> Any:
    from tactician.content.battle_lines import snapshot_state

    return snapshot_state(snapshot, f"{path}: the snapshot after entry {snapshot['seq']}")


def _compared(path: Path, battle: Battle, rules: Any, start: Any,
              snapshots: dict[int, dict[str, Any]]) -> Any:
    """The whole log replayed from the start (after verifying the chain), each snapshot
    compared with the state replay gives at its entry: a snapshot that does not match
    is refused by name (it was made by other rules, or forged with its seal)."""
    verify(battle)
    state, done = start, 0
    for seq in sorted(snapshots):
        state = replay_entries(state, battle.log[done:seq], rules)
        done = seq
        if canonical(rules.dump_state(state)) != canonical(_state_of(path, snapshots[seq])):
            raise ContentError(f"{path}: the snapshot after entry {seq} is not the state "
                               "the log replays to there (it was edited, or written by "
                               "other rules); `battle undo` or any action after an undo "
                               "rewrites the file")
    return replay_entries(state, battle.log[done:], rules)
