"""Suite-wide test settings.

No test asserts elapsed time (issue 7): Hypothesis' default 200 ms deadline per
example is a wall-clock assertion that fails on a loaded machine, so it is off
for every property test. Work is bounded by the code's own caps instead (see
``tactician.content.limits`` and ``tactician.dice.notation``); timings live in
``bench/``.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("tactician", deadline=None)
settings.load_profile("tactician")
