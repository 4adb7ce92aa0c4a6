"""Kit: the ``--json`` outputs of ``forecast``, ``attack``, ``character show``
and ``battle show`` validate against the published schema of each
(docs/schemas/*.json, generated from ``tactician.table.schemas``), which keeps
the same keys for every ruleset where the concept is shared."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.rulesets.contract import Capability, RulesetContract
from tactician.table.schemas import SCHEMA_DIR, SCHEMAS, schema_text

runner = CliRunner()


def _valid(name: str, data: Any) -> None:
    schema = json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(data), key=str)
    assert not errors, [f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors[:5]]


def _json(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_published_schemas_are_current(name: str) -> None:
    path = SCHEMA_DIR / f"{name}.json"
    assert path.read_text(encoding="utf-8") == schema_text(name), (
        f"{path} is stale: run `python -m tactician.table.schemas`")


def test_character_show_json_matches_its_schema(contract: RulesetContract) -> None:
    for unit in contract.examples().units:
        _valid("character_show", _json("character", "show", "-r", contract.id, str(unit),
                                       "--json"))


def test_forecast_and_attack_json_match_their_schemas(contract: RulesetContract) -> None:
    if not contract.has(Capability.FIGHTS):
        pytest.skip(f"{contract.id} declares no fights")
    for fight in contract.examples().fights:
        args = ["-r", contract.id, "-a", str(fight.attacker), "-d", str(fight.defender),
                *(["--distance", str(fight.distance)] if fight.distance else []),
                *[x for o in fight.options for x in ("-o", o)], "--json"]
        _valid("forecast", _json("forecast", *args))
        _valid("attack", _json("attack", *args, "--seed", "5"))


def test_battle_show_json_matches_its_schema(contract: RulesetContract, tmp_path: Path) -> None:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    for example in contract.examples().battles:
        path = tmp_path / f"{example.name}.json"
        units = [x for u in example.units for x in ("--units", str(u))]
        _json("battle", "new", "--ruleset", contract.id, "--map", str(example.map), *units,
              "--seed", str(example.seed), "--out", str(path), "--json")
        _valid("battle_show", _json("battle", "show", "--battle", str(path), "--json"))
        if contract.has(Capability.AI):
            _json("battle", "enemy-phase", "--any-side", "--battle", str(path), "--json")
            shown = _json("battle", "show", "--battle", str(path), "--json")
            _valid("battle_show", shown)
            unit = shown["units"][0]["id"]
            _valid("battle_show", _json("battle", "show", "--reach", unit, "--battle",
                                        str(path), "--json"))


def _kind(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def _clashes(a: Any, b: Any, path: str) -> list[str]:
    """Paths where two outputs use the same key for values of different JSON types."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [c for k in set(a) & set(b) for c in _clashes(a[k], b[k], f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and a and b:
        if isinstance(a[0], dict) and isinstance(b[0], dict):
            return _clashes(a[0], b[0], f"{path}[]")
        return []
    ka, kb = _kind(a), _kind(b)
    return [f"{path}: {ka} vs {kb}"] if ka and kb and ka != kb else []


def _outputs(contract: RulesetContract, folder: Path) -> dict[str, Any]:
    examples = contract.examples()
    found: dict[str, Any] = {"character_show": _json(
        "character", "show", "-r", contract.id, str(examples.units[0]), "--json")}
    if contract.has(Capability.FIGHTS) and examples.fights:
        fight = examples.fights[0]
        args = ["-r", contract.id, "-a", str(fight.attacker), "-d", str(fight.defender), "--json"]
        found["forecast"] = _json("forecast", *args)
        found["attack"] = _json("attack", *args, "--seed", "1")
    if contract.has(Capability.BATTLES) and examples.battles:
        battle = examples.battles[0]
        path = folder / f"{contract.id}.json"
        units = [x for u in battle.units for x in ("--units", str(u))]
        _json("battle", "new", "--ruleset", contract.id, "--map", str(battle.map), *units,
              "--out", str(path), "--json")
        found["battle_show"] = _json("battle", "show", "--battle", str(path), "--json")
    return found


def test_a_key_two_rulesets_share_means_the_same_shape(tmp_path: Path) -> None:
    """Where rulesets use the same key (at any depth) its values have one JSON type."""
    from tactician.rulesets.registry import all_rulesets

    outputs = {r.id: _outputs(r.contract(), tmp_path) for r in all_rulesets()}
    ids = sorted(outputs)
    clashes = [
        f"{x}/{y}: {c}"
        for i, x in enumerate(ids) for y in ids[i + 1:]
        for name in set(outputs[x]) & set(outputs[y])
        for c in _clashes(outputs[x][name], outputs[y][name], name)
    ]
    assert not clashes, clashes
