"""A web action while another process holds the battle's lock (issue 27): the seat whose
action waited is told, in the answer the page shows, that the battle is busy and to try
again (409 ``busy``, the board as it is), in words that name no database, table or
row its side might not see; nothing was changed, and the same action, sent again once
the lock is free, is taken. A real second process holds the lock: SQLite's write lock,
or on PostgreSQL the battle's row."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from tactician.store.database import open_database
from tactician.web.app import create_app
from tactician.web.busy import BUSY
from tests.web.helpers import bearer, duel, open_table

SEATS = [{"name": "Ana", "units": ["aria"]}, {"name": "Bo", "units": ["gilliam"]}]
MOVE = {"type": "move", "unit": "aria", "to": [1, 1]}


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "web.sqlite")
        return
    if not os.environ.get("TACTICIAN_TEST_PG_URL"):
        pytest.skip("PostgreSQL: set TACTICIAN_TEST_PG_URL to a server URL to run this")
    from tests.store.conftest import _pg_database

    yield from _pg_database()


def _holds(db_url: str, what: str) -> str:
    if "://" not in db_url:
        return (f"import sqlite3\nconn = sqlite3.connect({db_url!r}, isolation_level=None)\n"
                "conn.execute('BEGIN IMMEDIATE')\n")
    dsn = make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)
    return (f"import psycopg\nconn = psycopg.connect({dsn!r})\n"
            f"conn.execute('SELECT id FROM {what} FOR UPDATE')\n")


class Holder:
    """A second process holding a lock until ``release``."""

    def __init__(self, code: str) -> None:
        program = f"import sys\n{code}\nprint('held', flush=True)\nsys.stdin.readline()\n"
        self.process = subprocess.Popen([sys.executable, "-c", program], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.strip() == "held", self.process.stderr.read() if self.process.stderr \
            else line

    def release(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)


def _seq(client: TestClient, tid: str, token: str) -> int:
    answer = client.get(f"/t/{tid}/state", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return int(answer.json()["seq"])


def test_a_web_action_on_a_held_battle_is_told_busy_and_nothing_is_lost(
        any_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TACTICIAN_WAIT", "1")
    battle_id = duel(any_db)
    db = open_database(any_db)
    try:
        with TestClient(create_app(db)) as client:
            gm_token = _gm_token(db)
            table: dict[str, Any] = open_table(client, gm_token, battle_id=battle_id,
                                               seats=SEATS)
            tid, ana = table["table"], table["tokens"]["p1"]
            holder = Holder(_holds(any_db, "battle"))
            try:
                answer = client.post(f"/t/{tid}/act", headers=bearer(ana),
                                     json={"seq": 0, "action": MOVE})
            finally:
                holder.release()
            assert answer.status_code == 409, answer.text
            body = answer.json()
            assert body["error"] == BUSY and body["busy"] is True
            # no database, table, row or unit named: nothing the seat's side might not see
            for word in ("database", "sqlite", "postgres", "row", "character", "gilliam",
                         "brigand", "TACTICIAN_WAIT", "--wait", str(Path(any_db).parent)):
                assert word not in body["error"], word
            assert body["state"]["seq"] == 0  # the board as it is: nothing was changed
            assert _seq(client, tid, ana) == 0
            again = client.post(f"/t/{tid}/act", headers=bearer(ana),
                                json={"seq": 0, "action": MOVE})
            assert again.status_code == 200, again.text
            assert _seq(client, tid, ana) == 1
    finally:
        db.close()


def _gm_token(db: Any) -> str:
    from tactician.table.seats import new_gm_token

    return new_gm_token(db)
