"""A battle file's ``start`` checked against its ruleset, with one line naming the
file and the field, before the log is replayed on it.

``store_file.load_battle`` checks the file's shape; the start state inside is
the ruleset's own model (units, points, the stored map) and only the ruleset
can read it. A hand-edited start (``points.hp: "many"``, a cut ``map.cells``, a
``width`` of 100000) would otherwise surface as a pydantic ``ValidationError``
or a ``ValueError`` from deep inside the ruleset: here each becomes a
``ContentError`` (exit code 2), and nothing is written. A stored map is also
built once here (the build is cached), so a terrain name the ruleset does not
know is refused naming the battle file too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tactician.content.loader import describe_errors
from tactician.engine.battle import Battle
from tactician.errors import ContentError, TacticianError
from tactician.grid.snapshot import TerrainGrid


def check_start(path: Path, battle: Battle, rules: Any, state: Any = None,
                what: str = "start") -> Any:
    """The ruleset's start state for ``battle`` (or the dumped ``state`` a snapshot holds,
    named ``what``), or a ``ContentError`` naming ``path``."""
    try:
        state = rules.load_state(battle.start if state is None else state)
        grid = getattr(state, "map", None)
        build = getattr(grid, "board", None)
        if isinstance(grid, TerrainGrid) and callable(build):
            build()  # every stored terrain name is one the ruleset knows (cached)
        return state
    except TacticianError as exc:
        raise ContentError(f"{path}: {what}: {exc}") from None
    except ValidationError as exc:
        details = "; ".join(f"{what}.{line}" for line in describe_errors(exc)[:5])
        raise ContentError(f"{path}: {details}") from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ContentError(f"{path}: {what}: not a start state this ruleset reads ({exc})"
                           ) from None
    except RecursionError:
        raise ContentError(f"{path}: {what}: nested too deeply") from None
