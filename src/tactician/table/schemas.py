"""The published shape of each ``--json`` output every ruleset shares.

One pydantic model per output; ``docs/schemas/<name>.json`` is generated from
it (``python -m tactician.table.schemas`` rewrites them; a test checks they are
current) and the conformance kit validates every ruleset's output against the
files. The models list the keys whose concept every ruleset shares, with the
same names and types; a ruleset adds its own keys beside them
(``additionalProperties`` stays open).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_DIR = Path(__file__).resolve().parents[3] / "docs" / "schemas"


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")


# --- forecast ---------------------------------------------------------------------------


class FightSide(Open):
    name: str
    hp: int = Field(ge=0)
    max_hp: int = Field(ge=0)


class HpDistributions(Open):
    defender: dict[str, float] = Field(
        description="the defender's HP after the fight -> its exact probability (sums to 1)"
    )


class ExpectedDamage(Open):
    to_attacker: float = Field(ge=0)
    to_defender: float = Field(ge=0)


class Modifier(Open):
    """One term a side's displayed number is summed from (``rulesets.contract.modifiers``)."""

    side: str = Field(description='"attacker" or "defender": whose number it is')
    stat: str = Field(description="the number it adds to, a key of that side: hit, crit ...")
    value: int = Field(description="what it adds (negative: subtracts)")
    source: str = Field(description="what it comes from, as the table names it")
    rule: str = Field(description="the rules file, line and words it follows")


class Forecast(Open):
    """``tactician forecast --json`` and ``tactician battle forecast --json``."""

    ruleset: str
    distance: int | None
    attacker: FightSide
    defender: FightSide
    hp: HpDistributions
    expected_damage: ExpectedDamage
    modifiers: list[Modifier] = Field(
        default_factory=list,
        description="every term of each side's numbers with its source and rule; for each"
        " side and stat they sum to that side's displayed number (rulesets that report"
        " them: tropera, fe-tabletop, fe-classic)",
    )


# --- attack -----------------------------------------------------------------------------


class Die(Open):
    sides: int = Field(ge=2)
    value: int = Field(ge=1)
    purpose: str


class Attack(Open):
    """``tactician attack --json``: the fight resolved on dice."""

    ruleset: str
    seed: int | None
    hp: dict[str, int] = Field(description="each participant's HP after the attack, by name")
    dice: list[Die] = Field(description="every die drawn, in order, with what it decided")
    unused_rolls: list[int] = Field(description="the table's --rolls the attack did not need")
    strikes: list[dict[str, Any]]
    critically_wounded: list[dict[str, Any]]


# --- character show ---------------------------------------------------------------------


class SheetRow(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str
    value: str


class SheetSection(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    rows: list[SheetRow]
    columns: list[str]
    table: list[list[str]]
    lines: list[str]


class CharacterSheet(Open):
    """``tactician character show --json``: shared keys, the sections an interface
    renders, and the ruleset's own numbers beside them."""

    ruleset: str
    name: str
    kind: str
    level: int | None
    problems: list[str]
    sections: list[SheetSection]


# --- battle show ------------------------------------------------------------------------


class BoardUnit(Open):
    id: str
    name: str
    side: str
    number: int
    tier: str | None
    position: list[int] | None
    hp: int = Field(ge=0)
    max_hp: int = Field(ge=0)
    equipped: str | None
    acted: bool
    effects: list[str]


class Objectives(Open):
    victory: list[Any]
    defeat: list[Any]
    draw: list[str] = Field(default_factory=list,
                            description="when the battle is a draw (its round cap); empty: never")


class BattleShow(Open):
    """``tactician battle show --json``: the board as data."""

    ruleset: str
    name: str
    round: int = Field(ge=0)
    phase: str
    sides: list[str]
    result: Literal["ongoing", "victory", "defeat", "draw"]
    result_reason: str | None
    width: int = Field(ge=1)
    height: int = Field(ge=1)
    rows: list[list[str]]
    symbols: dict[str, str]
    objectives: Objectives
    units: list[BoardUnit]
    log_length: int = Field(ge=0)
    seed: int


SCHEMAS: dict[str, type[BaseModel]] = {
    "forecast": Forecast,
    "attack": Attack,
    "character_show": CharacterSheet,
    "battle_show": BattleShow,
}


def schema_text(name: str) -> str:
    schema = SCHEMAS[name].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"tactician/{name}.json"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write_schemas(folder: Path = SCHEMA_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SCHEMAS:
        path = folder / f"{name}.json"
        path.write_text(schema_text(name), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_schemas():
        print(path)
