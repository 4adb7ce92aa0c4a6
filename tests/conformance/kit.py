"""Helpers the conformance tests share: corrupting a unit file, playing a
battle with the AI on every side, the statistical bound."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from tactician.engine.battle import Battle
from tactician.engine.play import Logged, play_battle
from tactician.rulesets.contract import (
    DELETE,
    ActionCase,
    Corruption,
    ExampleBattle,
    RulesetContract,
)
from tactician.rulesets.contract.action_check import checked_action

# the forecast and N seeded resolutions agree within SIGMAS binomial standard
# deviations (plus one count): at 4 sigma a correct ruleset fails by chance with
# probability about 6e-5 per outcome, and the seeds are fixed, so it cannot flake
SIGMAS = 4.0
RESOLUTIONS = 300


def bound(p: float, n: int) -> float:
    return SIGMAS * math.sqrt(max(p * (1 - p), 0.0) / n) + 1 / n


def corrupt(corruption: Corruption, folder: Path, *more: Corruption) -> Path:
    """A copy of the corruption's unit file with its change (and ``more``'s) made."""
    data = yaml.safe_load(corruption.unit.read_text(encoding="utf-8"))
    for change in (corruption, *more):
        *parents, last = change.path
        node: Any = data
        for key in parents:
            node = node[key]
        if change.value is DELETE:
            del node[last]
        else:
            node[last] = change.value
    names = "+".join(c.name.replace(" ", "-") for c in (corruption, *more))
    target = folder / f"{corruption.unit.stem}-{names}.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return target


def start(contract: RulesetContract, example: ExampleBattle,
          options: tuple[str, ...] = ()) -> tuple[Battle, Any, Any]:
    """The example battle's ``Battle``, its rules and its start state."""
    rules = contract.battle_rules([*example.options, *options])
    state = rules.start_state({"map": str(example.map),
                               "units": [str(u) for u in example.units]})
    battle = Battle(ruleset=contract.id, seed=example.seed,
                    options=[*example.options, *options], start=rules.dump_state(state))
    return battle, rules, rules.load_state(battle.start)


def play(contract: RulesetContract, example: ExampleBattle,
         limit: int | None = None) -> Iterator[tuple[Battle, Any, Any]]:
    """Play the battle with the AI on every side (``engine.play.play_battle``, as
    the simulator does), yielding (battle, rules, state) after every action; stops
    at the end, at ``limit`` actions, or when stuck."""
    battle, rules, state = start(contract, example)
    schema = contract.action_schema()
    # the engine's actions go through the ruleset's action schema, as the table's do
    table = Logged(battle, rules, state, check=lambda action: checked_action(schema, action))
    limit = example.step_bound if limit is None else limit
    for _ in play_battle(table, contract.planner(rules, every_side=True), limit):
        yield table.battle, rules, table.state


def check_modifiers(report: dict[str, Any], name: str) -> None:
    """A forecast's ``modifiers`` sum, per side and number, to that side's displayed
    number (issue 15: every modifier listed with its source; the terms are the
    number's own, so they cannot disagree with it)."""
    sums: dict[tuple[str, str], int] = {}
    for term in report.get("modifiers", []):
        assert term["source"] and term["rule"], (name, term)
        key = (term["side"], term["stat"])
        sums[key] = sums.get(key, 0) + term["value"]
    for (side, stat), value in sums.items():
        assert report[side][stat] == value, (name, side, stat, value, report[side][stat])


def case_battle(contract: RulesetContract, case: ActionCase, path: Path) -> Path:
    """The action case's battle file at ``path``: its battle's start (``arrange``d), then
    its ``before`` actions, each applied through the table (checked by the schema)."""
    from tactician.engine.store_file import save_battle
    from tactician.table.battles import perform

    example = case.battle
    rules = contract.battle_rules(list(example.options))
    state = rules.start_state({"map": str(example.map), "units": [str(u) for u in example.units]})
    if case.arrange is not None:
        state = case.arrange(state)
    save_battle(Battle(ruleset=contract.id, seed=example.seed, options=list(example.options),
                       start=rules.dump_state(state)), path)
    for action in case.before:
        perform(path, dict(action))
    return path


def case_action(contract: RulesetContract, case: ActionCase) -> dict[str, Any]:
    """The action a case plays: its own, else its kind's example in the schema."""
    if case.action is not None:
        return dict(case.action)
    kind = contract.action_schema().find(case.kind)
    assert kind is not None, f"{contract.id}: a case of undeclared kind {case.kind!r}"
    return dict(kind.example)


def act_args(action: dict[str, Any]) -> list[str]:
    """The command that sends ``action``: ``battle act UNIT TYPE KEY=VALUE...``, or
    ``battle end-phase`` for an action without a unit."""
    from tactician.table.actions import example_args

    if "unit" not in action:
        assert action["type"] == "end_phase", action
        return ["battle", "end-phase"]
    return ["battle", "act", *example_args(action)]
