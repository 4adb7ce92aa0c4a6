"""What the Miridon AI adds to an attack's score for spells and insanity (spec §3.23, DEFAULT
design; the text has no AI, gap M28): cancelling the target's spell and the insanity the hit
could cause. Both come from the attack's exact Damage Dealt distribution (``attack_roll``),
the same forecast the attack is scored on.

- Cancelling: "If the spell caster receives damage, then the [Spell Ghost HP] is reduced by
  the amount of damage taken." (004 L3257) and "If the [Spell Ghost Power] is reduced to 0 or
  less, then a spell would normally be cancelled" (L2507), unless the caster answers with
  Recover Ghost Power (L2513). The bonus is P(the hit cancels it, ``ai_hooks.p_cancel``, the
  caster's remaining points spent on recovery) × the spell's worth to its caster's side.
- Insanity: "When a character's [Current Physical HP] is less than their [Current Ghost HP],
  they must make an insanity roll ... whenever the character's [Current Physical HP] lowers"
  (L3015), effective HP raised by Resist Insanity (L3039). A foe's expected insanity cost
  (``ai_hooks.attack_insanity_cost``: ``insanity_forecast.attack_insanity``'s trigger, each
  roll's exact expected cost) counts for the
  attacker; a friend's counts against it, so the AI avoids triggering its own side's rolls.
- Exposure: a move's score loses ``EXPOSURE_WEIGHT`` x the insanity the foes' next hits
  would cause at its end square, less here (``exposure``, ``apply_exposure``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.memo import Memo, Same
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity_roll import insanity_check
from tactician.rulesets.miridon.magic.ai_hooks import attack_insanity_cost, p_cancel
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.unit_slices import caster_of_unit, casting_of

INSANITY_WEIGHT = 1.0  # DEFAULT: an insanity effect's cost is on the damage scale as it is
SPELL_BASE_WORTH = 6.0  # DEFAULT: a spell's worth = this + 2 per Spell Ghost HP invested


def spell_worth(casting: Casting) -> float:
    """DEFAULT: what ending an enemy's spell is worth, on the damage scale - the points and
    ghost already sunk in it grow with its Spell Ghost HP (L3247)."""
    return SPELL_BASE_WORTH + 2.0 * max(0, casting.spell_ghost)


def cancel_term(target: UnitState, damage: Mapping[int, float]) -> tuple[float, str]:
    """The bonus for possibly cancelling ``target``'s spell, and its --explain words."""
    casting = casting_of(target)
    if casting is None or not casting.active:
        return 0.0, ""
    points = target.strength + target.speed
    p = p_cancel(casting, caster_of_unit(target), damage, points)
    if p <= 0:
        return 0.0, ""
    worth = spell_worth(casting)
    return p * worth, (f", P(cancels {target.id}'s {casting.spell}) {p:.0%} x {worth:.1f} "
                       "(L3257, L2507)")


def insanity_term(book: Compendium, attacker: UnitState, target: UnitState,
                  damage: Mapping[int, float]) -> tuple[float, str]:
    """A foe's expected insanity cost (+) or a friend's (-), and its --explain words.
    Memoised by what it reads (the distribution by identity: the exact odds' tables are
    memoised and never changed, ``attack_roll.odds``), since the AI asks it of the same
    attack from square after square (issue 28)."""
    key = (Same(book), Same(damage), target.id, target.hp, target.ghost,
           target.profile.talent("Resist Insanity"), target.side != attacker.side)
    return _TERMS.get(key, lambda: _insanity_term(book, attacker, target, damage))


_TERMS: Memo[tuple[float, str]] = Memo(4096)


def _insanity_term(book: Compendium, attacker: UnitState, target: UnitState,
                   damage: Mapping[int, float]) -> tuple[float, str]:
    # the battle keeps Current HP at 0 or more (``attack_roll``), so the check it rolls sees
    # at most the target's HP lost
    lost: dict[int, float] = {}
    for dealt, p in damage.items():
        lost[min(dealt, target.hp)] = lost.get(min(dealt, target.hp), 0.0) + p
    p_roll, expected = attack_insanity_cost(book, target.hp, target.ghost,
                                            target.profile.talent("Resist Insanity"), lost)
    if p_roll <= 0:
        return 0.0, ""
    cost = INSANITY_WEIGHT * expected
    sign = 1.0 if target.side != attacker.side else -1.0
    whose = "foe" if sign > 0 else "friend"
    return sign * cost, (f", P(insanity roll, {whose} {target.id}) {p_roll:.0%} "
                         f"cost {cost:.2f} (L3015)")


def threat_terms(book: Compendium, attacker: UnitState, target: UnitState,
                 damage: Mapping[int, float]) -> tuple[float, str]:
    """Both terms summed, with their words (empty when neither applies)."""
    cancel, why_cancel = cancel_term(target, damage)
    mind, why_mind = insanity_term(book, attacker, target, damage)
    return cancel + mind, why_cancel + why_mind


def safe_invest(unit: UnitState, wanted: int) -> tuple[int, str]:
    """The Spell Ghost HP the AI invests: ``wanted``, raised so the caster's Current Ghost HP
    afterwards is no more than its effective HP when its ghost allows - "The [Spell Ghost HP]
    of the spell is deducted from the [Current Ghost HP] of the character" (L3247), so a big
    enough investment stops the caster's own next hits from triggering an insanity roll
    (L3015, L3039). Never more than the Current Ghost HP (L3247)."""
    check = insanity_check(unit.hp, unit.ghost, unit.profile.talent("Resist Insanity"))
    needed = unit.ghost - check.effective_hp
    if needed <= wanted or needed > unit.ghost:
        return wanted, ""
    return needed, (f"; invests {needed} so ghost {unit.ghost - needed} <= effective HP "
                    f"{check.effective_hp} (no insanity trigger, L3015)")


EXPOSURE_WEIGHT = 0.5  # DEFAULT: an insanity the foes' next hits could cause counts half


def exposure(book: Compendium, options: BattleOptions, state: MiridonBattle,
             unit: UnitState) -> float:
    """The insanity cost ``unit`` can expect from the foes' next hits where it stands: for
    every conscious foe, its plain attack with the most E[damage] on the unit (each weapon's
    exact forecast, the unit's reaction policy defending, as ``battle/ai_threat``), and the
    insanity that attack's Damage Dealt would trigger (``insanity_term``: "whenever the
    character's [Current Physical HP] lowers", L3015, Resist Insanity L3039)."""
    if unit.ghost <= 0 or unit.position is None or unit.status != "ok":
        return 0.0
    total = 0.0
    for foe in state.units:
        if foe.side == unit.side or foe.status != "ok" or foe.position is None:
            continue
        best = None
        for weapon in foe.profile.weapons:
            action = {"type": "attack", "unit": foe.id, "target": unit.id, "weapon": weapon.name}
            try:
                plan, _ = plan_attack(book, options, state, action)
            except RulesError:
                continue
            found = odds(plan.spec)
            if best is None or found.expected_damage > best.expected_damage:
                best = found
        if best is not None:
            total += insanity_term(book, foe, unit, best.damage)[0]
    return total


def apply_exposure(book: Compendium, options: BattleOptions, state: MiridonBattle,
                   unit: UnitState, candidates: Sequence[Any]) -> None:
    """A move's score loses ``EXPOSURE_WEIGHT`` x (the insanity exposure at its end square -
    here): the AI keeps a unit whose ghosts outweigh its HP out of the reach that would
    trigger its insanity rolls (L3015)."""
    if unit.ghost <= 0 or unit.position is None:
        return
    here = exposure(book, options, state, unit)
    at: dict[tuple[int, ...], float] = {}  # moves that end on one square share its exposure
    for candidate in candidates:
        if candidate.action.get("type") != "move" or candidate.tile is None:
            continue
        tile = tuple(candidate.tile)
        if tile not in at:
            moved = unit.model_copy(update={"position": tile})
            at[tile] = exposure(book, options, state.replace_units(moved), moved)
        there = at[tile]
        if there == here:
            continue
        candidate.score -= EXPOSURE_WEIGHT * (there - here)
        candidate.why += f"; insanity exposure there {there:.2f} (here {here:.2f}, L3015)"
