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
from tactician.engine.battle import Battle
from tactician.rulesets.contract import ExampleBattle, RulesetContract
from tactician.store.battles import find_battle, load_battle
from tactician.store.campaigns import current_campaign
from tactician.store.database import open_database


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

    def call(self, *args: str, stdin: str | None = None) -> Result:
        """A command that may be refused: it exits 0, or 2 with a clear error (never
        a traceback, never another code)."""
        result = CliRunner().invoke(app, list(args), env=self.env, input=stdin)
        assert result.exit_code in (0, 2), (args, result.exit_code, result.output,
                                            result.exception)
        if result.exit_code == 2:
            assert "error" in result.output and "Traceback" not in result.output, (
                args, result.output)
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


def start_battle(night: Evening, example: ExampleBattle, *options: str) -> None:
    """``battle new`` of the example in the campaign (its party fielded from the roster),
    with the example's options and ``options``."""
    night.run("battle", "new", example.name, "--map", str(example.map),
              *[a for u in example.units for a in ("--units", str(u))],
              "--seed", str(example.seed),
              *[a for o in (*example.options, *options) for a in ("--option", o)])


def stored_battle(night: Evening, name: str) -> Battle:
    """The campaign's battle ``name`` as the store keeps it (start and whole log)."""
    db = open_database(night.db)
    try:
        return load_battle(db, find_battle(db, current_campaign(db), name).id)
    finally:
        db.close()


def battle_state(night: Evening, name: str) -> Any:
    """The state the stored battle ``name`` is in, rebuilt from its log."""
    from tactician.table.battle_places import StoredPlace

    db = open_database(night.db)
    try:
        return StoredPlace(db, find_battle(db, current_campaign(db), name).id, name).rebuild().state
    finally:
        db.close()


def play_out(night: Evening, name: str, bound: int) -> int:
    """Play the battle to its end with the engine on every side (``battle enemy-phase
    --any-side``), one call at a time as a script would: every call moves the battle on
    (its log grows) or is refused with exit 2, and a refusal comes only once the battle
    is over (a battle the engine cannot move is a failure, not a spin). Returns the
    number of calls that played."""
    length = len(stored_battle(night, name).log)
    for calls in range(bound):
        result = night.call("battle", "enemy-phase", "--any-side", "--json")
        now = len(stored_battle(night, name).log)
        if result.exit_code == 2:
            assert "the battle is over" in result.output, (name, calls, result.output)
            return calls
        assert now > length, f"{name}: call {calls + 1} exited 0 and did not move the battle"
        length = now
    raise AssertionError(f"{name}: not over after {bound} calls")


AFTERMATH = "After battle "


def aftermath_text(shown: str) -> list[str]:
    """The lines ``character show`` prints under "After battle NAME (RESULT):"."""
    lines = shown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(AFTERMATH))
    return lines[start + 1:]


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
