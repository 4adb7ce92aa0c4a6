"""The ``tactician`` command line (Typer + Rich)."""
