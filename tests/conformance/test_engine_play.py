"""Kit: the engine plays any side, in every ruleset, to an end (issue 24).

Every ruleset names a round cap, and a battle undecided when its last round is over
is a draw; a battle played in memory (``engine.play.Unlogged``, what the simulator
plays) is the very battle its log holds on the same seed; and through the command
line, in a campaign, ``battle enemy-phase --any-side`` called in a loop either moves
the battle on (exit 0, a longer log) or refuses with exit 2 and one clear line, and
the battle ends (victory, defeat or draw) within its cap.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.engine.play import Logged, Unlogged, play_battle
from tactician.rulesets.contract import Capability, ExampleBattle, RulesetContract
from tactician.table.battles import board_of
from tactician.table.schemas import SCHEMA_DIR
from tests.conformance.kit import start

ENDS = ("victory", "defeat", "draw")
OPENING = 25  # actions deep, as test_battles' fast clauses


def _examples(contract: RulesetContract) -> tuple[ExampleBattle, ...]:
    if not (contract.has(Capability.BATTLES) and contract.has(Capability.AI)):
        pytest.skip(f"{contract.id} declares no battles played by an AI")
    return contract.examples().battles


def test_every_ruleset_names_a_round_cap_and_reaching_it_is_a_draw(
    contract: RulesetContract,
) -> None:
    """The option ``round_cap`` (docs/rulings.md "Round cap and draw"): with a cap of
    one round, a battle the first round does not decide is a draw once it is over."""
    examples = _examples(contract)
    cap = contract.round_cap()
    assert isinstance(cap, int) and cap >= 1, cap
    assert contract.round_cap(["round_cap=none"]) is None
    schema = json.loads((SCHEMA_DIR / "battle_show.json").read_text(encoding="utf-8"))
    for example in examples:
        battle, rules, state = start(contract, example, ("round_cap=1",))
        table = Logged(battle, rules, state)
        for _ in play_battle(table, contract.planner(rules, every_side=True),
                             example.step_bound):
            pass
        final = table.state
        assert final.result in ENDS, (example.name, final.round)
        if final.result == "draw":
            assert final.round == 2 and "round cap" in final.result_reason
        view = board_of(contract.id, final, len(table.battle.log), battle.seed)
        assert view["result"] == final.result
        assert view["objectives"]["draw"] == ["undecided after round 1"]
        errors = [e.message for e in Draft202012Validator(schema).iter_errors(view)]
        assert not errors, errors[:3]


def test_a_battle_played_in_memory_is_the_battle_its_log_holds(
    contract: RulesetContract,
) -> None:
    """``Unlogged`` draws action N's dice from the seed's stream N, as ``act`` does:
    the simulator's copies are the battles the table would log on their seeds."""
    for example in _examples(contract):
        battle, rules, state = start(contract, example)
        logged = Logged(battle, rules, state)
        unlogged = Unlogged(rules, state, battle.seed)
        played = zip(play_battle(logged, contract.planner(rules, every_side=True), OPENING),
                     play_battle(unlogged, contract.planner(rules, every_side=True), OPENING),
                     strict=True)
        for entry, outcome in played:
            assert (entry.summary, entry.records) == (
                outcome.summary, json.loads(json.dumps(outcome.records, default=str)))
        assert rules.dump_state(unlogged.state) == rules.dump_state(logged.state)
        assert unlogged.actions == logged.actions > 0


def _run(env: dict[str, str], *args: str) -> Any:
    return CliRunner().invoke(app, list(args), env=env)


def _play_at_the_table(contract: RulesetContract, example: ExampleBattle, folder: Path,
                       options: tuple[str, ...] = ()) -> dict[str, Any]:
    """The example battle in a campaign of its own, then ``battle enemy-phase
    --any-side`` until it refuses; returns the last board."""
    env = {"TACTICIAN_DB": str(folder / "campaigns.sqlite"),
           "TACTICIAN_CACHE_DIR": str(folder / "cache")}
    rulings = [arg for pair in (*example.options, *options) for arg in ("-o", pair)]
    made = _run(env, "campaign", "new", "kit", "--ruleset", contract.id, *rulings)
    assert made.exit_code == 0, made.output
    units = [arg for path in example.units for arg in ("--units", str(path))]
    begun = _run(env, "battle", "new", example.name, "--map", str(example.map), *units,
                 "--seed", str(example.seed))
    assert begun.exit_code == 0, begun.output
    board = json.loads(_run(env, "battle", "show", "--json").stdout)
    cap = contract.round_cap([*example.options, *options])
    assert cap is not None
    # each call moves the battle on by a phase or a Turn at least: a bound on calls
    calls = (cap + 1) * (len(board["units"]) + len(board["sides"]))
    length = board["log_length"]
    for _ in range(calls):
        called = _run(env, "battle", "enemy-phase", "--any-side")
        if called.exit_code == 2:
            lines = called.output.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), called.output
            break
        assert called.exit_code == 0, called.output
        board = json.loads(_run(env, "battle", "show", "--json").stdout)
        assert board["log_length"] > length, called.output
        length = board["log_length"]
    else:
        pytest.fail(f"{example.name}: {calls} calls and still ongoing")
    assert "the battle is over" in called.output, called.output
    assert board["result"] in ENDS and board["round"] <= cap + 1, board["round"]
    return dict(board)


def test_enemy_phase_any_side_plays_each_example_to_a_draw_at_a_small_cap(
    contract: RulesetContract, tmp_path: Path,
) -> None:
    """The loop a script would run, through the CLI, with the cap at one round."""
    for example in _examples(contract):
        board = _play_at_the_table(contract, example, tmp_path / example.name,
                                   ("round_cap=1",))
        assert board["round"] <= 2


@pytest.mark.slow
def test_enemy_phase_any_side_plays_each_example_battle_to_its_end(
    contract: RulesetContract, tmp_path: Path,
) -> None:
    """The whole example battle, every phase or Turn played by ``--any-side`` calls."""
    for example in _examples(contract):
        _play_at_the_table(contract, example, tmp_path / example.name)
