"""The numbers of one attack in a battle, each term with the 004 line it follows, as an
``AttackSpec`` for ``attack_roll`` (so a resolution and its forecast share them).

To Hit Bonus (L1624-1640; spec 004 §3.3): the weapon's sheet value (weapon + Melee Boost
rank L292 / 2 x Gun Boost rank L300, Agile Strike L405, Sword Dancer L463), +3 for an
Aimed Attack (L1840), the sniper range band -0/-2/-4 (L3532-3536) and the Steady Shot
Bonus (L3538), - the Power Attack points (L2580), + the Riposte rank for a Riposte
(L2332). Evasion: Passive (+ the best Guardian rank of a friend within 5 ft, L173) or
Active after a Dodge (L1718).

Critical range (spec 004 §3.4): 12 (L1668), 11 with Advanced Critical Hit (L905), 10 with
Greater (L913); with a sniper rifle and its Steady Shot Bonus 9 / 8 / 7 (L1046-1062); a
shotgun bullet crits only on a 6 with Shotgun Critical Hit (L1070-1072).

Damage (spec 004 §3.5): the weapon's dice (L1644), Melee Boost +1d6 per rank (L294,
doubled Unarmed with Dragon Claw & co, L1412), Gun Boost +2 per rank (L302), Charge +
weapon weight / Fast Charge + 2 x weight (L1953, L1965), Bull Rush +1d6 per rank on a
charge (L166), Flanking rank x friends in melee range of the target (L138), Power Attack
+1d6 per point (L2582), Crushing Blow +1d6 and True Strike +1 per point of margin (L2600,
L2628). Reduction: PDR with the stance's bonus, SDR against a tesla (L1656-1658).

Lasting spells (``lasting_of``; the procedure is ``lasting_spells``): the target's
Physical Barrier, "absorbs 30 physical damage before breaking" (L3347), or against a tesla
its Spell Barrier, "absorbs 30 spell damage or other elemental damage" (L3334); the
attacker's Elemental Weapon on the weapon used, "an additional 1d6 elemental damage ...
[Spell Damage Reduction] reduces this damage." (L3362), through the Spell Barrier; its
Vampiric Weapon, "heal the wielder for 1d6 damage when they hit" (L3377).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_roll import AttackSpec
from tactician.rulesets.miridon.battle.burrow import check_targeting, held_down
from tactician.rulesets.miridon.battle.geometry import Tile, distance_ft, in_melee
from tactician.rulesets.miridon.battle.lasting_spells import BarrierKind, Lasting
from tactician.rulesets.miridon.battle.memo import Memo, Same
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.stances import shield_of, unit_pdr
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.derived import AIMED_BONUS
from tactician.rulesets.miridon.models import Weapon
from tactician.rulesets.miridon.racial_flairs import (
    AFFINITY_POOL,
    melee_boost_factor,
    nullifies,
    recovers,
)
from tactician.rulesets.miridon.spirit_battle.barriers import barrier_of
from tactician.rulesets.miridon.spirit_battle.enchantments import of_kind
from tactician.rulesets.miridon.spirit_battle.mech_units import is_mech
from tactician.rulesets.miridon.words import article

ActsAs = Literal["melee", "combo", "gun", "aimed"]
MELEE_KINDS = ("sword", "shield", "drill", "hammer", "grappling", "staff")  # L1798, C28
GUN_KINDS = ("pistol", "sniper_rifle", "shotgun", "tesla")  # L1824
MODIFIERS = ("power_attack", "crushing_blow", "true_strike", "spinning_strike",
             "whirlwind_strike", "shoot_through")
MODIFIER_NAMES = {"power_attack": "Power Attack", "crushing_blow": "Crushing Blow",
                  "true_strike": "True Strike", "spinning_strike": "Spinning Strike",
                  "whirlwind_strike": "Whirlwind Strike", "shoot_through": "Shoot Through"}
# which modifiers may ride on a bonus action (L2578, L2597, L2626, L2533, L2609)
ON_BONUS = {"power_attack": True, "crushing_blow": False, "true_strike": True,
            "spinning_strike": False, "whirlwind_strike": False, "shoot_through": False}
# the attacks each modifier is for (L2575, L2595, L2623, L2531, L2608)
FOR_KINDS = {"power_attack": ("melee", "combo"), "crushing_blow": ("melee", "combo"),
             "true_strike": ("melee", "combo", "gun", "aimed"),
             "spinning_strike": ("melee", "combo"), "whirlwind_strike": ("melee", "combo"),
             "shoot_through": ("gun", "aimed")}
EXCLUDES = {("power_attack", "crushing_blow"), ("crushing_blow", "true_strike"),  # L2586, L2602
            ("spinning_strike", "whirlwind_strike")}  # L2546, L2568


def weapon_damage(weapon: Weapon) -> tuple[int, int]:
    """``"1d6+1"`` -> (1, 1); ``"0"`` -> (0, 0); every weapon die of 004 is a d6."""
    text = weapon.damage.replace(" ", "")
    if "d" not in text:
        return 0, int(text)
    count, _, rest = text.partition("d6")
    return int(count or 1), int(rest) if rest else 0


@dataclass(frozen=True)
class Term:
    label: str
    value: int
    rule: str


@dataclass(frozen=True)
class AttackPlan:
    """Everything an attack will do before its dice: the spec and the explanation."""

    attacker: str
    target: str
    weapon: str
    acts_as: ActsAs
    bonus: bool  # a bonus action (Second, Third, Redouble, Riposte)
    modifiers: tuple[str, ...]
    power: int
    dodge: bool
    block_on_hit: int  # the block tier the defender takes on a hit (0: none)
    block_on_crit: int
    shield_block: bool
    spec: AttackSpec
    distance_ft: int
    to_hit_terms: tuple[Term, ...] = ()
    damage_terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def gun(self) -> bool:
        return self.acts_as in ("gun", "aimed")


def check_weapon(weapon: Weapon, acts_as: ActsAs) -> None:
    if acts_as in ("melee", "combo") and weapon.category not in MELEE_KINDS:
        raise RulesError(f"{article(acts_as)} attack needs a sword, shield, drill, hammer or "
                         f"grappling weapon, not {weapon.name} (004 L1798, L1810)")
    if acts_as in ("gun", "aimed") and weapon.category not in GUN_KINDS:
        raise RulesError(f"{article(acts_as)} attack needs a pistol, sniper rifle, shotgun or "
                         f"tesla, not {weapon.name} (004 L1824, L1836)")


def reach_ft(weapon: Weapon) -> int:
    """The farthest a weapon reaches: melee 5 ft (L1676), a gun its [Range] (L3520) or a
    sniper rifle its [Long Range] (L3534)."""
    if weapon.attack == "melee":
        return 5
    return weapon.long_range_ft or weapon.range_ft or 0


def check_range(options: BattleOptions, weapon: Weapon, acts_as: ActsAs, here: Tile,
                there: Tile, who: str = "the target") -> None:
    """"The target or targets of any action must be within the [Range] of the action"
    (L1700): a melee attack's 5 ft [Melee Range] (L1676, L1800), a gun's [Range] (L1674,
    L3520) or a sniper rifle's [Long Range] (L3534); the refusal names it. 004 gives an
    attack no other limit on where its target stands (no line of sight)."""
    distance = distance_ft(here, there, options)
    if acts_as in ("melee", "combo"):
        if not in_melee(here, there, options):
            raise RulesError(f"{who} is {distance} ft away, outside the 5 ft [Melee Range] "
                             "(004 L1676, L1800)")
    elif distance > reach_ft(weapon):
        raise RulesError(f"{who} is {distance} ft away, beyond the {weapon.name}'s "
                         f"{reach_ft(weapon)} ft range (004 L1700, L3534)")


def steady(unit: UnitState, block: int, options: BattleOptions) -> bool:
    """Steady Shot: no action "the previous [Action Block] or the current" (L3538)."""
    blocks = {block - 1, block} if options.steady_shot == "previous_and_this_block" else {block - 1}
    return not blocks & set(unit.active_blocks)


def guardian(state: MiridonBattle, target: UnitState, options: BattleOptions) -> int:
    """L173: the highest Guardian rank of a friend within 5 ft (ruling guardian_stacking)."""
    best = 0
    if not target.position:
        return best
    for side, uid, position, rank in guardians(state):
        if side != target.side or uid == target.id:
            continue
        if rank > best and distance_ft(position, target.position, options) <= 5:
            best = rank
    return best


def guardians(state: MiridonBattle) -> tuple[tuple[str, str, Tile, int], ...]:
    """The units that could raise a friend's Passive Evasion (L173): (side, id, square,
    Guardian rank) of each on the map and not down with a rank; most battles have none,
    and the AI asks ``guardian`` of every target from every square (issue 28), so they are
    found once a tuple of units (memoised by its identity)."""
    return _GUARDIANS.get(Same(state.units), lambda: tuple(
        (u.side, u.id, u.position, rank) for u in state.units
        if not u.down and u.position and (rank := u.profile.special("Guardian")) > 0))


_GUARDIANS: Memo[tuple[tuple[str, str, Tile, int], ...]] = Memo(256)


def flanking_friends(state: MiridonBattle, attacker: UnitState, target: UnitState,
                     options: BattleOptions) -> int:
    """L138: the attacker's friends in melee range of the target (Flanking's count)."""
    assert target.position is not None
    return sum(1 for u in state.units if u.side == attacker.side and u.id != attacker.id
               and not u.down and u.position and in_melee(u.position, target.position, options))


def evasions(state: MiridonBattle, target: UnitState, options: BattleOptions) -> tuple[int, int]:
    """(passive, active) of ``target`` now."""
    return (target.profile.passive_evasion + guardian(state, target, options),
            active_evasion(target))


def active_evasion(target: UnitState) -> int:
    """The Evasion after a Dodge (L1718): the sheet's Active Evasion; no friend's Guardian
    rank adds to it (L173 raises the Passive)."""
    return target.profile.active_evasion


def can_dodge(target: UnitState) -> bool:
    """Not while grappling or grappled (L2968-2970), nor unconscious (spec default), nor in
    the block it came up from the sand without Tremor Sense (a defensive action, L1520)."""
    return not target.down and not target.grappling and target.grappled_by is None \
        and not held_down(target)


def crit_from(unit: UnitState, weapon: Weapon, is_steady: bool) -> int | None:
    flairs = unit.profile
    if weapon.category == "shotgun":
        return 6 if flairs.has("Shotgun Critical Hit") else None  # L1070-1072
    low = 12
    if flairs.has("Advanced Critical Hit"):
        low = 11
        if flairs.has("Greater Critical Hit"):
            low = 10
    if weapon.category == "sniper_rifle" and is_steady and weapon.steady_shot_bonus:
        for flair, value in (("Sniper Rifle Critical Hit", 9),
                             ("Advanced Sniper Rifle Critical Hit", 8),
                             ("Greater Sniper Rifle Critical Hit", 7)):
            if flairs.has(flair):
                low = min(low, value)
    return low


def _tiered(unit: UnitState, names: tuple[str, str, str], multipliers: tuple[int, int, int]) -> int:
    best = 1
    for flair, factor in zip(names, multipliers, strict=True):
        if unit.profile.has(flair):
            best = factor
    return best


def build(
    state: MiridonBattle, book: Compendium, options: BattleOptions, attacker: UnitState,
    target: UnitState, weapon_name: str, acts_as: ActsAs, *, bonus: bool = False,
    modifiers: tuple[str, ...] = (), power: int = 0, dodge: bool = False,
    block_on_hit: int = 0, block_on_crit: int = 0, shield_block: bool = False,
    riposte: bool = False, margin_dice_extra: int = 0,
) -> AttackPlan:
    """The plan of ``attacker``'s attack on ``target``, or the refusal naming the rule."""
    weapon = book.weapon(attacker.profile.weapon(weapon_name).name)
    check_weapon(weapon, acts_as)
    if attacker.position is None or target.position is None:
        raise RulesError("both units must be on the map")
    if target.id == attacker.id:
        raise RulesError(f"{attacker.id} cannot attack itself")
    if target.status == "dead":
        raise RulesError(f"{target.id} is dead")
    check_targeting(attacker, target)  # Death Worm Burrow (L1518)
    distance = distance_ft(attacker.position, target.position, options)
    check_range(options, weapon, acts_as, attacker.position, target.position, target.id)
    for name in modifiers:
        if name not in MODIFIERS:
            raise RulesError(f"unknown attack modifier {name!r}; modifiers: {', '.join(MODIFIERS)}")
        if not attacker.profile.has(MODIFIER_NAMES[name]):
            raise RulesError(f"{attacker.id} lacks the {MODIFIER_NAMES[name]} flair "
                             "(004 L2527-2648)")
        label = MODIFIER_NAMES[name]
        if acts_as not in FOR_KINDS[name]:
            raise RulesError(f"{label} is for {' and '.join(FOR_KINDS[name])} attacks "
                             "(004 L2527-2648)")
        if bonus and not ON_BONUS[name]:
            raise RulesError(f"{label} cannot be added to a bonus action (004 L2597)")
    for pair in EXCLUDES:
        if set(pair) <= set(modifiers):
            raise RulesError(f"{MODIFIER_NAMES[pair[0]]} and {MODIFIER_NAMES[pair[1]]} cannot be "
                             "combined (004 L2586, L2602)")
    profile = attacker.profile
    sheet = profile.weapon(weapon.name).to_hit
    terms = [Term(f"{weapon.name} (weapon + talents)", sheet, "L1626, L292, L300, L405")]
    is_steady = weapon.category == "sniper_rifle" and steady(attacker, state.block, options)
    if acts_as == "aimed":
        terms.append(Term("Aimed Attack", AIMED_BONUS, "L1840"))
    if weapon.category == "sniper_rifle":
        band = 0 if distance <= (weapon.short_range_ft or 0) else (
            -2 if distance <= (weapon.medium_range_ft or 0) else -4)
        terms.append(Term(f"range band at {distance} ft", band, "L3532-3536"))
        if is_steady and weapon.steady_shot_bonus:
            terms.append(Term("Steady Shot Bonus", weapon.steady_shot_bonus, "L3538"))
    if power:
        if "power_attack" not in modifiers:
            raise RulesError("power=N needs the power_attack modifier")
        if not 1 <= power <= max(0, weapon.to_hit):
            raise RulesError(f"Power Attack gives up 1..{max(0, weapon.to_hit)} points (the "
                             f"weapon's To Hit Bonus, 004 L2580), not {power}")
        terms.append(Term("Power Attack", -power, "L2580"))
    elif "power_attack" in modifiers:
        raise RulesError("power_attack needs power=N, the To Hit points given up (004 L2580)")
    if riposte:
        terms.append(Term("Riposte rank", profile.special("Riposte"), "L2332"))
    guidance = attacker.condition("Guidance")
    if guidance is not None:
        terms.append(Term("Guidance", guidance.value, "L2134-2138"))
    passive, active = evasions(state, target, options)
    evasion = active if dodge else passive
    base_dice, base_bonus = weapon_damage(weapon)
    damage_terms = [Term(f"{weapon.name} {weapon.damage}", 0, "L1644")]
    bonus_dice, bonus_flat = 0, 0
    melee = acts_as in ("melee", "combo")
    flanking, spun = 0, False
    if melee:
        # Dragon Claw, Eldritch Grasp, Death Worm Body double it Unarmed (L1412, L1478, L1488)
        rank = profile.talent("Melee Boost") * melee_boost_factor(profile.flairs, weapon.name)
        if rank:
            bonus_dice += rank
            damage_terms.append(Term("Melee Boost", rank, "L294 (d6)"))
        # "The targets of a [Spinning Strike] receive no additional [Damage Dealt] from
        # [Charge]" (L2540), unless Charging Spinning Strike (L787)
        spun = bool({"spinning_strike", "whirlwind_strike"} & set(modifiers)) and \
            not profile.has("Charging Spinning Strike")
        if attacker.charge and not bonus and not spun:
            bonus_flat += weapon.weight * attacker.charge
            damage_terms.append(Term("Charge" if attacker.charge == 1 else "Fast Charge",
                                     weapon.weight * attacker.charge, "L1953, L1965"))
            bull = profile.special("Bull Rush")
            if bull:
                bonus_dice += bull
                damage_terms.append(Term("Bull Rush", bull, "L166 (d6)"))
        flank = profile.special("Flanking")
        if flank:
            friends = flanking_friends(state, attacker, target, options)
            if friends:
                flanking = flank * friends
                bonus_flat += flanking
                damage_terms.append(Term("Flanking", flank * friends, "L138"))
    else:
        gun_boost = 2 * profile.talent("Gun Boost")
        if gun_boost:
            bonus_flat += gun_boost
            damage_terms.append(Term("Gun Boost", gun_boost, "L302"))
    if power:
        bonus_dice += power
        damage_terms.append(Term("Power Attack", power, "L2582 (d6)"))
    margin_dice = margin_dice_extra + (1 if "crushing_blow" in modifiers else 0)
    margin_flat = 1 if "true_strike" in modifiers else 0
    reroll = 0
    strong = ("Strong Attack", "Advanced Strong Attack") if melee else ("Strong Shot",
                                                                        "Advanced Strong Shot")
    if profile.has(strong[0]):
        reroll = 2 if profile.has(strong[1]) else 1
    tesla = weapon.category == "tesla"
    reduction = target.profile.sdr if tesla else unit_pdr(book, target)
    crit_mode: Literal["double", "piercing", "sword"] = "double"
    if profile.has("Sword Critical Hit") and weapon.category == "sword":
        crit_mode = "sword"  # L966-968
    elif profile.has("Piercing Critical Hit"):
        crit_mode = "piercing"  # L921-923
    lasting, lasting_terms = lasting_of(attacker, target, weapon)
    extra: dict[str, object] = {**_on_hit(attacker, weapon, is_mech(target)), "lasting": lasting}
    if melee and profile.has("Redouble Specialist"):
        extra.update(_specialist(attacker, weapon, bonus, power, spun, flanking))
    spec = AttackSpec(
        to_hit=sum(t.value for t in terms), evasion=evasion,
        crit_from=crit_from(attacker, weapon, is_steady),
        bullets=weapon.bullets_per_shot or 0, strict=options.hit_comparison == "gt",
        base_dice=base_dice, base_bonus=base_bonus, bonus_dice=bonus_dice,
        bonus_flat=bonus_flat, margin_dice=margin_dice, margin_flat=margin_flat,
        reroll_up_to=reroll, reduction=reduction, crit_mode=crit_mode,
        bonus_doubles=options.bonus_doubles_on_crit, hp=target.hp,
        unconscious=target.status == "unconscious", dead_on_zero=options.dead_on_zero,
        **extra,  # type: ignore[arg-type]
    )  # the on-hit losses, the lasting spells, Redouble Specialist: one spec, built once
    damage_terms.extend(lasting_terms)
    plan = AttackPlan(attacker.id, target.id, weapon.name, acts_as, bonus, modifiers, power,
                      dodge, 0, 0, False, spec, distance, tuple(terms), tuple(damage_terms))
    return with_block(plan, book, target, block_on_hit, block_on_crit, shield_block)


def with_block(plan: AttackPlan, book: Compendium, target: UnitState, on_hit: int,
               on_crit: int, shield: bool) -> AttackPlan:
    """The plan with the defender's block tier on a hit (L1730): the PDR it adds over the
    stance it is in (a new block replaces the tier; ``block_pdr``)."""
    if tesla_on_sdr(plan, book, target):
        on_hit = on_crit = 0  # a block raises PDR; a tesla is reduced by SDR (L1658)
    held = shield_of(target, book) if shield else None
    extra, extra_crit = block_pdr(plan, book, target, on_hit, on_crit, shield)
    shield_block = bool(held) and bool(on_hit or on_crit)
    spec = plan.spec
    if (spec.block_pdr, spec.block_pdr_crit) != (extra, extra_crit):
        spec = replace(spec, block_pdr=extra, block_pdr_crit=extra_crit)
    elif (plan.block_on_hit, plan.block_on_crit, plan.shield_block) == (on_hit, on_crit,
                                                                        shield_block):
        return plan  # nothing changes (a new copy would be equal: issue 28's replace calls)
    return replace(plan, spec=spec, block_on_hit=on_hit, block_on_crit=on_crit,
                   shield_block=shield_block)


def block_pdr(plan: AttackPlan, book: Compendium, target: UnitState, on_hit: int,
              on_crit: int, shield: bool) -> tuple[int, int]:
    """The PDR a block of tier ``on_hit`` (``on_crit`` on a critical) adds over the stance
    the defender is in (L1730), on a hit and on a critical: ``with_block``'s numbers
    without a new plan (the AI weighs every tier: ``reactions.best_block``, issue 28)."""
    return block_pdr_of(plan.spec, plan.weapon, book, target, on_hit, on_crit, shield)


def block_pdr_of(spec: AttackSpec, weapon: str, book: Compendium, target: UnitState,
                 on_hit: int, on_crit: int, shield: bool) -> tuple[int, int]:
    """``block_pdr`` from the attack's spec and weapon, all of the plan it reads (so the
    defender's policy is memoised by them: ``reactions.policy``)."""
    from tactician.rulesets.miridon.battle.stances import TIERS, stance_pdr

    if _tesla_on_sdr_of(spec, weapon, book, target):
        return 0, 0  # a block raises PDR; a tesla is reduced by SDR (L1658)
    held = shield_of(target, book) if shield else None
    current = stance_pdr(book, target.stance, shield_of(target, book))

    def extra(tier: int) -> int:
        if tier == 0:
            return 0
        stance = TIERS[tier][2 if held else 1]
        return max(0, stance_pdr(book, stance, held) - current)

    return extra(on_hit), extra(on_crit)


def tesla_on_sdr(plan: AttackPlan, book: Compendium, target: UnitState) -> bool:
    return _tesla_on_sdr_of(plan.spec, plan.weapon, book, target)


def _tesla_on_sdr_of(spec: AttackSpec, weapon: str, book: Compendium,
                     target: UnitState) -> bool:
    """Whether a tesla reduced by SDR is attacking, which no block slows (L1658)."""
    return spec.reduction == target.profile.sdr and book.weapon(weapon).category == "tesla"


def _specialist(attacker: UnitState, weapon: Weapon, bonus: bool, power: int,
                spun: bool, flanking: int) -> dict[str, object]:
    """Redouble Specialist (L489-497): [True Strike], [Power Attack], [Critical Hit] and
    [Charge] are left out of the damage Redouble compares; Advanced (L501-509): also
    [Crushing Blow], [Combo Finisher] and [Fast Charge]; Greater (L513-521): also
    [Flanking] and [Bull Rush] ([Stealth Strike] is undefined, M24; [Backfire Critical
    Hit] is a spell's, part 3)."""
    profile = attacker.profile
    advanced = profile.has("Advanced Redouble Specialist")
    greater = advanced and profile.has("Greater Redouble Specialist")
    dice, flat = power, 0
    if attacker.charge and not bonus and not spun:
        if attacker.charge == 1 or advanced:
            flat += weapon.weight * attacker.charge
        if greater:
            dice += profile.special("Bull Rush")
    if greater:
        flat += flanking
    return {"track_counted": True, "excluded_dice": dice, "excluded_flat": flat,
            "excluded_margin_flat": True, "excluded_margin_dice": advanced,
            "count_crit": False}


def _on_hit(attacker: UnitState, weapon: Weapon, mech: bool = False) -> dict[str, int]:
    """Drill PDR damage (L3438, + the Techie's Mech Training rank L3440) - against a mech its
    [Mech Physical Damage Reduction Damage], + twice the Mech Training rank (L3442) -, hammer
    speed damage (L3460), tesla strength and speed damage (L3576-3578), with the critical
    multipliers of the owned flair tier (L983-1001: a Greater Drill Critical Hit multiplies
    the mech's by 5; L1008-1024, L1077-1093)."""
    found: dict[str, int] = {}
    if weapon.category == "drill":
        training = attacker.profile.special("Mech Training")
        found["pdr_damage"] = ((weapon.mech_pdr_damage or 0) + 2 * training) if mech else \
            (weapon.pdr_damage or 0) + training
        found["crit_multiplier_pdr"] = _tiered(
            attacker, ("Drill Critical Hit", "Advanced Drill Critical Hit",
                       "Greater Drill Critical Hit"), (2, 3, 5 if mech else 4))
    if weapon.category == "hammer":
        found["speed_damage"] = weapon.speed_point_damage or 0
        found["crit_multiplier_points"] = _tiered(
            attacker, ("Hammer Critical Hit", "Advanced Hammer Critical Hit",
                       "Greater Hammer Critical Hit"), (2, 3, 4))
    if weapon.category == "tesla":
        found["speed_damage"] = weapon.speed_point_damage or 0
        found["strength_damage"] = weapon.strength_point_damage or 0
        found["crit_multiplier_points"] = _tiered(
            attacker, ("Tesla Critical Hit", "Advanced Tesla Critical Hit",
                       "Greater Tesla Critical Hit"), (2, 3, 4))
    found.setdefault("crit_multiplier_pdr", 1)
    found.setdefault("crit_multiplier_points", 1)
    return found


def lasting_of(attacker: UnitState, target: UnitState, weapon: Weapon
               ) -> tuple[Lasting | None, list[Term]]:
    """The lasting spells the hit meets (L3326-3380): the target's barriers, the enchantments
    on the attacker's weapon (``Unarmed``: on the character, L3360); and their terms."""
    found: dict[str, object] = {}
    terms: list[Term] = []
    for name, key, rule in (("physical", "barrier", "L3347"), ("spell", "spell_barrier",
                                                                "L3334")):
        shield = barrier_of(target, name)
        if shield is not None:
            found[key] = shield.left
            terms.append(Term(f"{target.id}'s {name} barrier absorbs", shield.left, rule))
    elemental = of_kind(attacker, weapon.name, "elemental")
    if elemental is not None:
        found["elemental_flat"] = elemental.flat
        found["elemental_reduction"] = target.profile.sdr
        found["elemental_element"] = elemental.element
        if nullifies(target.profile.flairs, target.pools.get(AFFINITY_POOL, 0),
                     elemental.element):
            found["elemental_nullified"] = True
            if recovers(target.profile.flairs):
                found["elemental_recovers_to"] = target.profile.max_hp
                terms.append(Term(f"{target.id}'s Dragon Recovery heals the Elemental Weapon's "
                                  "1d6+flat before SDR", elemental.flat, "L1384"))
            terms.append(Term(f"{target.id}'s Dragon Elemental Affinity is "
                              f"{elemental.element}: the Elemental Weapon deals 0", 0, "L1376"))
        terms.append(Term(f"Elemental Weapon ({elemental.element or 'element'}) 1d6+"
                          f"{elemental.flat}, less SDR {target.profile.sdr}", elemental.flat,
                          "L3362"))
    vampiric = of_kind(attacker, weapon.name, "vampiric")
    if vampiric is not None:
        found["vampiric_flat"] = vampiric.flat
        terms.append(Term(f"Vampiric Weapon heals 1d6+{vampiric.flat}", vampiric.flat, "L3377"))
    if not found:
        return None, terms
    kind: BarrierKind = "spell" if weapon.category == "tesla" else "physical"  # L1658, L3334
    return Lasting(barrier_kind=kind, **found), terms  # type: ignore[arg-type]
