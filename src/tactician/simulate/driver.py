"""A simulation run: copies 0..N-1 of a set-up on a backend, kept by index.

With ``--until-precision`` the copies are played in batches of ``BATCH`` indices and
the run stops after the first batch whose end leaves every interval narrow enough
(``summary.narrow_enough``), or at ``--runs``. Batches are cut by index, never by
what finished first, so where a run stops depends on the base seed alone and not on
the backend or the number of workers. Ctrl-C keeps every copy already played and
marks the run partial.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tactician.errors import TacticianError
from tactician.simulate.backends import Backend
from tactician.simulate.run_one import CopyOutcome
from tactician.simulate.setup import Setup
from tactician.simulate.summary import narrow_enough

__all__ = ["BATCH", "Run", "simulate"]

BATCH = 100

Progress = Callable[[CopyOutcome, int, int], None]  # the outcome, copies done, target


@dataclass
class Run:
    setup: Setup
    base_seed: int
    outcomes: dict[int, CopyOutcome] = field(default_factory=dict)
    partial: bool = False

    def ordered(self) -> list[CopyOutcome]:
        return [self.outcomes[i] for i in sorted(self.outcomes)]


def simulate(setup: Setup, backend: Backend, *, runs: int, base_seed: int,
             precision: float | None = None, progress: Progress | None = None) -> Run:
    """Play up to ``runs`` copies of ``setup`` (module docstring)."""
    if runs <= 0:
        raise TacticianError(f"--runs {runs}: a simulation plays at least one copy")
    if precision is not None and not 0 < precision < 0.5:
        raise TacticianError(f"--until-precision {precision}: give a half-width between 0 "
                             "and 0.5 (0.02: every chance known to within 2 points)")
    run = Run(setup, base_seed)

    def done(outcome: CopyOutcome) -> None:
        run.outcomes[outcome.index] = outcome
        if progress is not None:
            progress(outcome, len(run.outcomes), runs)

    step = runs if precision is None else BATCH
    try:
        for start in range(0, runs, step):
            backend.run(setup, base_seed, range(start, min(runs, start + step)), done)
            if precision is not None and narrow_enough(run.ordered(), precision):
                break
    except KeyboardInterrupt:
        run.partial = True
    return run
