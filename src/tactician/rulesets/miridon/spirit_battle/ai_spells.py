"""The Miridon AI's spell candidates (spec §3.23, DEFAULT design; gap M28): cast an Elemental
Spell at a foe in range, channel it, activate it, save it with Recover Ghost Power when it is
worth the points. Scores are on the attack scores' scale (expected damage, + 10 × P(the
target drops), − the points' value), from the exact activation forecast
(``magic/forecast.py``) and ``magic/ai_hooks.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.rulesets.miridon.battle.costs import action_cost, affordable
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.activation import Target
from tactician.rulesets.miridon.magic.ai_hooks import invest_amount, recover_points
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.forecast import activation_distribution, per_target
from tactician.rulesets.miridon.spirit_battle.ai_threats import safe_invest
from tactician.rulesets.miridon.spirit_battle.unit_slices import caster_of_unit, casting_of

SPELL = "Elemental Spell"


@dataclass(frozen=True)
class Candidate:
    """A scored action (the planner turns it into its own candidate row)."""

    action: dict[str, Any]
    score: float
    why: str
    target: str = "-"
    expected: float = 0.0
    defeat: float = 0.0


def enemies(state: MiridonBattle, unit: UnitState) -> list[UnitState]:
    return [u for u in state.units if u.side != unit.side and u.status != "dead"
            and u.position is not None]
RANGE_FT = 60  # L3285
PROGRESS = 0.5  # a channel is worth half the spell's damage: it brings the hit a block closer
START = 0.3  # a cast is worth less: two more blocks and every hit in between can end it


def is_caster(unit: UnitState) -> bool:
    """DEFAULT: the AI starts spells only with a unit built for them - a rank in a Spell
    Boost talent (L322-336) - so every character's 10 starting ghosts do not make all of
    them casters."""
    return any(unit.profile.talent(t) for t in
               ("Offensive Spell Boost", "Defensive Spell Boost", "General Spell Boost"))


def _value(unit: UnitState, target: UnitState) -> tuple[float, float]:
    """E[damage] and P(the target drops) of an Elemental Spell on ``target``."""
    casting = Casting(SPELL, (), 1, 0, target.id, RANGE_FT, status="activated", element="fire")
    dist = per_target(activation_distribution(
        casting, caster_of_unit(unit), [Target(target.id, hp=target.hp, sdr=target.profile.sdr)]),
        target.id, "damage")
    expected = sum(v * p for v, p in dist.items())
    drop = sum(p for v, p in dist.items() if v >= target.hp > 0)
    return expected, drop


def _in_range(options: BattleOptions, unit: UnitState, target: UnitState) -> bool:
    return unit.position is not None and target.position is not None and \
        distance_ft(unit.position, target.position, options) <= RANGE_FT


def spell_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                     unit: UnitState) -> list[Candidate]:
    casting = casting_of(unit)
    if casting is not None:
        return _while_casting(book, options, state, unit, casting)
    if "verbal" in unit.slots or unit.ghost < 1 or not is_caster(unit):
        return []
    cost = action_cost(book, "Cast Spell", unit)
    if not affordable(unit, cost):
        return []
    found = []
    for target in enemies(state, unit):
        if target.status != "ok" or not _in_range(options, unit, target):
            continue
        expected, drop = _value(unit, target)
        score = START * (expected + 10 * drop) - cost_value(unit, cost)
        invest, why_invest = safe_invest(unit, invest_amount(unit.ghost, expected_hits=5))
        action: dict[str, Any] = {"type": "cast_spell", "unit": unit.id, "spell": SPELL,
                                  "ghost": invest, "target": target.id, "element": "fire"}
        found.append(Candidate(action, score, f"cast {SPELL} at {target.id}: E[damage] "
                               f"{expected:.2f} when it activates{why_invest}",
                               target=target.id))
    return found


def _while_casting(book: Compendium, options: BattleOptions, state: MiridonBattle,
                   unit: UnitState, casting: Casting) -> list[Candidate]:
    if casting.spell != SPELL:
        return []
    target = state.unit(casting.target) if casting.target != "self" else unit
    expected, drop = _value(unit, target)
    worth = expected + 10 * drop
    if casting.status == "threatened":
        points = recover_points(casting, caster_of_unit(unit), unit.strength + unit.speed,
                                worth, 1.0)
        if not points:
            return []
        strength = min(points, unit.strength)
        return [Candidate({"type": "recover_ghost_power", "unit": unit.id, "strength": strength,
                           "speed": points - strength}, worth,
                          f"save the {SPELL} with {points} points (L2513)")]
    if casting.remaining > 0 and "offensive" not in unit.slots:
        return [Candidate({"type": "channel_spell", "unit": unit.id}, PROGRESS * worth,
                          f"channel: {casting.remaining - 1} to go (L1915)")]
    if casting.remaining == 0 and target.status == "ok" and _in_range(options, unit, target):
        return [Candidate({"type": "activate_spell", "unit": unit.id}, worth,
                          f"activate on {target.id}: E[damage] {expected:.2f}, "
                          f"P(drop) {drop:.0%}", target=target.id, expected=expected,
                          defeat=drop)]
    return []
