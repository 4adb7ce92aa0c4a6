"""Simulation runs stored in a campaign (``simulation_model.SimulationRow``): add one,
list a campaign's, read one. Each write is one transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from tactician.errors import TacticianError
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database
from tactician.store.simulation_model import SimulationRow

__all__ = ["add_simulation", "every_simulation", "get_simulation", "list_simulations",
           "simulation_report"]


def add_simulation(db: Database, campaign: CampaignInfo, report: dict[str, Any],
                   battle_id: int | None = None) -> int:
    """Store ``report`` (``tactician simulate --json``'s) and return its id."""
    with db.write() as session:
        row = SimulationRow(campaign_id=campaign.id, battle_id=battle_id,
                            name=str(report["name"]), ruleset=str(report["ruleset"]),
                            seed=int(report["seed"]), runs=int(report["summary"]["runs"]),
                            report=report)
        session.add(row)
        session.flush()
        return row.id


def _listed(row: SimulationRow) -> dict[str, Any]:
    summary = row.report.get("summary", {})
    return {"id": row.id, "name": row.name, "ruleset": row.ruleset, "seed": row.seed,
            "runs": row.runs, "battle_id": row.battle_id, "created": row.created.isoformat(),
            "win": summary.get("win"), "vary": [v["vary"] for v in row.report.get("variants",
                                                                                 [])]}


def list_simulations(db: Database, campaign: CampaignInfo) -> list[dict[str, Any]]:
    """The campaign's stored runs, newest first (without their whole reports)."""
    with db.read() as session:
        rows = session.scalars(select(SimulationRow)
                               .where(SimulationRow.campaign_id == campaign.id)
                               .order_by(SimulationRow.id.desc()))
        return [_listed(row) for row in rows]


def get_simulation(db: Database, campaign: CampaignInfo, simulation_id: int) -> dict[str, Any]:
    """One stored run with its whole report."""
    with db.read() as session:
        row = session.get(SimulationRow, simulation_id)
        if row is None or row.campaign_id != campaign.id:
            raise TacticianError(f"campaign {campaign.name!r} has no simulation {simulation_id}")
        return {**_listed(row), "report": row.report}


def every_simulation(db: Database) -> list[dict[str, Any]]:
    """Every campaign's stored runs, newest first, each with its campaign's name (the
    GM desk's list; the server's GM sees every campaign)."""
    from tactician.store.models import Campaign

    with db.read() as session:
        rows = session.execute(select(SimulationRow, Campaign.name)
                               .join(Campaign, Campaign.id == SimulationRow.campaign_id)
                               .order_by(SimulationRow.id.desc()))
        return [{**_listed(row), "campaign": name} for row, name in rows]


def simulation_report(db: Database, simulation_id: int) -> dict[str, Any]:
    """One stored run's whole report, by its id."""
    with db.read() as session:
        row = session.get(SimulationRow, simulation_id)
        if row is None:
            raise TacticianError(f"no stored simulation {simulation_id}")
        return {**_listed(row), "report": row.report}
