"""The ford battle (examples/tropera/battle) played by the engine on both sides,
as a list of actions to replay through the campaign service."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BATTLE = ROOT / "examples" / "tropera" / "battle"
MAP = BATTLE / "ford.yaml"
UNITS = [BATTLE / "party.yaml", BATTLE / "bandits.yaml"]
SEED = 7


@cache
def played_log(phases: int = 4) -> tuple[Any, ...]:
    """The log entries of ``phases`` phases played by the engine's AI (file mode, in a
    temporary folder)."""
    import tempfile

    from tactician.engine.store_file import load_battle
    from tactician.table.battles import new_battle, play_side

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ford.json"
        new_battle("tropera", MAP, UNITS, path, seed=SEED)
        for _ in range(phases):
            try:
                play_side(path)
            except Exception:  # the battle ended
                break
        return tuple(load_battle(path).log)


def played_actions(phases: int = 4) -> tuple[dict[str, Any], ...]:
    """The actions of ``played_log``, to be performed again through the database."""
    return tuple(dict(entry.action) for entry in played_log(phases))
