"""The Miridon battle's memos are shared by the web table's threads (several requests
answered at once: a page's menus beside a command). Dropping a full memo's oldest entry
with a plain ``del table[next(iter(table))]`` raised in one thread when another changed
the table between the look and the delete (KeyError for the same key picked twice,
RuntimeError for an insert during the look): the page showed "internal error" in the
Miridon click-play test. Many threads, a tiny switch interval and a memo of two."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

from tactician.rulesets.miridon.battle import memo


def _hammer(get: Callable[[tuple[int, int]], Any], threads: int = 4,
            calls: int = 20_000) -> list[str]:
    errors: list[str] = []

    def work(n: int) -> None:
        try:
            for i in range(calls):
                get((n, i))
        except Exception as exc:  # noqa: BLE001 - what a request thread would have met
            errors.append(repr(exc))

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        pool = [threading.Thread(target=work, args=(n,)) for n in range(threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
    finally:
        sys.setswitchinterval(before)
    return errors


def test_a_memo_shared_by_threads_never_raises_and_stays_near_its_bound() -> None:
    table: memo.Memo[int] = memo.Memo(2)
    assert _hammer(lambda key: table.get(key, lambda: key[1])) == []
    table.get((8, 8), lambda: 0)  # one insert with nobody else about: back to the bound
    assert len(table.table) <= 2
    assert table.get((9, 9), lambda: 7) == 7  # still answers what compute gives


def test_unit_keys_shared_by_threads_never_raise() -> None:
    class Unit:
        def __init__(self, n: int) -> None:
            self.hp, self.name = n, f"u{n}"

    units = [Unit(n) for n in range(3 * memo.KEYS_HELD)]
    assert _hammer(lambda key: memo.unit_key(units[(key[0] * 7919 + key[1]) % len(units)]),
                   calls=5_000) == []
