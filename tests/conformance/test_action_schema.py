"""Kit: every ruleset with battles declares one action schema (issue 25: "One action
schema per ruleset, enforced by the contract for every ruleset") and the table checks
every action against it before the ruleset sees it.

Clauses: the schema is well formed, published by ``rulesets --json`` and in
``docs/schemas/`` (current); every declared kind's example is accepted by the check
and by the published JSON Schema; an unknown type, an unknown key (for every kind), a
wrong value (for every key) and an action over the limits are refused in one line
naming what is wrong, the same way in every ruleset; the check and the JSON Schema
agree on random actions; every action the engine takes while playing the example
battles is a declared kind; who may send each kind is asked of the service layer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.rulesets.contract import Capability, RulesetContract
from tactician.rulesets.contract.action_check import (
    MAX_ACTION_BYTES,
    MAX_DEPTH,
    ActionRefused,
    checked_action,
)
from tactician.rulesets.contract.actions import KEY_KINDS, SENDERS, ActionSchema
from tactician.table.actions import checked, may_send
from tactician.table.schemas import ACTIONS_DIR, SCHEMA_DIR, actions_schema_text
from tests.conformance.kit import play

runner = CliRunner()


def _schema(contract: RulesetContract) -> ActionSchema:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    return contract.action_schema()


def _validator(ruleset: str) -> Draft202012Validator:
    path = ACTIONS_DIR / f"{ruleset}.json"
    return Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))


def test_the_schema_is_well_formed(contract: RulesetContract) -> None:
    schema = _schema(contract)
    assert schema.ruleset == contract.id and schema.kinds
    names = [n for k in schema.kinds for n in (k.name, *k.aliases)]
    assert len(names) == len(set(names)), "a type names two kinds"
    for kind in schema.kinds:
        assert kind.help and kind.sender in SENDERS, kind.name
        assert kind.example["type"] == kind.name
        assert (kind.stage is None) == (not schema.stages) or kind.stage in schema.stages
        assert len(set(kind.key_names)) == len(kind.keys), kind.name
        for key in kind.keys:
            assert key.kind in KEY_KINDS and key.help, (kind.name, key.name)
            assert key.values or key.kind not in ("choice", "choices"), (kind.name, key.name)


def test_the_schema_is_published_and_its_files_are_current(contract: RulesetContract) -> None:
    schema = _schema(contract)
    result = runner.invoke(app, ["rulesets", "--json"])
    assert result.exit_code == 0, result.output
    row = next(r for r in json.loads(result.stdout) if r["id"] == contract.id)
    assert row["actions"] == json.loads(json.dumps(schema.as_json()))
    shape = json.loads((SCHEMA_DIR / "action_schema.json").read_text(encoding="utf-8"))
    errors = list(Draft202012Validator(shape).iter_errors(row["actions"]))
    assert not errors, [e.message for e in errors[:3]]
    path = ACTIONS_DIR / f"{contract.id}.json"
    assert path.read_text(encoding="utf-8") == actions_schema_text(contract.id), (
        f"{path} is stale: run `python -m tactician.table.schemas`")


def test_every_example_is_accepted_by_the_check_and_the_json_schema(
        contract: RulesetContract) -> None:
    schema = _schema(contract)
    validator = _validator(contract.id)
    for kind in schema.kinds:
        example = dict(kind.example)
        assert checked(contract.id, example)["type"] == kind.name
        errors = list(validator.iter_errors(example))
        assert not errors, (kind.name, [e.message for e in errors[:3]])


def test_an_unknown_type_is_refused_listing_the_actions(contract: RulesetContract) -> None:
    schema = _schema(contract)
    for bad in ({"type": "fly", "unit": "x"}, {"unit": "x"}, {"type": 7}):
        with pytest.raises(ActionRefused) as refused:
            checked(contract.id, bad)
        assert ", ".join(schema.names()) in str(refused.value)
        assert "\n" not in str(refused.value)


def test_an_unknown_key_is_refused_for_every_kind(contract: RulesetContract) -> None:
    """The fe-classic hole of issue 25 (``withdraw`` kept a ``note`` in the log), closed
    for every kind of every ruleset."""
    for kind in _schema(contract).kinds:
        action = {**kind.example, "note": "hello"}
        with pytest.raises(ActionRefused) as refused:
            checked(contract.id, action)
        message = str(refused.value)
        keys = ", ".join(k for k in kind.key_names if k != "unit") or "none"
        assert "'note'" in message and f"its keys are: {keys}" in message, message


def test_a_missing_key_and_a_wrong_value_are_refused_naming_the_key(
        contract: RulesetContract) -> None:
    for kind in _schema(contract).kinds:
        for key in kind.keys:
            if key.required:
                action = {k: v for k, v in kind.example.items() if k != key.name}
                with pytest.raises(ActionRefused, match=f"needs '{key.name}'"):
                    checked(contract.id, action)
            with pytest.raises(ActionRefused) as refused:
                checked(contract.id, {**kind.example, key.name: {"nested": {"an": "object"}}})
            assert f"'{key.name}'" in str(refused.value), (kind.name, key.name)
            assert "nested" not in str(refused.value)  # the value is never echoed


def test_actions_over_the_limits_are_refused_before_anything_else(
        contract: RulesetContract) -> None:
    kind = _schema(contract).kinds[0]
    deep: Any = 1
    for _ in range(300):  # issue 25: a 300-deep value was a 500
        deep = [deep]
    with pytest.raises(ActionRefused, match=f"more than {MAX_DEPTH} levels"):
        checked(contract.id, {**kind.example, "x": deep})
    huge = {**kind.example, "note": "x" * 57_000}  # issue 25: 57 KB grew a log to 29.8 MB
    with pytest.raises(ActionRefused, match=f"at most {MAX_ACTION_BYTES:,}"):
        checked(contract.id, huge)
    with pytest.raises(ActionRefused, match="JSON object"):
        checked(contract.id, ["move"])


def test_who_may_send_each_kind(contract: RulesetContract) -> None:
    for kind in _schema(contract).kinds:
        for name in (kind.name, *kind.aliases):
            assert may_send(contract.id, name, "gm")
            assert may_send(contract.id, name, "player") == (kind.sender == "controller")
            assert not may_send(contract.id, name, "spectator")
    assert not may_send(contract.id, "no_such_action", "gm")
    with pytest.raises(ValueError):
        may_send(contract.id, kind.name, "owner")


def test_every_action_the_engine_plays_is_a_declared_kind(contract: RulesetContract) -> None:
    """The engine's actions go through the schema (``kit.play`` checks each): every
    ``type`` in a played example log is declared. (The whole battles: the slow clause
    of ``test_battles``.)"""
    schema = _schema(contract)
    if not contract.has(Capability.AI):
        pytest.skip(f"{contract.id} has no AI")
    for example in contract.examples().battles:
        played = list(play(contract, example, limit=60))
        assert played, example.name
        for entry in played[-1][0].log:
            assert schema.find(entry.action["type"]) is not None, entry.action


# --- the check and the published JSON Schema agree -----------------------------------------

WORDS = st.sampled_from(["aria", "Steel Sword", "", " ", "auto", "yes", "no", "true", "1",
                         "fire", "melee", "x" * 101])
SCALARS = st.one_of(WORDS, st.integers(-3, 300), st.booleans(), st.none())
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=3),
                   st.lists(st.lists(st.integers(-1, 300), min_size=0, max_size=3), max_size=3),
                   st.dictionaries(st.sampled_from(["aria", "bo"]), SCALARS, max_size=2))


@st.composite
def actions(draw: st.DrawFn, schema: ActionSchema) -> dict[str, Any]:
    kind = draw(st.sampled_from(schema.kinds))
    action = dict(kind.example)
    for key in kind.keys:
        if draw(st.booleans()):
            value = draw(st.one_of(VALUES, st.sampled_from(key.values or ("aria",))))
            if value is None:
                action.pop(key.name, None)  # the check reads null as left out; JSON Schema
            else:                           # has no null: compare the key left out
                action[key.name] = value
    if draw(st.integers(0, 9)) == 0:
        action["bogus"] = 1
    return action


def _odd_flat_tiles(schema: ActionSchema, action: dict[str, Any]) -> bool:
    """A flat list of an odd count of numbers for a ``tiles`` key: JSON Schema cannot say
    "an even count" (the check refuses it; the file's description says so)."""
    kind = schema.find(action["type"])
    assert kind is not None
    return any(k.kind == "tiles" and isinstance(action.get(k.name), list)
               and action[k.name] and all(isinstance(v, int) and not isinstance(v, bool)
                                          for v in action[k.name])
               and len(action[k.name]) % 2 == 1 for k in kind.keys)


def test_the_check_accepts_exactly_what_the_json_schema_accepts(
        contract: RulesetContract) -> None:
    schema = _schema(contract)
    validator = _validator(contract.id)

    @settings(max_examples=300, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(actions(schema))
    def agree(action: dict[str, Any]) -> None:
        if _odd_flat_tiles(schema, action):
            return
        try:
            checked_action(schema, action, 256)
            accepted = True
        except ActionRefused:
            accepted = False
        assert accepted == validator.is_valid(action), action

    agree()
