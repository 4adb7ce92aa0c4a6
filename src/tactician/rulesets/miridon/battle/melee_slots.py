"""Which of the turn's action slots a Melee Attack takes (004 L1590), and what a hit in the
Verbal Action slot may begin.

- Dragon Wing Buffet (L1446-1452): "The character can perform a [Melee Attack] or [Melee
  Combo Attack] action with the [Unarmed] weapon as a [Movement Action]. This allows the
  character to perform a [Melee Attack] or [Melee Combo Attack] as well as any [Offensive
  Action]."
- Death Worm Maw (L1498-1504): the same "as a [Verbal Action]".
- Death Worm Bite (L1508-1512): "If the character hits a target with a [Melee Attack] or
  [Melee Combo Attack] action performed as a [Verbal Action] with [Death Worm Maw], then
  the character can choose to begin grappling the target as if they hit the target with
  [Initiate Grapple]." The attacker's choice is the action's ``bite=yes`` (default no:
  a grapple locks both, L2968).

The ``attack`` action's ``slot`` (offensive | movement | verbal) names the slot; without it
the offensive one, or when that is used the first other the flairs open. The attack
performed is a Melee Attack (or Melee Combo Attack) and costs what that action costs (the
data's "Dragon Wing Buffet Attack" and "Death Worm Maw Attack" rows name the slot, their
1/2 the Melee Attack's default).
"""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.miridon import racial_flairs
from tactician.rulesets.miridon.battle.state import Slot, UnitState
from tactician.rulesets.miridon.words import article

SLOTS: tuple[Slot, ...] = ("offensive", "movement", "verbal")
SLOT_FLAIRS = {"movement": "Dragon Wing Buffet", "verbal": "Death Worm Maw"}
SLOT_LINES = {"movement": "L1448", "verbal": "L1500"}


def allowed(unit: UnitState, weapon: str, acts_as: str, modifiers: tuple[str, ...] = ()
            ) -> tuple[Slot, ...]:
    """The slots this attack may take: always the offensive one; a Melee / Melee Combo
    Attack with Unarmed also the movement one (Wing Buffet) and the verbal one (Maw). A
    Whirlwind Strike takes the offensive and the movement action together (L2553)."""
    if acts_as not in ("melee", "combo") or "whirlwind_strike" in modifiers:
        return ("offensive",)
    found = racial_flairs.melee_slots(unit.profile.flairs, weapon)
    return tuple(s for s in SLOTS if s in found)


def free(unit: UnitState, weapon: str, acts_as: str, modifiers: tuple[str, ...] = ()
         ) -> tuple[Slot, ...]:
    """The allowed slots not yet used this turn (L1590)."""
    return tuple(s for s in allowed(unit, weapon, acts_as, modifiers) if s not in unit.slots)


def attack_slot(unit: UnitState, weapon: str, acts_as: str, modifiers: tuple[str, ...],
                given: object) -> Slot:
    """The slot an ``attack`` takes: ``given``, or the first free one (the offensive when
    nothing is free, so its refusal names the slot used)."""
    options = allowed(unit, weapon, acts_as, modifiers)
    if given in (None, ""):
        open_ = free(unit, weapon, acts_as, modifiers)
        return open_[0] if open_ else "offensive"
    if given not in SLOTS:
        raise RulesError(f"slot must be one of {', '.join(SLOTS)}, not {given!r}")
    if given not in options:
        raise RulesError(f"{article(acts_as)} attack with {weapon} takes the offensive action; "
                         f"as the {given} action it needs {SLOT_FLAIRS[str(given)]} and the "
                         f"Unarmed weapon (004 {SLOT_LINES[str(given)]})")
    return given


def bites(unit: UnitState, slot: Slot, hit: bool, chosen: object) -> bool:
    """Death Worm Bite: a verbal-slot Maw hit begins a grapple when the attacker chooses."""
    wanted = str(chosen).casefold() in ("yes", "true", "1")
    if wanted and not unit.profile.has("Death Worm Bite"):
        raise RulesError(f"bite: {unit.id} lacks the Death Worm Bite flair (004 L1508)")
    if wanted and slot != "verbal":
        raise RulesError("bite: Death Worm Bite follows a Melee Attack made as the Verbal "
                         "Action with Death Worm Maw (004 L1510; slot=verbal)")
    return wanted and racial_flairs.maw_grapples(unit.profile.flairs, slot, hit)
