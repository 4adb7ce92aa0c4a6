"""A mech in battle (004 L3609-3673): body stats, parts' speed pools, Disabled.

L3617-3619: at battle start a piloted mech has its speed and HP restored, each part to its
own [Maximum Speed Points] (C18). L3621-3633: each part regenerates its speed, the body its
HP and PDR - DEFAULT on the mech's turn (M31). L3641: "Each [Mech Part] can only perform 1
action each [Action Block] ... Each action uses a set amount of [Speed Points]." L3651-3669:
at 0 HP the mech is Disabled; L3673: an unpiloted mech regenerates HP (and PDR if not
disabled) but no speed. All values immutable; each change returns a new ``Mech``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tactician.errors import RulesError
from tactician.rulesets.miridon.models import MechPart

DISABLED_ONLY = ("Enter Mech", "Exit Mech")  # L3659


@dataclass(frozen=True, slots=True)
class PartState:
    name: str
    kind: str
    max_speed: int
    speed_regen: int
    speed: int
    acted: bool = False
    actions: tuple[tuple[str, int], ...] = ()  # (action, speed cost)
    casting: bool = False  # a Mech Spell Core casting a spell (L3653)


@dataclass(frozen=True, slots=True)
class Mech:
    name: str
    parts: tuple[PartState, ...]
    max_hp: int
    hp: int
    hp_regen: int
    base_pdr: int
    pdr: int
    pdr_regen: int
    sdr: int
    auto_dodge: int
    pilot: str | None = None
    disabled: bool = False

    def part(self, name: str) -> PartState:
        for p in self.parts:
            if p.name.casefold() == name.casefold():
                return p
        raise RulesError(f"the {self.name} has no part {name!r}")


def build_mech(name: str, parts: Sequence[MechPart], pilot: str | None = None) -> Mech:
    """A mech ready for battle (L3617-3627): the body's stats stand for the whole mech."""
    bodies = [p for p in parts if p.kind == "body"]
    if len(bodies) != 1:
        raise RulesError(f"the {name} needs exactly one Mech Body (L3599)")
    body = bodies[0]
    states = tuple(
        PartState(p.name, p.kind, p.max_speed, p.speed_regen,
                  p.max_speed if pilot is not None else 0,
                  actions=tuple((a.action, a.speed_cost) for a in p.actions))
        for p in parts
    )
    hp = body.max_hp or 0
    return Mech(name, states, hp, hp, body.hp_regen or 0, body.pdr or 0, body.pdr or 0,
                body.pdr_regen or 0, body.sdr or 0, body.auto_dodge or 0, pilot)


def _set_part(mech: Mech, part: PartState) -> Mech:
    return replace(mech, parts=tuple(part if p.name == part.name else p for p in mech.parts))


def part_action(mech: Mech, part_name: str, action: str) -> Mech:
    """A part performs one of its actions: once per block, paid in its own speed (L3641);
    while Disabled only the body's Enter/Exit Mech (L3659)."""
    part = mech.part(part_name)
    costs = dict(part.actions)
    if action not in costs:
        raise RulesError(f"{part.name} cannot perform {action}; it can: {', '.join(costs)}")
    if mech.disabled and not (part.kind == "body" and action in DISABLED_ONLY):
        raise RulesError(f"the {mech.name} is Disabled: only Enter Mech or Exit Mech (L3659)")
    if mech.pilot is None and action not in DISABLED_ONLY:
        raise RulesError(f"the {mech.name} has no pilot")
    if part.acted:
        raise RulesError(f"{part.name} already acted this Action Block (L3641)")
    cost = costs[action]
    if cost > part.speed:
        raise RulesError(
            f"{part.name} has {part.speed} speed points; {action} costs {cost} (L3641)"
        )
    return _set_part(mech, replace(part, speed=part.speed - cost, acted=True))


@dataclass(frozen=True, slots=True)
class MechHit:
    mech: Mech
    mech_damage: int
    pilot_damage: int
    became_disabled: bool
    cancelled_spells: tuple[str, ...]


def take_damage(mech: Mech, damage: int, physical: bool = True) -> MechHit:
    """Damage to the mech: PDR (physical) or SDR (spell) reduce it like a character's
    (L3631, L3635). While Disabled: "the [Damage Dealt] is applied to both the [Mech] and
    the character piloting the [Mech]. This attack bypasses [Physical Damage Reduction] and
    [Spell Damage Reduction]." (L3663). At 0 HP or less it becomes Disabled (L3651)."""
    if damage < 0:
        raise RulesError(f"damage is 0 or more, not {damage}")
    if mech.disabled:
        hit = replace(mech, hp=mech.hp - damage)
        return MechHit(hit, damage, damage if mech.pilot else 0, False, ())
    reduction = mech.pdr if physical else mech.sdr
    dealt = max(0, damage - reduction)
    hurt = replace(mech, hp=mech.hp - dealt)
    if hurt.hp > 0:
        return MechHit(hurt, dealt, 0, False, ())
    disabled, cancelled = disable(hurt)
    return MechHit(disabled, dealt, 0, True, cancelled)


def disable(mech: Mech) -> tuple[Mech, tuple[str, ...]]:
    """L3653-3657: part spells cancelled, every part's speed 0, PDR 0."""
    cancelled = tuple(p.name for p in mech.parts if p.casting)
    parts = tuple(replace(p, speed=0, casting=False) for p in mech.parts)
    return replace(mech, parts=parts, pdr=0, disabled=True), cancelled


def reduce_pdr(mech: Mech, amount: int) -> Mech:
    """A Drill's [Mech Physical Damage Reduction Damage] (L3442, L3633)."""
    return replace(mech, pdr=max(0, mech.pdr - max(0, amount)))


def mech_turn_start(mech: Mech) -> Mech:
    """The mech's turn begins (DEFAULT M31 for every regen): HP regenerates always (L3661,
    L3673); back at full HP it is no longer Disabled but keeps 0 PDR and 0 speed this turn
    (L3667-3669); PDR regenerates unless Disabled (L3633, L3673); parts' speed only with a
    pilot and not Disabled (L3621, L3655, L3673). Each part may act again (L3641)."""
    hp = min(mech.max_hp, mech.hp + mech.hp_regen)
    recovered = mech.disabled and hp >= mech.max_hp
    still_disabled = mech.disabled and not recovered
    pdr = mech.pdr
    if not mech.disabled:
        pdr = min(mech.base_pdr, mech.pdr + mech.pdr_regen)
    parts = []
    for p in mech.parts:
        speed = p.speed
        if not mech.disabled and mech.pilot is not None:
            speed = min(p.max_speed, p.speed + p.speed_regen)
        parts.append(replace(p, speed=speed, acted=False))
    return replace(mech, hp=hp, pdr=pdr, parts=tuple(parts), disabled=still_disabled)


def to_hit_against(mech: Mech, to_hit_bonus: int) -> int:
    """L3637: "The [Auto Deflection] of a [Mech] automatically reduces the [To Hit Bonus] of
    all incoming attacks" (= the body's [Auto Dodge Boost], C17)."""
    return to_hit_bonus - mech.auto_dodge
