"""One attack of 004 (L1712-1742), written once against ``Chance``: the battle resolves
it on dice and the forecast enumerates the very same steps (``dice.enumerate``).

``AttackSpec`` holds every number the attack needs, fixed before the to-hit roll (the
modifiers are chosen then, L1714; Dodge is declared then, L1718; the Block tier the
defender would take after a hit is decided by its policy from what is known then,
L1730). The procedure:

1. to-hit: 2d6 (a shotgun: one 1d6 per bullet, L1620, L3555) + [To Hit Bonus] against
   [Evasion]; a critical if the base roll is in the critical range and it hits (L1670);
2. on a hit the block stance, then [Base Damage Dealt] (the weapon's dice, L1644) with the
   [Damage Dealt Bonus] (L1646) and the margin terms (Crushing Blow +1d6 and True Strike
   +1 per point the To Hit Roll exceeds [Evasion], L2600, L2628);
3. [Damage Dealt] = Base + Bonus - [Damage Reduction], at least 0 (L1664); a critical:
   "2 * [Base Damage Dealt] + 2 * [Damage Dealt Bonus] - 2 * [Damage Reduction]" (L1672),
   - 1 x DR with Piercing Critical Hit (L923), no DR with Sword Critical Hit (L968);
4. HP falls by it; at 0 or less [Unconscious] (L1740), any further damage while
   unconscious [Dead] (L1742, ruling ``dead_on_zero``); the on-hit losses of drills
   (PDR, L3438), hammers (speed, L3460) and teslas (strength and speed, L3576-3578),
   multiplied on a critical by the best owned critical flair (L983-1024, L1077-1093).

5. the lasting spells the hit meets (004 L3326-3380; ``lasting_spells``): the target's
   barrier absorbs the hit's [Damage Dealt] - "absorbs 30 physical damage before breaking."
   (L3347) -, an Elemental Weapon adds "an additional 1d6 elemental damage" reduced by SDR
   "separately" (L3362), a Vampiric Weapon heals the wielder "for 1d6 damage when they hit
   ... The attack must deal more than 0 damage." (L3377). An attack meeting none
   (``AttackSpec.lasting`` None) takes exactly the steps above.

A shotgun fires ``bullets`` bullets, each its own to-hit and damage with DR per bullet
(spec 004 §3.6 default); the state between bullets is merged, so the forecast stays exact
and small.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from tactician.dice.enumerate import distribution
from tactician.rulesets.miridon.battle.dice_events import D6Pool, ToHitRoll
from tactician.rulesets.miridon.battle.lasting_spells import (
    Lasting,
    Worn,
    deflects,
    lasting_roll,
    next_roll,
    weapon_hit,
)
from tactician.rulesets.miridon.battle.memo import memoised

CritMode = Literal["double", "piercing", "sword"]


@dataclass(frozen=True, slots=True)
class AttackSpec:
    to_hit: int
    evasion: int  # Passive, or Active when the target Dodged (L1718)
    crit_from: int | None = 12  # L1668; 11 / 10 with the critical flairs (L905, L913)
    bullets: int = 0  # 0: a 2d6 attack; N: a shotgun blast of N bullets
    strict: bool = False  # hit_comparison=gt
    base_dice: int = 1  # the weapon's d6 (L1644)
    base_bonus: int = 0  # the weapon's constant ("1d6+1")
    bonus_dice: int = 0  # Melee Boost, Power Attack, Bull Rush... (d6)
    bonus_flat: int = 0  # Gun Boost, Charge, Flanking... (L1646-1652)
    margin_dice: int = 0  # d6 per point of margin (Crushing Blow, Combo Finisher)
    margin_flat: int = 0  # per point of margin (True Strike)
    reroll_up_to: int = 0  # Strong Attack / Strong Shot (L581, L591, L600, L610)
    reduction: int = 0  # PDR, or SDR against a tesla (L1656-1658)
    block_pdr: int = 0  # PDR the target's block stance adds on a hit (L1730)
    block_pdr_crit: int = 0  # the same when the hit is a critical
    crit_mode: CritMode = "double"
    bonus_doubles: bool = True  # ruling bonus_doubles_on_crit
    hp: int = 10
    unconscious: bool = False
    dead_on_zero: bool = False
    # on-hit losses (x crit multiplier on a critical)
    pdr_damage: int = 0
    speed_damage: int = 0
    strength_damage: int = 0
    crit_multiplier_pdr: int = 2
    crit_multiplier_points: int = 2
    unreduced: bool = False  # Grapple Attack: "This damage is not reduced." (L1885)
    # Redouble Specialist (L489-521): the terms left out of the damage Redouble compares
    track_counted: bool = False
    excluded_dice: int = 0
    excluded_flat: int = 0
    excluded_margin_dice: bool = False
    excluded_margin_flat: bool = False
    count_crit: bool = True
    auto_hit: bool = False  # the Grapple Attack that follows a grapple (L1875) never rolls
    lasting: Lasting | None = None  # barriers and enchantments the hit meets (L3326-3380)


class Result(NamedTuple):
    """An attack on its way and at its end: what it did to the target (a tuple: the
    forecast hashes one per branch to merge equal states between the steps)."""

    stage: int = 1  # to-hit rolls left (the bullets of a shotgun); -1 done
    hits: int = 0
    crits: int = 0
    damage: int = 0
    margin: int | None = None
    hp: int = 0
    status: str = "ok"
    pdr_loss: int = 0
    speed_loss: int = 0
    strength_loss: int = 0
    pending: int = 0  # a hit awaiting its damage roll: 1 normal, 2 critical; 3, 4 lasting
    counted: int = 0  # the damage Redouble compares with its threshold (L2347, L489)
    worn: Worn | None = None  # what the lasting spells did (None: the attack meets none)

    @property
    def absorbed(self) -> int:
        """By the target's Physical Barrier (L3347)."""
        return self.worn.absorbed if self.worn else 0

    @property
    def absorbed_spell(self) -> int:
        """By its Spell Barrier (L3334)."""
        return self.worn.absorbed_spell if self.worn else 0

    @property
    def elemental(self) -> int:
        """Of ``damage``, the Elemental Weapon's (L3362)."""
        return self.worn.elemental if self.worn else 0

    @property
    def healed(self) -> int:
        """The Vampiric Weapon's healing of the wielder, as rolled (L3377)."""
        return self.worn.healed if self.worn else 0

    @property
    def recovered(self) -> int:
        """Dragon Recovery's healing of the target, as rolled (L1384)."""
        return self.worn.recovered if self.worn else 0


def damage_roll(spec: AttackSpec, crit: bool, margin: int | None,
                chance: Any) -> tuple[int, int]:
    """One hit's [Damage Dealt] (L1664, L1672), its dice decided by ``chance``, and the part
    of it Redouble compares with its threshold (all of it, or without the terms the
    Redouble Specialist flairs leave out, L489-521: those dice are rolled apart). The
    damage step's dice: all it reads of the state is whether the hit crits and its margin
    (``after_damage`` writes the damage in; the Shoot Through odds roll each (crit,
    margin) once: ``shoot_through``)."""
    reduction = 0 if spec.unreduced else spec.reduction + (spec.block_pdr_crit if crit
                                                           else spec.block_pdr)
    extra_dice = spec.margin_dice * (margin or 0)
    extra_flat = spec.margin_flat * (margin or 0)
    factor = {"double": 2, "piercing": 1, "sword": 0}[spec.crit_mode] if crit else 1
    if spec.track_counted:
        out_dice = spec.excluded_dice + (extra_dice if spec.excluded_margin_dice else 0)
        out_flat = spec.excluded_flat + (extra_flat if spec.excluded_margin_flat else 0)
        kept = chance.decide(D6Pool.of(
            spec.base_dice + spec.bonus_dice + extra_dice - out_dice,
            spec.base_bonus + spec.bonus_flat + extra_flat - out_flat, spec.reroll_up_to,
            "damage"))
        left = chance.decide(D6Pool.of(out_dice, out_flat, spec.reroll_up_to,
                                       "damage (not counted for Redouble)"))
        total = kept + left
        damage = max(0, (2 * total - factor * reduction) if crit else total - reduction)
        counted = max(0, (2 * kept - factor * reduction) if crit and spec.count_crit
                      else kept - reduction)
        return damage, counted
    if crit and not spec.bonus_doubles:
        base = chance.decide(D6Pool.of(spec.base_dice, spec.base_bonus, spec.reroll_up_to,
                                       "base damage"))
        bonus = chance.decide(D6Pool.of(spec.bonus_dice + extra_dice,
                                        spec.bonus_flat + extra_flat, spec.reroll_up_to,
                                        "damage bonus"))
        total = 2 * base + bonus
    else:
        rolled = chance.decide(D6Pool.of(spec.base_dice + spec.bonus_dice + extra_dice,
                                         spec.base_bonus + spec.bonus_flat + extra_flat,
                                         spec.reroll_up_to, "damage"))
        total = 2 * rolled if crit else rolled
    damage = max(0, total - factor * reduction)
    return damage, damage


def to_hit_roll(spec: AttackSpec) -> ToHitRoll:
    """The attack's to-hit roll (a bullet's for a shotgun), to pass to ``step``."""
    keep = bool(spec.margin_dice or spec.margin_flat)
    if spec.bullets:
        # a bullet crits only on a 6 with Shotgun Critical Hit (L1070-1072): crit_from 6
        return ToHitRoll(spec.to_hit, spec.evasion, spec.crit_from, 1, spec.strict, keep,
                         "to hit (bullet)")
    return ToHitRoll(spec.to_hit, spec.evasion, spec.crit_from, 2, spec.strict, keep)


def step(spec: AttackSpec, state: Result, chance: Any, roll: ToHitRoll | None = None) -> Result:
    """One step: a to-hit roll, or the damage roll of the hit it made (two steps, so the
    forecast merges equal to-hit results before the damage; ``roll`` is made once), or a
    lasting spell's roll after it (``lasting_spells``: its own step, merged the same way)."""
    if not state.pending:
        if spec.auto_hit:
            hit, crit, margin = True, False, None
        else:
            hit, crit, margin = chance.decide(roll or to_hit_roll(spec))
        if hit:
            return Result(state.stage, state.hits + 1, state.crits + crit, state.damage,
                          margin, spec.hp, pending=2 if crit else 1, counted=state.counted,
                          worn=state.worn)
        if state.stage > 1:
            return Result(state.stage - 1, state.hits, state.crits, state.damage, None, spec.hp,
                          counted=state.counted, worn=state.worn)
        return _finish(spec, state.hits, state.crits, state.damage, None, state.counted,
                       state.worn)
    spells, worn = spec.lasting, state.worn
    if spells is not None and worn is not None and state.pending > 2:
        added, worn = lasting_roll(spells, worn, state.pending, chance)
        return _hit_done(spec, spells, state, state.damage + added, state.counted, worn,
                         state.pending)
    dealt, counted = damage_roll(spec, state.pending == 2, state.margin, chance)
    return after_damage(spec, state, dealt, counted)


def after_damage(spec: AttackSpec, state: Result, dealt: int, counted: int) -> Result:
    """``state`` (a hit awaiting its damage, ``pending`` 1 or 2) once its damage roll gave
    ``dealt`` and ``counted``: the lasting spells it meets, the next bullet or the end."""
    spells, worn = spec.lasting, state.worn
    if spells is not None and worn is not None:
        if spells.barrier_kind == "spell" and spells.deflect_sdr:
            dealt, counted, worn = _tesla_deflection(spec, spells, worn, state.pending == 2,
                                                     dealt, counted)
        dealt, worn = weapon_hit(spells, worn, dealt)
        # Redouble compares the weapon's damage the barrier let through (docs/rulings.md)
        return _hit_done(spec, spells, state, state.damage + dealt,
                         state.counted + min(counted, dealt), worn, 2)
    damage, counted = state.damage + dealt, state.counted + counted
    if state.stage > 1:
        return Result(state.stage - 1, state.hits, state.crits, damage, None, spec.hp,
                      counted=counted)
    # the margin is not kept in the end (the strike's record has the roll), so ends merge
    return _finish(spec, state.hits, state.crits, damage, None, counted)


def _tesla_deflection(spec: AttackSpec, spells: Lasting, worn: Worn, crit: bool, dealt: int,
                      counted: int) -> tuple[int, int, Worn]:
    """Magic Shield Deflection against a tesla's damage, which SDR reduces (L1658; "Attack
    with [Tesla]", L2202), chosen on the roll (L2205): the policy deflects when the roll
    beats the SDR (the damage after it is above 0). Taken, the SDR is higher by the bonus
    (L2207), so the hit loses the bonus as it loses the SDR (doubled by a doubling critical,
    L1672; none on a sword's, which ignores the reduction)."""
    if not worn.deflected and deflects(spells, dealt, 0):
        worn = worn._replace(deflected=True)
    if not worn.deflected or spec.unreduced:
        return dealt, counted, worn
    factor = {"double": 2, "piercing": 1, "sword": 0}[spec.crit_mode] if crit else 1
    cut = factor * spells.deflect_sdr
    return max(0, dealt - cut), max(0, counted - cut), worn


def _hit_done(spec: AttackSpec, spells: Lasting, state: Result, damage: int, counted: int,
              worn: Worn, done: int) -> Result:
    """After step ``done`` of a hit meeting lasting spells: their next roll, or the hit's
    end (the next bullet, or the attack's end)."""
    after = next_roll(spells, done)
    if after:
        return Result(state.stage, state.hits, state.crits, damage, None, spec.hp,
                      pending=after, counted=counted, worn=worn)
    worn = worn._replace(dealt=0)
    if state.stage > 1:
        return Result(state.stage - 1, state.hits, state.crits, damage, None, spec.hp,
                      counted=counted, worn=worn)
    return _finish(spec, state.hits, state.crits, damage, None, counted, worn)


def _finish(spec: AttackSpec, hits: int, crits: int, damage: int,
            margin: int | None, counted: int = 0, worn: Worn | None = None) -> Result:
    hp, status = spec.hp, "unconscious" if spec.unconscious else "ok"
    pdr = speed = strength = 0
    if hits:
        if spec.unconscious and (damage > 0 or spec.dead_on_zero):
            status = "dead"  # L1742
        hp = max(0, spec.hp - damage)
        if worn is not None and worn.recovered and spec.lasting is not None and \
                spec.lasting.elemental_recovers_to is not None:
            # Dragon Recovery (L1384) lands with the attack's damage (lasting_spells)
            hp = min(spec.lasting.elemental_recovers_to,
                     max(0, spec.hp - damage + worn.recovered))
        if hp <= 0 and status == "ok":
            status = "unconscious"  # L1740
        points = spec.crit_multiplier_points if crits else 1
        pdr = spec.pdr_damage * (spec.crit_multiplier_pdr if crits else 1)
        speed, strength = spec.speed_damage * points, spec.strength_damage * points
    return Result(-1, hits, crits, damage, margin, hp, status, pdr, speed, strength,
                  counted=counted if spec.track_counted else damage, worn=worn)


def start(spec: AttackSpec) -> Result:
    return Result(stage=spec.bullets if spec.bullets else 1, hp=spec.hp,
                  worn=None if spec.lasting is None else Worn())


def resolve(spec: AttackSpec, chance: Any) -> Result:
    """The attack on ``chance`` (a ``SampledChance`` in a battle)."""
    state, roll = start(spec), to_hit_roll(spec)
    while state.stage != -1:
        state = step(spec, state, chance, roll)
    return state


def outcomes(spec: AttackSpec) -> dict[Result, float]:
    """Every end of the attack with its exact probability."""
    roll = to_hit_roll(spec)
    return distribution(start(spec), lambda s, c: step(spec, s, c, roll),
                        lambda s: s.stage == -1)


@dataclass(frozen=True)
class Odds:
    """What a forecast shows of one attack (spec 004 §3.22 item 1)."""

    hit: float
    crit: float
    damage: dict[int, float]
    hp: dict[int, float]
    unconscious: float
    dead: float
    expected_damage: float
    hits: dict[int, float]
    pdr_loss: dict[int, float]
    speed_loss: dict[int, float]
    strength_loss: dict[int, float]
    # lasting spells (L3326-3380): what the target's barriers absorb, the wielder's healing
    absorbed: dict[int, float] = field(default_factory=lambda: {0: 1.0})
    healed: dict[int, float] = field(default_factory=lambda: {0: 1.0})


@memoised(maxsize=2048)
def odds(spec: AttackSpec) -> Odds:
    """``summarise(outcomes(spec))``, memoised by the spec (a frozen value: the AI asks the
    same attack from square after square, the simulator from copy after copy, issue 28).
    The tables are shared between askers: read them, do not change them."""
    ends = outcomes(spec)
    return summarise(ends)


def summarise(ends: dict[Result, float]) -> Odds:
    found: dict[str, dict[int, float]] = {key: {} for key in (
        "damage", "hp", "hits", "pdr_loss", "speed_loss", "strength_loss", "absorbed",
        "healed")}
    hit = crit = unconscious = dead = expected = 0.0
    for r, p in ends.items():
        for key, value in (("damage", r.damage), ("hp", r.hp), ("hits", r.hits),
                           ("pdr_loss", r.pdr_loss), ("speed_loss", r.speed_loss),
                           ("strength_loss", r.strength_loss),
                           ("absorbed", r.absorbed + r.absorbed_spell), ("healed", r.healed)):
            table = found[key]
            table[value] = table.get(value, 0.0) + p
        if r.hits:
            hit += p
        if r.crits:
            crit += p
        if r.status == "unconscious":
            unconscious += p
        elif r.status == "dead":
            dead += p
        expected += r.damage * p
    tables = {key: dict(sorted(value.items())) for key, value in found.items()}
    return Odds(hit=hit, crit=crit, unconscious=unconscious, dead=dead,
                expected_damage=expected, **tables)
