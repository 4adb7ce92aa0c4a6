"""What the Miridon AI weighs about ghosts, spells and insanity (spec §3.23; the text has no
AI, gap M28 - DEFAULT design). Pure scores over exact forecasts, for the battle AI to add to
its plan scores: the cost of an insanity outcome, how likely a hit cancels an enemy's spell,
whether Recover Ghost Power is worth its points, how much ghost to invest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from tactician.dice.enumerate import branches
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity_roll import (
    InsanityState,
    Taken,
    insanity_check,
    insanity_step,
    start_state,
)
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.interruption import (
    CONCENTRATION_PER_RANK,
    points_to_save,
    recovery_rate,
)
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

# how bad each effect is for the unit that takes it, in HP-like points (DEFAULT)
EFFECT_COST: Mapping[str, float] = {
    "None": 0, "Phobia": 2, "Minor Insanity": 2, "Curse": 1, "Spell Drain": 4,
    "Disruption": 6, "Spell Backfire": 8, "Stun": 10, "Unconscious": 30, "Possessed": 40,
    "Mutant Transformation": 5, "Vanity Transformation": 5, "Husk Transformation": 15,
    "Awakened Transformation": 15, "Hardened": -1, "Mist Form": 50, "Dematerialize": 100,
}


def insanity_cost(outcomes: Mapping[tuple[Taken, ...], float]) -> float:
    """Expected cost of an insanity forecast (``insanity_forecast`` or
    ``insanity_distribution``)."""
    return sum(p * sum(EFFECT_COST.get(t.effect, 0.0) for t in taken)
               for taken, p in outcomes.items())


_VALUES: dict[tuple[int, SpiritOptions], tuple[Compendium, dict[InsanityState, float]]] = {}


def expected_insanity_cost(compendium: Compendium, bonus: int, rolls: int = 1,
                           options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS) -> float:
    """E[the ``EFFECT_COST`` of what an insanity check of ``bonus`` + 3d6 takes] - exactly
    ``insanity_cost(insanity_distribution(...))``, without building the distribution: the
    cost adds over the effects taken, so each state of the very procedure the roll runs
    (``insanity_step``, its branches enumerated) is valued once, whatever was taken before
    it (a Markov chain's expected reward). The AI asks it for many bonuses, and a whole
    distribution per bonus takes seconds."""
    key = (id(compendium), options)
    held = _VALUES.get(key)
    if held is None or held[0] is not compendium:
        held = _VALUES[key] = (compendium, {})
    memo = held[1]

    def value(state: InsanityState) -> float:
        if state.done:
            return 0.0
        found = memo.get(state)
        if found is not None:
            return found
        total = 0.0
        for after, p in branches(state, lambda s, chance: insanity_step(compendium, s, chance,
                                                                        options)):
            gained = sum(EFFECT_COST.get(t.effect, 0.0) for t in after.taken)
            total += p * (gained + value(replace(after, taken=())))
        memo[state] = total
        return total

    return value(start_state(bonus, rolls))


def attack_insanity_cost(compendium: Compendium, current_hp: int, current_ghost: int,
                         resist_rank: int, damage: Mapping[int, float]) -> tuple[float, float]:
    """(P(the check rolls), E[its cost]) of a hit with this Damage Dealt distribution - the
    same trigger as ``insanity_forecast.attack_insanity`` (L3015, L3039), each bonus valued
    by ``expected_insanity_cost``."""
    p_roll, cost = 0.0, 0.0
    for dealt, p in damage.items():
        check = insanity_check(current_hp - dealt, current_ghost, resist_rank)
        if dealt > 0 and check.rolls:
            p_roll += p
            cost += p * expected_insanity_cost(compendium, check.bonus)
    return p_roll, cost


def damage_to_threaten(casting: Casting, caster: Caster) -> int:
    """The smallest single hit that drops the spell to 0 or less (L3257, L97)."""
    return casting.spell_ghost + CONCENTRATION_PER_RANK * caster.concentration


def p_cancel(casting: Casting, caster: Caster, damage: Mapping[int, float],
             points_left: int) -> float:
    """P(a hit with this Damage Dealt distribution cancels the enemy's spell), if the caster
    answers with Recover Ghost Power from ``points_left`` strength + speed (L2513)."""
    if not casting.active:
        return 0.0
    rate = recovery_rate(caster)
    survives = damage_to_threaten(casting, caster) + rate * points_left
    return sum(p for dealt, p in damage.items() if dealt >= survives)


def recover_points(casting: Casting, caster: Caster, points_left: int, spell_value: float,
                   point_value: float) -> int:
    """Points to spend on Recover Ghost Power: the fewest that save the spell, if they are
    affordable and the spell is worth more than them; else 0 (let it lapse)."""
    if casting.status != "threatened" or not casting.recoverable:
        return 0
    need = points_to_save(casting, caster)
    if need > points_left or need * point_value >= spell_value:
        return 0
    return need


def invest_amount(current_ghost: int, expected_hits: float, reserve: int = 0) -> int:
    """DEFAULT: invest what a couple of expected hits would drain, keeping ``reserve`` for
    Teleport or a later spell; at least 1 (L3247)."""
    wanted = max(1, int(round(2 * expected_hits)))
    return max(1, min(current_ghost - reserve, wanted)) if current_ghost > 0 else 0
