"""A command run on a pseudo-terminal, as a person at the table runs it: its standard
input, output and error are a terminal's (``isatty`` is true), so it asks; the test
reads up to each question and types the answer. Standard library only (``pty``)."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import termios
import time
from fcntl import ioctl
from pathlib import Path

TACTICIAN = [sys.executable, "-c", "from tactician.cli.main import run; run()"]
WAIT = 60.0  # seconds a question may take to appear on a busy machine


class Terminal:
    """``tactician ARGS`` on a pseudo-terminal; ``expect`` a pattern, ``type`` a line."""

    def __init__(self, *args: str, cwd: Path, env: dict[str, str]) -> None:
        self._main, follower = pty.openpty()
        self.process = subprocess.Popen(
            [*TACTICIAN, *args], stdin=follower, stdout=follower, stderr=follower,
            cwd=cwd, env={**os.environ, **env, "TERM": "dumb"}, close_fds=True,
            preexec_fn=_own_terminal)
        os.close(follower)
        self.seen = ""
        self._cursor = 0  # what ``expect`` has read up to

    def expect(self, pattern: str) -> re.Match[str]:
        """Read until ``pattern`` (a regular expression) appears after what the last
        ``expect`` read."""
        start = self._cursor
        deadline = time.monotonic() + WAIT
        while True:
            found = re.search(pattern, self.seen[start:])
            if found:
                self._cursor = start + found.end()
                return found
            if time.monotonic() > deadline or not self._read_some(deadline):
                raise AssertionError(f"never saw {pattern!r}; the terminal shows:\n"
                                     f"{self.seen[start:]}")

    def type(self, line: str) -> None:
        os.write(self._main, line.encode() + b"\r")

    def end_of_input(self) -> None:
        os.write(self._main, b"\x04")

    def interrupt(self) -> None:
        os.write(self._main, b"\x03")

    def finish(self) -> int:
        """Read to the end; the exit code."""
        deadline = time.monotonic() + WAIT
        while self._read_some(deadline):
            pass
        code = self.process.wait(timeout=WAIT)
        os.close(self._main)
        return code

    def _read_some(self, deadline: float) -> bool:
        ready, _, _ = select.select([self._main], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return False
        try:
            chunk = os.read(self._main, 4096)
        except OSError:  # the command ended and closed the terminal
            return False
        if not chunk:
            return False
        self.seen += chunk.decode(errors="replace").replace("\r\n", "\n")
        return True


def _own_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pseudo-
    terminal, so Ctrl-C typed there interrupts it as it would at a real terminal."""
    os.setsid()
    ioctl(0, termios.TIOCSCTTY, 0)
