"""What a spell is worth to the AI's side when it activates (spec §3.23; 004 has no AI, gap
M28 - DEFAULT design, ``docs/miridon-ai.md`` "Spells"). Every number with dice comes from
the exact activation forecast (``magic/forecast.py``, which enumerates
``activation.activate_spell`` itself), so the AI values a spell at what it will really do:

- Elemental Spell (L3288): E[damage] + ``KNOCKOUT`` x P(the target drops) + the foe's
  insanity cost (``ai_threats.insanity_term``), after the target's Spell Barrier (L3331).
- Health Recovery (L3300): E[HP restored] (the healing capped at the missing HP).
- Gale Burst (L3313): on every other unit within the radius, where the grid stops it
  (``gale_push.landings``): the wall damage (after its Physical Barrier, L3339), a foe's
  counted +, a friend's x -``ALLY_WEIGHT``.
- Possession (L3389): the target's expected insanity cost + ``GHOST_GAIN``
  per expected ghost gained (a foe's ghosts are its future insanity).
- Spell / Physical Barrier (L3331, L3339): the damage it would absorb within
  ``HORIZON`` blocks - a physical one against the foes' plain attacks where they stand
  (``battle/ai_threat.threat``), a spell one against the foes' Elemental Spells being cast
  at the target - less what a barrier it already has would absorb.
- Gather Mist (L3324): ``GHOST_POINT`` per ghost regained, less the caster's own insanity
  cost (its Maximum Ghost HP against its HP, L3324).
- Elemental / Vampiric Weapon (L3354-3380): on the weapon the target holds ready, P(hit)
  of its best plain attack x E[the enchantment's 1d6 + boosts per hit] (less the foe's SDR,
  L3362; capped at the missing HP, L3377) x ``HORIZON``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.ai_threat import threat
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.burrow import underground
from tactician.rulesets.miridon.battle.economy import point_value
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.battle.verbal_actions import veiled_from
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity_roll import insanity_check
from tactician.rulesets.miridon.magic.activation import Activation, Target
from tactician.rulesets.miridon.magic.ai_hooks import expected_insanity_cost
from tactician.rulesets.miridon.magic.casting import SELF, Casting, spell_of
from tactician.rulesets.miridon.magic.effects import enchantment, gale_distance
from tactician.rulesets.miridon.magic.forecast import activation_distribution, per_target
from tactician.rulesets.miridon.spirit_battle.ai_threats import insanity_term
from tactician.rulesets.miridon.spirit_battle.barriers import barrier_of
from tactician.rulesets.miridon.spirit_battle.enchantments import of_kind
from tactician.rulesets.miridon.spirit_battle.gale_push import gale_targets as battle_gale_targets
from tactician.rulesets.miridon.spirit_battle.gale_push import landings
from tactician.rulesets.miridon.spirit_battle.spell_aim import spell_target
from tactician.rulesets.miridon.spirit_battle.spell_areas import area_targets, is_area
from tactician.rulesets.miridon.spirit_battle.spell_deflection import spell_deflections
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
)

KNOCKOUT = 10.0  # a foe the spell drops (the attack scores' 12, less: it lands blocks later)
ALLY_WEIGHT = 1.5  # a friend's harm counts against, as for Spinning Strike (battle/ai.py)
HORIZON = 2  # blocks of incoming damage a barrier or enchantment is credited with
GHOST_GAIN = 0.25  # per ghost a Possession gives a foe: raises its later insanity risk
GHOST_POINT = 0.3  # per ghost Gather Mist regains: the stock for the next spells
ENCHANT_MEAN = 3.5  # the mean of an enchantment's 1d6 (L3358, L3373)


@dataclass(frozen=True)
class Worth:
    """A spell's value on the damage scale, its --explain words, and for a damaging spell
    the expected damage and P(drop) of its main target."""

    value: float
    why: str
    target: str = "-"
    expected: float = 0.0
    defeat: float = 0.0


def friends(state: MiridonBattle, unit: UnitState) -> list[UnitState]:
    return [u for u in state.units if u.side == unit.side and u.status == "ok"
            and u.position is not None and not underground(u)]  # L1518


def foes(state: MiridonBattle, unit: UnitState) -> list[UnitState]:
    return [u for u in state.units if u.side != unit.side and u.status != "dead"
            and u.position is not None and not underground(u)  # L1518
            and unit.side not in veiled_from(u)]  # the AI plays from what its side sees


def target_of(state: MiridonBattle, unit: UnitState, target: str) -> UnitState:
    return unit if target in (SELF, unit.id) else state.unit(target)


def within(options: BattleOptions, unit: UnitState, other: UnitState, feet: int | None) -> bool:
    if other.id == unit.id:
        return True
    if feet is None or unit.position is None or other.position is None:
        return False
    return distance_ft(unit.position, other.position, options) <= feet


def through(damage: Mapping[int, float], shield: int) -> dict[int, float]:
    """A Damage Dealt distribution after a barrier that absorbs ``shield`` (L3331, L3339)."""
    out: dict[int, float] = {}
    for dealt, p in damage.items():
        out[max(0, dealt - shield)] = out.get(max(0, dealt - shield), 0.0) + p
    return out


def harm(book: Compendium, unit: UnitState, other: UnitState,
         damage: Mapping[int, float]) -> tuple[float, float, float, str]:
    """(value, E[damage], P(drop), words) of ``damage`` dealt to ``other``: + for a foe,
    x -ALLY_WEIGHT for a friend; the insanity term either way (``insanity_term``)."""
    expected = sum(v * p for v, p in damage.items())
    drop = sum(p for v, p in damage.items() if v >= other.hp > 0) if other.status == "ok" else 0.0
    mind, why = insanity_term(book, unit, other, damage)
    value = expected + KNOCKOUT * drop
    value = -ALLY_WEIGHT * value if other.side == unit.side else value
    return value + mind, expected, drop, why


def worth(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
          casting: Casting) -> Worth | None:
    """What ``casting`` would do if it activated now, or None when it could do nothing (no
    target in range, nothing to heal...)."""
    handler = _WORTH.get(casting.spell)
    if handler is None:
        return None
    found: Worth | None = handler(book, options, state, unit, replace(casting, remaining=0,
                                                                       status="activated"))
    return found


def _distribution(unit: UnitState, casting: Casting, targets: list[Target]) -> Any:
    return activation_distribution(casting, caster_of_unit(unit), targets)


def _area(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
          casting: Casting) -> Worth | None:
    """An Explosive or Beam Elemental Spell / Health Recovery (L2682-2706): over every unit
    it reaches at its cast target (``spell_areas``, the battle's own), each as the one-target
    worth counts it: a foe's harm +, a friend's x -``ALLY_WEIGHT``; healing the reverse."""
    try:
        ids = area_targets(book, options, state, unit, casting, {})
    except RulesError:
        return None
    if ids is None or ids == (casting.target,):
        return None  # no area, or one that reaches only the target: the plain cast's worth
    reached = [target_of(state, unit, uid) for uid in ids]
    outcomes = activation_distribution(casting, caster_of_unit(unit),
                                       [spell_target(u) for u in reached])
    value, hurt, out, words = 0.0, 0.0, 0.0, ""
    for other in reached:
        if casting.spell == "Health Recovery":
            missing = other.profile.max_hp - other.hp
            cured = per_target(outcomes, other.id, "healing")
            restored = sum(min(h, missing) * p for h, p in cured.items())
            value += restored if other.side == unit.side else -restored
            continue
        shield = barrier_of(other, "spell")
        damage = through(per_target(outcomes, other.id, "damage"), shield.left if shield else 0)
        v, expected, drop, why = harm(book, unit, other, damage)
        healed = recovery(outcomes, other)  # a dragon's Dragon Recovery (L1384)
        value += v + (healed if other.side == unit.side else -healed)
        words += why
        if other.side != unit.side:
            hurt, out = hurt + expected, out + drop
    names = ", ".join(u.id for u in reached)
    return Worth(value, f"{' + '.join(casting.modifiers)} reaches {names}: E[damage to foes] "
                 f"{hurt:.2f}, friends' counted against{words}", casting.target, hurt, out)


def recovery(outcomes: dict[Activation, float], other: UnitState) -> float:
    """What a foe dragon's Dragon Recovery heals (L1384: the element of its affinity heals
    "the [Damage Dealt] they would have received"), capped at the HP it misses: a loss to
    its foes, a gain to its friends (the sign ``harm`` gives damage, reversed)."""
    missing = other.profile.max_hp - other.hp
    healed = per_target(outcomes, other.id, "healing")
    return float(sum(min(h, missing) * p for h, p in healed.items()))


def _elemental(book: Compendium, options: BattleOptions, state: MiridonBattle,
               unit: UnitState, casting: Casting) -> Worth | None:
    if is_area(casting):
        return _area(book, options, state, unit, casting)
    other = target_of(state, unit, casting.target)
    if other.status == "dead" or not within(options, unit, other, spell_of(book, casting.spell)
                                            .range_ft):
        return None
    # the target's Magic Shield Deflection by the policy, and its Redirection onto the caster
    # (L2202-2207, L550-566), as the battle's activation reads them (``spell_deflection``)
    deflecting = spell_deflections(book, options, state, casting.spell, unit.id, (other.id,),
                                   "auto")
    target = spell_target(other)
    if other.id in deflecting:
        target = replace(target, deflect_sdr=deflecting[other.id][0],
                         deflect_when=deflecting[other.id][1])
    outcomes = activation_distribution(casting, caster_of_unit(unit), [target],
                                       caster_target=spell_target(unit))
    damage = per_target(outcomes, other.id, "damage")
    shield = barrier_of(other, "spell")
    damage = through(damage, shield.left if shield else 0)
    value, expected, drop, why = harm(book, unit, other, damage)
    healed = recovery(outcomes, other)
    if healed:  # a foe dragon of the spell's element heals instead (L1376, L1384)
        value -= healed if other.side != unit.side else -healed
        why += f"; Dragon Recovery heals it {healed:.2f} (L1384)"
    back = {d: p for d, p in per_target(outcomes, unit.id, "damage").items()} \
        if other.id != unit.id else {}
    if back and any(d for d in back):
        back[0] = back.get(0, 0.0) + 1.0 - sum(back.values())
        value += harm(book, unit, unit, back)[0]
        why += f"; redirected back E[damage] {sum(d * p for d, p in back.items()):.2f}"
    return Worth(value, f"E[damage] {expected:.2f}, P(drop) {drop:.0%}{why}", other.id,
                 expected, drop)


def _healing(book: Compendium, options: BattleOptions, state: MiridonBattle,
             unit: UnitState, casting: Casting) -> Worth | None:
    if is_area(casting):
        return _area(book, options, state, unit, casting)
    other = target_of(state, unit, casting.target)
    missing = other.profile.max_hp - other.hp
    if other.status != "ok" or missing <= 0 or \
            not within(options, unit, other, spell_of(book, casting.spell).range_ft):
        return None
    healed = per_target(_distribution(unit, casting, [spell_target(other)]), other.id, "healing")
    restored = sum(min(h, missing) * p for h, p in healed.items())
    return Worth(restored, f"heals {other.id}: E[HP restored] {restored:.2f} of {missing} "
                 "missing (L3300)", other.id)


def gale_targets(book: Compendium, options: BattleOptions, state: MiridonBattle,
                 unit: UnitState) -> list[UnitState]:
    """"All other units within the radius of the range of the caster" (L3313): the units
    the battle's Gale Burst knocks back with no ``targets`` named (``gale_push.gale_targets``)."""
    if unit.position is None:
        return []
    radius = spell_of(book, "Gale Burst").radius_ft or 0
    return [state.unit(i) for i in battle_gale_targets(state, options, unit.id, (), radius, ())]


def _gale(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
          casting: Casting) -> Worth | None:
    others = gale_targets(book, options, state, unit)
    if unit.position is None or not [u for u in others if u.side != unit.side]:
        return None
    pushes = landings(state, options, unit.position, [u.id for u in others],
                      gale_distance(caster_of_unit(unit)))
    targets = [spell_target(u, pushes[u.id][1] if u.id in pushes else None) for u in others]
    outcomes = _distribution(unit, casting, targets)
    value, hurt, out, words = 0.0, 0.0, 0.0, ""
    for other in others:
        shield = barrier_of(other, "physical")
        damage = through(per_target(outcomes, other.id, "damage"), shield.left if shield else 0)
        v, expected, drop, why = harm(book, unit, other, damage)
        value += v
        words += why
        if other.side != unit.side:
            hurt, out = hurt + expected, out + drop
    names = ", ".join(u.id for u in others)
    return Worth(value, f"knocks back {names}: wall damage to foes {hurt:.2f}, friends' "
                 f"counted against{words}", "-", hurt, out)


def _possession(book: Compendium, options: BattleOptions, state: MiridonBattle,
                unit: UnitState, casting: Casting) -> Worth | None:
    """Over the exact activation distribution (the Spell Power's 15d6 + boosts, L3389): the
    ghost gained and the insanity check the gain calls for (L3025), each check valued by
    its exact expected cost (``ai_hooks.expected_insanity_cost``)."""
    other = target_of(state, unit, casting.target)
    if other.side == unit.side or other.status != "ok" or \
            not within(options, unit, other, spell_of(book, casting.spell).range_ft):
        return None
    gain, mind, success, p_roll, drained = 0.0, 0.0, 0.0, 0.0, 0.0
    for activation, p in _distribution(unit, casting, [spell_target(other)]).items():
        result = activation.effects[0].possession
        if result is not None and result.possessed:
            gain, success = gain + p * result.gain, success + p
            if result.strength_lost or result.speed_lost:
                # Weakening / Slowing Possession (L2882-2906): the points it takes, each
                # valued as the foe's own (the economy's)
                drained += p * (result.strength_lost * point_value(
                    other.strength - result.strength_lost, other.profile.battle_strength)
                    + result.speed_lost * point_value(other.speed - result.speed_lost,
                                                      other.profile.battle_speed))
        for _, check, rolls in activation.insanity:
            if check.rolls:
                p_roll += p
                mind += p * expected_insanity_cost(book, check.bonus, rolls)
    return Worth(mind + GHOST_GAIN * gain + drained,
                 f"possess {other.id}: P(success) {success:.0%}, E[ghost gain] {gain:.2f}, "
                 f"P(insanity roll) {p_roll:.0%} cost {mind:.2f} (L3389, L3025)"
                 + (f", points drained worth {drained:.2f}" if drained else ""), other.id)


def incoming(book: Compendium, options: BattleOptions, state: MiridonBattle, other: UnitState,
             kind: str) -> float:
    """Damage of ``kind`` ``other`` can expect per block: the foes' plain attacks where they
    stand (physical), the foes' Elemental Spells being cast at it (spell)."""
    if kind == "physical":
        return threat(book, options, state, other)
    total = 0.0
    for foe in state.units:
        casting = casting_of(foe)
        if foe.side == other.side or casting is None or not casting.active or \
                casting.spell != "Elemental Spell" or casting.target != other.id:
            continue
        found = _elemental(book, options, state, foe, casting)
        total += found.expected if found else 0.0
    return total


def _barrier(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
             casting: Casting) -> Worth | None:
    other = target_of(state, unit, casting.target)
    if other.side != unit.side or other.status != "ok" or \
            not within(options, unit, other, spell_of(book, casting.spell).range_ft):
        return None
    kind = "spell" if casting.spell == "Spell Barrier" else "physical"
    outcomes = _distribution(unit, casting, [spell_target(other)])
    size = min(b.left for a in outcomes for e in a.effects for b in e.barriers if b.kind == kind)
    expect = HORIZON * incoming(book, options, state, other, kind)
    old = barrier_of(other, kind)
    gain = min(size, expect) - (min(old.left, expect) if old else 0.0)
    return Worth(gain, f"{kind} barrier of {size} on {other.id}: absorbs {gain:.2f} of "
                 f"{expect:.2f} expected in {HORIZON} blocks (L3331, L3339)", other.id)


def _gather(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
            casting: Casting) -> Worth | None:
    ghost = ghost_of(unit)
    regained = ghost.maximum - ghost.current
    if regained <= 0:
        return None
    check = insanity_check(unit.hp, ghost.maximum, unit.profile.talent("Resist Insanity"))
    mind = expected_insanity_cost(book, check.bonus) if check.rolls else 0.0
    return Worth(GHOST_POINT * regained - mind,
                 f"Gather Mist: +{regained} ghost, own insanity cost {mind:.2f} (L3324)")


def _enchant(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
             casting: Casting) -> Worth | None:
    """On the weapon the target holds ready (the battle's default, L3360), over ``HORIZON``
    blocks of that weapon's best plain attack on a foe: Elemental Weapon E[max(0, 1d6 +
    boosts - the foe's SDR)] per hit (L3362), Vampiric Weapon E[min(1d6 + boosts, the HP the
    wielder misses)] per hit (L3377); nothing when the weapon already has one as strong
    (a weaker one does not replace it, ``enchantments.enchant``)."""
    other = target_of(state, unit, casting.target)
    if other.side != unit.side or other.status != "ok" or \
            not within(options, unit, other, spell_of(book, casting.spell).range_ft):
        return None
    kind = "elemental" if casting.spell == "Elemental Weapon" else "vampiric"
    flat = enchantment(kind, caster_of_unit(unit), casting.element).flat
    old = of_kind(other, other.weapon, kind)
    if old is not None and old.flat >= flat:
        return None
    hit, foe = best_hit(book, options, state, other)
    if foe is None:
        return None
    missing = other.profile.max_hp - other.hp
    rolls = [face + flat for face in range(1, 7)]
    per_hit = sum(max(0, r - foe.profile.sdr) if kind == "elemental" else min(r, missing)
                  for r in rolls) / 6
    value = HORIZON * hit * per_hit
    return Worth(value, f"{casting.spell} on {other.id}'s {other.weapon}: P(hit) {hit:.0%} "
                 f"on {foe.id} x {per_hit:.2f} per hit x {HORIZON} blocks (L3358, L3373)",
                 other.id)


def best_hit(book: Compendium, options: BattleOptions, state: MiridonBattle,
             unit: UnitState) -> tuple[float, UnitState | None]:
    """P(hit) of ``unit``'s plain attack with the weapon it holds ready on the foe it hits
    best where both stand, and that foe (0, None: none reaches)."""
    best, found = 0.0, None
    for foe in foes(state, unit):
        action = {"type": "attack", "unit": unit.id, "target": foe.id, "weapon": unit.weapon}
        try:
            plan, _ = plan_attack(book, options, state, action)
        except RulesError:
            continue
        chance = odds(plan.spec).hit
        if chance > best:
            best, found = chance, foe
    return best, found


_WORTH: dict[str, Any] = {
    "Elemental Spell": _elemental, "Health Recovery": _healing, "Gale Burst": _gale,
    "Possession": _possession, "Spell Barrier": _barrier, "Physical Barrier": _barrier,
    "Gather Mist": _gather, "Elemental Weapon": _enchant, "Vampiric Weapon": _enchant,
}
