"""The web table's own tables (migration 0003): a database made at 0002 with its web
tables and undo requests as ``setting`` rows upgrades with every seat, unit, digest
and request carried (the old join links still open their seats) and those rows
gone; the downgrade writes them back as they were. The constraints hold in the
database itself."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import delete, select, text

from tactician.errors import TacticianError
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database, StoreConflict, alembic_config, open_database
from tactician.store.models import BattleRow, WebAsk, WebSeat, WebSeatUnit
from tactician.table.seats import NotAllowed, create_table, digest, get_table, seat_for
from tactician.web import asks

SECRETS = {"gm": "gm-secret", "p1": "ana-secret", "p2": "bo-secret", "spectator": "eyes"}


def _old_table(battle_id: int) -> dict[str, Any]:
    """A table as schema 0002 kept it (``table.seats`` before 0003)."""
    layout = [("gm", "gm", "GM", []), ("p1", "player", "Ana", ["aria", "seth"]),
              ("p2", "player", "Bo", ["gilliam"]), ("spectator", "spectator", "Spectators", [])]
    return {"battle_id": battle_id, "name": "Ford night", "seats": [
        {"seat": s, "role": r, "name": n, "units": u, "digest": digest(SECRETS[s])}
        for s, r, n, u in layout]}


def _at_0002_with_settings(db_url: str) -> None:
    from alembic import command

    db = open_database(db_url, migrate=False)
    with db.engine.connect() as conn, conn.begin():
        command.upgrade(alembic_config(conn), "0002")
        conn.execute(text("INSERT INTO campaign (id, name, ruleset, options, created) "
                          "VALUES (1, 'c', 'tropera', '[]', CURRENT_TIMESTAMP)"))
        conn.execute(text("INSERT INTO battle (id, campaign_id, name, ruleset, seed, options, "
                          "start, header, streams, last_seq, status, created) VALUES "
                          "(7, 1, 'b', 'tropera', 1, '[]', '{}', '{}', 3, 3, 'ongoing', "
                          "CURRENT_TIMESTAMP)"))
        rows = {
            "web.table.abc123": json.dumps(_old_table(7)),
            # a table whose battle is gone (0002 had no foreign key): not playable
            "web.table.dead00": json.dumps(_old_table(99) | {"seats": [
                {"seat": "gm", "role": "gm", "name": "GM", "units": [],
                 "digest": digest("dead-gm")}]}),
            "web.ask.abc123": json.dumps([{"who": "Ana", "seq": 2, "note": "misclick"},
                                          {"who": "Bo", "seq": 3, "note": ""}]),
            "web.ask.dead00": json.dumps([{"who": "X", "seq": 1, "note": "gone"}]),
            "web.gm.0f0f0f": digest("server-gm"),
            "current_campaign": "c",
        }
        for key, value in rows.items():
            conn.execute(text("INSERT INTO setting (key, value) VALUES (:k, :v)"),
                         {"k": key, "v": value})
    db.close()


def _settings(db: Database) -> dict[str, str]:
    with db.engine.connect() as conn:
        return dict(conn.execute(text("SELECT key, value FROM setting")).all())


def test_0003_moves_the_setting_rows_into_the_tables(db_url: str) -> None:
    _at_0002_with_settings(db_url)
    db = open_database(db_url)  # upgrades to the newest schema
    try:
        table = get_table(db, "abc123")
        assert (table.battle_id, table.name) == (7, "Ford night")
        assert [(s.seat, s.role, s.name, s.units) for s in table.seats] == [
            ("gm", "gm", "GM", ()), ("p1", "player", "Ana", ("aria", "seth")),
            ("p2", "player", "Bo", ("gilliam",)), ("spectator", "spectator", "Spectators", ())]
        for seat, secret in SECRETS.items():  # the old join links still open their seats
            assert seat_for(db, "abc123", f"abc123.{secret}")[1].seat == seat
        with pytest.raises(NotAllowed):
            seat_for(db, "abc123", "abc123.not-a-secret")
        assert asks.pending(db, "abc123") == [{"who": "Ana", "seq": 2, "note": "misclick"},
                                              {"who": "Bo", "seq": 3, "note": ""}]
        with pytest.raises(NotAllowed, match="valid seat token"):  # as any refusal (issue 25)
            get_table(db, "dead00")
        assert asks.pending(db, "dead00") == []
        # the web rows are gone; the others stay
        assert _settings(db) == {"web.gm.0f0f0f": digest("server-gm"), "current_campaign": "c"}
    finally:
        db.close()


def test_0003_downgrade_writes_the_rows_back(db_url: str) -> None:
    from alembic import command

    _at_0002_with_settings(db_url)
    open_database(db_url).close()
    db = open_database(db_url, migrate=False)
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0002")
    try:
        found = _settings(db)
        assert json.loads(found.pop("web.table.abc123")) == _old_table(7)
        assert json.loads(found.pop("web.ask.abc123")) == [
            {"who": "Ana", "seq": 2, "note": "misclick"}, {"who": "Bo", "seq": 3, "note": ""}]
        assert found == {"web.gm.0f0f0f": digest("server-gm"), "current_campaign": "c"}
        with db.engine.connect() as conn:
            names = {r[0] for r in conn.execute(text(
                "SELECT name FROM sqlite_master WHERE type = 'table'" if db.is_sqlite else
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))}
        assert not {n for n in names if n.startswith("web_")}
    finally:
        db.close()


def _battle(db: Database, campaign: CampaignInfo) -> int:
    with db.write() as session:
        row = BattleRow(campaign_id=campaign.id, name="b", ruleset="tropera", seed=1,
                        start={}, header={})
        session.add(row)
        session.flush()
        return row.id


def test_the_database_holds_the_constraints(db: Database, campaign: CampaignInfo) -> None:
    battle = _battle(db, campaign)
    table, tokens = create_table(db, battle, "t", [("Ana", ["aria"]), ("Bo", ["gilliam"])])
    assert seat_for(db, table.id, tokens["p2"])[1].units == ("gilliam",)
    with pytest.raises(StoreConflict), db.write() as session:  # a unit to two seats
        bo = session.scalars(select(WebSeat.id).where(WebSeat.table_id == table.id,
                                                      WebSeat.seat == "p2")).one()
        session.add(WebSeatUnit(table_id=table.id, seat_id=bo, position=1, unit="aria"))
    with pytest.raises(StoreConflict), db.write() as session:  # one digest, one seat
        session.add(WebSeat(table_id=table.id, seat="p3", position=9, role="player",
                            name="Cy", digest=table.seat("p1").digest))
    with pytest.raises(TacticianError, match="no stored battle with id 999"):
        create_table(db, 999, "t", [])
    asks.add(db, table.id, "Ana", 1, "oops")
    # the table goes with its battle, and its seats, units and requests with it
    with db.write() as session:
        session.execute(delete(BattleRow).where(BattleRow.id == battle))
    with pytest.raises(NotAllowed):
        get_table(db, table.id)
    with db.read() as session:
        assert session.scalars(select(WebSeat)).all() == []
        assert session.scalars(select(WebAsk)).all() == []


def test_asks_keep_the_newest(db: Database, campaign: CampaignInfo) -> None:
    table, _ = create_table(db, _battle(db, campaign), "t", [("Ana", ["aria"])])
    for seq in range(asks.KEEP + 5):
        asks.add(db, table.id, "Ana", seq, f"note {seq}")
    kept = asks.pending(db, table.id)
    assert [a["seq"] for a in kept] == list(range(5, asks.KEEP + 5))
    asks.clear(db, table.id)
    assert asks.pending(db, table.id) == []
