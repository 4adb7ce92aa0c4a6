"""Storage tests run on SQLite always and on PostgreSQL when TACTICIAN_TEST_PG_URL
names a server (``.ci/run`` starts one): each test gets a fresh database."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tactician.store.campaigns import CampaignInfo, create_campaign
from tactician.store.database import Database, open_database

PG_ENV = "TACTICIAN_TEST_PG_URL"


def _pg_database() -> Iterator[str]:
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(os.environ[PG_ENV]).set(drivername="postgresql+psycopg")
    name = f"tactician_test_{uuid.uuid4().hex[:12]}"
    admin = base.set(drivername="postgresql", database="postgres")
    dsn = admin.render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "campaigns.sqlite")
        return
    if not os.environ.get(PG_ENV):
        pytest.skip(f"PostgreSQL: set {PG_ENV} to a server URL to run this (.ci/run does)")
    yield from _pg_database()


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    opened = open_database(db_url)
    yield opened
    opened.close()


@pytest.fixture
def campaign(db: Database) -> CampaignInfo:
    return create_campaign(db, "ford", "tropera", [])
