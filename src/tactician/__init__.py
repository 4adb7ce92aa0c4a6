"""Tactician: grid-tactics tabletop RPG battles, run exactly by the book."""

__version__ = "0.1.0"
