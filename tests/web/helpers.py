"""Helpers for the web table's tests: a real ``tactician serve`` process on a free
loopback port, tables opened through the GM API, and an SSE reader."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tactician.store.campaigns import create_campaign
from tactician.store.database import open_database
from tactician.table.campaigns import start_battle

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parents[2]
STARTUP = 60.0  # seconds a server may take to print its address (a bound, not a check)


@dataclass
class Server:
    db: str
    process: subprocess.Popen[str]
    base: str
    gm_token: str
    lines: list[str] = field(default_factory=list)

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.base, headers=headers, timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def bearer(token: str) -> dict[str, str]:
    """The header a seat's or the GM's token is sent in."""
    return {"Authorization": f"Bearer {token}"}


def start_server(db: str, port: int = 0, **env_extra: str) -> Server:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **env_extra}
    process = subprocess.Popen(
        [sys.executable, "-m", "tactician.cli.main", "serve", "--port", str(port), "--db", db],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + STARTUP
    gm = None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        gm = re.search(r"GM console: (http://[^/]+)/gm/join#(\S+)", line)
        if gm:
            break
    if gm is None:
        process.kill()
        raise RuntimeError("serve did not start: " + "".join(lines))
    threading.Thread(target=_drain, args=(process, lines), daemon=True).start()
    server = Server(db, process, gm.group(1), gm.group(2), lines)
    _wait_up(server)
    return server


def _drain(process: subprocess.Popen[str], lines: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)


def _wait_up(server: Server) -> None:
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline:
        try:
            httpx.get(server.base + "/static/table.css", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError("serve did not answer")


def store_battle(db_url: str, ruleset: str, map_path: Path, units: list[Path],
                 seed: int = 3, campaign: str = "tests") -> int:
    db = open_database(db_url)
    try:
        from tactician.store.campaigns import get_campaign, list_campaigns

        found = [c for c in list_campaigns(db) if c.name == f"{campaign} {ruleset}"]
        info = found[0] if found else create_campaign(db, f"{campaign} {ruleset}", ruleset, [])
        info = get_campaign(db, info.name)
        name = f"{map_path.parent.name} {time.monotonic_ns()}"
        return start_battle(db, info, name, map_path, units, seed).info.id
    finally:
        db.close()


def duel(db_url: str) -> int:
    d = DATA / "duel"
    return store_battle(db_url, "tropera", d / "map.yaml", [d / "party.yaml", d / "foes.yaml"])


def ambush(db_url: str) -> int:
    a = DATA / "ambush"
    return store_battle(db_url, "uesrpg", ROOT / "examples/uesrpg/skirmish/map.yaml",
                        [a / "party.yaml", a / "foes.yaml"])


def open_table(client: httpx.Client, gm_token: str, **body: Any) -> dict[str, Any]:
    answer = client.post("/gm/tables", json=body,
                         headers={"Authorization": f"Bearer {gm_token}"})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    data["tokens"] = {seat: url.split("#", 1)[1] for seat, url in data["links"].items()}
    return data


class Events:
    """Reads one SSE stream on a thread: each event (id, data) into a queue, and every
    raw byte received kept (for the fog test)."""

    def __init__(self, base: str, table: str, token: str, last_id: str | None = None):
        self.queue: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
        self.raw = bytearray()
        self._stop = threading.Event()
        headers = {"Authorization": f"Bearer {token}"}
        if last_id is not None:
            headers["Last-Event-ID"] = last_id
        self._args = (f"{base}/t/{table}/events", headers)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        url, headers = self._args
        try:
            with httpx.stream("GET", url, headers=headers, timeout=None) as response:
                event_id, data = "", ""
                for line in response.iter_lines():
                    self.raw.extend(line.encode() + b"\n")
                    if self._stop.is_set():
                        return
                    if line.startswith("id:"):
                        event_id = line[3:].strip()
                    elif line.startswith("data:"):
                        data += line[5:].strip()
                    elif line == "" and data:
                        self.queue.put((event_id, json.loads(data)))
                        event_id, data = "", ""
        except httpx.HTTPError:
            return

    def next(self, timeout: float = 30.0) -> tuple[str, dict[str, Any]]:
        return self.queue.get(timeout=timeout)

    def until(self, seq: int, timeout: float = 30.0) -> dict[str, Any]:
        """The first event at log length ``seq`` or later."""
        deadline = time.monotonic() + timeout
        while True:
            _, data = self.next(max(0.01, deadline - time.monotonic()))
            if data["seq"] >= seq:
                return data

    def close(self) -> None:
        self._stop.set()


def made_up(word: str) -> str:
    """A word of ``word``'s length that names nothing (issue 25: a hidden unit's word
    is answered exactly as such a word)."""
    return ("zq" * len(word))[: len(word)] if word != ("zq" * len(word))[: len(word)] \
        else "q" * len(word)


def _swapped(value: Any, word: str, other: str) -> Any:
    if isinstance(value, str):
        return value.replace(word, other)
    if isinstance(value, dict):
        return {_swapped(k, word, other): _swapped(v, word, other) for k, v in value.items()}
    if isinstance(value, list):
        return [_swapped(v, word, other) for v in value]
    return value


def named(words: set[str], path: str, body: Any) -> list[str]:
    text = path + json.dumps(body)
    return sorted(w for w in words if w in text)


def answered_as_nothing(client: httpx.Client, method: str, path: str, body: Any,
                        words: list[str]) -> httpx.Response:
    """Send the request, and the same request with each of ``words`` (hidden units'
    ids and names it holds) made up; the answers must be the same status and, the
    made-up words read back as the hidden ones, the same bytes."""
    answer = client.request(method, path, json=body)
    if answer.status_code == 200 and method == "POST":
        return answer  # it changed the battle: a twin would not ask the same
    twin_path, twin_body = path, body
    for word in words:
        twin_path = twin_path.replace(word, made_up(word))
        twin_body = _swapped(twin_body, word, made_up(word))
    twin = client.request(method, twin_path, json=twin_body)
    content = twin.content
    for word in words:
        content = content.replace(made_up(word).encode(), word.encode())
    assert (twin.status_code, content) == (answer.status_code, answer.content), (
        method, path, body, answer.text, twin.text)
    return answer
