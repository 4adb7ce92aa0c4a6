"""Suite-wide test settings.

No test asserts elapsed time (issue 7): Hypothesis' default 200 ms deadline per
example is a wall-clock assertion that fails on a loaded machine, so it is off
for every property test. Work is bounded by the code's own caps instead (see
``tactician.content.limits`` and ``tactician.dice.notation``); timings live in
``bench/``.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

from hypothesis import settings

settings.register_profile("tactician", deadline=None)
settings.load_profile("tactician")

# Derived values kept between runs (``tactician.derived_cache``) go to a directory of
# this test run, never the user's cache: set before any test (and every command a
# test runs in a subprocess, which inherits the environment) can write one.
if "TACTICIAN_CACHE_DIR" not in os.environ:
    _cache = tempfile.mkdtemp(prefix="tactician-test-cache-")
    os.environ["TACTICIAN_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, True)

# A GM's shell may ask for the table's dice for the whole evening (``TACTICIAN_ROLLS=ask``,
# ``cli.table_dice``); the suite rolls on the dice each test gives, so it runs without it.
os.environ.pop("TACTICIAN_ROLLS", None)
