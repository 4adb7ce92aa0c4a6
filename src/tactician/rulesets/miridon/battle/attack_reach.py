"""The squares a unit can attack now, and the foes it can hit from where, for the board's
reach (the web table's red squares, issue 29: Miridon's reach drew its moves only).

The rule: "The target or targets of any action must be within the [Range] of the
action" (004 L1700): a melee weapon's [Melee Range] of 5 feet, a gun's own [Range]
(L1674-1676, L3520), a sniper rifle's [Long Range] (L3534); ``attack_numbers.check_range``,
the check the attack itself makes. 004 sets an attack no other limit on where its target
stands: no line of sight, no cover (a wall stops only a line, Shoot Through's, L2611,
and a move, L1923-1965), so a square behind a wall is shown when it is in range. The
turn's one Offensive Action and one Movement Action "can be executed in any order"
(L1690): a unit that still has both may move, then attack, so the squares are those in
range from where it stands and from every square its ``move`` takes it to
(``move_reach.moves``, each the battle that move leaves).

Not a second copy of what the attack needs besides the range (its turn, its Offensive
Action unused, the points of L1694, the ammunition, a grapple's lock-down): from each
standpoint each carried weapon is tried with the ``attack`` action itself, through the
rules' ``apply`` on a throwaway stream, on a probe (a copy of the battle with one foe
set on the nearest free square in range); a weapon it refuses there adds no square.
Each foe in range of an accepted standpoint is then tried once as the real target
(a foe the rules will not let it target, a burrowed Death Worm, L1518, is left out).
What the squares equal is checked square by square against the action in
``tests/web/test_miridon_reach.py``.
"""

from __future__ import annotations

from typing import Any

from tactician.dice.source import SeededDice
from tactician.errors import TacticianError
from tactician.rulesets.miridon.battle.attack_numbers import check_range
from tactician.rulesets.miridon.battle.attack_plan import kind_of
from tactician.rulesets.miridon.battle.geometry import Tile, distance_ft
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState


def _in_range(rules: Any, unit: UnitState, weapon: str, here: Tile, there: Tile) -> bool:
    try:
        check_range(rules.options, rules.book.weapon(weapon),
                    kind_of(rules.book, unit, weapon, None), here, there)
    except TacticianError:
        return False
    return here != there


def _ready(rules: Any, state: MiridonBattle, unit_id: str, weapon: str,
           foes: list[UnitState]) -> tuple[list[Tile], str | None]:
    """The squares ``weapon`` reaches from where ``unit_id`` stands in ``state``, if the
    ``attack`` action takes it there (tried on a probe foe set on the nearest free
    square in range); else no square, and the action's words."""
    unit = state.unit(unit_id)
    here = unit.position
    assert here is not None
    board = state.board()
    squares = [(x, y) for y in range(board.height) for x in range(board.width)
               if _in_range(rules, unit, weapon, here, (x, y))]
    free = sorted((q for q in squares if state.at(q) is None),
                  key=lambda q: distance_ft(here, q, rules.options))
    if not squares or not foes:
        return [], None
    refused: str | None = None
    for foe in foes:  # a foe the rules refuse as a target: try the next
        spot = foe.position if foe.position in squares else (free[0] if free else None)
        if spot is None:
            continue
        probe = state.replace_units(foe.model_copy(update={"position": spot}))
        action = {"type": "attack", "unit": unit_id, "target": foe.id, "weapon": weapon}
        try:
            rules.apply(probe, action, SeededDice(0))
        except TacticianError as exc:
            refused = refused or str(exc)
            continue
        return squares, None
    return [], refused


def attack_reach(state: MiridonBattle, unit_id: str,
                 moved: list[tuple[Tile, MiridonBattle, dict[str, str]]]) -> dict[str, Any]:
    """``attack``: every square ``unit_id`` can attack now from where it stands or from
    a square of its move (``moved``: ``move_reach.moves``); ``targets``: each foe the
    attack action takes, with the squares it can be hit from ("from", where the unit
    stands first) and the weapons; ``attack_refused``: when no square, the action's
    words (its Offensive Action taken, its points)."""
    from tactician.rulesets.miridon.battle.rules import battle_rules

    rules = battle_rules(state.options)
    unit = state.unit(unit_id)
    if unit.position is None:
        return {"attack": [], "targets": {}, "attack_refused": f"{unit_id} is not on the map"}
    standpoints = [(unit.position, state)] + [
        (end, after) for end, after, shown in moved if "obstructed" not in shown]
    weapons = [w.name for w in unit.profile.weapons]
    attack: set[Tile] = set()
    reaches: list[tuple[Tile, MiridonBattle, str, set[Tile]]] = []
    refused: str | None = None
    for where, standing in standpoints:
        foes = [u for u in standing.units if u.side != unit.side and u.position is not None
                and u.status != "dead"]
        for weapon in weapons:
            squares, why = _ready(rules, standing, unit_id, weapon, foes)
            refused = refused or why
            if squares:
                attack.update(squares)
                reaches.append((where, standing, weapon, set(squares)))
    targets: dict[str, dict[str, Any]] = {}
    for foe in state.units:
        if foe.side == unit.side or foe.position is None or foe.status == "dead":
            continue
        hits = [(where, standing, weapon) for where, standing, weapon, squares in reaches
                if foe.position in squares]
        if not hits:
            continue
        where, standing, weapon = hits[0]
        action = {"type": "attack", "unit": unit_id, "target": foe.id, "weapon": weapon}
        try:  # the real foe as the target, once: the rules may refuse it as one
            rules.apply(standing, action, SeededDice(0))
        except TacticianError:
            continue
        spots: list[list[int]] = []
        for spot, _, _ in hits:
            if [spot[0], spot[1]] not in spots:
                spots.append([spot[0], spot[1]])
        targets[foe.id] = {"from": spots, "weapons": sorted({w for _, _, w in hits})}
    return {"attack": sorted([list(t) for t in attack]), "targets": targets,
            "attack_refused": None if attack else refused}
