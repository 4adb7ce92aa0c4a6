"""Battle files: start one (``new_battle``) and open one, verified and replayed
(``open_battle``). The lowest layer of the table's battles: ``battle_places`` (where
a battle lives), ``battles`` (every interface's commands) and ``campaigns`` build
on it, and it imports none of them.

Opening a battle verifies its hash chain and replays its log (``engine.chain``,
``engine.battle.replay``) and removes leftover temporary files of killed saves.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactician.dice.source import secret_seed
from tactician.engine.battle import Battle, UnknownFormat, replay
from tactician.engine.chain import BrokenChain
from tactician.engine.store_file import cleanup, load_battle, save_battle
from tactician.errors import ContentError, TacticianError
from tactician.rulesets.registry import contract
from tactician.table import board_cache
from tactician.table.start_check import check_start


@dataclass
class Opened:
    path: Path
    battle: Battle
    rules: Any
    state: Any


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
    # the bytes save_battle wrote (a battle without a log: cheap to make again)
    board_cache.keep_written(battle.model_dump_json(indent=1).encode(), ruleset,
                             lambda: state, 0, battle.seed, battle.start_hash)
    return Opened(out, battle, rules, state)


def open_battle(path: Path) -> Opened:
    """Read, verify and replay the battle at ``path`` (refused, naming the file and the
    first entry that fails, if it was edited)."""
    cleanup(path)
    try:
        battle = load_battle(path)
        rules = battle_rules_of(battle.ruleset, battle.options)
        check_start(path, battle, rules)
        return Opened(path, battle, rules, replay(battle, rules))
    except BrokenChain as exc:
        raise ContentError(f"{path}: the log does not verify, it was edited: {exc}") from None
    except UnknownFormat as exc:
        raise ContentError(f"{path}: {exc}") from None
