"""UESRPG's battle rulings (``BattleOptions``) and what an action needs to know of
the battle's rules (``Rulings``).

003 is a chapter on wounds and conditions: it has no map, no movement and no
action costs. The battle needs them, so they are rulings from outside the text
(UESRPG 3e core), each a named option with a default; docs/rulings.md gives the
reason and the words each settles. A battle's ``--option name=value`` pairs go
to ``BattleOptions`` when the name is one of its fields, else to the rules
package's ``UesrpgOptions``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal, Protocol

from tactician.errors import RulesError
from tactician.rulesets.rulings import with_overrides
from tactician.rulesets.uesrpg.options import UesrpgOptions

AutoDefence = Literal["best", "none"]


@dataclass(frozen=True)
class BattleOptions:
    """Battle rulings (all from outside 003; see docs/rulings.md)."""

    # metres one map tile stands for (Speed is in metres: core "Speed = SB + 2*AB")
    metres_per_tile: int = 2
    # AP a Move action costs: it buys Speed metres of movement for this Turn
    move_ap: int = 1
    # AP an attack costs
    attack_ap: int = 1
    # AP a defence (evade, parry, block) costs the defender
    reaction_ap: int = 1
    # the defence a defender makes when the attack does not name one
    auto_defence: AutoDefence = "best"
    # AP the AI keeps for defending after its first action of a Turn
    ai_reserve_ap: int = 1
    # AP magical healing (the ``heal`` action) costs the healer
    heal_ap: int = 1
    # 003 treating a wound "takes ~1 hour": in battle it takes the healer's Turn
    # ("turn") or is refused ("refuse")
    treat_wound_in_battle: Literal["turn", "refuse"] = "turn"
    # no text names a last round (docs/rulings.md "Round cap and draw"): undecided after
    # round 30 (three minutes at 6 seconds a round, 003 L47 "30 seconds (5 rounds)"),
    # a draw (none: no cap)
    round_cap: int | None = 30

    def __post_init__(self) -> None:
        if self.metres_per_tile < 1:
            raise RulesError(
                f"option metres_per_tile takes a number of 1 or more, not {self.metres_per_tile}"
            )

    def with_overrides(self, pairs: list[str]) -> BattleOptions:
        """Apply ``name=value`` strings, refusing unknown names or values by name."""
        return with_overrides(self, pairs)


BATTLE_OPTION_NAMES = frozenset(f.name for f in fields(BattleOptions))


def split_options(pairs: list[str]) -> tuple[BattleOptions, UesrpgOptions]:
    """The battle's rulings and the rules package's, from ``name=value`` pairs."""
    battle: list[str] = []
    rules: list[str] = []
    for pair in pairs:
        name = pair.partition("=")[0].strip().replace("-", "_")
        if "=" not in pair:
            raise RulesError(f"option {pair!r}: give it as name=value")
        (battle if name in BATTLE_OPTION_NAMES else rules).append(pair)
    try:
        uesrpg = UesrpgOptions().with_overrides(rules)
    except RulesError as exc:
        extra = ", ".join(sorted(BATTLE_OPTION_NAMES))
        raise RulesError(f"{exc}; battle options are: {extra}") from None
    return BattleOptions().with_overrides(battle), uesrpg


class Rulings(Protocol):
    """The two sets of rulings a battle action reads (``UesrpgBattleRules`` has them)."""

    @property
    def battle_options(self) -> BattleOptions: ...

    @property
    def options(self) -> UesrpgOptions: ...
