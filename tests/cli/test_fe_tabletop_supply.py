"""001's Supply between battles (issue 9: "Inventory of 5 and the party's Supply of
99, reachable outside battle"; 001 L49 "A unit can only carry 5 items/Weapons on their
person at a time. The entire party has a mass inventory known as the Supply which
can carry 99 items, and can be accessed outside of battle"): `character deposit|
withdraw NAME ITEM` on a campaign's roster, one transaction for the character and the
store, each move recorded; a refused move changes neither."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.store.campaigns import get_campaign, get_store, set_store
from tactician.store.database import open_database

KYLE = Path(__file__).resolve().parents[2] / "examples/fe_tabletop/kyle_cavalier.yaml"


def cli(db: Path, *args: Any) -> tuple[int, Any]:
    result = CliRunner().invoke(app, [*map(str, args), "--json"], env={"TACTICIAN_DB": str(db)})
    return result.exit_code, json.loads(result.stdout)


def _campaign(tmp_path: Path) -> Path:
    db = tmp_path / "c.sqlite"
    assert cli(db, "campaign", "new", "renvall", "--ruleset", "fe-tabletop")[0] == 0
    assert cli(db, "character", "add", KYLE)[0] == 0
    return db


def _inventory(db: Path) -> list[str]:
    code, sheet = cli(db, "character", "show", "Kyle")
    assert code == 0
    return list(sheet["data"]["inventory"]) if "inventory" in sheet.get("data", {}) else \
        list(sheet["unit"]["inventory"])


def _store(db: Path) -> list[str]:
    return list(cli(db, "campaign", "show")[1]["store"])


def test_an_item_goes_to_the_supply_and_back(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    carried = _inventory(db)
    assert "Vulnerary" in carried
    code, moved = cli(db, "character", "deposit", "Kyle", "Vulnerary")
    assert code == 0 and moved["supply"] == ["Vulnerary"]
    assert _store(db) == ["Vulnerary"] and "Vulnerary" not in _inventory(db)
    code, _ = cli(db, "character", "withdraw", "Kyle", "Vulnerary")
    assert code == 0 and _store(db) == [] and sorted(_inventory(db)) == sorted(carried)
    history = [h["what"] for h in cli(db, "character", "history", "Kyle")[1]]
    assert history[-2:] == ["deposit Vulnerary to the Supply",
                            "withdraw Vulnerary from the Supply"]


def test_five_items_carried_and_99_in_the_supply_at_most(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    opened = open_database(str(db))
    try:
        campaign = get_campaign(opened, "renvall")
        room = 5 - len(_inventory(db))
        set_store(opened, campaign, ["Vulnerary"] * (room + 1))
        for _ in range(room):
            assert cli(db, "character", "withdraw", "Kyle", "Vulnerary")[0] == 0
        before = (_inventory(db), get_store(opened, campaign))
        code, refused = cli(db, "character", "withdraw", "Kyle", "Vulnerary")
        assert code == 2 and "already holds 5 items" in refused["error"]
        assert (_inventory(db), get_store(opened, campaign)) == before  # nothing changed
        set_store(opened, campaign, ["Elixir"] * 99)
        code, refused = cli(db, "character", "deposit", "Kyle", "Vulnerary")
        assert code == 2 and "the Supply is full (99 items)" in refused["error"]
        assert len(get_store(opened, campaign)) == 99 and len(_inventory(db)) == 5
    finally:
        opened.close()


def test_a_ruleset_without_a_supply_refuses_by_name(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    cli(db, "campaign", "new", "westmarch", "--ruleset", "tropera")
    cli(db, "character", "add", KYLE.parents[1] / "tropera" / "aria_sword_fighter.yaml")
    code, refused = cli(db, "character", "deposit", "Aria", "Vulnerary")
    assert code == 2 and "has no supply" in refused["error"]
