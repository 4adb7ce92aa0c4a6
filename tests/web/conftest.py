"""Fixtures for the web table: a fresh SQLite database, an in-process app (for the
request-level tests) and a real ``tactician serve`` process (for live events)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tactician.store.database import Database, open_database
from tactician.web.app import create_app
from tests.web.helpers import Server, start_server
from tests.web.shots import CHROMIUM, Walk, walk


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return str(tmp_path / "web.sqlite")


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    opened = open_database(db_url)
    yield opened
    opened.close()


@pytest.fixture
def client(db: Database) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as test_client:
        yield test_client


@pytest.fixture
def gm_token(db: Database) -> str:
    from tactician.table.seats import new_gm_token

    return new_gm_token(db)


@pytest.fixture
def server(db_url: str) -> Iterator[Server]:
    started = start_server(db_url)
    yield started
    started.stop()


@pytest.fixture
def walked() -> Iterator[Walk]:
    """A real server and Debian's chromium (``shots.walk``): the browser tests' one way
    in (skipped where chromium is not installed)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as w:
        yield w
