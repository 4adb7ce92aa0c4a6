"""One copy of the battle, played in memory to its end with the engine on every side.

``engine.play.play_battle`` on an ``Unlogged`` table (no log, no file), the planner
built for every side (``RulesetContract.planner(rules, every_side=True)``), on the
copy's own seed (``seeds.copy_seed``). What it returns is small and picklable (it
crosses a process or the network): the result, rounds, each unit's HP left, the
damage each unit dealt and who fell in what order.

Damage dealt is read from the states, not the records (the rulesets word them
differently): HP a unit of another side lost while a unit's decision was played is
that unit's damage, and HP the acting unit's own side lost then is its one named
target's (``target``: a counter-attack, a riposte; Fire Emblem's counters deal as
much as the attacks they answer). HP lost outside any unit's decision (a phase's
end: bleeding, death tests), or by the actor's side in a decision naming no single
target, is nobody's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.engine.play import Unlogged, ends_own_turns, ongoing, play_battle
from tactician.simulate.seeds import copy_seed
from tactician.simulate.setup import Setup, prepared

__all__ = ["CopyOutcome", "run_one"]

ENDS = ("victory", "defeat", "draw")


@dataclass(frozen=True)
class CopyOutcome:
    """How copy ``index`` ended. ``result`` is victory, defeat or draw; a copy the
    engine could not finish (stuck, or past the set-up's bound on actions) is a draw
    with ``unfinished`` set. ``hp`` and ``damage`` are in the set-up's unit order."""

    index: int
    seed: int
    result: str
    rounds: int
    actions: int
    hp: tuple[int, ...]
    damage: tuple[int, ...]
    fallen: tuple[str, ...]
    unfinished: bool = False


class _Watched:
    """The planner, remembering which unit the decision it last gave is for."""

    def __init__(self, planner: Any) -> None:
        self.planner = planner
        self.ends_own_turns = ends_own_turns(planner)
        self.unit: str | None = None
        self.target: str | None = None

    def next(self, state: Any) -> dict[str, Any] | None:
        decision = self.planner.next(state)
        self.unit = None if decision is None else decision.get("unit")
        self.target = None if decision is None else _one_target(decision)
        return decision


def _one_target(decision: dict[str, Any]) -> str | None:
    """The one unit the decision's actions name as ``target`` (a decision is one action
    or a unit's batch of them, ``actions``), else None."""
    actions = decision.get("actions")
    named = {a.get("target") for a in (actions if isinstance(actions, list) else [decision])
             if isinstance(a, dict)}
    named.discard(None)
    [target] = named if len(named) == 1 else [None]
    return target if isinstance(target, str) else None


def _hp(state: Any) -> dict[str, int]:
    return {unit.id: int(unit.hp) for unit in state.units}


def run_one(setup: Setup, base_seed: int, index: int) -> CopyOutcome:
    """Play copy ``index`` of ``setup`` on ``copy_seed(base_seed, index)``."""
    ready = prepared(setup)
    ids = [u.id for u in ready.units]
    side = {u.id: u.side for u in ready.units}
    seed = copy_seed(base_seed, index)
    table = Unlogged(ready.rules, ready.state, seed)
    planner = _Watched(ready.contract.planner(ready.rules, True))
    damage = dict.fromkeys(ids, 0)
    hp = _hp(ready.state)
    out = {t.id for t in ready.state.tokens() if t.out}
    fallen: list[str] = []
    for _ in play_battle(table, planner, setup.step_bound):
        state = table.state
        now = _hp(state)
        actor, target = planner.unit, planner.target
        if actor in damage:
            lost = {u: hp[u] - now[u] for u in now if u in hp and now[u] < hp[u]}
            damage[actor] += sum(n for u, n in lost.items() if side.get(u) != side[actor])
            if target in damage and side[target] != side[actor]:  # its counter, a riposte
                damage[target] += sum(n for u, n in lost.items()
                                      if side.get(u) == side[actor])
        hp = now
        for token in state.tokens():
            if token.out and token.id not in out:
                out.add(token.id)
                fallen.append(token.id)
    state = table.state
    result = str(getattr(state, "result", "ongoing"))
    unfinished = ongoing(state) or result not in ENDS
    return CopyOutcome(index=index, seed=seed, result="draw" if unfinished else result,
                       rounds=int(state.round), actions=table.actions,
                       hp=tuple(max(hp.get(u, 0), 0) for u in ids),
                       damage=tuple(damage[u] for u in ids), fallen=tuple(fallen),
                       unfinished=unfinished)
