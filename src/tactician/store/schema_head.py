"""The newest migration of the campaign schema (``store/migrations/versions``; a test
checks it against the scripts). A module of its own so that a reader that does not
use SQLAlchemy (``store.sqlite_peek``) knows it without importing the store."""

HEAD = "0005"
