"""One scored candidate of the Miridon AI (``ai.py``; the design is docs/miridon-ai.md):
the action, its score and the reason ``--explain`` prints, with the numbers its row shows.
Apart from the planner so its helpers (``ai_reload``, ``ai_charisma``) build candidates
without importing it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Candidate:
    action: dict[str, Any]
    score: float
    why: str
    target: str = "-"
    weapon: str = "-"
    tile: tuple[int, int] | None = None
    hit: float = 0.0
    defeat: float = 0.0
    expected: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)
    # an attack on several targets (Shoot Through, Spinning Strike): each one's P(out), for
    # the tactical preset's threat removed (``ai_threat``); ``target`` then names them all
    defeats: dict[str, float] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {"tile": list(self.tile) if self.tile else None, "target": self.target,
                "weapon": self.weapon, "hit": self.hit, "counter_hit": 0.0,
                "defeat_target": self.defeat, "defeated": 0.0, "score": self.score,
                "expected_damage": self.expected, "action": self.action, "why": self.why,
                **self.extra}
