"""Grappling's numbers (004 L2959-2987, spec 004 §3.13): the most a unit may invest,
the Break / Maintain contest and the speed drain.

- [Maximum Grapple Strength] = Table 6.6 by strength points (L2973-2983; ruling
  ``grapple_table_index``: the current points, "up to the number of [Current Strength
  Points] specified in the table", L2966) + Grapple Boost rank (L312) + the grappling
  weapon's [Maximum Grapple Strength] (L3481); never more than the current points.
- "If the [Target's Grapple Power] exceeds the [Grappler's Grapple Power], then the
  grappling ends" (L2966): each power is the investment + 1d6 (L1897, L2227); ties hold.
- Drain: "reduced by 1 for the first [Action Block] they are grappled, 2 for the second
  ..., 3 for the third" plus the "[Grapple Speed Damage Bonus]" of a grappling weapon
  (L2985, L3477; spec C8 default: the grappler's weapon, Unarmed's 3 included). The first
  at once when the grapple lands, later ones at the start of the target's turn.
"""

from __future__ import annotations

from typing import Any

from tactician.dice.enumerate import distribution
from tactician.dice.roller import decide_by
from tactician.rulesets.miridon.battle.dice_events import D6Pool
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

DRAINED = "grapple_drained_block"  # pools key: the block of the last drain


def table_invest(book: Compendium, strength_points: int) -> int:
    best = 0
    for row in book.grapple_table.values():
        if strength_points >= row.strength_min and (
                row.strength_max is None or strength_points <= row.strength_max):
            best = row.max_invested
    return best


def grappling_weapon(book: Compendium, unit: UnitState) -> Any:
    """The unit's grappling weapon (Unarmed when it wields none, L3486)."""
    for weapon in unit.profile.weapons:
        entry = book.weapon(weapon.name)
        if entry.category == "grappling":
            return entry
    return book.weapon("Unarmed") if not unit.profile.weapons or all(
        w.name == "Unarmed" for w in unit.profile.weapons) else None


def max_grapple_strength(book: Compendium, unit: UnitState, index: str = "current") -> int:
    points = unit.strength if index == "current" else unit.profile.battle_strength
    weapon = grappling_weapon(book, unit)
    extra = (weapon.max_grapple_strength or 0) if weapon is not None else 0
    return min(unit.strength, table_invest(book, points) + unit.profile.talent("Grapple Boost")
               + extra)


Contest = tuple[int, int, bool | None]


def contest_step(invest: tuple[int, int], chance: Any,
                 rollers: tuple[str | None, str | None] = (None, None)
                 ) -> tuple[int, int, bool]:
    """One Break Grapple contest: (target power, grappler power, broken); ``rollers``:
    the grappled unit's and the grappler's ids (whose roll each is)."""
    target = decide_by(chance, rollers[0], D6Pool(1, invest[0], 0, "Break Grapple Power"))
    grappler = decide_by(chance, rollers[1], D6Pool(1, invest[1], 0, "Maintain Grapple Power"))
    return target, grappler, target > grappler


def break_chance(target_invest: int, grappler_invest: int) -> float:
    """P(target + 1d6 > grappler + 1d6), enumerated from ``contest_step``."""
    def step(state: Contest, chance: Any) -> Contest:
        return contest_step((state[0], state[1]), chance)

    start: Contest = (target_invest, grappler_invest, None)
    ends = distribution(start, step, lambda s: s[2] is not None)
    return sum(p for s, p in ends.items() if s[2])


def drain_amount(book: Compendium, grappler: UnitState, blocks: int) -> int:
    weapon = grappling_weapon(book, grappler)
    return blocks + ((weapon.grapple_speed_damage or 0) if weapon is not None else 0)


def drain(ctx: Context, state: MiridonBattle, unit: UnitState) -> MiridonBattle:
    """At the start of a grappled unit's turn: the next block of the drain."""
    if unit.grappled_by is None or unit.pools.get(DRAINED) == state.block:
        return state  # one drain per block: the first fell when the grapple landed
    grappler = state.unit(unit.grappled_by)
    blocks = unit.grappled_blocks + 1
    return apply_drain(ctx, state, unit, grappler, blocks)


def apply_drain(ctx: Context, state: MiridonBattle, unit: UnitState, grappler: UnitState,
                blocks: int) -> MiridonBattle:
    amount = drain_amount(ctx.book, grappler, blocks)
    loss = min(unit.speed, amount)
    ctx.say(f"{unit.id} is grappled (block {blocks}): speed -{loss} (L2985)")
    return state.replace_units(unit.model_copy(update={
        "speed": unit.speed - loss, "grappled_blocks": blocks,
        "pools": {**unit.pools, DRAINED: state.block}}))
