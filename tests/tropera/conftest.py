"""Fixtures shared by the Tropera tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tactician.rulesets.tropera.compendium import Compendium, load_compendium


@pytest.fixture
def compendium(monkeypatch: pytest.MonkeyPatch) -> Iterator[Compendium]:
    """The defaults only: no GM folder from the environment, no stale cache."""
    monkeypatch.delenv("TACTICIAN_TROPERA_DATA", raising=False)
    load_compendium.cache_clear()
    yield load_compendium()
    load_compendium.cache_clear()
