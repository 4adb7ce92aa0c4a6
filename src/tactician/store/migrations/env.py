"""Alembic environment: run on the connection ``store.database`` hands over (no
``alembic.ini``; ``Config.attributes["connection"]``)."""

from __future__ import annotations

from alembic import context

from tactician.store import simulation_model  # noqa: F401  (its table in the metadata)
from tactician.store.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
