"""The newest migration of the campaign schema (``store/migrations/versions``; a test
checks it against the scripts). A module of its own so that a reader that does not
use SQLAlchemy (``store.sqlite_peek``) knows it without importing the store."""

HEAD = "0005"


def known_revisions() -> frozenset[str]:
    """Every schema revision this Tactician has a migration for (the scripts' names
    begin with their revision, ``0003_web_tables.py``); read only when a database is not
    at ``HEAD``, to tell an older schema (upgraded) from a newer one (refused)."""
    from importlib.resources import files

    folder = files("tactician.store") / "migrations" / "versions"
    return frozenset(item.name.split("_", 1)[0] for item in folder.iterdir()
                     if item.name.endswith(".py") and item.name[:4].isdigit())
