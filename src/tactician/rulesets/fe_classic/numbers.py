"""002's ten lost formulas, restored from FE8's battle code (spec §2.12).

The formula images after 002 L61, L65, L86, L95, L107, L115, L124, L130, L148
and L150 are lost; the words around each survive and pin it down, and FE8's
battle code (fireemblem8u ``src/bmbattle.c``) gives the formula the words
describe. Each function cites both; each constant is an option
(``ClassicOptions``). Halves round down (GBA integer division, G2-37).
"""

from __future__ import annotations

from tactician.rulesets.contract.modifiers import Modifier, clamp_terms, total
from tactician.rulesets.fe_classic.combatant import Combatant
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_common.compendium import FE8Weapon
from tactician.rulesets.fe_common.triangle import advantage


def attack_speed(c: Combatant) -> int:
    """Lost formula 1 (after L61): AS = Spd − max(0, Wt − Con), never below 0.

    002 L63-64 "The minimum value for both the subvalue (Weapon Weight – Con), as
    well as the overall result, is 0." FE8 ``ComputeBattleUnitSpeed``.
    """
    weight = c.weapon.weight if c.weapon is not None else 0
    return max(0, c.spd - max(0, weight - c.con))


def doubles(me: Combatant, other: Combatant, options: ClassicOptions) -> bool:
    """Lost formula 2 (after L65): a unit strikes twice when its AS ≥ the enemy's AS + 4.

    002 L65 "The following formula is used to determine whether the unit will
    attack twice." FE8 ``BattleGetFollowUpOrder`` (threshold 4, option
    ``double_threshold``); either side may double (``defender_doubles``, G2-13).
    """
    return attack_speed(me) - attack_speed(other) >= options.double_threshold


def triangle(me: Combatant, other: Combatant, options: ClassicOptions) -> tuple[int, int]:
    """(hit, might) from the weapon and arcane triangles.

    002 L78-81 "Swords are superior to Axes; Axes are superior to Lances; Lances
    are superior to Swords. Bows are not weak or strong against any weapon." /
    "Anima is strong against Light, Light is strong against Darkness, and
    Darkness is strong against Anima."; L90-91 "+15 if you are using a superior
    weapon type compared to the enemy, -15 if you are using an inferior weapon
    type"; L127-128 "+1 if you are using a superior weapon or magic type, -1 if
    you are using an inferior weapon or magic type." A reaver weapon (FE8
    ``IA_REVERTTRIANGLE``) on one side only reverses and doubles both
    (``BattleApplyReaverEffect``; ruling ``reaver_reversal``).
    """
    if me.weapon is None or other.weapon is None:
        return 0, 0
    side = advantage(me.weapon.type, other.weapon.type)
    if options.reaver_reversal and me.weapon.reverse_triangle != other.weapon.reverse_triangle:
        side *= -2
    return side * options.triangle_hit, side * options.triangle_might


def accuracy(me: Combatant, other: Combatant, options: ClassicOptions) -> int:
    """Lost formula 3 (after L86): Acc = Wpn Hit + 2×Skl + ⌊Lck/2⌋ + triangle + S rank.

    002 L86 "The following formula is used to determine your attack accuracy.",
    then its terms: L90-91 the triangle ±15 and L92 "The S rank bonus is +5,
    unless otherwise stated." FE8 ``ComputeBattleUnitHitRate`` and
    ``ComputeBattleUnitWeaponRankBonuses``.
    """
    return total(accuracy_terms(me, other, options))


def accuracy_terms(me: Combatant, other: Combatant, options: ClassicOptions
                   ) -> tuple[Modifier, ...]:
    """``accuracy``'s terms (lost formula 3, after 002 L86), each with its words."""
    assert me.weapon is not None
    s_rank = options.s_rank_hit if me.s_rank else 0
    lost = "002 L86 (lost formula 3, FE8 ComputeBattleUnitHitRate)"
    return (
        Modifier("hit", me.weapon.hit, f"{me.weapon.name} Hit", lost),
        Modifier("hit", 2 * me.skl, "Skill x2", lost),
        Modifier("hit", me.lck // 2, "Luck / 2", lost),
        Modifier("hit", triangle(me, other, options)[0], "weapon triangle",
                 '002 L90-91: "+15 if you are using a superior weapon type"'),
        Modifier("hit", s_rank, "S rank", '002 L92: "The S rank bonus is +5"'),
    )


def terrain_applies(c: Combatant, options: ClassicOptions) -> bool:
    """Every unit on a tile gets its boosts (002 makes no exception); GBA: fliers none."""
    return c.tile is not None and (c.unit_type != "flier" or options.fliers_get_terrain_bonus)


def avoid(c: Combatant, options: ClassicOptions) -> int:
    """Lost formula 4 (L95 "Avoid ="): Avo = 2×AS + Lck + terrain avoid, never below 0.

    002 L94-95 "Avoid is calculated like so. Avoid ="; the table's "Avoid Boost"
    (L175) must enter it. FE8 ``ComputeBattleUnitAvoidRate`` (negative boosts
    such as Ice −15 are added as they are, G2-28).
    """
    boost = c.tile.avoid if terrain_applies(c, options) and c.tile is not None else 0
    return max(0, 2 * attack_speed(c) + c.lck + boost)


def hit_chance(me: Combatant, other: Combatant, options: ClassicOptions) -> int:
    """The chance to hit: accuracy − the enemy's avoid (unclamped: over 100 hits outright).

    002 L96-97 "You must then determine the chance to hit by taking the enemies
    avoid from your units accuracy. If the result is over 100, you automatically hit".
    """
    return total(hit_terms(me, other, options))


def hit_terms(me: Combatant, other: Combatant, options: ClassicOptions
              ) -> tuple[Modifier, ...]:
    """``hit_chance``'s terms: the accuracy's, then the enemy's avoid (002 L96-97)."""
    return (*accuracy_terms(me, other, options),
            Modifier("hit", -avoid(other, options), f"{other.name}'s Avoid",
                     '002 L96-97: "taking the enemies avoid from your units accuracy"'))


def crit_rate(me: Combatant, options: ClassicOptions) -> int:
    """Lost formula 5 (after L107): Crit = Wpn Crit + ⌊Skl/2⌋ + class bonus + S rank.

    002 L107 "Critical Accuracy is determined by various factors, as displayed
    below."; L110-111 "Critical bonus is class related. Some classes gain a
    natural critical bonus, such as Myrmidons and Berserkers. The S rank Bonus is
    +5, unless otherwise stated."; L112 "Some weapons always have a critical rate
    of 0." (``no_crit``). FE8 ``ComputeBattleUnitCritRate`` (+15 ``CA_CRITBONUS``).
    """
    return total(crit_rate_terms(me, options))


def crit_rate_terms(me: Combatant, options: ClassicOptions) -> tuple[Modifier, ...]:
    """``crit_rate``'s terms (lost formula 5, after 002 L107); none for a weapon that
    always has a critical rate of 0 (L112)."""
    weapon = me.weapon
    assert weapon is not None
    if weapon.no_crit:
        return ()
    s_rank = options.s_rank_crit if me.s_rank else 0
    lost = "002 L107 (lost formula 5, FE8 ComputeBattleUnitCritRate)"
    return (
        Modifier("crit", weapon.crit, f"{weapon.name} Crit", lost),
        Modifier("crit", me.skl // 2, "Skill / 2", lost),
        Modifier("crit", me.crit_bonus, "class critical bonus",
                 '002 L110: "Critical bonus is class related"'),
        Modifier("crit", s_rank, "S rank", '002 L111: "The S rank Bonus is +5"'),
    )


def crit_avoid(c: Combatant) -> int:
    """Lost formula 6 (after L115): critical avoid = Lck.

    002 L113-115 "The enemy has a critical avoid chance, as well. To determine the
    total critical rate, the enemies critical avoid chance must be subtracted from
    the attacking units critical accuracy." FE8 ``ComputeBattleUnitDodgeRate``.
    """
    return c.lck


def crit_chance(me: Combatant, other: Combatant, options: ClassicOptions) -> int:
    """The total critical rate: crit − the enemy's crit avoid, 0..100 (FE8 clamps)."""
    return total(crit_terms(me, other, options))


def crit_terms(me: Combatant, other: Combatant, options: ClassicOptions
               ) -> tuple[Modifier, ...]:
    """``crit_chance``'s terms: the crit rate's, the enemy's crit avoid (L113-115), and
    the term that keeps it in 0..100."""
    terms = (*crit_rate_terms(me, options),
             Modifier("crit", -crit_avoid(other), f"{other.name}'s critical avoid",
                      '002 L114-115: "the enemies critical avoid chance must be subtracted"'))
    return clamp_terms("crit", terms, 0, 100, "FE8 clamps the critical rate to 0..100")


def effective(weapon: FE8Weapon, target: Combatant) -> bool:
    """002 L129 "Effective Bonus will be explained in the “Weapon Types” section." (lost);
    FE8's lists: a weapon's ``effective`` tags against the target's class tags."""
    return any(tag in target.tags for tag in weapon.effective)


def attack(me: Combatant, other: Combatant, options: ClassicOptions) -> int:
    """Lost formula 7 (after L124): Atk = Str/Mag + (Mt + triangle ±1) × effective bonus.

    002 L124 "Attack is calculated using strength or magic depending on class or
    weapon."; L127-129 the triangle ±1 and "Effective Bonus" (×3, option
    ``effective_multiplier``). FE8 ``ComputeBattleUnitAttack``.
    """
    weapon = me.weapon
    assert weapon is not None
    might = max(0, weapon.might + triangle(me, other, options)[1])
    if effective(weapon, other):
        might *= options.effective_multiplier
    return me.pow + might


def defence(target: Combatant, magic: bool, options: ClassicOptions) -> int:
    """Lost formula 8, its defence (after L130): Def + terrain Def, or against magic
    Res + the terrain's Res (the Throne's "+5 resistance", L430-432).

    002 L130 "subtract your opponent’s defensive ability from it." FE8
    ``ComputeBattleUnitDefense`` (``terrainResistance`` against magic; ruling
    ``terrain_def_vs_magic`` adds the Defense Boost too).
    """
    tile = target.tile if terrain_applies(target, options) else None
    if not magic:
        return target.def_ + (tile.defense if tile else 0)
    boost = (tile.resistance + (tile.defense if options.terrain_def_vs_magic else 0)
             if tile else 0)
    return target.res + boost


def damage(me: Combatant, other: Combatant, crit: bool, options: ClassicOptions) -> int:
    """Lost formula 8 (after L130): Dmg = max(0, Atk − defence); a crit ×3 after that.

    002 L131-133 "And then you have the total damage dealt."; L106 "If successful,
    the attack inflicts three times more damage." (×3 of the final damage, option
    ``crit_multiplier``, G2-07). FE8 ``BattleGenerateHitAttributes``.
    """
    base = max(0, attack(me, other, options) - defence(other, me.magic, options))
    return base * options.crit_multiplier if crit else base


def staff_accuracy(me: Combatant) -> int:
    """Lost formula 9 (after L148): staff accuracy = 5×Mag + Skl + 30.

    002 L146-148 "Offensive staves (Status inflicting staves, generally) have their
    own accuracy and avoid formulae. Stave accuracy is as follows." FE8
    ``GetOffensiveStaffAccuracy`` (its attacker's part).
    """
    return 5 * me.pow + me.skl + 30


def staff_avoid(target: Combatant, distance: int) -> int:
    """Lost formula 10 (after L150): staff avoid = 5×Res + 2×distance.

    002 L150-152 "Stave avoid is worked out as below. ... Where distance is the
    number of tiles between you and your foe." (Manhattan, adjacent = 1, G2-18).
    FE8 ``GetOffensiveStaffAccuracy`` (its target's part).
    """
    return 5 * target.res + 2 * distance


def staff_chance(me: Combatant, target: Combatant, distance: int) -> int:
    """Staff accuracy − staff avoid, clamped 0..100 as FE8 does (``staff_terms``)."""
    return total(staff_terms(me, target, distance))


def staff_terms(me: Combatant, target: Combatant, distance: int) -> tuple[Modifier, ...]:
    """``staff_chance``'s terms: the staff accuracy, the target's staff avoid, the bound."""
    terms = (
        Modifier("hit", staff_accuracy(me), "staff accuracy",
                 "002 L146-148 (lost formula 9: 5 x Mag + Skl + 30)"),
        Modifier("hit", -staff_avoid(target, distance), f"{target.name}'s staff avoid",
                 "002 L150-152 (lost formula 10: 5 x Res + 2 x distance)"),
    )
    return clamp_terms("hit", terms, 0, 100, "FE8 clamps the staff chance to 0..100")
