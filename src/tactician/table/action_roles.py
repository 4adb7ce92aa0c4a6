"""Who may send which action kind at a table: the GM, or the controller of the acting
unit (issue 25, hole 10: a player sent fe-classic's ``start`` and ended the GM's
set-up).

A seam: the action schema per ruleset (its own task) will declare, for every action
kind, who may send it; until then ``gm_only_actions`` answers for the rulesets that
have set-up actions, and the table refuses those kinds from anyone but the GM. Point
``gm_only_actions`` at the schema once it exists (one place).
"""

from __future__ import annotations

# fe-classic's set-up (002 L5-8, ``battle_actions``): the GM deploys and withdraws the
# party's units and starts the battle; every other kind is the acting unit's controller's
_GM_ONLY: dict[str, frozenset[str]] = {
    "fe-classic": frozenset({"start", "deploy", "withdraw"}),
}


def gm_only_actions(ruleset: str) -> frozenset[str]:
    """The action kinds of ``ruleset`` that only the GM may send (none by default)."""
    return _GM_ONLY.get(ruleset, frozenset())
