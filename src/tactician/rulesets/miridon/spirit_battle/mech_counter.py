"""Mech Counter in battle (004 L207-210, Duelist and Techie): "If an attack misses a [Mech]
piloted by the character, every [Mech Part] of the [Mech] may immediately perform an
additional action. If this action is a [Melee Attack], [Melee Combo Attack], [Gun Attack], or
[Aimed Attack], then the [To Hit Bonus] of this attack is increased by the character's
[Rank] in [Mech Counter]."

Resolved inside the missed attack's action, as a Riposte is (``follow_ups``): the answer is
the mech's and a battle decides reactions when the attack resolves (ruling
``auto_reactions``). DEFAULT policy: each part with an attack action that reaches the
attacker and can pay its speed counters when E[damage] exceeds the value of the points
(``part_points.part_cost_value``), in the parts' order; the additional action is one beyond
the part's one a block (L3641: it does not use it up) and is paid in the part's speed; the
other additional actions the text allows (a move) are not offered. The attacker's action
may decline it with ``counter=no``. A Disabled mech has no parts' speed (L3655) to counter
with. A counter is a bonus attack: it opens nothing and is not countered in turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.battle.strike import strike
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.mechs.mech import Mech
from tactician.rulesets.miridon.spirit_battle.mech_units import (
    is_mech,
    mech_of,
    replace_part,
    with_mech,
)
from tactician.rulesets.miridon.spirit_battle.part_attacks import PartAttack, part_attack, pilot_of
from tactician.rulesets.miridon.spirit_battle.part_points import part_cost_value


def counter_rank(state: MiridonBattle, mech: UnitState) -> int:
    """The Mech Counter rank of the character piloting ``mech`` (0 for none)."""
    if not is_mech(mech):
        return 0
    pilot = pilot_of(state, mech)
    return pilot.profile.special("Mech Counter") if pilot is not None else 0


def counters(book: Compendium, options: BattleOptions, state: MiridonBattle, mech_id: str,
             attacker_id: str) -> list[PartAttack]:
    """The parts' counter attacks the policy takes against ``attacker_id``, each planned with
    the Mech Counter rank on its To Hit (L210)."""
    unit, attacker = state.unit(mech_id), state.unit(attacker_id)
    rank = counter_rank(state, unit)
    if not rank or attacker.down or options.auto_reactions != "policy":
        return []
    mech = mech_of(unit)
    if mech.disabled:
        return []
    found = []
    for part in mech.parts:
        try:
            attack = part_attack(book, options, state, unit, part.name,
                                 {"type": "attack", "unit": mech_id, "target": attacker_id},
                                 counter=rank)
        except RulesError:
            continue  # no attack action, no weapon, out of reach
        if attack.cost > part.speed:
            continue
        if odds(attack.plan.spec).expected_damage > part_cost_value(part, attack.cost):
            found.append(attack)
    return found


def _paid(mech: Mech, attack: PartAttack) -> Mech:
    """The additional action's speed, without using up the part's one a block (L3641)."""
    part = mech.part(attack.part.name)
    return replace_part(mech, replace(part, speed=part.speed - attack.cost))


def mech_counter(ctx: Context, state: MiridonBattle, mech_id: str, attacker_id: str,
                 strikes: list[dict[str, Any]]) -> MiridonBattle:
    """After an attack by ``attacker_id`` missed the mech ``mech_id``: each part's counter."""
    for attack in counters(ctx.book, ctx.options, state, mech_id, attacker_id):
        unit = state.unit(mech_id)
        if state.unit(attacker_id).down:
            break
        # re-planned on the state the earlier counters left (the attacker's HP, stance)
        again = part_attack(ctx.book, ctx.options, state, unit, attack.part.name,
                            {"type": "attack", "unit": mech_id, "target": attacker_id},
                            counter=counter_rank(state, unit))
        state = state.replace_units(with_mech(unit, _paid(mech_of(unit), again)))
        ctx.say(f"{mech_id}'s {again.part.name} counters (Mech Counter +"
                f"{counter_rank(state, unit)} To Hit, L210; {again.cost} of its speed)")
        state, _, record = strike(ctx, state, again.plan, f"{again.part.name} Mech Counter "
                                  f"{again.name}", len(strikes) + 1)
        strikes.append(record)
    return state


def counter_damage(book: Compendium, options: BattleOptions, state: MiridonBattle,
                   target: UnitState, attacker: UnitState) -> float:
    """E[damage] of the counters a miss on ``target`` would bring on ``attacker`` (the AI's
    price of attacking a mech whose pilot has Mech Counter)."""
    return sum(odds(c.plan.spec).expected_damage
               for c in counters(book, options, state, target.id, attacker.id))
