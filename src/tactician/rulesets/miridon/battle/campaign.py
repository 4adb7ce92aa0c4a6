"""What a Miridon battle's characters carry back to a campaign's roster and into the next
battle (the contract's ``aftermath`` and ``muster``).

004 restores only the points at a battle's start: "restore current strength and speed
points to those maxima" (L1684-1692); it has no rest between battles (gap M35) and heals
only by actions (Healing Word L2120-2126, Health Recovery L3301-3304). So HP carries over
as it ended, and a [Dead] character "can no longer be healed by any means" (L1742): it is
refused from a later battle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.state import MiridonBattle


def aftermath(state: MiridonBattle) -> dict[str, dict[str, Any]]:
    """The first side's characters (the players'): HP and whether they died."""
    players = state.sides[0] if state.sides else "player"
    return {u.name: {"hp": u.hp, "dead": u.status == "dead"}
            for u in state.units if u.side == players}


def muster(state: MiridonBattle, carried: Mapping[str, Mapping[str, Any]]) -> MiridonBattle:
    changed = []
    for unit in state.units:
        brought = carried.get(unit.name)
        if brought is None:
            continue
        if brought.get("dead"):
            raise RulesError(f"{unit.name} died in an earlier battle and can no longer be "
                             "healed by any means (004 L1742)")
        hp = min(unit.profile.max_hp, int(brought.get("hp", unit.hp)))
        changed.append(unit.model_copy(update={"hp": hp,
                                               "status": "ok" if hp > 0 else "unconscious"}))
    return state.replace_units(*changed) if changed else state
