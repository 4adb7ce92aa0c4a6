"""Possession (004 L3384-3392) and its modifiers and flairs.

L3389: "The [Spell Power] of this spell is 15d6. If the target has a [Current Physical HP]
less than the [Spell Power], then they are possessed. Targets possessed by the spell have
their [Maximum Ghost HP] and [Current Ghost HP] both increased by either [Target's Current
Physical HP] - [Spell Power] or [Spell Ghost HP], whichever is smaller." That difference is
negative whenever possession happens (gap C12): the gain is min(Spell Power − Current HP,
Spell Ghost HP). Boosts: + 4d6 per Offensive, + 2d6 per General Spell Boost rank (L3391-3392);
Counter Possession doubles the power against a target in the Spell Casting Stance (L1280);
Strong Spell rerolls (L633-646). The gain is an insanity trigger for the target (L3025).

Weakening / Slowing Possession (L2884, L2898) take the gain off the target's current
strength / speed (floor 0); Controlling Possession (L2912-2940) hands the target to the
caster for the rest of the block, + the next block (Advanced), + the next 1d6 blocks
(Greater).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.dice.distribution import DiceSum
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.effects import strong_level
from tactician.rulesets.miridon.magic.strong_dice import StrongDice

CONTROL_BLOCKS = {
    "Controlling Possession": 0,
    "Advanced Controlling Possession": 1,
}
GREATER_CONTROL = "Greater Controlling Possession"


def power_dice(caster: Caster) -> StrongDice:
    count = 15 + 4 * caster.offensive_boost + 2 * caster.general_boost
    return StrongDice(count, strong_level(caster), "Possession spell power")


@dataclass(frozen=True, slots=True)
class PossessionResult:
    power: int
    doubled: bool
    target_hp: int
    gain: int
    strength_lost: int = 0
    speed_lost: int = 0
    control_blocks: int | None = None  # further whole blocks of control; None: no control

    @property
    def possessed(self) -> bool:
        return self.gain > 0


def possession(
    chance: Any, caster: Caster, casting: Casting, target_hp: int, target_casting: bool = False,
    target_strength: int = 0, target_speed: int = 0,
) -> PossessionResult:
    """Activate a Possession against a target with ``target_hp`` Current HP."""
    power = int(chance.decide(power_dice(caster)))
    doubled = target_casting and caster.has("Counter Possession")
    if doubled:
        power *= 2
    gain = min(power - target_hp, casting.spell_ghost) if target_hp < power else 0
    if gain <= 0:
        return PossessionResult(power, doubled, target_hp, 0)
    strength_lost = min(gain, target_strength) if "Weakening Possession" in casting.modifiers else 0
    speed_lost = min(gain, target_speed) if "Slowing Possession" in casting.modifiers else 0
    control: int | None = None
    for name, blocks in CONTROL_BLOCKS.items():
        if name in casting.modifiers:
            control = blocks
    if GREATER_CONTROL in casting.modifiers:
        control = int(chance.decide(DiceSum(((1, 6),), 0, "Greater Controlling Possession blocks")))
    return PossessionResult(power, doubled, target_hp, gain, strength_lost, speed_lost, control)
