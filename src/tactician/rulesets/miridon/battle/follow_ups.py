"""What follows an attack at once: the strike itself, the chain it leaves for the bonus
attacks (Second / Third attacks, Redouble, Rapid Fire) and the defender's Riposte.

Riposte Melee Attack (L2323-2336): "immediately after an attack misses them", with 1
[Rank] in [Riposte], "not wielding two weapons", with the equipped (melee) weapon, + the
Riposte rank To Hit; "a single additional attack with [Riposte] in response to each
attack that misses". Its target is the attacker, who must be within melee range (ruling
``riposte_target``). A Riposte "acts as a [Melee Attack]", so its own miss may be
riposted in turn; points pay for each, so the exchange ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.costs import action_cost, affordable, pay, text
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.geometry import in_melee
from tactician.rulesets.miridon.battle.ghastly import is_melee_attack
from tactician.rulesets.miridon.battle.grapple_actions import grapple_on_crit
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import Chain, MiridonBattle, UnitState
from tactician.rulesets.miridon.battle.strike import strike
from tactician.rulesets.miridon.derived import UNARMED
from tactician.rulesets.miridon.spirit_battle.mech_counter import mech_counter
from tactician.rulesets.miridon.spirit_battle.riposte_reaction import after_riposte_hit

UNARMED_HIT = "unarmed_hit_block"  # pools: an Unarmed melee hit's block (Eldritch Strike)
MAX_RIPOSTES = 8  # a bound on one exchange; points end it long before


def after_attack(ctx: Context, state: MiridonBattle, plan: AttackPlan, label: str,
                 action: Mapping[str, Any], stage: int,
                 chain: Chain | None = None) -> MiridonBattle:
    """Strike, leave the chain, offer the Riposte; records the attack for the log."""
    strikes: list[dict[str, Any]] = []
    state, result, record = strike(ctx, state, plan, label, 1)
    strikes.append(record)
    margins = (*(chain.margins if chain else ()), record["margin"])
    same = chain.same_target and chain.target == plan.target if chain else True
    new_chain = Chain(unit=plan.attacker, kind=plan.acts_as if stage == 1 else label,
                      stage=stage, weapon=plan.weapon, target=plan.target,
                      hit=result.hits > 0, crit=result.crits > 0,
                      # what Redouble compares (Redouble Specialist leaves terms out, L489)
                      damage=result.counted,
                      margins=margins, same_target=same)
    if not result.hits and action.get("riposte", "auto") not in ("no", False):
        state = riposte_exchange(ctx, state, plan.target, plan.attacker, strikes)
    if not result.hits and action.get("counter", "auto") not in ("no", False):
        state = mech_counter(ctx, state, plan.target, plan.attacker, strikes)  # L210
    if result.crits and stage == 1 and plan.acts_as in ("melee", "combo"):
        state = critical_shield_block(ctx, state, plan)
    ctx.records.append({"type": "attack", "strikes": strikes, "lines": []})
    if result.hits and plan.weapon == UNARMED and is_melee_attack(plan):
        unit = state.unit(plan.attacker)  # the hit Eldritch Strike follows (L1466)
        state = state.replace_units(unit.model_copy(update={"pools": {
            **unit.pools, UNARMED_HIT: state.block}}))
    state = grapple_on_crit(ctx, state, plan, result.crits)  # L1031
    ctx.keeps_chain = True
    return state.model_copy(update={"chain": new_chain})


def critical_shield_block(ctx: Context, state: MiridonBattle, plan: AttackPlan) -> MiridonBattle:
    """Critical Shield Block (L2474-2480, flair L974-978): "immediately after the character
    performs a [Critical Hit] with a [Shield]. The character enters the [Super Shield Block
    Stance]." Taken at once (it costs nothing and only helps)."""
    unit = state.unit(plan.attacker)
    if not unit.profile.has("Critical Shield Block") or \
            ctx.book.weapon(plan.weapon).category != "shield":
        return state
    ctx.say(f"{unit.id}: Critical Shield Block -> Super Shield Block Stance (L2480)")
    return state.replace_units(unit.model_copy(update={"stance": "Super Shield Block Stance",
                                                       "stance_block": state.block}))


def can_riposte(ctx: Context, state: MiridonBattle, defender: UnitState,
                attacker: UnitState) -> bool:
    if defender.down or attacker.down or defender.profile.special("Riposte") < 1:
        return False
    if len(defender.profile.weapons) > 1 or defender.grappling or defender.grappled_by:
        return False
    weapon = ctx.book.weapon(defender.weapon)
    if weapon.attack != "melee" or not defender.position or not attacker.position:
        return False
    if not in_melee(defender.position, attacker.position, ctx.options):
        return False
    return affordable(defender, action_cost(ctx.book, "Riposte Melee Attack", defender))


def riposte_exchange(ctx: Context, state: MiridonBattle, defender_id: str, attacker_id: str,
                     strikes: list[dict[str, Any]]) -> MiridonBattle:
    from tactician.rulesets.miridon.battle.attack_plan import apply_reactions

    for _ in range(MAX_RIPOSTES):
        defender, attacker = state.unit(defender_id), state.unit(attacker_id)
        if ctx.options.auto_reactions != "policy" or not can_riposte(ctx, state, defender,
                                                                      attacker):
            return state
        cost = action_cost(ctx.book, "Riposte Melee Attack", defender)
        plan = numbers.build(state, ctx.book, ctx.options, defender, attacker, defender.weapon,
                             "melee", bonus=True, riposte=True)
        if odds(plan.spec).expected_damage <= cost_value(defender, cost):
            return state
        plan = apply_reactions(ctx.book, ctx.options, state, plan, {})
        state = state.replace_units(pay(defender, cost, "Riposte Melee Attack"))
        ctx.say(f"{defender.id} ripostes ({text(cost)}, L2323-2336)")
        state, result, record = strike(ctx, state, plan, "Riposte Melee Attack",
                                       len(strikes) + 1)
        strikes.append(record)
        if result.hits:  # part 3: the hit may fire Elemental Riposte (L203)
            return after_riposte_hit(ctx, state, defender_id, attacker_id)
        defender_id, attacker_id = attacker_id, defender_id
    return state


def require_chain(state: MiridonBattle, unit: UnitState, what: str) -> Chain:
    chain = state.chain
    if chain is None or chain.unit != unit.id:
        raise RulesError(f"{what} must come immediately after {unit.id}'s attack "
                         "(004 L2236, L2281, L2343)")
    return chain
