"""Tropera's combat numbers: Hit, Avoid, Critical, Critical Avoid, Damage,
attack speed and the number of attacks.

Source: 000, the formula list after "If an attack successfully hits":
"Hit: (2x Skill) + (Luck) + (Weapon Accuracy) + (Proficiency Bonus) + (Perform
Bonus) + (Other Bonuses)", "Avoidance: (2x Speed) + (Luck) + (Terrain Bonus) +
(Other Bonuses)", "Critical Hit: (Skill /2) + (Bonuses)", "Critical Avoidance:
(Luck) + (Bonuses)", "Damage: (Attacker's [Strength if Physical, Magic if
Magical] + [Equipped Weapon Might {x3 if Effective}] + Proficiency Bonus +
Other Bonuses) - (Target's [Defense if Physical, Resistance if Magical] +
Terrain Bonus + Other Bonuses)", "Heavy Armor/Resistant: (Damage) /2",
"Critical Hit Damage: 3x Damage". The feats that change a number cite their
own words below. Every function here is shared by the character sheet, the
forecast and the resolution.
"""

from __future__ import annotations

from tactician.rulesets.contract.modifiers import Modifier, total
from tactician.rulesets.tropera.combatant import Combatant
from tactician.rulesets.tropera.gear import WeaponLike
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.proficiency import PROFICIENCY_OF, rank_bonus, s_plus
from tactician.rulesets.tropera.stats import rank_index

CRIPPLED_PENALTY = 10  # 000: "-10 penalty to their Hit, Avoid, Critical, and Critical Avoid"
NATURAL_TYPES = frozenset({"claws", "talons", "bite", "martial"})


def half(value: int, options: TroperaOptions) -> int:
    """Halve per the ``halves`` ruling (floor by default)."""
    return value // 2 if options.halves == "floor" else -(-value // 2)


def _crippled(unit: Combatant) -> int:
    return CRIPPLED_PENALTY if "crippled" in unit.situation.statuses else 0


def _clip(unit: Combatant, weapon: WeaponLike) -> tuple[int, int, int]:
    """Clip bonuses (might, accuracy, critical). 000: laguz natural weapons are
    enhanced "by equipping magical accessories called clips"; Martial Artist's
    unarmed attack is "modified by equipping Clips"."""
    if unit.clip is None or weapon.type not in NATURAL_TYPES:
        return (0, 0, 0)
    return (unit.clip.might, unit.clip.accuracy, unit.clip.critical)


def _focus_steps(unit: Combatant, proficiency: str | None) -> int:
    """Focus: "+2 Proficiency Bonus ... You gain this bonus again with every rank
    you have in this proficiency" (D counts as the first rank)."""
    if not unit.has("Focus") or proficiency is None or unit.focus != proficiency:
        return 0
    rank = unit.ranks.get(proficiency)
    return rank_index(rank) + 1 if rank else 0


def effective_stat(unit: Combatant, stat: str) -> int:
    """A stat with situational changes. Overload: "your Magic stat doubles for
    the duration of your next phase"."""
    value = unit.stats[stat]
    if stat == "mag" and "overload" in unit.situation.statuses:
        value *= 2
    return value


L67 = '000 L67: "Hit: (2x Skill) + (Luck) + (Weapon Accuracy) + (Proficiency Bonus)"'
CRIPPLED_RULE = '000 L255: "A Crippled character suffers a -10 penalty"'


def hit_terms(unit: Combatant, weapon: WeaponLike) -> tuple[Modifier, ...]:
    """The unit's Hit with ``weapon``, term by term (000 L67). Sure Strike: "Your
    Skill now counts toward your Accuracy 3x instead of 2x" (L117)."""
    skill_times = 3 if unit.has("Sure Strike") else 2
    bonus = rank_bonus(weapon.type, unit.rank_for(weapon))
    skill_rule = ('000 L117 Sure Strike: "3x instead of 2x"' if skill_times == 3 else L67)
    return (
        Modifier("hit", skill_times * unit.stats["skl"], f"Skill x{skill_times}", skill_rule),
        Modifier("hit", unit.stats["lck"], "Luck", L67),
        Modifier("hit", weapon.accuracy, f"{weapon.name} accuracy", L67),
        Modifier("hit", bonus.accuracy, "proficiency rank", L67),
        Modifier("hit", _clip(unit, weapon)[1], "clip",
                 '000 L102: "modified by equipping Clips"'),
        Modifier("hit", -_crippled(unit), "crippled", CRIPPLED_RULE),
    )


def hit(unit: Combatant, weapon: WeaponLike) -> int:
    """The unit's Hit with ``weapon``: the sum of ``hit_terms``."""
    return total(hit_terms(unit, weapon))


def benefits_from_terrain(unit: Combatant) -> bool:
    """Flying Mount and bird laguz "do not benefit from terrain bonuses";
    Touch and Go: "Your flying mount now gains the benefits of terrain bonuses"."""
    flier = unit.has("Flying Mount") or (unit.kind == "laguz-bird" and unit.transformed)
    return not flier or unit.has("Touch and Go")


def terrain_avoid(unit: Combatant) -> int:
    """Terrain avoid; Guerilla: "You gain an additional 10 Avoid ... from terrain
    that confers the same benefit"."""
    if not benefits_from_terrain(unit) or unit.situation.terrain_avoid == 0:
        return 0
    extra = 10 if unit.has("Guerilla") and unit.situation.terrain_avoid > 0 else 0
    return unit.situation.terrain_avoid + extra


def avoid(unit: Combatant, guard_break: int = 0) -> int:
    """The unit's Avoidance.

    Miracle: "Doubles the effect of Luck on your Avoidance". Defend: "adding your
    Skill to your Avoidance". Staff and Perform S rank: "+5 Avoidance"; Focus on
    Staff or Perform: "+2 Avoidance" per rank (both read as always on: rulings).
    Grappled: "their avoidance is halved (not including terrain bonuses)".
    Carrying a passenger: "your avoidance is halved". Crippled: -10. Guard Break:
    "their Avoidance is reduced by half your Strength" (``guard_break``).
    """
    luck = unit.stats["lck"] * (2 if unit.has("Miracle") else 1)
    base = 2 * unit.stats["spd"] + luck
    if unit.situation.defending:
        base += unit.stats["skl"]
    for proficiency in ("staff", "perform"):
        rank = unit.ranks.get(proficiency)
        if rank and rank_index(rank) >= 4:
            base += 5
        base += 2 * _focus_steps(unit, proficiency)
    if "grappled" in unit.situation.statuses:
        base //= 2
    value = base + terrain_avoid(unit)
    if unit.situation.carrying:
        value //= 2
    return value - _crippled(unit) - max(guard_break, unit.situation.guard_broken)


def crit_terms(unit: Combatant, weapon: WeaponLike, options: TroperaOptions
               ) -> tuple[Modifier, ...]:
    """The unit's Critical Hit, term by term: Skill/2 (000 L72 "Critical Hit: (Skill
    /2) + (Bonuses)") + weapon Critical + rank bonuses (S "+5 Critical Hit", S+4
    "+15 Critical Hit Chance") + Focus ("+2 ... to Critical Hit if the proficiency
    is a weapon", per rank) - crippled."""
    proficiency = PROFICIENCY_OF.get(weapon.type)
    bonus = rank_bonus(weapon.type, unit.rank_for(weapon))
    focus = 2 * _focus_steps(unit, proficiency) if proficiency not in ("staff", None) else 0
    l72 = '000 L72: "Critical Hit: (Skill /2) + (Bonuses)"'
    return (
        Modifier("crit", half(unit.stats["skl"], options), "Skill / 2", l72),
        Modifier("crit", weapon.critical, f"{weapon.name} critical", l72),
        Modifier("crit", bonus.critical, "proficiency rank", '000: S "+5 Critical Hit"'),
        Modifier("crit", focus, "Focus",
                 '000 Focus: "+2 ... to Critical Hit if the proficiency is a weapon"'),
        Modifier("crit", _clip(unit, weapon)[2], "clip",
                 '000 L102: "modified by equipping Clips"'),
        Modifier("crit", -_crippled(unit), "crippled", CRIPPLED_RULE),
    )


def crit(unit: Combatant, weapon: WeaponLike, options: TroperaOptions) -> int:
    """The unit's Critical Hit: the sum of ``crit_terms``."""
    return total(crit_terms(unit, weapon, options))


def crit_avoid(unit: Combatant) -> int:
    """Critical Avoidance: "(Luck) + (Bonuses)"; crippled -10."""
    return unit.stats["lck"] - _crippled(unit)


def attack_speed(unit: Combatant, weapon: WeaponLike | None, options: TroperaOptions) -> int:
    """000 compares "Attack Speed" with Speed without defining it; the ruling
    ``attack_speed`` picks Speed (default) or Speed - max(0, Weight - Str)."""
    speed = unit.stats["spd"]
    if options.attack_speed == "speed_minus_weight_over_str" and weapon is not None:
        speed -= max(0, weapon.weight - unit.stats["str"])
    return speed


def targets_resistance(weapon: WeaponLike) -> bool:
    """Magic tomes, magic weapons and Dragon's Breath ("Resistance as its
    defending stat") target Resistance."""
    return weapon.is_magic or weapon.type == "breath"


def damage_stat(unit: Combatant, weapon: WeaponLike, options: TroperaOptions) -> int:
    """The attacking stat plus War Mage's share.

    Dragon's Breath: "using your character level as its damage stat". War Mage:
    "add half of your magic to your damage when attacking with physical weapons,
    and half of your strength when attacking with magic tomes. Magic weapons use
    100% of both."
    """
    strength, magic = unit.stats["str"], effective_stat(unit, "mag")
    if weapon.type == "breath":
        return unit.level
    if weapon.magic_weapon:
        return magic + (strength if unit.has("War Mage") else 0)
    if weapon.is_magic:
        return magic + (half(strength, options) if unit.has("War Mage") else 0)
    return strength + (half(magic, options) if unit.has("War Mage") else 0)


def might(unit: Combatant, weapon: WeaponLike, target: Combatant | None) -> int:
    """Weapon Might (x3 if effective against the target) + rank and clip bonuses."""
    # most weapons are effective against nothing: the target's tags are not read then
    effective = bool(weapon.effective) and target is not None and bool(
        set(weapon.effective) & target.tags
    )
    base = weapon.might * (3 if effective else 1)
    return base + rank_bonus(weapon.type, unit.rank_for(weapon)).might + _clip(unit, weapon)[0]


def defense(unit: Combatant, against_resistance: bool, options: TroperaOptions) -> int:
    """Def or Res + terrain defense (Guerilla "+1 Defense" from such terrain) +
    Mage Armor ("a bonus to your defense equal to half of your base resistance,
    and a bonus to your resistance equal to half your base defense")."""
    stat = "res" if against_resistance else "def"
    value = unit.stats[stat]
    if unit.has("Mage Armor"):
        other = unit.stats["def" if against_resistance else "res"]
        value += half(other, options)
    if benefits_from_terrain(unit) and unit.situation.terrain_defense:
        value += unit.situation.terrain_defense
        if unit.has("Guerilla") and unit.situation.terrain_defense > 0:
            value += 1
    return value


def halves_damage(target: Combatant, against_resistance: bool) -> bool:
    """Heavy Armor: "half damage from attacks targeting Defense"; Resistant:
    "half damage from attacks targeting Resistance"; dragon scales (Laguz:
    Dragon in beast form, or Anthropomorph dragon in humanoid form): "reduce the
    damage you take from physical attacks by half"."""
    if against_resistance:
        return target.has("Resistant")
    dragon_scales = target.kind == "laguz-dragon" and (
        target.transformed or target.has("Anthropomorph")
    )
    return target.has("Heavy Armor") or dragon_scales


def damage(
    unit: Combatant, weapon: WeaponLike, target: Combatant, options: TroperaOptions
) -> tuple[int, int]:
    """(normal damage, critical damage) of one hit.

    Pierce: "Your attacks with Weapons and Magic Weapons cannot deal less damage
    than the weapon's Might value" (not tomes). Staves deal no damage here: a
    hostile staff's effect is its status.
    """
    if weapon.is_staff:
        return (0, 0)
    against_res = targets_resistance(weapon)
    raw = max(
        0,
        damage_stat(unit, weapon, options)
        + might(unit, weapon, target)
        - defense(target, against_res, options),
    )
    halved = halves_damage(target, against_res)
    normal = half(raw, options) if halved else raw
    if options.crit_after_halving:
        critical = 3 * normal
    else:
        critical = half(3 * raw, options) if halved else 3 * raw
    if unit.has("Pierce") and (not weapon.is_magic or weapon.magic_weapon):
        normal = max(normal, weapon.might)
        critical = max(critical, weapon.might)
    return normal, critical


def in_range(weapon: WeaponLike | None, unit: Combatant, distance: int) -> bool:
    """000 Range: "A character who is attacked from a range which their equipped
    weapon cannot target does not get to make any attacks". Bows S+: "Your
    minimum range with all bows becomes 1"."""
    if weapon is None or weapon.heal is not None:
        return False
    low, high = weapon.range
    if weapon.type == "bow" and s_plus(unit.rank_for(weapon)) >= 1:
        low = min(low, 1)
    return low <= distance <= high


def attack_count(
    unit: Combatant,
    weapon: WeaponLike | None,
    opponent: Combatant,
    opponent_weapon: WeaponLike | None,
    *,
    is_target: bool,
    options: TroperaOptions,
) -> int:
    """Number of attacks in an Attack Sequence (000 "each participant's total
    number of attacks are totaled based on the following").

    Speed: "If either character's Speed is 4 or more points higher than the
    other's, that character gain an Extra Attack" / "(Attacker's Attack Speed) >=
    (Target's Speed +4)"; Heavy: "do not benefit from Speed for Extra Attacks";
    Staves: "do not benefit from Extra Attacks"; Adept: "an Extra Attack whenever
    your Skill is 4+ higher than your target's"; Brave: "always grant an Extra
    Attack"; Reckless: "an Extra Attack to all of your Attack Sequences, but you
    take an Extra Attack from all enemies that attack you"; Sentinel: "While
    defending, you gain an extra strike to all your counterattacks"; S+3: "All of
    your Attack Sequences with this weapon type gain an Extra Attack"; Wary:
    "Reduces the number of strikes you are subject to ... by 1 (minimum 1)"; Ice
    breath: "Reduces the target's attacks per combat by 1 (minimum of 1)";
    Slowed (Frost Tome): denies the Speed Extra Attack (ruling).
    """
    if weapon is None:
        return 0
    if weapon.is_staff:
        return 1
    count = 1
    slowed = "slowed" in unit.situation.statuses and options.slowed_denies_speed_extra
    fast = attack_speed(unit, weapon, options) >= opponent.stats["spd"] + 4
    if fast and not weapon.heavy and not slowed:
        count += 1
    if unit.has("Adept") and unit.stats["skl"] >= opponent.stats["skl"] + 4:
        count += 1
    if weapon.brave:
        count += 1
    if unit.has("Reckless"):
        count += 1
    if opponent.has("Reckless") and options.reckless_grants_counterattackers:
        count += 1
    if is_target and unit.has("Sentinel") and unit.situation.defending:
        count += 1
    if s_plus(unit.rank_for(weapon)) >= 3:
        count += 1
    if opponent.has("Wary"):
        count = max(1, count - 1)
    if opponent_weapon is not None and opponent_weapon.name.startswith("Dragon's Breath (Ice)"):
        count = max(1, count - 1)
    return count
