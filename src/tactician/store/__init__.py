"""Campaign storage: SQLite by default, any SQLAlchemy URL (PostgreSQL for a hosted
table), schema kept by Alembic migrations shipped in this package.

Core layer: it knows the engine's ``Battle`` and ``Entry`` models and nothing of
any ruleset; states to snapshot arrive already dumped (``BattleRules.dump_state``).
``docs/storage.md`` describes the schema and the guarantees.
"""
