"""Level-up growths: one d100 per stat, remainders carried (001 L12-26).

001 L13: "Each unit rolls 1d100 for each stat other than HP and Constitution.
To achieve a +1 in a stat, the unit must roll above the % to said stat." L16-17:
"The number to beat on a roll is 21, 41, 61, 61, 81, 81" for growths "80, 60,
40, 40, 20, 20". L18-25: the "pre-existing numbers" are added to the rolls
("The unit's totals are then 35, 59, 51, 18, 48, 83") and a failure carries its
total ("The levels or left-over mods are then +1, +1, 51, 18, 48, +1"). L26:
"Every time a stat is goes up by one point, the leftover from the roll is
dropped." L2: "At each level, the unit gets an additional point of HP."

The steps, each a function named after the text: ``number_to_beat``,
``total`` (carried + roll), ``grows``, then ``level_up`` applies them to the six
stats in order (the dice order for ``--rolls``) and adds the HP point.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tactician.dice.source import DiceSource
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.stats import GROWTH_STATS, LABELS, StatLine
from tactician.rulesets.fe_common.character.unit import Unit


def number_to_beat(growth: int) -> int:
    """101 - growth: 80% -> 21 (001 L15-17)."""
    return 101 - growth


def grows(growth: int, total: int, options: CharacterOptions) -> bool:
    """Whether a carried total earns the +1 (ruling ``growth_threshold``, ``zero_growth...``)."""
    if growth <= 0 and options.zero_growth_never_grows:
        return False
    if options.growth_threshold == "strictly_above":
        return total > number_to_beat(growth)
    return total >= number_to_beat(growth)


@dataclass(frozen=True, slots=True)
class StatRoll:
    """One stat's line of a level-up, every number kept for the log."""

    stat: str
    growth: int
    carried_before: int
    roll: int
    total: int
    gained: bool
    capped: bool
    carried_after: int

    @property
    def shown(self) -> str:
        """The text's "levels or left-over mods" cell: "+1" or the carried total."""
        return "+1" if self.gained else str(self.carried_after)


@dataclass(frozen=True, slots=True)
class LevelUp:
    level: int
    rolls: tuple[StatRoll, ...]
    hp_gained: int


def roll_stats(
    growths: StatLine, carried: StatLine, dice: DiceSource, options: CharacterOptions
) -> tuple[StatRoll, ...]:
    """The six d100s against the growths, in GROWTH_STATS order (caps applied later)."""
    rolls = []
    for stat in GROWTH_STATS:
        growth, before = growths.get(stat), carried.get(stat)
        roll = dice.draw(100, f"growth {LABELS[stat]} ({growth}%)")
        total = before + roll
        gained = grows(growth, total, options)
        carried_after = 0 if gained else total
        rolls.append(StatRoll(stat, growth, before, roll, total, gained, False, carried_after))
    return tuple(rolls)


def level_up(
    unit: Unit, caps: StatLine, hp_cap: int, dice: DiceSource, options: CharacterOptions
) -> tuple[Unit, LevelUp]:
    """One level: the growth rolls, +1 per stat gained (lost at a cap), +1 HP (001 L2)."""
    rolls = roll_stats(unit.growths, unit.carried, dice, options)
    values: dict[str, int] = {}
    kept = []
    for line in rolls:
        value = unit.stat(line.stat)
        if line.gained:
            at_cap = options.stat_caps == "class" and value >= caps.get(line.stat)
            if at_cap:
                line = replace(line, capped=True)
            else:
                value += 1
        values[line.stat] = value
        kept.append(line)
    hp_gain = 1 if options.stat_caps == "none" or unit.max_hp < hp_cap else 0
    carried = StatLine.of([line.carried_after for line in kept])
    new = unit.model_copy(
        update={
            "level": unit.level + 1,
            "stats": unit.stats.with_values(**values),
            "carried": carried,
            "max_hp": unit.max_hp + hp_gain,
            "hp": unit.hp + hp_gain,
        }
    )
    return new, LevelUp(unit.level + 1, tuple(kept), hp_gain)
