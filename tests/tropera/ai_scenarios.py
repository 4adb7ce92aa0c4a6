"""Fixed enemy-phase scenarios: the benchmark's battles and the decision-equality data.

``build`` lays a seeded random map and army out exactly as ``bench/bench_enemy_phase.py``
always has (40x40, 30 Elites against 12 at seed 1 is that benchmark's battle);
``play`` runs one whole enemy phase and records every decision. The records in
``data/ai_decisions.json`` were written by this module running on the planner
before issue 16's speed work (commit f1f98bd), so ``test_ai_decisions`` checks
that the faster planner chooses exactly what the old one chose. Only public
API that both versions share is used here.

Re-record (only when a rules change is meant to change choices):
``PYTHONPATH=src .venv/bin/python -m tests.tropera.ai_scenarios``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tactician.dice.source import SeededDice
from tactician.engine.effects import Effect
from tactician.rulesets.tropera.ai import Scorer, next_decision
from tactician.rulesets.tropera.battle_actions import apply
from tactician.rulesets.tropera.battle_state import MapState, TroperaBattle, Unit
from tactician.rulesets.tropera.creation import load_character
from tactician.rulesets.tropera.options import TroperaOptions

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "tropera"
DATA = Path(__file__).resolve().parent / "data" / "ai_decisions.json"

PLAYERS = (
    "aria_sword_fighter.yaml",
    "lute_mage.yaml",
    "lethe_laguz_beast.yaml",
    "gilliam_armored_lancer.yaml",
)
ENEMIES = ("brigand.yaml", "soldier.yaml", "archer.yaml", "chief.yaml")
TIERS = ("mob", "army", "elite")


def build(
    enemies: int = 30,
    players: int = 12,
    size: int = 40,
    seed: int = 1,
    tier: str = "elite",
    tricks: bool = False,
) -> TroperaBattle:
    """A seeded battle: players in the middle, enemies around them, the enemy phase.

    ``tier`` "mixed" cycles mob, army, elite. The player block and the enemy
    spread scale with ``size`` (at 40 they are the benchmark's 14..26 and 6..34).
    ``tricks`` adds a Shade on the first player and a Provoke by the second on
    the first three enemies (the AI's target rules).
    """
    rng = random.Random(seed)
    cells = []
    for _ in range(size * size):
        roll = rng.random()
        cells.append(
            "forest"
            if roll < 0.15
            else "hill"
            if roll < 0.2
            else "shallows"
            if roll < 0.24
            else "mountain"
            if roll < 0.27
            else "plain"
        )
    heroes = [load_character(EXAMPLES / f) for f in PLAYERS]
    foes = [load_character(EXAMPLES / "enemies" / f) for f in ENEMIES]
    units: list[Unit] = []
    taken: set[tuple[int, int]] = set()

    def spot(x0: int, x1: int, y0: int, y1: int) -> tuple[int, int]:
        while True:
            tile = (rng.randrange(x0, x1), rng.randrange(y0, y1))
            if tile not in taken and cells[tile[1] * size + tile[0]] != "mountain":
                taken.add(tile)
                return tile

    inner0, inner1 = size * 14 // 40, size * 26 // 40
    outer0, outer1 = size * 6 // 40, size * 34 // 40
    for i in range(players):
        c = heroes[i % 4]
        units.append(
            Unit(
                id=f"p{i}",
                side="player",
                number=i + 1,
                character=c,
                position=spot(inner0, inner1, inner0, inner1),
                hp=30,
                equipped=c.equipped,
                transformed=c.kind.startswith("laguz"),
            )
        )
    for i in range(enemies):
        c = foes[i % 4]
        units.append(
            Unit(
                id=f"e{i}",
                side="enemy",
                number=i + 1,
                tier=TIERS[i % 3] if tier == "mixed" else tier,  # type: ignore[arg-type]
                character=c,
                position=spot(outer0, outer1, outer0, outer1),
                hp=20,
                equipped=c.equipped,
            )
        )
    fixed = [u.model_copy(update={"hp": min(u.hp, u.max_hp)}) for u in units]
    effects: tuple[Effect, ...] = ()
    if tricks:
        effects = (
            Effect(name="shaded", unit="p0", source="p0", ends="phase_start", ends_owner="player"),
            *(
                Effect(
                    name="provoked", unit=f"e{i}", source="p1", ends="phase_end", ends_owner="enemy"
                )
                for i in range(3)
            ),
        )
    return TroperaBattle(
        map=MapState(width=size, height=size, cells=tuple(cells)),
        units=tuple(fixed),
        phase=1,
        effects=effects,
    )


def play(
    state: TroperaBattle, scorer: Scorer, on_decision: Callable[[Any], None] | None = None
) -> tuple[TroperaBattle, int]:
    """One whole enemy phase, each action rolled with ``SeededDice(number of actions so far)``."""
    actions = 0
    while True:
        decision = next_decision(state, scorer)
        if decision is None:
            return state, actions
        if on_decision is not None:
            on_decision(decision)
        for action in decision.actions:
            state, _ = apply(state, action, SeededDice(actions))
            actions += 1


#: name -> build() arguments; the first is the enemy-phase benchmark's battle
SCENARIOS: dict[str, dict[str, Any]] = {
    "elite-30v12-40": {},
    "elite-16v8-24-s2": {"enemies": 16, "players": 8, "size": 24, "seed": 2},
    "elite-20v10-16-s7": {"enemies": 20, "players": 10, "size": 16, "seed": 7},
    "elite-60v24-56-s3": {"enemies": 60, "players": 24, "size": 56, "seed": 3},
    "mob-30v12-40-s4": {"seed": 4, "tier": "mob"},
    "army-30v12-40-s5": {"seed": 5, "tier": "army"},
    "mixed-24v10-20-s6": {"enemies": 24, "players": 10, "size": 20, "seed": 6, "tier": "mixed"},
    "elite-tricks-16v8-16-s8": {
        "enemies": 16, "players": 8, "size": 16, "seed": 8, "tricks": True,
    },
    "mixed-tricks-20v8-18-s9": {
        "enemies": 20, "players": 8, "size": 18, "seed": 9, "tier": "mixed", "tricks": True,
    },
}


def record(name: str) -> list[dict[str, Any]]:
    """Every decision of the scenario's enemy phase: who, what, why, and the top candidates."""
    out: list[dict[str, Any]] = []
    play(build(**SCENARIOS[name]), Scorer(TroperaOptions()), lambda d: out.append(d.describe(3)))
    return out


def main() -> int:
    data = {name: record(name) for name in SCENARIOS}
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"recorded {sum(len(v) for v in data.values())} decisions in {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
