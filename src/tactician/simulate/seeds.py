"""Copy ``index``'s seed, derived from the run's base seed.

The copies are independent streams whatever order or worker plays them: copy ``i``
plays ``engine.play.Unlogged(rules, start, copy_seed(base, i))``, so its battle is
the one a table would log on that seed (``chain.action_dice``), and the summary of
copies 0..N-1 depends on the base seed alone.
"""

from __future__ import annotations

import hashlib

# seeds fit a signed 64-bit column (the store) and JSON integers exactly
_BITS = 62


def copy_seed(base: int, index: int) -> int:
    """The seed of copy ``index`` (0-based) of a run on base seed ``base``."""
    if index < 0:
        raise ValueError(f"copy index {index} < 0")
    digest = hashlib.sha256(f"simulate/{base}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - _BITS)
