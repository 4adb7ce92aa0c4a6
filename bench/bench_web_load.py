"""Benchmark: action-to-broadcast latency of the web table under 50 live clients.

Issue 15: "a script in bench/ drives 50 simulated clients (bounded count and time,
loopback only) through a battle and prints p50/p99 action-to-broadcast latency;
target p99 under 100 ms". One ``tactician serve`` process on 127.0.0.1 (a free
port, a fresh SQLite file); CLIENTS Server-Sent-Event streams (spread over the two
players' and the spectators' seats, so fog is applied per seat); the GM plays
ACTIONS commands (a move, then its undo, over and over: each one changes the
board). The latency of one delivery is the time from the GM sending the command to
one client reading the event it caused; p50/p99 are over every delivery. The
baseline is the same run with one client, measured first in the same process; the
fan-out is, per action, the time from the first client reading its event to the
last one (what the 49 other clients add). The load average is printed: on a shared
machine the action itself (a head check of the held battle, apply, the commit:
``table/held.py``, docs/web-internals.md) follows it.

Run: .venv/bin/python bench/bench_web_load.py [CLIENTS]   (exit status 1 if NOT met)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.helpers import duel, open_table, start_server  # noqa: E402

CLIENTS = int(next((a for a in sys.argv[1:] if a.isdigit()), 50))
ACTIONS = 40  # bounded count
LIMIT_S = 120.0  # bounded time: the run stops here whatever happened
TARGET_P99_MS = 100.0
SEATS = [{"name": "Ana", "units": ["aria"]}, {"name": "Bo", "units": ["gilliam"]}]


EVENT_ID = re.compile(rb"(?:^|\n)id: ([0-9]+\.[0-9]+)\r?\n")


class Tally:
    """How many clients have each event: the driver waits on it instead of polling
    (a polling driver takes CPU from the server on the same two cores)."""

    def __init__(self, clients: int) -> None:
        self.clients = clients
        self.counts: Counter[str] = Counter()
        self.done: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)

    def note(self, version: str) -> None:
        self.counts[version] += 1
        if self.counts[version] >= self.clients:
            self.done[version].set()

    async def every(self, version: str, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.done[version].wait(), timeout)


async def listen(base: str, table: str, token: str, arrivals: dict[str, float],
                 ready: asyncio.Event, tally: Tally) -> None:
    """One simulated client: a raw HTTP/1.1 stream that only notes when each event id
    arrives (a light client, so the figure is the server's, not the client's
    parsing on the same two cores)."""
    host, port = base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write((f"GET /t/{table}/events HTTP/1.1\r\nHost: {host}\r\n"
                  f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
                  ).encode())
    await writer.drain()
    buffer = b""
    try:
        while chunk := await reader.read(65536):
            now = time.perf_counter()
            buffer = (buffer + chunk)[-200_000:]
            for found in EVENT_ID.finditer(buffer):
                version = found.group(1).decode()
                if version not in arrivals:
                    arrivals[version] = now
                    tally.note(version)
                ready.set()
            buffer = buffer[-100:]  # an id line split across reads is found next time
    finally:
        writer.close()


async def run(clients: int) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "load.sqlite")
        server = start_server(db)
        try:
            with server.client() as sync_http:
                table = open_table(sync_http, server.gm_token, battle_id=duel(db), seats=SEATS)
            tid, tokens = table["table"], table["tokens"]
            seats = ["p1", "p2", "spectator"]
            limits = httpx.Limits(max_connections=clients + 10)
            async with httpx.AsyncClient(timeout=None, limits=limits) as http:
                arrivals: list[dict[str, float]] = [{} for _ in range(clients)]
                readies = [asyncio.Event() for _ in range(clients)]
                tally = Tally(clients)
                tasks = [asyncio.create_task(listen(server.base, tid, tokens[seats[n % 3]],
                                                    arrivals[n], readies[n], tally))
                         for n in range(clients)]
                await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 60)
                sent: dict[str, float] = {}
                gm = {"Authorization": f"Bearer {tokens['gm']}"}
                seq, started = 0, time.perf_counter()
                for number in range(ACTIONS):
                    if time.perf_counter() - started > LIMIT_S:
                        break
                    if number % 2 == 0:
                        path, body = "act", {"seq": seq, "action": {
                            "type": "move", "unit": "aria", "to": [1, 1]}}
                    else:
                        path, body = "undo", {"seq": seq}
                    t0 = time.perf_counter()
                    answer = await http.post(f"{server.base}/t/{tid}/{path}", json=body,
                                             headers=gm)
                    answer.raise_for_status()
                    state = answer.json()["state"]
                    seq = state["seq"]
                    sent[state["version"]] = t0
                    # wait for every client to have it (bounded) before the next action
                    await tally.every(state["version"], 10)
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            latencies = [(a[v] - t0) * 1000 for v, t0 in sent.items() for a in arrivals
                         if v in a]
            if "-v" in sys.argv:
                for v, t0 in sent.items():
                    got = sorted((a[v] - t0) * 1000 for a in arrivals if v in a)
                    print(f"  {v}: first {got[0]:.0f} ms, last {got[-1]:.0f} ms")
            missing = len(sent) * clients - len(latencies)
            if missing:
                print(f"  {missing} deliveries missing (not counted)")
            # the fan-out: from the first client having an event to the last one
            spreads = [(max(got) - min(got)) * 1000 for got in
                       ([a[v] for a in arrivals if v in a] for v in sent) if got]
            return latencies, spreads
        finally:
            server.stop()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    before = os.getloadavg()[0]
    base, _ = asyncio.run(run(1))
    load, spreads = asyncio.run(run(CLIENTS))
    b50, l50, l99 = statistics.median(base), percentile(load, 50), percentile(load, 99)
    print(f"load average {before:.1f} before, {os.getloadavg()[0]:.1f} after "
          f"({os.cpu_count()} cores)")
    print(f"baseline, 1 client: p50 {b50:.1f} ms over {len(base)} deliveries")
    print(f"{CLIENTS} clients: p50 {l50:.1f} ms, p99 {l99:.1f} ms over {len(load)} deliveries "
          f"(p50 ratio to baseline {l50 / b50:.2f})")
    print(f"fan-out, first client to the {CLIENTS}th: p50 {statistics.median(spreads):.1f} ms, "
          f"max {max(spreads):.1f} ms over {len(spreads)} actions")
    met = l99 < TARGET_P99_MS
    print(f"target: p99 under {TARGET_P99_MS:.0f} ms: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
