"""Undo races (issue 27): an undo or a redo is decided on the battle as its command
read it, and is refused ("the battle moved on (now at N), reload") when another
writer changed the battle since, even back to the same sequence number (an undo and
another action). The other writer is a real ``tactician`` process, in a battle file,
on SQLite and (with ``TACTICIAN_TEST_PG_URL``) on PostgreSQL; and real processes
racing undo against move lose nothing and undo only what they were decided on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tactician.errors import StaleBattle
from tactician.store.battles import current_battle, load_battle
from tactician.store.campaigns import current_campaign, use_campaign
from tactician.store.database import open_database
from tactician.table.battle_places import FilePlace, Place, StoredPlace
from tactician.table.battles import load, new_battle, perform, redo, take_back
from tactician.table.campaigns import new_campaign, start_battle

FORD = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
TACTICIAN = [sys.executable, "-m", "tactician.cli.main"]


def tactician(env: dict[str, str], *args: Any) -> subprocess.CompletedProcess[str]:
    """One real ``tactician`` process."""
    return subprocess.run([*TACTICIAN, *map(str, args)], env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(params=["file", "store"])
def table(request: pytest.FixtureRequest, db_url: str, tmp_path: Path
          ) -> Iterator[tuple[dict[str, str], list[str], Any]]:
    """(the environment, the arguments naming the battle, a function giving its
    ``Place`` in this process) for the ford after two moves, in a file or a campaign
    (made in this process: the races are between processes)."""
    env = {**os.environ, "TACTICIAN_DB": db_url,
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}
    units = [FORD / "party.yaml", FORD / "bandits.yaml"]
    opened = None
    if request.param == "file":
        path = tmp_path / "ford.json"
        new_battle("tropera", FORD / "ford.yaml", units, path, seed=7)
        where: list[str] = ["--battle", str(path)]
    else:
        opened = open_database(db_url)
        campaign = new_campaign(opened, "w", "tropera", [])
        use_campaign(opened, "w")
        start_battle(opened, campaign, "ford", FORD / "ford.yaml", units, seed=7)
        where = []

    def place() -> Place:
        if opened is None:
            return FilePlace(Path(where[1]))
        info = current_battle(opened, current_campaign(opened))
        return StoredPlace(opened, info.id, info.name)

    for unit, to in (("aria", [6, 4]), ("lute", [5, 4])):
        perform(place(), {"type": "move", "unit": unit, "to": to})
    yield env, where, place
    if opened is not None:
        opened.close()


def _log(place: Place) -> list[Any]:
    return list(load(place).whole().log)


def test_an_undo_decided_before_another_undo_and_move_is_refused(
    table: tuple[dict[str, str], list[str], Any],
) -> None:
    """The GM's undo reads the battle at entry 2 (Lute's move); before it writes, a
    player's process undoes that move and moves Lute elsewhere (entry 2 again). The
    undo must not take back the player's new move."""
    env, where, place = table
    decided = load(place())
    assert tactician(env, "battle", "undo", *where).returncode == 0
    assert tactician(env, "battle", "move", "lute", 4, 4, *where).returncode == 0
    theirs = _log(place())
    with pytest.raises(StaleBattle, match="the battle moved on"):
        take_back(place(), expected_seq=2, loaded=decided)
    assert _log(place()) == theirs


def test_a_redo_decided_before_another_writer_moved_is_refused(
    table: tuple[dict[str, str], list[str], Any],
) -> None:
    """The GM's redo reads the battle at entry 1 with Lute's move undone; before it
    writes, a player's process undoes Aria's move too and moves her elsewhere (entry 1
    again, nothing to redo): the redo is refused, not applied on the other battle."""
    env, where, place = table
    assert tactician(env, "battle", "undo", *where).returncode == 0
    decided = load(place())
    assert tactician(env, "battle", "undo", *where).returncode == 0
    assert tactician(env, "battle", "move", "aria", 5, 4, *where).returncode == 0
    theirs = _log(place())
    with pytest.raises(StaleBattle):  # the same number, but not the battle it read
        redo(place(), expected_seq=1, loaded=decided)
    assert _log(place()) == theirs


@pytest.mark.slow
def test_undo_and_move_in_real_processes_undo_only_what_was_decided_on(
    table: tuple[dict[str, str], list[str], Any],
) -> None:
    """A GM's ``undo --at N`` and a player's move, started together, many times: the
    GM's undo either takes back the entry N it named (and the move, decided on N, is
    refused, or comes after it) or is refused; nothing else is lost or added."""
    env, where, place = table
    for _ in range(5):
        before = _log(place())
        seen = before[-1]
        undo = subprocess.Popen([*TACTICIAN, "battle", "undo", "--at", str(seen.seq),
                                 "--json", *where], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        move = subprocess.Popen([*TACTICIAN, "battle", "act", "gilliam", "wait", *where],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        undone_out, _ = undo.communicate(timeout=120)
        move.communicate(timeout=120)
        after = _log(place())
        if undo.returncode == 0:
            assert json.loads(undone_out)["undone"]["hash"] == seen.hash
            assert after[:len(before) - 1] == before[:-1]
            assert len(after) in (len(before) - 1, len(before))  # the move after, or not
        else:
            assert undo.returncode == 2 and move.returncode == 0
            assert after[:len(before)] == before and len(after) == len(before) + 1
        # back to Aria's move and a fresh move of Lute's for the next trial
        if len(after) > 1:
            assert tactician(env, "battle", "undo", "--to", 1, "--yes", *where).returncode == 0
        assert tactician(env, "battle", "move", "lute", 5, 4, *where).returncode == 0


def test_a_stored_undo_is_checked_against_the_entry_it_read(db_url: str, tmp_path: Path
                                                             ) -> None:
    """The store's own check: an undo that names the hash it read is refused when the
    last entry is another one, even at the same number (one transaction)."""
    from tactician.store.battles import drop_entries

    db = open_database(db_url)
    campaign = new_campaign(db, "w", "tropera", [])
    use_campaign(db, "w")
    start_battle(db, campaign, "ford", FORD / "ford.yaml",
                 [FORD / "party.yaml", FORD / "bandits.yaml"], seed=7)
    db.close()
    env = {**os.environ, "TACTICIAN_DB": db_url,
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}
    assert tactician(env, "battle", "move", "aria", 6, 4).returncode == 0  # another process
    db = open_database(db_url)
    try:
        info = current_battle(db, current_campaign(db))
        with pytest.raises(StaleBattle):
            drop_entries(db, info.id, 1, 0, expected_head="0" * 64)
        assert len(load_battle(db, info.id).log) == 1
    finally:
        db.close()


def _head(place: Place) -> str:
    return str(load(place).head)


STALE_AT_1 = [
    ("move", "gilliam", 5, 5), ("act", "gilliam", "wait"), ("attack", "aria", "gilliam", "--yes"),
    ("end-phase",), ("enemy-phase", "--any-side"), ("undo",), ("undo", "--to", 0, "--yes"),
    ("undo", "--phase", "--yes"), ("redo",),
]


def test_every_command_that_changes_the_battle_refuses_a_stale_at(
    table: tuple[dict[str, str], list[str], Any],
) -> None:
    """Decided on entry 1, run at entry 2: each command that changes a battle, undo, redo
    and the phase's end included, is refused with "the battle moved on" and changes
    nothing (a real ``tactician`` process each)."""
    env, where, place = table
    assert tactician(env, "battle", "undo", *where).returncode == 0  # one to redo
    assert tactician(env, "battle", "redo", *where).returncode == 0
    before = _log(place())
    for command in STALE_AT_1:
        done = tactician(env, "battle", *command, "--at", 1, *where)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert "the battle moved on (now at 2)" in done.stderr, (command, done.stderr)
        assert _log(place()) == before, command


def test_undo_at_an_entry_and_its_hash_refuses_another_entry_of_that_number(
    table: tuple[dict[str, str], list[str], Any],
) -> None:
    """The GM saw entry 2 (Lute's move) and its head hash; a player's process then
    undoes it and moves Lute elsewhere (entry 2 again, another hash). ``undo --at
    2:HASH`` takes back nothing; ``--at 2:`` with the new hash takes back the new move."""
    env, where, place = table
    seen = _head(place())
    assert tactician(env, "battle", "undo", *where).returncode == 0
    assert tactician(env, "battle", "move", "lute", 4, 4, *where).returncode == 0
    theirs = _log(place())
    done = tactician(env, "battle", "undo", "--at", f"2:{seen[:12]}", *where)
    assert done.returncode == 2 and "the battle moved on" in done.stderr, done.stderr
    assert _log(place()) == theirs
    now = _head(place())
    done = tactician(env, "battle", "undo", "--at", f"2:{now[:8]}", "--json", *where)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["undone"]["hash"] == theirs[-1].hash
    assert _log(place()) == theirs[:-1]


def _started(env: dict[str, str], *args: Any) -> subprocess.Popen[str]:
    return subprocess.Popen([*TACTICIAN, *map(str, args)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_undo_and_move_both_decided_on_one_entry_exactly_one_lands(
    table: tuple[dict[str, str], list[str], Any],
) -> None:
    """A GM's ``undo --at N:HASH`` and a player's ``act --at N``, started together, many
    times: both were decided on entry N, so exactly one is applied and the other is told
    "the battle moved on"; the undo, when it lands, took back entry N itself."""
    env, where, place = table
    for _ in range(8):
        before = _log(place())
        seen = before[-1]
        undo = _started(env, "battle", "undo", "--at", f"{seen.seq}:{seen.hash[:16]}",
                        "--json", *where)
        act = _started(env, "battle", "act", "gilliam", "wait", "--at", seen.seq, *where)
        undone_out, undo_err = undo.communicate(timeout=120)
        _, act_err = act.communicate(timeout=120)
        after = _log(place())
        assert sorted((undo.returncode, act.returncode)) == [0, 2], (undo_err, act_err)
        loser = undone_out + undo_err if undo.returncode else act_err  # --json: stdout
        assert "the battle moved on" in loser, loser
        if undo.returncode == 0:
            assert json.loads(undone_out)["undone"]["hash"] == seen.hash
            assert after == before[:-1]
        else:
            assert after[:len(before)] == before and len(after) == len(before) + 1
        if len(after) > 1:  # back to Aria's move, and Lute's again, for the next trial
            assert tactician(env, "battle", "undo", "--to", 1, "--yes", *where).returncode == 0
        assert tactician(env, "battle", "move", "lute", 5, 4, *where).returncode == 0


@pytest.mark.slow
def test_two_undos_decided_on_one_entry_take_back_one(
    table: tuple[dict[str, str], list[str], Any],
) -> None:
    """Two GMs' ``undo --at N:HASH`` at once: one takes back entry N, the other is
    refused; never two entries gone."""
    env, where, place = table
    for _ in range(6):
        before = _log(place())
        seen = before[-1]
        undos = [_started(env, "battle", "undo", "--at", f"{seen.seq}:{seen.hash[:16]}",
                          *where) for _ in range(2)]
        codes = sorted(u.wait(timeout=120) for u in undos)
        for undo in undos:
            undo.communicate(timeout=30)
        assert codes == [0, 2], codes
        assert _log(place()) == before[:-1]
        assert tactician(env, "battle", "move", "lute", 5, 4, *where).returncode == 0
