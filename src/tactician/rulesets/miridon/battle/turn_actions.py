"""Beginning the battle and passing the turn (004 L1682-1698; a pilot inside its mech has no
turn of its own, ruling ``pilot_acts``).

``begin`` (L1684-1692, L1594-1596): the turn order by [Maximum Speed Points] descending
(ruling ``initiative_stat``); units that tie "roll 3d6 against each other ... with the
higher roll going first. All ties are re-rolled until there is a clear [Turn Order]"
— every roll-off logged. ``end_turn`` (also ``end_phase``): the next unit in the order
that can act takes its turn; "After all characters perform their [Turn], repeat from the
first character" (L1682), a new [Action Block].

At the start of a unit's turn (L1696): a damaged PDR "will regenerate by 1 ... up to their
undamaged" value (ruling ``drill_recovery``); its block stance ends (ruling
``block_stance_exit``); a grappled unit loses speed points (``grapple_rules.drain``). At
the end of a block the hammers' "for this round" speed damage comes back (ruling
``hammer_sp_damage``) and the once-per-block bonus actions are free again (L1710).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.distribution import DiceSum
from tactician.dice.roller import decide_by
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import started
from tactician.rulesets.miridon.battle.grapple_rules import drain
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import NO_STANCE, MiridonBattle, UnitState
from tactician.rulesets.miridon.spirit_battle.control import release
from tactician.rulesets.miridon.spirit_battle.mech_units import piloting

BLOCK_FAMILY = ("Block Stance", "Heavy Block Stance", "Super Block Stance",
                "Shield Block Stance", "Heavy Shield Block Stance", "Super Shield Block Stance")


def initiative(unit: UnitState, stat: str) -> int:
    return unit.profile.max_speed if stat == "max_speed" else unit.profile.battle_speed


@ACTIONS.register("begin")
def begin(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    if state.started:
        raise RulesError("the battle has already begun")
    stat = ctx.options.initiative_stat
    groups: dict[int, list[UnitState]] = {}
    for unit in state.units:
        groups.setdefault(initiative(unit, stat), []).append(unit)
    order: list[str] = []
    for value in sorted(groups, reverse=True):
        tied = groups[value]
        order.extend(u.id for u in _roll_off(ctx, tied, value))
    ctx.say("Turn order (Maximum Speed Points, L1594): " + ", ".join(
        f"{u} ({initiative(state.unit(u), stat)})" for u in order))
    state = state.model_copy(update={"order": tuple(order), "turn": 0, "block": 1})
    ctx.summary = "The battle begins: turn order " + ", ".join(order)
    return _first_able(ctx, state, 0)


def _roll_off(ctx: Context, tied: list[UnitState], value: int) -> list[UnitState]:
    """3d6 each, higher first; equal totals roll again among themselves (L1596)."""
    if len(tied) == 1:
        return tied
    rolls = {}
    for unit in tied:
        total = decide_by(ctx.chance, unit.id,
                          DiceSum(((3, 6),), 0, f"turn order roll-off: {unit.id}"))
        rolls[unit.id] = total
    ctx.say(f"roll-off at {value} Maximum Speed Points (L1596): " +
            ", ".join(f"{u} {t}" for u, t in rolls.items()))
    ranked: list[UnitState] = []
    for total in sorted(set(rolls.values()), reverse=True):
        same = [u for u in tied if rolls[u.id] == total]
        ranked.extend(_roll_off(ctx, same, value))
    return ranked


def start_turn(ctx: Context, state: MiridonBattle, unit: UnitState) -> MiridonBattle:
    """L1696 and the start-of-turn rulings, on ``unit`` whose turn it now is."""
    update: dict[str, Any] = {"slots": (), "charge": 0, "obstructed": False}
    if unit.pdr < unit.profile.pdr:
        regen = 1 if ctx.options.drill_recovery == "per_turn_1" else unit.profile.pdr - unit.pdr
        update["pdr"] = min(unit.profile.pdr, unit.pdr + regen)
        ctx.say(f"{unit.id}: PDR regenerates to {update['pdr']} (L1696)")
    if unit.stance in BLOCK_FAMILY and ctx.options.block_stance_exit == "next_turn":
        update["stance"] = NO_STANCE
        ctx.say(f"{unit.id} leaves {unit.stance} (ruling block_stance_exit)")
        update.update(shield_deflection(ctx, unit))
    state = state.replace_units(unit.model_copy(update=update))
    return drain(ctx, state, state.unit(unit.id))


def shield_deflection(ctx: Context, unit: UnitState) -> dict[str, Any]:
    """Shield Deflection (L2485-2498, flair L533-537): leaving a shield stance, the unit with
    the flair and a shield "enters the [Block Stance] instead of [No Stance]" (the same
    tier), paying the bonus action's cost if it can."""
    from tactician.rulesets.miridon.battle.costs import action_cost, affordable
    from tactician.rulesets.miridon.battle.stances import TIERS, shield_of, tier_of

    tier = tier_of(ctx.book, unit.stance)
    if not tier or unit.stance != TIERS[tier][2] or not unit.profile.has("Shield Deflection") \
            or shield_of(unit, ctx.book) is None:
        return {}
    cost = action_cost(ctx.book, "Shield Deflection", unit)
    if not affordable(unit, cost):
        return {}
    paid = {"strength": unit.strength - cost[0], "speed": unit.speed - cost[1]}
    if dual_shield_deflection(ctx.book, unit):
        ctx.say(f"{unit.id}: Shield Deflection with two shields: stays in {unit.stance} "
                "(Dual Shield Deflection, L572)")
        return {"stance": unit.stance, **paid, "once": (*unit.once, DUAL_SHIELD)}
    ctx.say(f"{unit.id}: Shield Deflection -> {TIERS[tier][1]} (L2494)")
    return {"stance": TIERS[tier][1], **paid}


DUAL_SHIELD = "dual_shield_deflection"


def dual_shield_deflection(book: Any, unit: UnitState) -> bool:
    """Dual Shield Deflection (L570-574): "If the character is wielding two [Shields], and a
    [Shield Deflection] is used then the character remains in the original [Stance]. This
    can only be performed once per [Action Block]." (Magic Shield Deflection, L2209, is its
    own action and still leaves the shield stance.)"""
    shields = [w for w in unit.profile.weapons if book.weapon(w.name).category == "shield"]
    return (unit.profile.has("Dual Shield Deflection") and len(shields) >= 2
            and DUAL_SHIELD not in unit.once)


def end_block(ctx: Context, state: MiridonBattle) -> MiridonBattle:
    changed = []
    for unit in state.units:
        update: dict[str, Any] = {"once": (), "defensive": 0, "shield_attacked": False}
        if unit.hammer_loss:
            update["speed"] = min(unit.profile.battle_speed, unit.speed + unit.hammer_loss)
            update["hammer_loss"] = 0
            ctx.say(f"{unit.id} gets back {unit.hammer_loss} speed points a hammer took "
                    "\"for this round\" (L3460)")
        if unit.stance in BLOCK_FAMILY and ctx.options.block_stance_exit == "block_end":
            update["stance"] = NO_STANCE
        conditions = tuple(c if c.blocks is None else c.model_copy(update={"blocks": c.blocks - 1})
                           for c in unit.conditions if c.blocks is None or c.blocks > 1)
        update["conditions"] = conditions
        changed.append(unit.model_copy(update=update))
    state = state.replace_units(*changed)
    state, lines = release(state, state.block)  # part 3: control ends with its block
    for line in lines:
        ctx.say(line)
    return state.model_copy(update={"block": state.block + 1})


def _first_able(ctx: Context, state: MiridonBattle, index: int) -> MiridonBattle:
    """The turn passes to the unit at ``index`` or the next that can act (the down skip
    their turns); passing the end of the order starts a new block (L1682)."""
    order = state.order
    wrapped = False
    for position in range(index, index + len(order) + 1):
        if position >= len(order) and not wrapped:
            wrapped = True
            state = end_block(ctx, state)
            ctx.say(f"Action block {state.block} begins (L1682)")
        unit = state.unit(order[position % len(order)])
        if unit.down:
            continue
        if piloting(unit):
            # inside, the pilot acts only through the parts on the mech's turn (ruling
            # pilot_acts, M32): its own turn has nothing to do, so it passes
            ctx.say(f"{unit.id} is inside {piloting(unit)}: its turn passes (it acts through "
                    "the mech's parts, M32)")
            continue
        state = state.model_copy(update={"turn": position % len(order)})
        ctx.say(f"{unit.id}'s turn")
        return start_turn(ctx, state, unit)
    return state


def pass_turn(ctx: Context, state: MiridonBattle) -> MiridonBattle:
    """The turn passes to the next unit that can act (``end_turn``'s step)."""
    return _first_able(ctx, state, state.turn + 1)


@ACTIONS.register("end_turn", aliases=("end_phase", "wait", "pass"))
def end_turn(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    started(state)
    current = state.current
    assert current is not None
    if action.get("unit") not in (None, current.id):
        raise RulesError(f"it is {current.id}'s turn, not {action.get('unit')}'s")
    ctx.summary = f"{current.id} ends its turn"
    return pass_turn(ctx, state)
