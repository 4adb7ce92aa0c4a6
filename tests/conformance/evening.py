"""Helpers of the evening clauses: a campaign of one example battle, its party on the
roster, run through the real ``tactician`` commands (``CliRunner``) on a database of
the test's own."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner, Result

from tactician.cli.main import app
from tactician.rulesets.contract import ExampleBattle, RulesetContract


@dataclass(frozen=True)
class Evening:
    """A campaign on a database of its own, with the environment its commands run in."""

    folder: Path
    env: dict[str, str]

    @property
    def db(self) -> str:
        return self.env["TACTICIAN_DB"]

    def run(self, *args: str, code: int = 0, stdin: str | None = None) -> Result:
        result = CliRunner().invoke(app, list(args), env=self.env, input=stdin)
        assert result.exit_code == code, (args, result.output)
        return result

    def json(self, *args: str) -> Any:
        import json

        return json.loads(self.run(*args, "--json").stdout)


def evening(tmp: Path, contract: RulesetContract) -> Evening:
    """A new campaign of ``contract``'s ruleset, current, on its own database."""
    made = Evening(tmp, {"TACTICIAN_DB": str(tmp / "campaigns.sqlite"),
                         "TACTICIAN_CACHE_DIR": str(tmp / "cache")})
    made.run("campaign", "new", "evening", "--ruleset", contract.id)
    return made


def scenario(example: ExampleBattle) -> dict[str, Any]:
    return {"map": str(example.map), "units": [str(u) for u in example.units]}


def party(contract: RulesetContract, example: ExampleBattle) -> list[tuple[str, Path]]:
    """The example's units of the first side (the players') that come from a unit file:
    (placement id, the unit file), in the units files' order."""
    rules = contract.battle_rules(list(example.options))
    state = rules.start_state(scenario(example))
    first = state.sides[0]
    sides = {t.id: t.side for t in state.tokens()}
    found = []
    for units in example.units:
        data = yaml.safe_load(units.read_text(encoding="utf-8"))
        for entry in data.get("units", []):
            if sides.get(entry.get("id")) == first and isinstance(entry.get("file"), str):
                found.append((entry["id"], (units.parent / entry["file"]).resolve()))
    assert found, f"{example.name}: no player-side unit comes from a unit file"
    return found


def with_files(example: ExampleBattle, folder: Path, files: dict[str, Path]) -> list[Path]:
    """Copies of the example's units files whose placements ``files`` names (by id) read
    those unit files instead (every other file named by its whole path)."""
    copies = []
    for number, units in enumerate(example.units):
        data = yaml.safe_load(units.read_text(encoding="utf-8"))
        for entry in data.get("units", []):
            if isinstance(entry.get("file"), str):
                entry["file"] = str(files.get(entry["id"], units.parent / entry["file"]))
        copy = folder / f"{number}-{units.name}"
        copy.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        copies.append(copy)
    return copies


def unit_name(path: Path) -> str:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return str(data.get("name") or path.stem)
