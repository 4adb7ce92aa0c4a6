"""Care of a UESRPG roster character between battles: magical (or mundane) healing,
treating a wound, and the Medicine test against Bleeding (issue 8: "Healing,
treating wounds and the Medicine test against Bleeding are reachable only from
Python: give them ... ``character`` commands").

The rules are the battle's own (``healing.apply_healing``, ``wounds.treat_wound``,
``wounds.treat_bleeding``, each quoting 003); this module only rebuilds the
character's ``CombatState`` from its unit file and what its last battle left on
it (``campaign_aftermath``), and writes the result back the same way. Out of a
battle there is no Turn and no AP to pay; the healer's kit is assumed for
Bleeding unless ``kit`` is 0 (003: "Profession [Medicine] test + healer's kit").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.dice.chance import SampledChance
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import CareRequest, CareResult
from tactician.rulesets.uesrpg.battle_options import split_options
from tactician.rulesets.uesrpg.carried import carried_of, with_carried
from tactician.rulesets.uesrpg.character import load_profile
from tactician.rulesets.uesrpg.healing import apply_healing
from tactician.rulesets.uesrpg.state import CombatState, start_state
from tactician.rulesets.uesrpg.wounds import treat_bleeding, treat_wound

KINDS = ("heal", "treat-wound", "treat-bleeding")


def combat_of(path: Any, carried: Mapping[str, Any]) -> CombatState:
    """The character of unit file ``path`` as its last battle left it (fresh if none)."""
    return with_carried(start_state(load_profile(path)), carried)




def care(request: CareRequest, options: Sequence[str], dice: DiceSource) -> CareResult:
    """Give ``request.kind`` of care on ``dice`` (the Medicine test's d100)."""
    _, rules = split_options(list(options))
    patient = combat_of(request.patient, request.carried)
    details = dict(request.details)
    if request.kind == "heal":
        amount = details.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise RulesError("heal needs an amount: the HP the spell or potion restores "
                             "(1 or more)")
        after, records = apply_healing(patient, amount, magical=bool(details.get("magical", 1)),
                                       options=rules)
        return CareResult(carried_of(after), tuple(r.text for r in records))
    if request.kind not in KINDS:
        raise RulesError(f"unknown care {request.kind!r} (kinds: {', '.join(KINDS)})")
    healer = (patient if request.healer is None
              else combat_of(request.healer, request.healer_carried))
    chance = SampledChance(dice)
    if request.kind == "treat-wound":
        wound = details.get("wound")
        if wound is None:
            untreated = [w.id for w in patient.wounds if not w.treated]
            if not untreated:
                raise RulesError(f"{patient.name} has no untreated wound")
            wound = untreated[0]
        if not isinstance(wound, int) or isinstance(wound, bool):
            raise RulesError(f"the wound is a wound's number, not {wound!r}")
        after, records, result = treat_wound(patient, wound, healer, chance, rules)
    else:
        after, records, result = treat_bleeding(patient, healer, chance,
                                                kit=bool(details.get("kit", 1)), options=rules)
    line = f"{healer.name}'s Profession [Medicine] test: {result.describe()}"
    return CareResult(carried_of(after), (line, *(r.text for r in records)), result.passed)
