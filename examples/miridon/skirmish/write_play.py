"""Write ``play.sh``: the skirmish played to its end from the command line, the raiders
by the engine (``battle enemy-phase``), the crew by the commands a player would type —
here the very moves the AI would choose for them, so the script is a fixed list of
commands that ends the battle. Rerun it when a rule or the AI changes:

    .venv/bin/python examples/miridon/skirmish/write_play.py
"""

from __future__ import annotations

import shlex
import tempfile
from pathlib import Path
from typing import Any

from tactician.rulesets.registry import contract
from tactician.table.battles import new_battle, open_battle, perform, play_side, view

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SEED = 1
HEAD = f"""#!/bin/sh
# The Dry Dock (examples/miridon/skirmish) played to its end from the command line
# (seed {SEED}): the raiders are the engine's (`battle enemy-phase`, which also rolls the
# turn order's 3d6 roll-offs); the crew's turns are the commands below. Written by
# write_play.py (the crew's commands are the AI's choices for them, typed out).
# Run from the repository root: sh examples/miridon/skirmish/play.sh
set -e
cd "$(dirname "$0")/../../.."
B="${{BATTLE:-/tmp/miridon-skirmish.json}}"
T="${{TACTICIAN:-tactician}}"
$T battle new --ruleset miridon --map examples/miridon/skirmish/map.yaml \\
  --units examples/miridon/skirmish/crew.yaml --units examples/miridon/skirmish/raiders.yaml \\
  --seed {SEED} --out "$B" --force
"""


def command(action: dict[str, Any], held: str) -> str:
    kind, unit = action["type"], action["unit"]
    if kind == "end_turn":
        return '$T battle end-phase -b "$B"'
    if kind == "attack" and set(action) <= {"type", "unit", "target", "weapon", "kind"} \
            and action.get("weapon", held) == held and action.get("kind") in (None, "melee",
                                                                               "gun"):
        return f'$T battle attack {unit} {action["target"]} --yes -b "$B"'
    words = []
    for key, value in action.items():
        if key in ("type", "unit"):
            continue
        text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
        words.append(shlex.quote(f"{key}={text}"))
    return f'$T battle act {unit} {kind} {" ".join(words)} -b "$B"'.replace("  ", " ")


def main() -> None:
    miridon = contract("miridon")
    lines = [HEAD]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "battle.json"
        new_battle("miridon", HERE / "map.yaml", [HERE / "crew.yaml", HERE / "raiders.yaml"],
                   path, seed=SEED)
        for _ in range(1000):
            board = view(path)
            if board["result"] != "ongoing":
                break
            units = {u["id"]: u for u in board["units"]}
            acting = board["acting"]
            if not acting or units[acting[0]]["tier"] is not None:
                play_side(path)
                lines.append('$T battle enemy-phase -b "$B"')
                continue
            opened = open_battle(path)
            planner = miridon.planner(opened.rules, every_side=True)
            decision = planner.next(opened.state)
            assert decision is not None
            for action in decision["actions"]:
                lines.append(command(action, units[action["unit"]]["equipped"]))
                perform(path, action)
        lines.append('$T battle show -b "$B"')
        lines.append('$T battle log -b "$B"')
        final = view(path)
    (HERE / "play.sh").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"play.sh: {len(lines) - 1} commands; {final['result']} ({final['result_reason']})")


if __name__ == "__main__":
    main()
