"""The AI casting through a Mech Spell Core (spec §3.23, DEFAULT design; the core's actions
are ``mech_spells``, docs/rulings.md "Spell cores"). The same spells, targets and worths as
a character caster's (``ai_spells``, ``ai_spell_worth``), the mech standing as the caster with
its pilot's boosts (``mech_spells.with_pilot_boosts``) and the core's speed points valued as
a part's (``part_points.part_cost_value``):

- cast (``mech_cast``): ``START ** (cast time / 3)`` x worth - the core's points, when the
  pilot is built for spells (``ai_spells.is_caster``) and has ghosts to invest (L3247);
- channel (``mech_channel``): ``PROGRESS`` x worth; activate (``mech_activate``): the worth.

The casting modifiers are the pilot's (their speed from the core's); no Gather Mist, no
Recover Ghost Power (the ruling refuses them to a core).
"""

from __future__ import annotations

from typing import Any

from tactician.counted import counted
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.ai_hooks import invest_amount
from tactician.rulesets.miridon.magic.casting import GATHER_MIST, Casting
from tactician.rulesets.miridon.mechs.mech import PartState
from tactician.rulesets.miridon.spirit_battle.ai_spell_worth import worth
from tactician.rulesets.miridon.spirit_battle.ai_spells import (
    AT_FOES,
    AT_FRIENDS,
    AT_SELF,
    PROGRESS,
    START,
    Candidate,
    activated_trials,
    is_caster,
)
from tactician.rulesets.miridon.spirit_battle.ai_threats import safe_invest
from tactician.rulesets.miridon.spirit_battle.mech_spells import (
    ACTIVATE,
    CAST,
    CHANNEL,
    pilot_of,
    with_pilot_boosts,
)
from tactician.rulesets.miridon.spirit_battle.mech_units import mech_of
from tactician.rulesets.miridon.spirit_battle.part_points import part_cost_value
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of


def _pays(part: PartState, action: str) -> int | None:
    """The part's cost of ``action`` when it can take it now, else None (L3641)."""
    cost = dict(part.actions).get(action)
    return None if cost is None or part.acted or cost > part.speed else cost


def core_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    unit: UnitState) -> list[Candidate]:
    mech = mech_of(unit)
    if mech.disabled or mech.pilot is None or unit.position is None:
        return []
    try:
        pilot = pilot_of(state, unit)
    except RulesError:
        return []
    caster = with_pilot_boosts(unit, pilot)
    casting = casting_of(unit)
    if casting is not None:
        return _while_casting(book, options, state, caster, casting)
    if pilot.ghost < 1 or not is_caster(pilot):
        return []
    found: list[Candidate] = []
    for core in (p for p in mech.parts if p.kind == "spell_core"):
        cost = _pays(core, CAST)
        if cost is None:
            continue
        spells = (s for s in (*AT_FOES, *AT_FRIENDS, *AT_SELF) if s != GATHER_MIST)
        for trial in activated_trials(book, options, state, caster, spells):
            if trial.cost[0] or cost + trial.cost[1] > core.speed:
                continue  # a modifier's strength cost, or more speed than the core has
            invest, why = safe_invest(pilot, invest_amount(pilot.ghost, expected_hits=5))
            action: dict[str, Any] = {"type": "mech_cast", "unit": unit.id,
                                      "part": core.name, "spell": trial.spell, "ghost": invest,
                                      "target": trial.target}
            if trial.element:
                action["element"] = trial.element
            if trial.modifiers:
                action["modifiers"] = list(trial.modifiers)
            score = START ** (trial.blocks / 3) * trial.value.value - \
                part_cost_value(core, cost + trial.cost[1])
            found.append(Candidate(action, score, f"{core.name}: cast {trial.spell} at "
                                   f"{trial.target} ({counted(trial.blocks, 'block')} to go, "
                                   f"{invest} of "
                                   f"{pilot.id}'s ghosts): {trial.value.why} when it "
                                   f"activates{why}", target=trial.value.target))
    return found


def _while_casting(book: Compendium, options: BattleOptions, state: MiridonBattle,
                   caster: UnitState, casting: Casting) -> list[Candidate]:
    core = next((p for p in mech_of(caster).parts if p.casting), None)
    value = worth(book, options, state, caster, casting) if casting.active else None
    if core is None or value is None or casting.status != "casting":
        return []
    if casting.remaining > 0:
        cost = _pays(core, CHANNEL)
        if cost is None:
            return []
        return [Candidate({"type": "mech_channel", "unit": caster.id, "part": core.name},
                          PROGRESS * value.value - part_cost_value(core, cost),
                          f"{core.name}: channel {casting.spell}, {casting.remaining - 1} to "
                          "go (L1915)")]
    cost = _pays(core, ACTIVATE)
    if cost is None:
        return []
    # Gale Burst names no targets: every other unit in its radius (L3313)
    action: dict[str, Any] = {"type": "mech_activate", "unit": caster.id, "part": core.name}
    return [Candidate(action, value.value - part_cost_value(core, cost),
                      f"{core.name}: activate {casting.spell}: {value.why}",
                      target=value.target, expected=value.expected, defeat=value.defeat)]
