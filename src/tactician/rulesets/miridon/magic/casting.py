"""The casting lifecycle (004 L3243-3280; actions L1758-1770, L1911-1915, L2104-2116,
L2417-2428, L2502-2515) as an immutable state machine.

    cast ──channel──▶ cast (remaining − 1) ──…──▶ remaining 0 ──activate──▶ activated
      │  drains (damage, actions, redirects, Spell Drain) lower [Spell Ghost HP]
      ▼  ≤ 0 → threatened ──Recover Ghost Power ≥ 1──▶ casting
                   └── no recovery (``lapse``) ──▶ cancelled (no refund, No Stance)

L3269: "If the [Spell Ghost HP] is reduced to 0 or less, then the spell is cancelled. No
[Spell Ghost HP] is refunded from a cancelled spell. The spell caster can also choose to
cancel a spell at any time during casting." L2507-2515 lets Recover Ghost Power answer the
action that dropped it, so such a drop first leaves the spell ``threatened``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from tactician.content.compendium import lookup
from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.ghost import Ghost, GhostChange, invest, staff_storage_spend
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.modifiers import (
    ModifierCost,
    cast_time,
    check_modifiers,
    total_cost,
)
from tactician.rulesets.miridon.models import Spell
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

Status = Literal["casting", "threatened", "cancelled", "activated"]
SELF = "self"
GATHER_MIST = "Gather Mist"


@dataclass(frozen=True, slots=True)
class Casting:
    """A spell being cast: what, with what, how much ghost, how long still, at whom."""

    spell: str
    modifiers: tuple[str, ...]
    spell_ghost: int
    remaining: int
    target: str
    range_ft: int | None
    status: Status = "casting"
    recoverable: bool = True
    element: str | None = None
    cast_block: int = 0
    reason: str = ""
    also: tuple[str, ...] = ()  # Multiple Enhancement: the other spells cast at once

    @property
    def active(self) -> bool:
        """In the Spell Casting Stance (L1760): casting or awaiting a recovery."""
        return self.status in ("casting", "threatened")


@dataclass(frozen=True, slots=True)
class CastRequest:
    """The choices Cast Spell makes at once (L1762, L3247-3249)."""

    spell: str
    spell_ghost: int
    target: str = SELF
    distance_ft: int = 0
    modifiers: tuple[str, ...] = ()
    element: str | None = None
    block: int = 0
    from_staff: bool = False
    also: tuple[str, ...] = ()  # Multiple Enhancement's further spells (L2794)
    base_zero: bool = False  # Eldritch Strike: "a base [Spell Cast Time] of 0" (L1468)


@dataclass(frozen=True, slots=True)
class Cast:
    """The result of Cast Spell: the casting, the ghost paid, the modifiers' costs."""

    casting: Casting
    ghost: GhostChange | None
    staff_left: int | None
    modifier_cost: ModifierCost


ELEMENTS = ("fire", "cold", "electricity")  # L3288


def spell_of(compendium: Compendium, name: str) -> Spell:
    return lookup(compendium.spells, name, "spell")


def in_range(spell: Spell, target: str, distance_ft: int) -> bool:
    """L3249 "The target must be within the range of the spell": a self target needs "or
    Self" in the range (``targets_self``) or a spell with no range (Gather Mist, Gale Burst's
    radius around the caster)."""
    if spell.range_ft is None:
        return target == SELF
    if target == SELF:
        return spell.targets_self
    return 0 <= distance_ft <= spell.range_ft


def cast_spell(
    compendium: Compendium, caster: Caster, ghost: Ghost, request: CastRequest,
    staff_storage: int = 0, disrupted: bool = False,
    options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> Cast:
    """Cast Spell (L1758-1770, L3245-3251): "Anyone with at least 1 [Current Ghost HP] can use
    the [Cast Spell] action"; the Spell Ghost HP is "greater than 0", "less than or equal to
    the character's [Current Ghost HP]" (or paid from a staff, L3498) and "deducted ... at
    this time"; the target "must be within the range"; [Remaining Spell Cast Time] := the
    spell's cast time (``modifiers.cast_time``). Disruption refuses it (L3171)."""
    spell = spell_of(compendium, request.spell)
    if disrupted:
        raise RulesError("Disruption: the character cannot use Cast Spell or Echo Spell (L3171)")
    modifiers = check_modifiers(compendium, spell, request.modifiers, caster)
    if not in_range(spell, request.target, request.distance_ft):
        reach = "self" if spell.range_ft is None else f"{spell.range_ft} ft"
        raise RulesError(
            f"{spell.name} reaches {reach}; target {request.target} at {request.distance_ft} ft "
            "is out of range (L3249)"
        )
    element = _element(spell, request.element)
    also = _also(spell, tuple(m.name for m in modifiers), request.also)
    change: GhostChange | None = None
    staff_left: int | None = None
    spell_ghost = request.spell_ghost
    if request.from_staff:
        staff_left = staff_storage_spend(staff_storage, spell_ghost)
    elif spell.name == GATHER_MIST and ghost.current == 0 and options.gather_mist_at_zero:
        spell_ghost = 1  # C32: notional, not deducted
    else:
        if ghost.current < 1:
            raise RulesError("Cast Spell needs at least 1 Current Ghost HP (L3245)")
        change = invest(ghost, spell_ghost)
    casting = Casting(
        spell=spell.name,
        modifiers=tuple(m.name for m in modifiers),
        spell_ghost=spell_ghost,
        remaining=cast_time(spell, modifiers, caster, base_zero=request.base_zero),
        target=request.target,
        range_ft=spell.range_ft,
        element=element,
        cast_block=request.block,
        also=also,
    )
    return Cast(casting, change, staff_left, total_cost(modifiers, caster))


def _element(spell: Spell, element: str | None) -> str | None:
    """Elemental Spell: "Deal 6d6 elemental damage of your choice" (L3288), chosen at the
    cast (gap C45); Elemental Weapon's element likewise."""
    if spell.name not in ("Elemental Spell", "Elemental Weapon"):
        if element is not None:
            raise RulesError(f"{spell.name} has no element to choose")
        return None
    if element is None or element.casefold() not in ELEMENTS:
        raise RulesError(f"{spell.name} needs an element: one of {', '.join(ELEMENTS)}")
    return element.casefold()


ENHANCEMENTS = ("Spell Barrier", "Physical Barrier", "Elemental Weapon", "Vampiric Weapon")
MULTIPLE = {
    "Multiple Enhancement": 2,
    "Advanced Multiple Enhancement": 3,
    "Greater Multiple Enhancement": 4,
}


def _also(spell: Spell, modifiers: tuple[str, ...], also: tuple[str, ...]) -> tuple[str, ...]:
    """Multiple Enhancement (L2788-2826): "the caster chooses two [Spells] between the [Spell
    Barrier], [Physical Barrier], [Elemental Weapon], or [Vampiric Weapon] rather than just
    one" (three, four with Advanced, Greater); "the target takes the [Effects] of both".
    DEFAULT: fewer than the number is allowed, each spell at most once."""
    allowed = next((n for m, n in MULTIPLE.items() if m in modifiers), 1)
    if not also:
        return ()
    if allowed == 1:
        raise RulesError("casting further spells at once needs Multiple Enhancement (L2794)")
    names = (spell.name,) + also
    if len(names) > allowed or len(set(names)) != len(names):
        raise RulesError(f"at most {allowed} different enhancement spells at once (L2794)")
    for name in also:
        if name not in ENHANCEMENTS:
            raise RulesError(f"{name} is not one of {', '.join(ENHANCEMENTS)} (L2794)")
    return also


def _require(casting: Casting, *statuses: Status) -> None:
    if casting.status not in statuses:
        raise RulesError(f"the {casting.spell} is {casting.status}, not {' or '.join(statuses)}")


def channel(casting: Casting) -> Casting:
    """Channel Spell (L1911-1915): usable "while a character is in the [Spell Casting Stance]
    and the [Remaining Spell Cast Time] is greater than 0"; "reduces the [Remaining Spell
    Cast Time] by 1"."""
    _require(casting, "casting")
    if casting.remaining <= 0:
        raise RulesError("Channel Spell needs a Remaining Spell Cast Time above 0 (L1913)")
    return replace(casting, remaining=casting.remaining - 1)


def delay(casting: Casting, blocks: int = 1) -> Casting:
    """Disrupting Critical Hit (L930): "the [Remaining Spell Cast Time] of the spell is
    increased by 1"."""
    _require(casting, "casting", "threatened")
    return replace(casting, remaining=casting.remaining + blocks)


def pass_block(casting: Casting, options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS) -> Casting:
    """The end of an Action Block: the cast time does not pass by itself (C44, L3265: "The
    spell does not activate until the [Remaining Spell Cast Time] is reduced to 0. This can
    be accomplished by using the [Channel Spell] action.") unless ``cast_time_passes``."""
    if options.cast_time_passes and casting.status == "casting" and casting.remaining > 0:
        return replace(casting, remaining=casting.remaining - 1)
    return casting


def cancel(casting: Casting, reason: str = "cancelled by the caster") -> Casting:
    """L3269 "The spell caster can also choose to cancel a spell at any time during casting";
    also every other cancellation (Cancelling Critical Hit L938, Spell Backfire L3176, a
    disabled mech L3653, a block stance with ``casting_exclusive``). No refund."""
    _require(casting, "casting", "threatened")
    return replace(casting, status="cancelled", reason=reason)


def lapse(casting: Casting) -> Casting:
    """A threatened spell that Recover Ghost Power did not save is cancelled (L2509)."""
    _require(casting, "threatened")
    return replace(casting, status="cancelled", reason="Spell Ghost HP 0 or less (L3269)")


def activate(casting: Casting, compendium: Compendium, distance_ft: int | None = None) -> Casting:
    """Activate Spell (L2417-2428): a Bonus Action "when the character is in the [Spell
    Casting Stance] and has 0 [Remaining Spell Cast Time]"; "The effects of the spell must
    have at least one target in the [Range] of the spell"; "After the spell takes effect,
    the character leaves the [Spell Casting Stance]." (The effect: ``effects.py``.)"""
    _require(casting, "casting")
    if casting.remaining != 0:
        raise RulesError(
            f"Activate Spell needs 0 Remaining Spell Cast Time, not {casting.remaining} (L2422)"
        )
    spell = spell_of(compendium, casting.spell)
    distance = 0 if distance_ft is None else distance_ft
    if not in_range(spell, casting.target, distance):
        raise RulesError(f"the {casting.spell}'s target is out of range at {distance} ft (L2424)")
    return replace(casting, status="activated")
