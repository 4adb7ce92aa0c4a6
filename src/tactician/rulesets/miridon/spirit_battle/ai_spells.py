"""The Miridon AI's spell candidates (spec §3.23, DEFAULT design; gap M28): cast any of the
nine spells (L3282-3392) at a target in its range, channel it, activate it, save it with
Recover Ghost Power when it is worth the points. Each spell is valued by
``ai_spell_worth.worth`` from its exact activation forecast; scores are on the attack
scores' scale (expected damage + knock-out value − the points' value):

- cast: ``START ** (cast time / 3)`` × worth − value(Cast Spell's cost): every block still
  to go is a block an enemy hit can end it (L3257), so a longer spell is discounted more;
- channel: ``PROGRESS`` × worth (it brings the activation a block closer, L1915);
- activate: the worth (Gale Burst on every unit in its radius); recover: the worth against
  the points (``ai_hooks.recover_points``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.costs import affordable
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.ai_hooks import invest_amount, recover_points
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import ELEMENTS, SELF, Casting, spell_of
from tactician.rulesets.miridon.magic.modifiers import cast_time, check_modifiers, total_cost
from tactician.rulesets.miridon.racial_flairs import has_affinity
from tactician.rulesets.miridon.spirit_battle.ai_spell_worth import (
    Worth,
    foes,
    friends,
    within,
    worth,
)
from tactician.rulesets.miridon.spirit_battle.ai_threats import safe_invest
from tactician.rulesets.miridon.spirit_battle.eldritch_strike import may_strike
from tactician.rulesets.miridon.spirit_battle.staves import cast_cost, staves, stored
from tactician.rulesets.miridon.spirit_battle.unit_slices import caster_of_unit, casting_of

SPELL = "Elemental Spell"
PROGRESS = 0.5  # a channel is worth half the spell: it brings the activation a block closer
START = 0.3  # a 3-block cast is worth this share: three more blocks and every hit can end it
ELEMENT = "fire"  # DEFAULT: the AI's element for Elemental Spell / Weapon (L3288, L3358)
AT_FOES = ("Elemental Spell", "Possession")
AT_FRIENDS = ("Health Recovery", "Spell Barrier", "Physical Barrier", "Elemental Weapon",
              "Vampiric Weapon")
AT_SELF = ("Gale Burst", "Gather Mist")  # no range: around or on the caster (L3313, L3324)
ELEMENTAL = ("Elemental Spell", "Elemental Weapon")


@dataclass(frozen=True)
class Candidate:
    """A scored action (the planner turns it into its own candidate row)."""

    action: dict[str, Any]
    score: float
    why: str
    target: str = "-"
    expected: float = 0.0
    defeat: float = 0.0


def is_caster(unit: UnitState) -> bool:
    """DEFAULT: the AI starts spells only with a unit built for them - a rank in a Spell
    Boost talent (L322-336) - so every character's 10 starting ghosts do not make all of
    them casters."""
    return any(unit.profile.talent(t) for t in
               ("Offensive Spell Boost", "Defensive Spell Boost", "General Spell Boost"))


def spell_targets(book: Compendium, options: BattleOptions, state: MiridonBattle,
                  unit: UnitState, spell: str) -> list[str]:
    """The targets in ``spell``'s range at the cast (L3249)."""
    if spell in AT_SELF:
        return [SELF]
    reach = spell_of(book, spell).range_ft
    pool = [f for f in foes(state, unit) if f.status == "ok"] if spell in AT_FOES else \
        friends(state, unit)
    return [SELF if u.id == unit.id else u.id for u in pool if within(options, unit, u, reach)]


def spell_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                     unit: UnitState) -> list[Candidate]:
    casting = casting_of(unit)
    if casting is not None:
        return _while_casting(book, options, state, unit, casting)
    staff, store = _fullest_staff(book, unit)
    if "verbal" in unit.slots or (unit.ghost < 1 and store < 1):
        return []
    found = _eldritch(book, options, state, unit)
    if not is_caster(unit):
        return found
    cost = cast_cost(book, unit)  # a wielded staff's Cast Spell Strength Cost (L3500)
    if not affordable(unit, cost):
        return found
    for trial in activated_trials(book, options, state, unit, (*AT_FOES, *AT_FRIENDS, *AT_SELF)):
        paid = (cost[0] + trial.cost[0], cost[1] + trial.cost[1])
        if not affordable(unit, paid):
            continue
        score = START ** (trial.blocks / 3) * trial.value.value - cost_value(unit, paid)
        wanted = invest_amount(unit.ghost if unit.ghost > 0 else store, expected_hits=5)
        invest, why_invest = safe_invest(unit, wanted)
        action: dict[str, Any] = {"type": "cast_spell", "unit": unit.id, "spell": trial.spell,
                                  "ghost": invest, "target": trial.target}
        if staff is not None and store >= invest and not why_invest:
            # the staff's ghost power instead of its own (L3498): the unit keeps its ghosts
            # for later spells, unless investing its own keeps it clear of insanity (L3015)
            action["staff"] = staff
            why_invest += f"; from its {staff} ({store} stored, L3498)"
        if trial.element:
            action["element"] = trial.element
        if trial.modifiers:  # the casting modifiers (L1762)
            action["modifiers"] = list(trial.modifiers)
        found.append(Candidate(action, score, f"cast {_named(trial)} at {trial.target} "
                               f"({trial.blocks} blocks to go): {trial.value.why} when it "
                               f"activates{why_invest}", target=trial.value.target))
    return found


def _named(trial: Trial) -> str:
    return trial.spell + "".join(f" + {m}" for m in trial.modifiers)


def _eldritch(book: Compendium, options: BattleOptions, state: MiridonBattle,
              unit: UnitState) -> list[Candidate]:
    """Eldritch Strike (L1466-1470) after an Unarmed melee hit: Possession at 0/0 with no
    cast time, so it is worth what it does when activated (no discount, no points)."""
    if unit.ghost < 1 or not may_strike(unit, state.block):
        return []
    found = []
    for trial in activated_trials(book, options, state, unit, ("Possession",), base_zero=True,
                                  shorten=False):
        if not affordable(unit, trial.cost):
            continue
        invest, why_invest = safe_invest(unit, invest_amount(unit.ghost, expected_hits=5))
        action: dict[str, Any] = {"type": "eldritch_strike", "unit": unit.id, "ghost": invest,
                                  "target": trial.target}
        if trial.modifiers:
            action["modifiers"] = list(trial.modifiers)
        found.append(Candidate(action, trial.value.value - cost_value(unit, trial.cost),
                               f"Eldritch Strike: Possession at {trial.target} for 0/0, no "
                               f"cast time (L1468-1470): {trial.value.why}{why_invest}",
                               target=trial.value.target))
    return found


def _fullest_staff(book: Compendium, unit: UnitState) -> tuple[str | None, int]:
    """The wielded staff storing the most ghost power, and how much (L3498)."""
    held = [(stored(unit, name), name) for name in staves(book, unit.profile)]
    if not held:
        return None, 0
    amount, name = max(held)
    return name, amount


@dataclass(frozen=True)
class Trial:
    """One spell at one target, valued as if it activated now (``worth``), with the casting
    modifiers it is cast with and their cost."""

    spell: str
    target: Any
    blocks: int  # its cast time
    element: str | None
    value: Worth
    modifiers: tuple[str, ...] = ()
    cost: tuple[int, int] = (0, 0)  # the modifiers' (L2650-2955)


# the modifiers that change what a spell does, each tried on its own (L2676-2710, L2878-2906)
EFFECT_MODIFIERS = {
    "Elemental Spell": ("Explosive Spell", "Advanced Explosive Spell", "Beam Spell"),
    "Health Recovery": ("Explosive Spell", "Advanced Explosive Spell", "Beam Spell"),
    "Possession": ("Weakening Possession", "Slowing Possession"),
}
SHORTEN = ("Shorten Spell 1", "Shorten Spell 2")  # "Pre-requisite: None" (L2653, L2665)


def modifier_sets(book: Compendium, caster: Caster, spell: str) -> list[tuple[str, ...]]:
    """The effect modifiers the caster may add to ``spell`` (its flairs, L2650-2955), one at
    a time, and none."""
    found: list[tuple[str, ...]] = [()]
    for name in EFFECT_MODIFIERS.get(spell, ()):
        try:
            check_modifiers(book, spell_of(book, spell), (name,), caster)
        except RulesError:
            continue
        found.append((name,))
    return found


def _elements(state: MiridonBattle, spell: str) -> tuple[str | None, ...]:
    """The elements worth trying: fire, and the other two only when a dragon's affinity
    makes the element matter (L1376, L1384)."""
    if spell not in ELEMENTAL:
        return (None,)
    if spell == "Elemental Spell" and any(has_affinity(u.profile.flairs) for u in state.units
                                          if u.status != "dead"):
        return ELEMENTS
    return (ELEMENT,)


def activated_trials(book: Compendium, options: BattleOptions, state: MiridonBattle,
                     unit: UnitState, spells: Iterable[str], base_zero: bool = False,
                     shorten: bool = True) -> Iterator[Trial]:
    """Every spell of ``spells`` at every target it could take, with each effect modifier
    the caster may add, with what it would do on activation (the spells that could do
    nothing there are left out); each also shortened by Shorten Spell 1 or 2 when it has a
    cast time to shorten (the same worth, fewer blocks, L2656, L2668). A character's cast
    and a mech's spell core (``ai_mech_spells``) choose among the same trials."""
    caster = caster_of_unit(unit)
    for spell in spells:
        entry = spell_of(book, spell)
        for mods in modifier_sets(book, caster, spell):
            chosen = check_modifiers(book, entry, mods, caster)
            paid = total_cost(chosen, caster)
            # (modifiers, cast time, cost): as cast, and shortened (the same worth)
            ways = [(mods, cast_time(entry, chosen, caster, base_zero=base_zero),
                     (paid.strength, paid.speed))]
            if shorten and ways[0][1]:
                ways += _shortened(book, entry, caster, mods, base_zero)
            for element in _elements(state, spell):
                for target in spell_targets(book, options, state, unit, spell):
                    trial = Casting(spell, mods, 1, 0, target, entry.range_ft,
                                    status="activated", element=element)
                    value = worth(book, options, state, unit, trial)
                    if value is None:
                        continue
                    for names_, blocks, cost in ways:
                        yield Trial(spell, target, blocks, element, value, names_, cost)


def _shortened(book: Compendium, entry: Any, caster: Caster, mods: tuple[str, ...],
               base_zero: bool) -> list[tuple[tuple[str, ...], int, tuple[int, int]]]:
    """``mods`` with Shorten Spell 1 or 2 (L2656, L2668): the cast time and cost of each."""
    found = []
    for faster in SHORTEN:
        more = (*mods, faster)
        try:
            quick = check_modifiers(book, entry, more, caster)
        except RulesError:
            continue
        cost = total_cost(quick, caster)
        found.append((more, cast_time(entry, quick, caster, base_zero=base_zero),
                      (cost.strength, cost.speed)))
    return found


def _while_casting(book: Compendium, options: BattleOptions, state: MiridonBattle,
                   unit: UnitState, casting: Casting) -> list[Candidate]:
    value = worth(book, options, state, unit, casting)
    if value is None:
        return []
    if casting.status == "threatened":
        points = recover_points(casting, caster_of_unit(unit), unit.strength + unit.speed,
                                value.value, 1.0)
        if not points:
            return []
        strength = min(points, unit.strength)
        return [Candidate({"type": "recover_ghost_power", "unit": unit.id, "strength": strength,
                           "speed": points - strength}, value.value,
                          f"save the {casting.spell} with {points} points (L2513)")]
    if casting.remaining > 0 and "offensive" not in unit.slots:
        return [Candidate({"type": "channel_spell", "unit": unit.id}, PROGRESS * value.value,
                          f"channel {casting.spell}: {casting.remaining - 1} to go (L1915)")]
    if casting.remaining == 0:
        # Gale Burst names no targets: every other unit in its radius (L3313)
        action: dict[str, Any] = {"type": "activate_spell", "unit": unit.id}
        return [Candidate(action, value.value, f"activate {casting.spell}: {value.why}",
                          target=value.target, expected=value.expected, defeat=value.defeat)]
    return []



