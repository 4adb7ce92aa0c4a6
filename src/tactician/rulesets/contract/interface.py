"""The contract a ruleset fills in: one abstract class, checked by mypy.

Every ruleset provides unit files (load and validate, listing every violation
with its file, entry and field), a sheet, its options (rulings) and the
examples it ships (which the conformance kit in ``tests/conformance`` runs).
Everything else belongs to a ``Capability`` the ruleset declares in its
registration: the public method checks the declaration and then calls the
ruleset's hook (``_advance``, ``_plan_fight``, ...), so calling what a ruleset
does not declare is one clear ``Unsupported`` refusal.

A new ruleset subclasses ``RulesetContract``, overrides the abstract methods
and the hooks of what it declares, and registers a ``Ruleset`` naming that
class (``tactician.rulesets.registry``); nothing else in Tactician changes.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tactician.content.compendium_rows import KeyedRow, entry_named, kind_named, matching
from tactician.errors import TacticianError
from tactician.records import is_dataclass_type
from tactician.rulesets.contract.capabilities import Capability, Unsupported

if TYPE_CHECKING:
    # annotations only: a command imports the values it uses (a forecast, two)
    from tactician.dice.source import DiceSource
    from tactician.engine.rules import BattleRules, Planner
    from tactician.rulesets.contract.actions import ActionSchema
    from tactician.rulesets.contract.values import (
        Advancement,
        AdvanceRequest,
        CareRequest,
        CareResult,
        CheckRequest,
        CheckResult,
        ChoiceSpec,
        Examples,
        FightRequest,
        OptionSpec,
        Sheet,
        UnitCheck,
    )
    from tactician.rulesets.contract.words import ExplainWords


class Declaration(Protocol):
    """What a ruleset's registration tells its contract (``registry.Ruleset``)."""

    @property
    def id(self) -> str: ...

    @property
    def capabilities(self) -> frozenset[Capability]: ...

    def action_schema(self) -> ActionSchema: ...


class RulesetContract(ABC):
    """What every ruleset offers the service layer (``tactician.table``)."""

    def __init__(self, info: Declaration) -> None:
        self.info = info

    @property
    def id(self) -> str:
        return self.info.id

    def has(self, capability: Capability) -> bool:
        return capability in self.info.capabilities

    def require(self, capability: Capability) -> None:
        if not self.has(capability):
            raise Unsupported(self.id, capability, self.info.capabilities)

    # --- always required -------------------------------------------------------------

    @abstractmethod
    def check_unit(self, path: Path) -> UnitCheck:
        """Every violation of the unit file at ``path`` (a missing or unreadable file,
        bad YAML, wrong fields and every rule it breaks), each naming file, entry and
        field; an empty list means a legal build."""

    @abstractmethod
    def sheet(self, path: Path) -> Sheet:
        """The sheet of the unit file at ``path`` (refusing a file that cannot be read)."""

    @abstractmethod
    def options(self) -> list[OptionSpec]:
        """Every ruling of the ruleset with its default (``docs/rulings.md`` lists them)."""

    @abstractmethod
    def option_values(self, pairs: Sequence[str]) -> dict[str, object]:
        """Every option's value once the ``name=value`` pairs are applied (refusing
        unknown names and values by name)."""

    @abstractmethod
    def examples(self) -> Examples:
        """The example units, fights, battles and corruptions the ruleset ships."""

    # --- ADVANCEMENT -----------------------------------------------------------------

    def advancement_choices(self) -> list[ChoiceSpec]:
        """The choices an advancement step may need (``--choose NAME=VALUE``)."""
        self.require(Capability.ADVANCEMENT)
        return self._advancement_choices()

    def advance(self, path: Path, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        """The unit at ``path`` one step further (a level-up), on ``dice``."""
        self.require(Capability.ADVANCEMENT)
        return self._advance(path, request, dice)

    def _advancement_choices(self) -> list[ChoiceSpec]:
        return []

    def _advance(self, path: Path, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        raise Unsupported(self.id, Capability.ADVANCEMENT, self.info.capabilities)

    # --- CREATION --------------------------------------------------------------------

    def creation_choices(self) -> list[ChoiceSpec]:
        """The choices a new character needs or takes (``--choose NAME=VALUE``)."""
        self.require(Capability.CREATION)
        return self._creation_choices()

    def create(self, name: str, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        """A new character called ``name`` by the rules' creation, on ``dice``: its
        unit-file data (which ``check_unit`` accepts), a report with every die, and
        sections to show."""
        self.require(Capability.CREATION)
        return self._create(name, request, dice)

    def _creation_choices(self) -> list[ChoiceSpec]:
        return []

    def _create(self, name: str, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        raise Unsupported(self.id, Capability.CREATION, self.info.capabilities)

    # --- SUPPLY ----------------------------------------------------------------------

    def supply_move(self, sheet: Mapping[str, Any], supply: Sequence[str], move: str,
                    item: str) -> tuple[dict[str, Any], list[str]]:
        """``move`` ("deposit": from the character to the party's store; "withdraw":
        back) one ``item`` between a roster character's ``sheet`` (``{"unit": ...,
        "carried": ...}``) and the store, by the rules; both new, or a refusal."""
        self.require(Capability.SUPPLY)
        if move not in ("deposit", "withdraw"):
            raise TacticianError(f"unknown supply move {move!r}: deposit or withdraw")
        return self._supply_move(sheet, supply, move, item)

    def _supply_move(self, sheet: Mapping[str, Any], supply: Sequence[str], move: str,
                     item: str) -> tuple[dict[str, Any], list[str]]:
        raise Unsupported(self.id, Capability.SUPPLY, self.info.capabilities)

    # --- CHECKS ----------------------------------------------------------------------

    def check_kinds(self) -> list[str]:
        """The checks a character can make (001: its roleplay skills)."""
        self.require(Capability.CHECKS)
        return self._check_kinds()

    def skill_check(self, path: Path, request: CheckRequest, dice: DiceSource) -> CheckResult:
        """The unit at ``path`` makes a check on ``dice``: its exact chance first."""
        self.require(Capability.CHECKS)
        return self._skill_check(path, request, dice)

    def _check_kinds(self) -> list[str]:
        return []

    def _skill_check(self, path: Path, request: CheckRequest, dice: DiceSource) -> CheckResult:
        raise Unsupported(self.id, Capability.CHECKS, self.info.capabilities)

    # --- COMPENDIUM ------------------------------------------------------------------

    def compendium_kinds(self) -> list[str]:
        self.require(Capability.COMPENDIUM)
        return list(self._compendium())

    def compendium_rows(self, kind: str) -> tuple[str, list[KeyedRow]]:
        """The kind's own name (``kind`` in any letter case) and its entries as rows:
        each one's key and JSON-ready data (``tactician.content.compendium_rows``,
        which answers every question below from the rows alone)."""
        self.require(Capability.COMPENDIUM)
        tables = self._compendium()
        known = kind_named(self.id, list(tables), kind)
        return known, [(key, _plain(entry)) for key, entry in tables[known].items()]

    def compendium_entries(self, kind: str, search: str | None = None) -> list[dict[str, Any]]:
        """Every entry of ``kind`` (matching ``search`` in any of its words, if given)."""
        return matching([row for _, row in self.compendium_rows(kind)[1]], search)

    def compendium_entry(self, kind: str, name: str) -> dict[str, Any]:
        return entry_named(self.id, kind, self.compendium_rows(kind)[1], name)

    def _compendium(self) -> Mapping[str, Mapping[str, Any]]:
        """Kind name -> entries by name (pydantic models, dataclasses or dicts)."""
        raise Unsupported(self.id, Capability.COMPENDIUM, self.info.capabilities)

    # --- FIGHTS ----------------------------------------------------------------------

    def plan_fight(self, request: FightRequest) -> Any:
        """The ruleset's plan of one fight; ``forecast`` and ``resolve`` take it, so
        the odds and the dice can never disagree about the numbers."""
        self.require(Capability.FIGHTS)
        if len(request.defenders) > 1:
            self.require(Capability.MULTI_TARGET)
        if request.defence is not None:
            self.require(Capability.REACTIONS)
        if any(c.terrain for c in (request.attacker, *request.defenders)):
            self.require(Capability.TERRAIN_BONUSES)
        return self._plan_fight(request)

    def forecast(self, plan: Any) -> dict[str, Any]:
        """The exact odds of the plan (``docs/schemas/forecast.json``)."""
        self.require(Capability.FIGHTS)
        return self._forecast(plan)

    def resolve(self, plan: Any, dice: DiceSource) -> dict[str, Any]:
        """The plan resolved on dice, every roll shown (``docs/schemas/attack.json``)."""
        self.require(Capability.FIGHTS)
        return self._resolve(plan, dice)

    def _plan_fight(self, request: FightRequest) -> Any:
        raise Unsupported(self.id, Capability.FIGHTS, self.info.capabilities)

    def _forecast(self, plan: Any) -> dict[str, Any]:
        raise Unsupported(self.id, Capability.FIGHTS, self.info.capabilities)

    def _resolve(self, plan: Any, dice: DiceSource) -> dict[str, Any]:
        raise Unsupported(self.id, Capability.FIGHTS, self.info.capabilities)

    # --- BATTLES and AI --------------------------------------------------------------

    def battle_rules(self, options: Sequence[str]) -> BattleRules:
        """The rules the core engine runs a battle with, the rulings applied."""
        self.require(Capability.BATTLES)
        return self._battle_rules(options)

    def round_cap(self, options: Sequence[str] = ()) -> int | None:
        """The last round of a battle under ``options`` (the ruleset's option
        ``round_cap``; None: no cap): once it is over undecided, the battle is a draw
        (``engine.objectives``). A battle's own ``objectives: {round_cap: N}`` wins."""
        self.require(Capability.BATTLES)
        value = self.option_values(options).get("round_cap")
        return value if isinstance(value, int) else None

    def board_view(
        self, state: Any, reach_unit: str | None = None, side: str | None = None
    ) -> dict[str, Any]:
        """The board as data (``docs/schemas/battle_show.json``); with ``side``, as
        that side sees it (fog of war: nothing it cannot see is in the answer)."""
        self.require(Capability.BATTLES)
        if side is None:
            return self._board_view(state, reach_unit)
        return self._side_view(state, reach_unit, side)

    # hidden information (issue 25; ``contract.sight``): what each side may know

    def hides(self, state: Any) -> bool:
        """Whether this battle can ever keep a unit from a side (fog on its map, a
        condition that hides): without, every side is sent everything."""
        self.require(Capability.BATTLES)
        return self._hides(state)

    def sight(self, state: Any, side: str) -> frozenset[str] | None:
        """The ids of the units ``side`` sees now (its own among them), or None when
        it sees every unit."""
        self.require(Capability.BATTLES)
        return self._sight(state, side) if self._hides(state) else None

    def seen_tiles(self, state: Any, side: str) -> frozenset[tuple[int, int]] | None:
        """The tiles ``side`` sees now under fog of war, or None when it sees every
        tile (no fog on the map, or a ruleset whose hiding is of units, not tiles):
        the table shades the others (issue 29). Every unit ``sight`` gives a side and
        not its own stands on one of them (``tests/conformance/test_side_views``)."""
        self.require(Capability.BATTLES)
        return self._seen_tiles(state, side) if self._hides(state) else None

    def side_state(self, state: Any, side: str) -> Any:
        """The battle as ``side`` knows it: every unit it cannot see taken out, and
        every reference to one. Refusals of a side's actions and its forecasts are
        computed on it, so a hidden unit's id or name is answered exactly as a word
        that names nothing (the state is for asking, never stored)."""
        self.require(Capability.BATTLES)
        return self._side_state(state, side) if self._hides(state) else state

    def entry_units(self, entry: Mapping[str, Any], units: Mapping[str, str]
                    ) -> frozenset[str]:
        """The units a log entry (as stored JSON) involves, of the battle's ``units``
        (id -> name): an entry is shown to a side only if it saw all of them
        (``contract.sight``)."""
        from tactician.rulesets.contract.sight import entry_units

        return entry_units(entry, units)

    def _hides(self, state: Any) -> bool:
        return False

    def _sight(self, state: Any, side: str) -> frozenset[str] | None:
        return None

    def _seen_tiles(self, state: Any, side: str) -> frozenset[tuple[int, int]] | None:
        return None

    def _side_state(self, state: Any, side: str) -> Any:
        return state

    def battle_forecast(
        self, state: Any, action: Mapping[str, Any], rules: BattleRules
    ) -> dict[str, Any]:
        """The exact odds of an attack action in the battle; changes nothing."""
        self.require(Capability.BATTLES)
        return self._battle_forecast(state, action, rules)

    def preview_kinds(self) -> frozenset[str]:
        """The kinds besides attacks whose ``battle_forecast`` is a preview of what they
        will do (a heal: ``contract.heal_preview``), so the table shows it before a
        kind with nothing to pick is sent. Default: none."""
        return frozenset()

    def action_schema(self) -> ActionSchema:
        """Every kind of action the ruleset's battles take: its name, help, keys, an
        example, who may send it and its stage (``contract.actions``). The table checks
        every action against it before ``BattleRules.apply`` sees it."""
        self.require(Capability.BATTLES)
        return self._action_schema()

    def _action_schema(self) -> ActionSchema:
        # the registration names it (``registry.Ruleset.actions``): listing rulesets with
        # their actions reads the declaration without the contract
        return self.info.action_schema()

    def explain_words(self) -> ExplainWords:
        """The legend and columns of the AI's scored candidates (``enemy-phase
        --explain``) in the ruleset's own words (``contract.words``)."""
        self.require(Capability.AI)
        return self._explain_words()

    def _explain_words(self) -> ExplainWords:
        from tactician.rulesets.contract.words import GENERIC

        return GENERIC

    def planner(self, rules: BattleRules, every_side: bool = False) -> Planner:
        """The AI for the battle; ``every_side`` lets it play the units the players
        command too (the conformance kit plays whole battles so)."""
        self.require(Capability.AI)
        return self._planner(rules, every_side)

    def aftermath(self, state: Any) -> dict[str, dict[str, Any]]:
        """What the units of an ended battle (VICTORY or DEFEAT) carry back to the
        campaign's roster, by the unit's character name: JSON-ready values of the
        ruleset's own words (HP, wounds, weapon uses, ranks, EXP, level-ups due, who
        sits out the next battle...), by the ruleset's rules (issue 14, "Between
        battles"). The campaign stores each as the character's ``carried`` state and
        records the change. Default: nothing to carry."""
        self.require(Capability.BATTLES)
        return self._aftermath(state)

    def _aftermath(self, state: Any) -> dict[str, dict[str, Any]]:
        return {}

    def muster(self, state: Any, carried: Mapping[str, Mapping[str, Any]]) -> Any:
        """A campaign battle's start state with what each roster character carries
        (``aftermath`` of its last battle, by character name) put on its unit; refuse
        (``RulesError``) a character the rules keep out (e.g. one who died). Default:
        the state as it is."""
        self.require(Capability.BATTLES)
        return self._muster(state, carried)

    def _muster(self, state: Any, carried: Mapping[str, Mapping[str, Any]]) -> Any:
        return state

    def _battle_rules(self, options: Sequence[str]) -> BattleRules:
        raise Unsupported(self.id, Capability.BATTLES, self.info.capabilities)

    # --- CARE between battles ----------------------------------------------------------

    def care_kinds(self) -> list[str]:
        """The kinds of care a roster character can be given between battles."""
        self.require(Capability.CARE)
        return self._care_kinds()

    def care(self, request: CareRequest, options: Sequence[str], dice: DiceSource) -> CareResult:
        """Give a roster character care between battles (``request.kind``) on ``dice``,
        under the campaign's rulings ``options``."""
        self.require(Capability.CARE)
        return self._care(request, options, dice)

    def _care_kinds(self) -> list[str]:
        raise Unsupported(self.id, Capability.CARE, self.info.capabilities)

    def _care(self, request: CareRequest, options: Sequence[str], dice: DiceSource) -> CareResult:
        raise Unsupported(self.id, Capability.CARE, self.info.capabilities)

    def _board_view(self, state: Any, reach_unit: str | None) -> dict[str, Any]:
        raise Unsupported(self.id, Capability.BATTLES, self.info.capabilities)

    def _side_view(self, state: Any, reach_unit: str | None, side: str) -> dict[str, Any]:
        """A side's view; a ruleset without hidden information shows every side all."""
        return self._board_view(state, reach_unit)

    def _battle_forecast(
        self, state: Any, action: Mapping[str, Any], rules: BattleRules
    ) -> dict[str, Any]:
        raise Unsupported(self.id, Capability.BATTLES, self.info.capabilities)

    def _planner(self, rules: BattleRules, every_side: bool) -> Planner:
        raise Unsupported(self.id, Capability.AI, self.info.capabilities)


def _plain(entry: Any) -> dict[str, Any]:
    """A compendium entry as JSON-ready data, whatever its type."""
    dump = getattr(entry, "model_dump", None)
    if callable(dump):
        data: dict[str, Any] = dump(mode="json", exclude_none=True)
        return data
    if not isinstance(entry, type) and is_dataclass_type(type(entry)):
        from dataclasses import asdict  # loaded already: the entry's class was made by it

        return json.loads(json.dumps(asdict(entry), default=str))
    if isinstance(entry, Mapping):
        return json.loads(json.dumps(dict(entry), default=str))
    return {"name": str(entry)}
