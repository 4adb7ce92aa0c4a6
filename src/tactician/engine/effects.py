"""Effects with durations that end on the right edge.

An effect names the edge that ends it: "Defend until the beginning of your
next turn" ends at the owner's next turn (or phase) start; "until the start of
your next phase" at the source side's next phase start; "until your next turn"
of a grappler at the grappler's next turn. An effect created during an edge's
own moment never ends at that same moment: it ends at the first matching edge
*after* it was made (``after_round`` guards the same-round case).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from tactician.engine.clock import Edge, EdgeKind


class Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    unit: str  # who is affected
    source: str | None = None  # who caused it
    value: int = 0
    ends: EdgeKind
    ends_owner: str | None = None  # side or unit whose edge ends it (None: any)
    made_round: int = 0
    made_phase_owner: str | None = None  # phase in which it was made
    # a fading effect: at each matching edge ``value`` falls by ``decay`` instead of the
    # effect ending; it ends when nothing is left ("falls by 1 each turn")
    decay: int = 0

    def ends_at(self, edge: Edge) -> bool:
        if edge.kind != self.ends:
            return False
        if self.ends_owner is not None and edge.owner != self.ends_owner:
            return False
        # the very edge current when the effect was made does not end it
        return not (edge.round == self.made_round and edge.owner == self.made_phase_owner)


def expire(
    effects: tuple[Effect, ...], edge: Edge
) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """(effects still running, effects that ended at ``edge``). A fading effect at
    its edge loses ``decay`` from its value and ends only when it reaches 0."""
    kept: list[Effect] = []
    ended: list[Effect] = []
    for effect in effects:
        if not effect.ends_at(edge):
            kept.append(effect)
        elif effect.decay and effect.value - effect.decay > 0:
            kept.append(effect.model_copy(update={"value": effect.value - effect.decay}))
        else:
            ended.append(effect)
    return tuple(kept), tuple(ended)
