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

from tactician.rulesets.contract.actions import KEY_KINDS, SENDERS

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


# --- the action schema (``rulesets --json``: each ruleset's ``actions``) -------------------


class ActionKeyDoc(BaseModel):
    """One key of an action kind (``rulesets.contract.actions.ActionKey``)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="the key in the action object")
    kind: str = Field(
        json_schema_extra={"enum": list(KEY_KINDS)},
        description="the kind of value: a unit id, a list of them, a tile [x, y], a list of "
        "tiles, a weapon's or item's name, a list of such names, a name of a thing the "
        "ruleset keeps (``of``), a list of those, a value per unit, a whole number, one or "
        "a list of ``values``, yes/no, free text")
    required: bool
    help: str = Field(description="a help line in the ruleset's words")
    values: list[str] = Field(default_factory=list, description="choice/choices: the allowed "
                              "words; unit: the words it takes besides a unit id")
    minimum: int | None = Field(default=None, description="integer: the least value")
    maximum: int | None = Field(default=None, description="integer: the greatest value")
    max_length: int | None = Field(default=None, description="a string's most characters")
    max_items: int | None = Field(default=None, description="a list's most entries")
    of: str | None = Field(default=None, description="name/names: what they name (spell, "
                           "skill, trap, mech part, hit location...)")


class ActionKindDoc(BaseModel):
    """One kind of action (``rulesets.contract.actions.ActionKind``)."""

    model_config = ConfigDict(extra="forbid")
    type: str = Field(description="the action's ``type``")
    help: str = Field(description="a one-line help in the ruleset's words")
    sender: str = Field(
        json_schema_extra={"enum": list(SENDERS)},
        description="who may send it: the GM only, or whoever commands the acting unit (for "
        "a kind without one, the side whose turn it is)")
    stage: str | None = Field(description="the ruleset's stage it belongs to (``stages``); "
                              "null: any")
    aliases: list[str] = Field(description="other types that mean this kind")
    keys: list[ActionKeyDoc] = Field(description="every key besides ``type`` (``unit`` "
                                     "included where it acts); no other key is taken")
    example: dict[str, Any] = Field(description="a whole action of this kind")


class ActionSchemaDoc(BaseModel):
    """A ruleset's action schema: ``tactician rulesets --json`` gives it as each battle
    ruleset's ``actions``; ``docs/schemas/actions/<ruleset>.json`` is the same as JSON
    Schema of the actions themselves."""

    model_config = ConfigDict(extra="forbid")
    ruleset: str
    stages: list[str] = Field(description="the ruleset's stages in order (set-up, battle); "
                              "empty: it has none")
    kinds: list[ActionKindDoc]


SCHEMAS: dict[str, type[BaseModel]] = {
    "forecast": Forecast,
    "attack": Attack,
    "character_show": CharacterSheet,
    "battle_show": BattleShow,
    "action_schema": ActionSchemaDoc,
}
ACTIONS_DIR = SCHEMA_DIR / "actions"  # one JSON Schema of each battle ruleset's actions


def schema_text(name: str) -> str:
    schema = SCHEMAS[name].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"tactician/{name}.json"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def actions_schema_text(ruleset: str) -> str:
    """``docs/schemas/actions/<ruleset>.json``: the ruleset's actions as JSON Schema."""
    from tactician.table.action_json_schema import json_schema
    from tactician.table.actions import schema_of

    return json.dumps(json_schema(schema_of(ruleset)), indent=2, sort_keys=True) + "\n"


def write_schemas(folder: Path = SCHEMA_DIR) -> list[Path]:
    from tactician.rulesets.capabilities import Capability
    from tactician.rulesets.registry import all_rulesets

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SCHEMAS:
        path = folder / f"{name}.json"
        path.write_text(schema_text(name), encoding="utf-8")
        written.append(path)
    (folder / "actions").mkdir(exist_ok=True)
    for ruleset in all_rulesets():
        if ruleset.has(Capability.BATTLES):
            path = folder / "actions" / f"{ruleset.id}.json"
            path.write_text(actions_schema_text(ruleset.id), encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    for path in write_schemas():
        print(path)
