"""Small fe-tabletop battles for the battle tests: a text grid and placements."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.engine.rules import Outcome
from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.rulings import with_overrides

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "fe_tabletop"
FILES = {
    "eirika": "eirika_lord.yaml", "kyle": "kyle_cavalier.yaml", "lute": "lute_mage.yaml",
    "moulder": "moulder_priest.yaml", "vanessa": "vanessa_pegasus_knight.yaml",
    "garcia": "garcia_fighter.yaml", "oneill": "oneill_brigand.yaml",
}
LEGEND = {".": "Plain", "s": "Sand", "M": "Mountains", "h": "Hills", "~": "Sea",
          "F": "Forests", "f": "Fort", "G": "Gate", "T": "Throne"}


def battle(tmp: Path, grid: str, units: list[dict[str, Any]], **settings: Any
           ) -> TabletopBattle:
    """``units``: {id, at, side?, player?, file? (a FILES key or a path), ...}."""
    (tmp / "map.yaml").write_text(yaml.safe_dump({"legend": LEGEND, "grid": grid}),
                                  encoding="utf-8")
    placed = []
    for unit in units:
        entry = dict(unit)
        name = entry.pop("file", entry["id"])
        entry["file"] = str(EXAMPLES / FILES[name]) if name in FILES else str(name)
        entry["at"] = list(entry["at"])
        placed.append(entry)
    (tmp / "units.yaml").write_text(yaml.safe_dump({**settings, "units": placed}),
                                    encoding="utf-8")
    return TabletopBattleRules().start_state({"map": str(tmp / "map.yaml"),
                                              "units": [str(tmp / "units.yaml")]})


def act(state: TabletopBattle, action: dict[str, Any], rolls: list[int] | None = None,
        *options: str, seed: int = 1) -> tuple[TabletopBattle, Outcome]:
    rules = TabletopBattleRules(with_overrides(TabletopOptions(), list(options)))
    dice = PhysicalDice(rolls) if rolls is not None else SeededDice(seed)
    return rules.apply(state, action, dice)


def types(outcome: Outcome) -> list[str]:
    return [str(r.get("type")) for r in outcome.records]


def variant(tmp: Path, base: str, stem: str, **changes: Any) -> str:
    """A copy of an example unit with ``changes`` (returned as a file path)."""
    data = yaml.safe_load((EXAMPLES / FILES[base]).read_text(encoding="utf-8"))
    if "class_name" in changes:  # another class has its own number of skills (001 L90)
        data.pop("skills", None)
    data.update(changes)
    path = tmp / f"{stem}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


def record(outcome: Outcome, kind: str) -> dict[str, Any]:
    return next(r for r in outcome.records if r.get("type") == kind)
