"""A tiny ruleset for storage tests: one counter, each action adds a d6."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.battle import Battle, act
from tactician.engine.log import Entry
from tactician.engine.rules import Outcome
from tactician.errors import RulesError


class CounterRules:
    def start_state(self, scenario: Mapping[str, Any]) -> dict[str, Any]:
        return {"total": 0, "count": 0}

    def apply(self, state: Any, action: Mapping[str, Any], dice: DiceSource
              ) -> tuple[Any, Outcome]:
        if action.get("type") != "add":
            raise RulesError(f"unknown action {action.get('type')!r}")
        roll = dice.draw(6, f"add for {action.get('tag')}")
        new = {"total": state["total"] + roll, "count": state["count"] + 1}
        return new, Outcome(f"{action.get('tag')} adds {roll}",
                            [{"type": "add", "tag": action.get("tag"), "roll": roll}])

    def dump_state(self, state: Any) -> dict[str, Any]:
        return dict(state)

    def load_state(self, data: Mapping[str, Any]) -> Any:
        return dict(data)


RULES = CounterRules()


def new_battle(seed: int = 1) -> Battle:
    return Battle(ruleset="counter", seed=seed, start={"total": 0, "count": 0})


def play(battle: Battle, tags: list[str]) -> tuple[Battle, list[Entry]]:
    entries = []
    for tag in tags:
        battle, entry, _ = act(battle, RULES, {"type": "add", "tag": tag})
        entries.append(entry)
    return battle, entries
