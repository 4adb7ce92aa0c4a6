"""``tactician serve``: check the address, open the database, print the GM's link,
run uvicorn. A bad port or an address in use is refused before anything is
created."""

from __future__ import annotations

import socket
import sys

from tactician.errors import TacticianError
from tactician.store.database import open_database
from tactician.table.seats import new_gm_token

SWITCH_INTERVAL_S = 0.001


def serve(host: str, port: int, db_url: str | None, echo: bool = True) -> None:
    import uvicorn

    from tactician.web.app import create_app

    if not 0 <= port <= 65535:
        raise TacticianError(f"--port {port}: give a port from 0 to 65535")
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            # as uvicorn binds: a port whose last connections are in TIME_WAIT is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
            port = probe.getsockname()[1]  # port 0: the free one the system chose
    except OSError as exc:
        raise TacticianError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    db = open_database(db_url)
    token = new_gm_token(db)
    # A command's thread holds the GIL for up to the switch interval (5 ms by default)
    # while the event loop waits to write the events it just woke: a shorter one lets
    # the loop in sooner (bench/bench_web_load.py's tail, docs/web-internals.md).
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    if echo:
        shown = f"[{host}]" if ":" in host else host
        # the link the GM needs first: the bare address opens only to its cookie
        print(f"GM console: http://{shown}:{port}/gm/join#{token}", flush=True)
        print(f"Tactician table on http://{shown}:{port}/ (open the GM console link "
              "above first, in the browser you run the table from)", flush=True)
    try:
        uvicorn.run(create_app(db), host=host, port=port, log_level="warning",
                    server_header=False, timeout_graceful_shutdown=2)
    finally:
        db.close()
