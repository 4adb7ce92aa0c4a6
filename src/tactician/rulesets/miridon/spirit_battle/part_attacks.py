"""A mech part's attack: the one plan ``mech_attack`` resolves, Mech Counter answers with,
the forecast shows and the AI scores (004 L3641, L3647: "The rules for the [Mech Part]
performing the action are similar to if the character performed the action").

The pilot's dual-class specials that act on it:

- Mech Slash (L156-159, Grand Devourer and Techie): "Adds an additional 1d6 to [Damage
  Dealt] for a [Melee Attack] or [Melee Combo Attack] executed with a [Mech Blade] while
  piloting a [Mech]." - a blade part's Melee Attack; ruling ``mech_slash_per_rank`` (spec
  C26): 1d6 per rank, as the other dual specials say "for every [Rank]" (L145, L166); false:
  one 1d6 at any rank.
- Mech Counter (L207-210, Duelist and Techie): "If an attack misses a [Mech] piloted by the
  character, every [Mech Part] of the [Mech] may immediately perform an additional action. If
  this action is a [Melee Attack], [Melee Combo Attack], [Gun Attack], or [Aimed Attack],
  then the [To Hit Bonus] of this attack is increased by the character's [Rank] in [Mech
  Counter]." (``mech_counter``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan, Term
from tactician.rulesets.miridon.battle.attack_plan import plan_attack
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.mechs.mech import PartState
from tactician.rulesets.miridon.spirit_battle.mech_units import mech_of

PART_ATTACKS = {"Melee Attack": "melee", "Gun Attack": "gun"}


@dataclass(frozen=True)
class PartAttack:
    part: PartState
    name: str  # the character action it performs (Melee Attack, Gun Attack)
    weapon: str
    cost: int  # of the part's own speed points (L3641)
    plan: AttackPlan


def pilot_of(state: MiridonBattle, mech: UnitState) -> UnitState | None:
    pilot = mech_of(mech).pilot
    return state.unit(pilot) if pilot is not None else None


def part_attack(book: Compendium, options: BattleOptions, state: MiridonBattle,
                unit: UnitState, part_name: str, action: Mapping[str, Any],
                counter: int = 0) -> PartAttack:
    """The plan of ``part_name``'s attack on ``action``'s target (with the defender's
    reactions as ``action`` states them), the pilot's Mech Slash in it; ``counter`` adds
    Mech Counter's rank to its To Hit (L210)."""
    part = mech_of(unit).part(part_name)
    name = next((a for a, _ in part.actions if a in PART_ATTACKS), None)
    if name is None:
        raise RulesError(f"{part.name} has no attack action")
    kind = PART_ATTACKS[name]
    weapon = next((w.name for w in unit.profile.weapons
                   if (book.weapon(w.name).attack == "melee") == (kind == "melee")), None)
    if weapon is None:
        raise RulesError(f"{unit.id} holds no {kind} weapon for {part.name}")
    plan, _ = plan_attack(book, options, state, {**action, "weapon": weapon, "kind": kind})
    pilot = pilot_of(state, unit)
    slash = pilot.profile.special("Mech Slash") if pilot is not None else 0
    if slash and part.kind == "blade" and kind == "melee":
        dice = slash if options.mech_slash_per_rank else 1
        plan = replace(plan, spec=replace(plan.spec, bonus_dice=plan.spec.bonus_dice + dice),
                       damage_terms=(*plan.damage_terms,
                                     Term(f"Mech Slash ({pilot.id if pilot else '-'})", dice,
                                          "L159 (d6), ruling mech_slash_per_rank")))
    if counter:
        plan = replace(plan, bonus=True, spec=replace(plan.spec, to_hit=plan.spec.to_hit + counter),
                       to_hit_terms=(*plan.to_hit_terms, Term("Mech Counter", counter, "L210")))
    return PartAttack(part, name, weapon, dict(part.actions)[name], plan)
