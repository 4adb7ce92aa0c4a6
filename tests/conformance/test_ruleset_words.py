"""Kit: what the command line prints about a ruleset's battles is in that ruleset's own
words (issue 24 item 8): ``--explain`` printed Tropera's legend ("the tier's priority
(mob hit, army hit - counter, ...)") and hit/counter columns in every ruleset, and
``battle act --help`` listed Fire Emblem's actions only.

Clauses: the legend and columns of ``enemy-phase --explain`` are the ruleset's
(``contract.explain_words``), every column reads a key the ruleset's AI gives its
scored candidates, and no other ruleset's legend appears; ``battle act --help -r R``
lists every action kind of R with its keys and an example, and without ``-r`` the
ruleset of the battle it would act on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.rulesets.contract import Capability, RulesetContract
from tactician.rulesets.registry import all_rulesets
from tactician.table.actions import example_args
from tests.conformance.kit import start

runner = CliRunner()


def _run(*args: Any) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.stdout


def _ai(contract: RulesetContract) -> None:
    if not contract.has(Capability.AI):
        pytest.skip(f"{contract.id} has no AI")


def _scored(contract: RulesetContract) -> list[dict[str, Any]]:
    """Scored candidates of the engine's first decisions in the example battles (the
    planner's own ``best`` rows, as ``--explain`` receives them)."""
    from tactician.engine.battle import act
    from tactician.rulesets.contract.action_check import checked_action

    rows: list[dict[str, Any]] = []
    for example in contract.examples().battles:
        battle, rules, state = start(contract, example)
        planner = contract.planner(rules, every_side=True)
        for _ in range(40):
            decision = planner.next(state)
            if decision is None:
                decision = {"actions": [{"type": "end_phase"}]}
            rows += decision.get("best", [])
            for action in decision["actions"]:
                action = checked_action(contract.action_schema(), action)
                battle, _, state = act(battle, rules, action, None, state)
            if rows or getattr(state, "result", "ongoing") != "ongoing":
                break
    return rows


def test_every_explain_column_reads_a_key_of_the_ais_candidates(
        contract: RulesetContract) -> None:
    _ai(contract)
    words = contract.explain_words()
    rows = _scored(contract)
    assert rows, f"{contract.id}'s example battles gave no scored candidate in 40 decisions"
    for row in rows:
        missing = [c.key for c in words.columns if c.key not in row]
        assert not missing, (contract.id, missing, sorted(row))


def test_explain_prints_the_rulesets_legend_and_no_other(contract: RulesetContract,
                                                         tmp_path: Path) -> None:
    _ai(contract)
    words = contract.explain_words()
    others = {r.contract().explain_words().legend for r in all_rulesets()
              if r.has(Capability.AI) and r.id != contract.id}
    example = contract.examples().battles[0]
    path = tmp_path / "battle.json"
    units = [x for u in example.units for x in ("--units", u)]
    _run("battle", "new", "-r", contract.id, "--map", example.map, *units, "--seed",
         example.seed, "--out", path)
    out = _run("battle", "enemy-phase", "--any-side", "--explain", "--battle", path)
    assert words.legend in " ".join(out.split()), out[:400]
    for legend in others - {words.legend}:
        assert legend not in " ".join(out.split())


def _battle_rulesets() -> list[str]:
    return [r.id for r in all_rulesets() if r.has(Capability.BATTLES)]


def test_act_help_lists_the_rulesets_actions_keys_and_examples(
        contract: RulesetContract) -> None:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    out = " ".join(_run("battle", "act", "--help", "-r", contract.id).split())
    assert f"Actions of {contract.id}" in out
    for kind in contract.action_schema().kinds:
        assert f"{kind.name}{' (also' if kind.aliases else ':'}" in out, kind.name
        for key in kind.keys:
            if key.name != "unit":
                assert f"{key.name}{'*' if key.required else ''} (" in out, (kind.name, key)
        if "unit" in kind.example:
            assert "battle act " + " ".join(example_args(kind.example)) in out, kind.name
    for other in set(_battle_rulesets()) - {contract.id}:
        assert f"Actions of {other}" not in out


def test_act_help_without_a_ruleset_uses_the_battles(contract: RulesetContract,
                                                     tmp_path: Path) -> None:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    example = contract.examples().battles[0]
    path = tmp_path / "battle.json"
    units = [x for u in example.units for x in ("--units", u)]
    _run("battle", "new", "-r", contract.id, "--map", example.map, *units, "--seed",
         example.seed, "--out", path)
    out = " ".join(_run("battle", "act", "--help", "--battle", path).split())
    assert f"Actions of {contract.id}" in out


def test_act_help_with_no_battle_lists_every_rulesets_actions(tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    monkeypatch.setenv("TACTICIAN_DB", str(tmp_path / "none.sqlite"))
    out = " ".join(_run("battle", "act", "--help").split())
    for ruleset in _battle_rulesets():
        assert f"{ruleset}: " in out
    assert not (tmp_path / "none.sqlite").exists()  # help creates no database
