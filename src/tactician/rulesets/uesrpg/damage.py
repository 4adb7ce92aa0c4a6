"""Damage types, armor rating (AR) against them, Resistance/Weakness, and the
damage roll as an exact event.

Source: 003 "Damage types — All damage is either physical or magic. Physical
damage ... Reduced by normal AR. Magic damage ... Reduced by the corresponding
AR sub-type: Magic (generic) | Magic AR; Fire | Fire AR (and Magic AR); Frost |
Frost AR (and Magic AR); Shock | Shock AR (and Magic AR); Poison | Poison AR
(and Magic AR); Shadow | Nothing" and "When resolving specific damage types
against Resistance or Weakness traits, the more specific trait takes precedence
over the generic one."

Whether the sub-type AR and Magic AR add up is the ``elemental_ar`` ruling.
The Resistance/Weakness numbers (reduce or add X) are from outside the text
(UESRPG 3e v4 core traits "Resistance (X, type)" / "Weakness (X, type)").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, get_args

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.characteristics import CHARACTERISTIC_OF_BONUS
from tactician.rulesets.uesrpg.options import UesrpgOptions

DamageType = Literal["physical", "magic", "fire", "frost", "shock", "poison", "shadow"]
DAMAGE_TYPES: tuple[DamageType, ...] = get_args(DamageType)
ArKind = Literal["physical", "magic", "fire", "frost", "shock", "poison"]
AR_KINDS: tuple[ArKind, ...] = get_args(ArKind)
ELEMENTAL: frozenset[str] = frozenset({"fire", "frost", "shock", "poison"})
MAGIC_TYPES: frozenset[str] = frozenset({"magic", "fire", "frost", "shock", "poison", "shadow"})


def ar_against(ar: Mapping[str, int], damage_type: DamageType, options: UesrpgOptions) -> int:
    """The AR a location's armor sets against one damage type (003's AR table).

    ``elemental_ar``: ``both`` adds the sub-type AR and Magic AR ("Fire AR (and
    Magic AR)"); ``higher`` takes the larger; ``specific`` uses the sub-type AR only.
    """
    if damage_type == "shadow":  # "Shadow | Nothing"
        return 0
    if damage_type in ("physical", "magic"):
        return ar.get(damage_type, 0)
    specific = ar.get(damage_type, 0)
    magic = ar.get("magic", 0)
    if options.elemental_ar == "both":
        return specific + magic
    if options.elemental_ar == "higher":
        return max(specific, magic)
    return specific


@dataclass(frozen=True, slots=True)
class Trait:
    """Resistance (X, type) or Weakness (X, type)."""

    kind: Literal["resistance", "weakness"]
    x: int
    type: DamageType


def trait_adjustment(traits: Iterable[Trait], damage_type: DamageType) -> int:
    """Net change to damage of ``damage_type``: + Weakness − Resistance.

    003: "the more specific trait takes precedence over the generic one": a trait
    naming the exact type (e.g. fire) shuts out the generic Magic traits for that
    damage; only without one do Magic traits apply to a magic sub-type. Two traits
    of the same kind and type do not add: the highest X counts.
    """
    traits = list(traits)
    chosen = [t for t in traits if t.type == damage_type]
    if not chosen and damage_type in MAGIC_TYPES and damage_type != "magic":
        chosen = [t for t in traits if t.type == "magic"]
    resistance = max((t.x for t in chosen if t.kind == "resistance"), default=0)
    weakness = max((t.x for t in chosen if t.kind == "weakness"), default=0)
    return weakness - resistance


def reduced(raw: int, ar: int, adjustment: int) -> int:
    """Damage after AR and traits, never below 0 (all reductions and increases are
    added together first, then floored)."""
    return max(0, raw - ar + adjustment)


# --- the damage roll -------------------------------------------------------------------

MAX_DICE = 12
MAX_SIDES = 100
_TERM = re.compile(r"\s*([+-])?\s*(?:(\d*)[dD](\d+)|(\d+)|([A-Za-z]+))\s*")


@dataclass(frozen=True, slots=True)
class DamageFormula:
    """A weapon's damage: dice, a flat number and characteristic bonuses, e.g. ``1d8+SB``."""

    text: str
    dice: tuple[int, ...]  # sides of each die
    flat: int
    bonuses: tuple[tuple[str, int], ...]  # (bonus name, sign)


def parse_damage(text: str) -> DamageFormula:
    """Parse ``NdM``, whole numbers and bonus names (SB, EB, AB, IB, WB, PcB, PsB, LB)
    joined by + and −. Refuses anything else, more than 12 dice or dice over d100."""
    source = text.strip()
    if not source:
        raise RulesError("a damage expression is empty")
    position = 0
    dice: list[int] = []
    flat = 0
    bonuses: list[tuple[str, int]] = []
    first = True
    while position < len(source):
        match = _TERM.match(source, position)
        if not match or match.end() == position:
            raise RulesError(f"damage {text!r}: cannot read {source[position:]!r}")
        sign_text, count_text, sides_text, number_text, name = match.groups()
        if sign_text is None and not first:
            raise RulesError(f"damage {text!r}: terms must be joined by + or -")
        sign = -1 if sign_text == "-" else 1
        if sides_text is not None:
            count = int(count_text) if count_text else 1
            sides = int(sides_text)
            if sign < 0:
                raise RulesError(f"damage {text!r}: dice cannot be subtracted")
            if not 1 <= sides <= MAX_SIDES or count < 1:
                raise RulesError(f"damage {text!r}: d{sides} is not a die Tactician rolls")
            dice.extend([sides] * count)
            if len(dice) > MAX_DICE:
                raise RulesError(f"damage {text!r}: more than {MAX_DICE} dice")
        elif number_text is not None:
            flat += sign * int(number_text)
        else:
            canonical = {k.casefold(): k for k in CHARACTERISTIC_OF_BONUS}.get(name.casefold())
            if canonical is None:
                known = ", ".join(CHARACTERISTIC_OF_BONUS)
                raise RulesError(f"damage {text!r}: {name!r} is not a bonus ({known})")
            bonuses.append((canonical, sign))
        position = match.end()
        first = False
    return DamageFormula(source, tuple(dice), flat, tuple(bonuses))


@dataclass(frozen=True, slots=True)
class DiceSum:
    """The total of some dice plus a flat number, as an exact event."""

    dice: tuple[int, ...]
    flat: int = 0
    purpose: str = "damage"

    def outcomes(self) -> Sequence[tuple[int, float]]:
        return _sum_outcomes(self.dice, self.flat)

    def sample(self, dice: DiceSource) -> int:
        return self.flat + sum(dice.draw(sides, self.purpose) for sides in self.dice)


@lru_cache(maxsize=512)
def _sum_outcomes(dice: tuple[int, ...], flat: int) -> tuple[tuple[int, float], ...]:
    ways: dict[int, int] = {0: 1}
    whole = 1
    for sides in dice:
        nxt: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
        whole *= sides
    return tuple((total + flat, count / whole) for total, count in sorted(ways.items()))
