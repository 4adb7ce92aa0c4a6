"""A unit's numbers as its conditions and wounds change them.

Each function cites the words it follows. Derived conditions (a permanently
Deafened unit with both ears lost...) are answered by ``has``, so a rule asks one
question whatever the cause.
"""

from __future__ import annotations

from tactician.rulesets.uesrpg.locations import ARMS, EARS, EYES, LEGS, BodyPart
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState, ConditionName


def crippled_parts(unit: CombatState) -> frozenset[BodyPart]:
    """Parts crippled by an unhealed wound or a Crippled Body Part condition."""
    parts: set[BodyPart] = set()
    for wound in unit.wounds:
        parts.update(wound.crippled)
    for condition in unit.conditions_named("Crippled Body Part"):
        if condition.where:
            parts.add(condition.where)  # type: ignore[arg-type]
    return frozenset(parts)


def impaired_parts(unit: CombatState) -> frozenset[BodyPart]:
    """Lost or crippled parts. 003 Crippled Body Part: "Suffers the same penalties as
    if lost." """
    return unit.lost | crippled_parts(unit)


def _both(parts: frozenset[BodyPart], pair: tuple[BodyPart, BodyPart]) -> bool:
    return pair[0] in parts and pair[1] in parts


def _any(parts: frozenset[BodyPart], pair: tuple[BodyPart, BodyPart]) -> bool:
    return pair[0] in parts or pair[1] in parts


def has(unit: CombatState, name: ConditionName) -> bool:
    """Whether ``unit`` is under ``name``, counting the permanent consequences of lost
    (or crippled) parts. 003 Lost Body Part: "Both ears lost = permanently Deafened",
    "Both eyes lost = permanently Blinded", "Lost Foot-Leg - permanently Slowed ...
    Both legs lost = permanently Immobilized"."""
    if unit.condition(name) is not None:
        return True
    parts = impaired_parts(unit)
    if name == "Deafened":
        return _both(parts, EARS)
    if name == "Blinded":
        return _both(parts, EYES)
    if name == "Immobilized":
        return _both(parts, LEGS)
    if name == "Slowed":
        return _any(parts, LEGS)
    return False


def cannot_wield(unit: CombatState) -> bool:
    """003 Lost Hand-Arm: "Both hands lost = cannot wield weapons"."""
    return _both(impaired_parts(unit), ARMS)


def one_arm(unit: CombatState) -> bool:
    """003 Lost Hand-Arm: "cannot use two-handed weapons or shields (if whole arm)"."""
    return _any(impaired_parts(unit), ARMS)


def organ_damage(unit: CombatState) -> bool:
    """003 Lost Body Part, Organ Damage ("heal at half speed, reduce SP max and WT by
    1"); a crippled body counts the same ("Use ... Organ Damage for body")."""
    return "organs" in impaired_parts(unit)


def strength_bonus(unit: CombatState) -> int:
    """SB, +1 while Frenzied (003: "+3 WT, +1 SB, +1 SP")."""
    return unit.profile.bonus("strength") + (1 if unit.condition("Frenzied") else 0)


def bonus(unit: CombatState, name: str) -> int:
    """A characteristic bonus by name (``SB``, ``EB``...), as conditions change it."""
    if name == "SB":
        return strength_bonus(unit)
    return unit.profile.bonus(name)


def wound_threshold(unit: CombatState, options: UesrpgOptions) -> int:
    """WT = SB + EB + WB (core), with 003's changes: Frenzied "+3 WT" (its +1 SB is
    not counted again), Bleeding "Reduce WT by 1" (``bleeding_wt``: once, or per
    instance), Organ Damage "reduce SP max and WT by 1"."""
    wt = unit.profile.base_wound_threshold
    if unit.condition("Frenzied"):
        wt += 3
    bleeding = unit.condition("Bleeding")
    if bleeding is not None:
        wt -= bleeding.count if options.bleeding_wt == "per_instance" else 1
    if organ_damage(unit):
        wt -= 1
    return wt


def max_stamina(unit: CombatState) -> int:
    """Stamina = EB (core); Organ Damage: "reduce SP max ... by 1"."""
    return unit.profile.max_stamina - (1 if organ_damage(unit) else 0)


def fatigue_level(unit: CombatState) -> int:
    """Core: "Fatigue comes from stamina below 0: each point below is one level"
    (plus levels given directly)."""
    return max(0, -unit.sp) + unit.fatigue_extra


def passive_wounds(unit: CombatState) -> int:
    """How many wounds' passive effects apply now: none while Frenzied (003: "Immune to
    ... passive wound effects") or under magical relief (003: "magical healing also
    temporarily removes wound passive effects")."""
    if unit.condition("Frenzied") or unit.relief > 0:
        return 0
    return sum(1 for w in unit.wounds if w.passive)


def wound_penalty_count(unit: CombatState, options: UesrpgOptions) -> int:
    """Wounds whose "-20 to all tests" and "-2 to future initiative rolls" count
    (``wound_penalties``: each wound, or once however many)."""
    count = passive_wounds(unit)
    return min(count, 1) if options.wound_penalties == "once" else count


def initiative_rating(unit: CombatState, options: UesrpgOptions) -> int:
    """AB + IB + PcB (core), "-2 to future initiative rolls" per wound (003)."""
    return unit.profile.initiative_rating - 2 * wound_penalty_count(unit, options)


def speed(unit: CombatState) -> int:
    """Speed = SB + 2*AB (core). 0 when the unit cannot move (Immobilized: "Cannot
    move"; Restrained: "Cannot move"; Paralyzed: "Cannot move any body part";
    Unconscious; dead). Slowed and Entangled: "Speed halved (round up)" — halved
    once, however many of them apply."""
    if unit.dead or any(
        has(unit, name) for name in ("Immobilized", "Restrained", "Paralyzed", "Unconscious")
    ):
        return 0
    value = strength_bonus(unit) + 2 * unit.profile.bonus("agility")
    if has(unit, "Slowed") or has(unit, "Entangled"):
        value = -(-value // 2)
    return value


def can_act(unit: CombatState) -> bool:
    """Unconscious: "May not take any actions"; the dead do not act."""
    return not unit.dead and not has(unit, "Unconscious")


def can_defend(unit: CombatState) -> bool:
    """Restrained: "Cannot move, attack, or defend"; Paralyzed: "May only cast
    spells"; Unconscious: "May not take any actions"."""
    return can_act(unit) and not has(unit, "Restrained") and not has(unit, "Paralyzed")


def can_attack(unit: CombatState) -> bool:
    """Able to attack: able to defend, and 003 Lost Hand-Arm's "Both hands lost =
    cannot wield weapons" does not apply."""
    return can_defend(unit) and not cannot_wield(unit)
