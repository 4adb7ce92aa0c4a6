"""The words a ruleset gives interfaces for what its engine explains: the legend and
the columns of ``battle enemy-phase --explain`` (each candidate the AI scored), and
how the engine plays a side the players command (``--any-side``).

Every ruleset's AI scores its own candidates by its own priorities (Tropera's tiers,
001's odds, UESRPG's wounds, Miridon's points): an interface prints the ruleset's
legend and its columns, never one ruleset's words in another's battle (issue 24
item 8). Plain ``NamedTuple`` records: cheap to import.
"""

from __future__ import annotations

from typing import NamedTuple

# how a column's value is printed: a tile (x, y), as it is, a percentage of a
# probability, a number (3 decimals), the ``type`` of an action dict
COLUMN_FORMATS = ("tile", "text", "percent", "number", "action")


class ExplainColumn(NamedTuple):
    """One column of the scored candidates: the candidate's key, its heading, its format."""

    key: str
    heading: str
    format: str = "text"


class ExplainWords(NamedTuple):
    """What ``--explain`` prints above and in the table of scored candidates, and the
    words for the engine playing the players' units (``enemy-phase --any-side``)."""

    legend: str
    columns: tuple[ExplainColumn, ...]
    any_side: str = "let the engine play them"


# the columns of an AI that scores one exchange of strikes and counters (Tropera, 001,
# 002): where it attacks from, whom, with what, and the exact chances of the exchange
EXCHANGE_COLUMNS = (
    ExplainColumn("tile", "tile", "tile"), ExplainColumn("target", "target"),
    ExplainColumn("weapon", "weapon"), ExplainColumn("hit", "hit", "percent"),
    ExplainColumn("counter_hit", "counter", "percent"),
    ExplainColumn("defeat_target", "defeats", "percent"),
    ExplainColumn("defeated", "defeated", "percent"), ExplainColumn("score", "score", "number"),
)
# their legend's words for those chances, before each ruleset's score
EXCHANGE_LEGEND = ("hit: its first strike lands (hit or crit); counter: the target's first "
                   "counter lands; defeats: the target falls; defeated: this unit falls")

GENERIC = ExplainWords(
    legend="score: how the engine ranks the candidate (higher is taken first)",
    columns=(ExplainColumn("tile", "tile", "tile"), ExplainColumn("target", "target"),
             ExplainColumn("score", "score", "number")),
)
