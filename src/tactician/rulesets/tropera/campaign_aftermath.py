"""What a Tropera unit carries from an ended battle back to the campaign's roster.

000 scopes almost everything a battle changes to the map: HP and critical wounds
play out within it, a Crippled character "suffers a -10 penalty ... for the
remainder of the map", and weapon charges are "a limited number of uses per
battle. Once all charges have been expended, the weapon cannot be used again for
the remainder of the map". Level-ups and proficiency ranks come between battles,
not from them (000 gives no experience points: "Alts level up along with the
rest of the party, regardless of whether they participated in a battle"). What
outlives the map is one consequence of being Crippled: "if their player has any
alternate characters, [they] cannot participate in the next battle while they
take time to recover". Whether the player has alternates is the GM's to say, so
the roster records ``sits_out_next_battle`` and the reason.
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.tropera.battle_state import TroperaBattle


def aftermath(state: TroperaBattle) -> dict[str, dict[str, Any]]:
    """By character name, for each unit the players command (enemy tiers have no
    roster): whether it sits out the next battle (it ended the battle Crippled)."""
    carried: dict[str, dict[str, Any]] = {}
    for unit in state.units:
        if unit.tier is not None:
            continue
        carried[unit.name] = {
            "sits_out_next_battle": unit.crippled,
            "why": "Crippled: cannot participate in the next battle while they take time "
                   "to recover (if their player has alternate characters)" if unit.crippled
                   else "",
        }
    return carried
