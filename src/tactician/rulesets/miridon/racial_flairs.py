"""Racial flairs in battle (004 L1358-1538): Dragon, Eldritch Beast and Death Worm.

Each is a pure rule function the battle layer calls at the moment the flair's text names.
Flairs are read from a set of names (a character's ``flairs``), so a GM's own character
works the same. "Demon Flairs - To Be Created" (L1540) and the other 16 groups do not exist.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

from tactician.dice.distribution import MAX_COUNT, DiceSum
from tactician.errors import RulesError

Element = Literal["fire", "cold", "electricity"]
AFFINITY_LIMIT = 10  # L1366-1368
AFFINITY_POOL = "dragon_affinity"  # a unit's pools key: its [Dragon Elemental Affinity] (L1364)
UNARMED = "Unarmed"
DOUBLE_MELEE_BOOST = ("Dragon Claw", "Eldritch Grasp", "Death Worm Body")  # L1412, L1478, L1488
UNARMED_ONLY = ("Dragon Claw", "Death Worm Body")  # L1414, L1490


def _has(flairs: Collection[str], name: str) -> bool:
    return name.casefold() in {f.casefold() for f in flairs}


# --- Dragon Elemental Affinity (L1358-1386) ---------------------------------------------


def affinity_after_hit(affinity: int, element: str | None) -> int:
    """L1366-1368: a cold hit lowers it by 1 (minimum −10), a fire hit raises it by 1
    (maximum +10); electricity and non-elemental hits leave it."""
    if element == "cold":
        return max(-AFFINITY_LIMIT, affinity - 1)
    if element == "fire":
        return min(AFFINITY_LIMIT, affinity + 1)
    return affinity


def has_affinity(flairs: Collection[str]) -> bool:
    """L1364: "The character adds a new statistic [Dragon Elemental Affinity]"."""
    return _has(flairs, "Dragon Elemental Affinity")


def affinity_after_hits(flairs: Collection[str], affinity: int, element: str | None,
                        hits: int) -> int:
    """"Every time that the character is hit with the [Cold] element" (L1366-1368): each hit
    moves it once (a shotgun's bullets that hit, each); a unit without the flair has none."""
    if not has_affinity(flairs):
        return affinity
    for _ in range(hits):
        affinity = affinity_after_hit(affinity, element)
    return affinity


def nullifies(flairs: Collection[str], affinity: int, element: str | None) -> bool:
    """L1376: "All attacks against the character with the element of the character's [Dragon
    Elemental Affinity] have their [Damage Dealt] reduced to 0." """
    return has_affinity(flairs) and element is not None and element == affinity_element(
        affinity)


def recovers(flairs: Collection[str]) -> bool:
    """Dragon Recovery (L1384; needs the affinity, L1382): a hit of its own element heals."""
    return has_affinity(flairs) and _has(flairs, "Dragon Recovery")


def dragon_kind(affinity: int) -> str:
    """L1370-1374: < −1 Ice Dragon, > +1 Fire Dragon, −1..+1 Purple Dragon."""
    if affinity < -1:
        return "Ice Dragon"
    if affinity > 1:
        return "Fire Dragon"
    return "Purple Dragon"


def affinity_element(affinity: int) -> Element:
    """The element of the dragon's affinity (L1370-1374) and of its breath (L1398-1402)."""
    return {"Ice Dragon": "cold", "Fire Dragon": "fire"}.get(  # type: ignore[return-value]
        dragon_kind(affinity), "electricity"
    )


@dataclass(frozen=True, slots=True)
class DragonHit:
    """An elemental hit on a dragon: what it deals and heals, and the new affinity."""

    damage_dealt: int
    healed: int
    affinity: int


def elemental_hit_on_dragon(
    flairs: Collection[str], affinity: int, element: str | None, damage_before_sdr: int,
    damage_dealt: int,
) -> DragonHit:
    """L1376: "All attacks against the character with the element of the character's [Dragon
    Elemental Affinity] have their [Damage Dealt] reduced to 0." Dragon Recovery (L1384): it
    heals "the [Damage Dealt] they would have received before any [Spell Damage Reduction]".
    DEFAULT ``dragon_affinity_order``: the hit is judged against the affinity it meets, then
    the affinity moves (L1366-1368 count the hit itself)."""
    if not _has(flairs, "Dragon Elemental Affinity"):
        return DragonHit(damage_dealt, 0, affinity)
    after = affinity_after_hit(affinity, element)
    if element is not None and element == affinity_element(affinity):
        healed = damage_before_sdr if recovers(flairs) else 0
        return DragonHit(0, max(0, healed), after)
    return DragonHit(damage_dealt, 0, after)


def breath_dice(max_speed: int) -> DiceSum:
    """Dragon Breath (L1394): "1d6 [Damage Dealt] for every point in the character's
    [Maximum Speed Points]" (terms of at most 50 dice, one sum)."""
    if max_speed < 1:
        raise RulesError("Dragon Breath rolls 1d6 per Maximum Speed Point; this unit has none")
    terms, left = [], max_speed
    while left:
        terms.append((min(left, MAX_COUNT), 6))
        left -= terms[-1][0]
    return DiceSum(tuple(terms), 0, "Dragon Breath damage")


@dataclass(frozen=True, slots=True)
class Breath:
    element: Element
    rolled: int
    damage_dealt: int


def dragon_breath(
    chance: Any, flairs: Collection[str], max_speed: int, affinity: int, target_sdr: int,
    distance_ft: int, range_ft: int,
) -> Breath:
    """Dragon Breath (L1390-1404): a Verbal Action costing 3/3 (the action's data); its
    element follows the dragon's kind. Range and targeting are absent (gap M25): DEFAULT one
    target within ``dragon_breath_range_ft``, hitting automatically, SDR reducing it."""
    if not _has(flairs, "Dragon Breath"):
        raise RulesError("Dragon Breath needs the flair Dragon Breath (L1404)")
    if distance_ft > range_ft:
        raise RulesError(f"Dragon Breath reaches {range_ft} ft, not {distance_ft} ft")
    rolled = int(chance.decide(breath_dice(max_speed)))
    return Breath(affinity_element(affinity), rolled, max(0, rolled - target_sdr))


# --- Unarmed forms (Claw, Grasp, Worm Body; Tail Whip; Wing Buffet; Maw) ------------------


def melee_boost_factor(flairs: Collection[str], weapon: str) -> int:
    """Dragon Claw, Eldritch Grasp, Death Worm Body: "When the character is wielding the
    [Unarmed] weapon, the effects of the [Melee Boost] talent are doubled." (not stacked:
    each doubles the same talent)."""
    if weapon == UNARMED and any(_has(flairs, f) for f in DOUBLE_MELEE_BOOST):
        return 2
    return 1


def weapon_allowed(flairs: Collection[str], weapon: str) -> bool:
    """Dragon Claw / Death Worm Body: "loses the ability to use any weapons other than the
    [Unarmed] weapon" (L1414, L1490)."""
    return weapon == UNARMED or not any(_has(flairs, f) for f in UNARMED_ONLY)


def free_redoubles(flairs: Collection[str], weapon: str) -> int:
    """Dragon Tail Whip (L1426): Unarmed, a second Redouble for 0/0."""
    return 1 if weapon == UNARMED and _has(flairs, "Dragon Tail Whip") else 0


def melee_slots(flairs: Collection[str], weapon: str) -> tuple[str, ...]:
    """The action slots a Melee Attack or Melee Combo Attack may use: offensive, + movement
    with Dragon Wing Buffet (L1448-1450), + verbal with Death Worm Maw (L1500-1502), both
    Unarmed only."""
    slots = ["offensive"]
    if weapon == UNARMED and _has(flairs, "Dragon Wing Buffet"):
        slots.append("movement")
    if weapon == UNARMED and _has(flairs, "Death Worm Maw"):
        slots.append("verbal")
    return tuple(slots)


def maw_grapples(flairs: Collection[str], slot: str, hit: bool) -> bool:
    """Death Worm Bite (L1510): a Maw hit made as the Verbal Action may begin a grapple "as
    if they hit the target with [Initiate Grapple]"."""
    return hit and slot == "verbal" and _has(flairs, "Death Worm Bite")


def flies(flairs: Collection[str]) -> bool:
    """Dragon Flight (L1436-1438): any movement may go vertical; it does not fall."""
    return _has(flairs, "Dragon Flight")


# --- Eldritch Beast (L1455-1480) ----------------------------------------------------------


def eldritch_strike_allowed(
    flairs: Collection[str], unarmed_melee_hit: bool, verbal_used: bool,
) -> bool:
    """L1466-1470: after an Unarmed melee hit and before the block's Verbal Action, that
    Verbal Action may cast Possession with base cast time 0 for 0/0."""
    return _has(flairs, "Eldritch Strike") and unarmed_melee_hit and not verbal_used


# --- Death Worm Burrow and Tremor Sense (L1516-1538) --------------------------------------


@dataclass(frozen=True, slots=True)
class Burrow:
    underground: bool = False
    surfaced_this_block: bool = False


def burrow(flairs: Collection[str], state: Burrow, above_sand: bool) -> Burrow:
    """L1518: "When a character is above sand, the character can use any [Movement Action]
    to burrow underground. While underground, they cannot be targeted with any ability.
    While underground, they also cannot target anyone with any ability.\""""
    if not _has(flairs, "Death Worm Burrow"):
        raise RulesError("burrowing needs the flair Death Worm Burrow")
    if state.underground:
        raise RulesError("already underground")
    if not above_sand:
        raise RulesError("Death Worm Burrow needs sand underfoot (L1518)")
    return Burrow(underground=True)


def surface(state: Burrow) -> Burrow:
    if not state.underground:
        raise RulesError("not underground")
    return Burrow(underground=False, surfaced_this_block=True)


def may_act_after_surfacing(flairs: Collection[str], state: Burrow, slot: str) -> bool:
    """L1520: after surfacing, no Offensive, Defensive or Verbal Action that block, unless
    Death Worm Tremor Sense (L1528)."""
    if not state.surfaced_this_block or slot not in ("offensive", "defensive", "verbal"):
        return True
    return _has(flairs, "Death Worm Tremor Sense")


def target_may_dodge(flairs: Collection[str], state: Burrow) -> bool:
    """Advanced Death Worm Tremor Sense (L1536): targets cannot Dodge its attacks in the
    block it surfaced."""
    return not (state.surfaced_this_block and _has(flairs, "Advanced Death Worm Tremor Sense"))


def targetable(state: Burrow) -> bool:
    return not state.underground
