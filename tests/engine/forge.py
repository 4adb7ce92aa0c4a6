"""A forger's tool for tests: rewrite a battle file's hashes after an edit.

The chain holds no secret, so someone who reruns the hashing over an edited log
gets a chain that verifies; tests use this to reach the checks behind the
hashes (re-derived seeded dice, replay on the rules).
"""

from __future__ import annotations

from typing import Any

from tactician.engine.chain import entry_digest, start_digest


def reseal(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a battle file's JSON) with ``start_hash`` and every hash recomputed."""
    start = start_digest(data["format"], data["ruleset"], data["seed"], data["options"],
                         data["start"])
    previous, log = start, []
    for entry in data["log"]:
        sealed = {**entry, "hash": entry_digest(previous, entry)}
        log.append(sealed)
        previous = sealed["hash"]
    return {**data, "start_hash": start, "log": log}
