"""The registry under threads (the web table serves requests on several): a second
thread listing the rulesets while the first is still reading the entry points
waits for it, and never sees a half-filled list."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tactician.rulesets import registry


def test_a_thread_never_sees_a_half_read_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    real = list(registry.entry_points(group="tactician.rulesets"))

    def slow_points(group: str) -> Iterator[Any]:
        for point in real:  # slow enough that the other threads arrive mid-read
            time.sleep(0.05)
            yield point

    monkeypatch.setattr(registry, "entry_points", slow_points)
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setattr(registry, "_contracts", {})
    found: list[str] = []
    errors: list[Exception] = []

    def ask() -> None:
        try:
            found.append(",".join(r.id for r in registry.all_rulesets()))
        except Exception as error:  # noqa: BLE001 - the test reports whatever went wrong
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert found == [",".join(sorted(registry.BUILTIN))] * 8


def test_two_threads_get_one_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_contracts", {})
    got: list[Any] = []
    threads = [threading.Thread(target=lambda: got.append(registry.contract("tropera")))
               for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(c) for c in got}) == 1
