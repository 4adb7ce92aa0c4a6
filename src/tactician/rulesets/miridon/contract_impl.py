"""Miridon's contract (``tactician.rulesets.contract``): every answer delegates to
the library (``build``, ``advance``, ``sheet``, ``compendium``, ``options`` and the
battle layer ``battle/``); this class only says which function answers what. Declared:
ADVANCEMENT, CREATION, COMPENDIUM, FIGHTS, REACTIONS, BATTLES and AI."""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tactician.counted import counted
from tactician.dice.source import DiceSource
from tactician.engine.rules import BattleRules
from tactician.errors import RulesError
from tactician.rulesets.contract import (
    DELETE,
    Advancement,
    AdvanceRequest,
    ChoiceSpec,
    Corruption,
    ExampleBattle,
    ExampleFight,
    Examples,
    FightRequest,
    OptionSpec,
    Planner,
    RulesetContract,
    Sheet,
    UnitCheck,
    Violation,
)
from tactician.rulesets.contract.helpers import (
    entry_name,
    format_value,
    model_violations,
    read_unit,
    unknown_names,
)
from tactician.rulesets.contract.words import ExplainColumn as C
from tactician.rulesets.contract.words import ExplainWords

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "miridon"
_LEDGER = re.compile(r"^ledger #(\d+)\b")


def _violation(found: Any, path: Path, entry: str) -> Violation:
    """A library violation (entry, field, message, 004 line) as the contract's: the
    field a dotted path into the unit file (``ledger.3.name``, ``weapons``)."""
    match = _LEDGER.match(found.entry)
    field = f"ledger.{int(match.group(1)) - 1}.{found.field}" if match else found.field
    return Violation(str(path), entry, field,
                     f"{found.message} ({found.entry}; 004 {found.rule})")


def _option_spec(name: str, annotation: Any, default: object) -> OptionSpec:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return OptionSpec(name, "choice", str(default), tuple(str(a) for a in args))
    if annotation is bool:
        return OptionSpec(name, "bool", format_value(default))
    if annotation is int:
        return OptionSpec(name, "int", str(default))
    if int in args:
        return OptionSpec(name, "optional_int", format_value(default))
    raise TypeError(f"option {name}: unsupported type {annotation!r}")  # pragma: no cover


class MiridonContract(RulesetContract):
    """Miridon (004) through the contract."""

    # --- unit files and sheets -------------------------------------------------------

    def check_unit(self, path: Path) -> UnitCheck:
        from tactician.rulesets.miridon.build import create, replay
        from tactician.rulesets.miridon.compendium import load_compendium
        from tactician.rulesets.miridon.loadout import check_loadout
        from tactician.rulesets.miridon.options import DEFAULT_OPTIONS
        from tactician.rulesets.miridon.unit import MiridonUnit

        data, violations = read_unit(path)
        if data is None:
            return UnitCheck(str(path), path.stem, "", tuple(violations))
        book = load_compendium()
        unit, violations = model_violations(MiridonUnit, data, path)
        entry = entry_name(data, path)
        if unit is None:  # the rules need a unit; unknown weapons are found anyway
            unknown = unknown_names(data, "weapons", book.weapon, path)
            return UnitCheck(str(path), entry, "", (*violations, *unknown))
        character, problems = create(unit, book, DEFAULT_OPTIONS)
        if character is None:
            return UnitCheck(str(path), entry, "",
                             tuple(_violation(p, path, entry) for p in problems))
        character, problems = replay(character, unit.ledger, book, DEFAULT_OPTIONS)
        problems.extend(check_loadout(character, book, DEFAULT_OPTIONS))
        summary = (f"{character.name}, {' / '.join(character.classes)} ({character.race}); "
                   f"{character.max_strength}/{character.max_speed} max strength/speed; "
                   f"{counted(len(character.flairs), 'flair')}; "
                   f"{counted(character.unspent_points, 'point')} unspent")
        return UnitCheck(str(path), entry, summary,
                         tuple(_violation(p, path, entry) for p in problems))

    def sheet(self, path: Path) -> Sheet:
        from tactician.rulesets.miridon.build import load_character
        from tactician.rulesets.miridon.compendium import load_compendium
        from tactician.rulesets.miridon.contract_sheet import sheet_of
        from tactician.rulesets.miridon.sheet import sheet

        book = load_compendium()
        return sheet_of(sheet(load_character(path, book), book))

    # --- options ---------------------------------------------------------------------

    def options(self) -> list[OptionSpec]:
        from tactician.rulesets.miridon.battle.options import BattleOptions
        from tactician.rulesets.miridon.options import MiridonOptions

        hints = typing.get_type_hints(MiridonOptions)
        battle = typing.get_type_hints(BattleOptions)
        return [*(_option_spec(name, hints[name], info.default)
                  for name, info in MiridonOptions.model_fields.items()),
                *(replace(_option_spec(name, battle[name], info.default), scope="battle")
                  for name, info in BattleOptions.model_fields.items())]

    def option_values(self, pairs: Sequence[str]) -> dict[str, object]:
        from tactician.rulesets.miridon.battle.rules import split_options

        battle, rules = split_options(tuple(pairs))
        return {**rules.model_dump(), **battle.model_dump()}

    # --- advancement -----------------------------------------------------------------

    def _advancement_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.miridon.contract_advance import CHOICES

        return list(CHOICES)

    def _advance(self, path: Path, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.miridon.build import load_character
        from tactician.rulesets.miridon.compendium import load_compendium
        from tactician.rulesets.miridon.contract_advance import advance, parse_options

        data, violations = read_unit(path)
        if data is None:
            raise RulesError([str(v) for v in violations])
        book = load_compendium()
        character = load_character(path, book, parse_options(request.options))
        return advance(character, data, book, request)

    # --- creation --------------------------------------------------------------------

    def _creation_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.miridon.new_character import CHOICES

        return list(CHOICES)

    def _create(self, name: str, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.miridon.compendium import load_compendium
        from tactician.rulesets.miridon.new_character import create

        return create(name, request, load_compendium())  # built, not rolled: no dice

    # --- compendium ------------------------------------------------------------------

    def _compendium(self) -> Mapping[str, Mapping[str, Any]]:
        from tactician.rulesets.miridon.battle.state import terrain_set
        from tactician.rulesets.miridon.compendium import FILES, load_compendium

        book = load_compendium()
        # "insanity": the insanity table's rows (the kind 004's text calls "Insanity")
        kinds: dict[str, Mapping[str, Any]] = {
            ("insanity" if kind == "insanity_table" else kind): getattr(book, kind)
            for kind in FILES}
        # the battle maps' ground (battle/data/terrain.yaml), as the table shows it
        kinds["terrain"] = {t.name: t for t in terrain_set()}
        return kinds

    # --- one fight, battles and the AI -------------------------------------------------

    def _plan_fight(self, request: FightRequest) -> Any:
        from tactician.rulesets.miridon.battle.fight import plan_fight

        return plan_fight(request)

    def _forecast(self, plan: Any) -> dict[str, Any]:
        from tactician.rulesets.miridon.battle.fight import forecast

        return forecast(plan)

    def _resolve(self, plan: Any, dice: DiceSource) -> dict[str, Any]:
        from tactician.rulesets.miridon.battle.fight import resolve

        return resolve(plan, dice)

    def _battle_rules(self, options: Sequence[str]) -> BattleRules:
        from tactician.rulesets.miridon.battle.rules import battle_rules

        return battle_rules(options)

    def _board_view(self, state: Any, reach_unit: str | None) -> dict[str, Any]:
        from tactician.rulesets.miridon.battle.view import board_view

        return board_view(state, reach_unit)

    def _side_view(self, state: Any, reach_unit: str | None, side: str) -> dict[str, Any]:
        from tactician.rulesets.miridon.battle.view import side_view

        return side_view(state, reach_unit, side)

    def _hides(self, state: Any) -> bool:
        return True  # a Veil (L3273) may hide a caster in any battle

    def entry_units(self, entry: Mapping[str, Any], units: Mapping[str, str]
                    ) -> frozenset[str]:
        """Miridon's summaries and narration name units by their ids (``rules.apply``:
        "rill: Second Gun Attack", "turn order wren, sable, ..."), and some of its
        records only there: an id standing as a word in them is involved too (the safe
        side: the entry is then shown only to a side that saw that unit)."""
        import re

        found = set(super().entry_units(entry, units))
        texts = [str(entry.get("summary", ""))]
        for record in entry.get("records", []):
            if isinstance(record, Mapping) and record.get("type") == "narration":
                texts.extend(str(line) for line in record.get("lines", []))
        words = set(re.findall(r"[\w-]+", " ".join(texts)))
        return frozenset(found | (words & set(units)))

    def _sight(self, state: Any, side: str) -> frozenset[str] | None:
        from tactician.rulesets.miridon.battle.view import hidden_from

        hidden = hidden_from(state, side)
        return frozenset(u.id for u in state.units if u.id not in hidden) if hidden else None

    def _side_state(self, state: Any, side: str) -> Any:
        from tactician.rulesets.miridon.battle.view import side_state

        return side_state(state, side)

    def _battle_forecast(
        self, state: Any, action: Mapping[str, Any], rules: BattleRules
    ) -> dict[str, Any]:
        from tactician.rulesets.miridon.battle.forecast import attack_forecast

        return attack_forecast(rules.book, rules.options, state, action)  # type: ignore[attr-defined]

    def _aftermath(self, state: Any) -> dict[str, dict[str, Any]]:
        from tactician.rulesets.miridon.battle.campaign import aftermath

        return aftermath(state)

    def _muster(self, state: Any, carried: Mapping[str, Mapping[str, Any]]) -> Any:
        from tactician.rulesets.miridon.battle.campaign import muster

        return muster(state, carried)


    def _explain_words(self) -> ExplainWords:
        legend = ("hit: the attack hits; out: the target is knocked out or killed; damage: "
                  "the expected damage; score: expected damage + 12 x P(knocked out) + 6 x "
                  "P(dead) - the value of the points it costs (docs/miridon-ai.md)")
        columns = (
            C("action", "action", "action"), C("target", "target"), C("weapon", "weapon"),
            C("hit", "hit", "percent"), C("defeat_target", "out", "percent"),
            C("expected_damage", "damage", "number"), C("score", "score", "number"),
        )
        return ExplainWords(legend, columns)

    def _planner(self, rules: BattleRules, every_side: bool) -> Planner:
        from tactician.rulesets.miridon.battle.ai import Planner as MiridonPlanner

        return MiridonPlanner(rules, every_side)  # type: ignore[arg-type]

    # --- examples --------------------------------------------------------------------

    def examples(self) -> Examples:
        from tactician.rulesets.miridon.action_cases import cases

        gogo = EXAMPLES / "vessel_gogo.yaml"  # ledger #4 (index 3) is grant_points: 40
        skirmish = EXAMPLES / "skirmish"
        dock = ExampleBattle("skirmish", skirmish / "map.yaml",
                             (skirmish / "crew.yaml", skirmish / "raiders.yaml"), seed=1,
                             step_bound=600)
        return Examples(
            units=(*sorted(EXAMPLES.glob("*.yaml")), skirmish / "brann_shieldwall.yaml",
                   skirmish / "mauler_grip.yaml"),
            fights=(
                ExampleFight(EXAMPLES / "duelist_sable.yaml",
                             EXAMPLES / "grand_devourer_kessa.yaml"),
                ExampleFight(EXAMPLES / "grand_devourer_kessa.yaml",
                             skirmish / "brann_shieldwall.yaml"),
                ExampleFight(EXAMPLES / "ghost_hunter_wren.yaml", EXAMPLES / "techie_rill.yaml",
                             20),
                ExampleFight(EXAMPLES / "techie_rill.yaml", skirmish / "mauler_grip.yaml", 3,
                             ("hit_comparison=gt",)),
            ),
            battles=(dock,),
            actions=cases(dock),
            advance_choices={"grant_points": "1"},
            creations=(
                {"name": "Sable", "class": "Duelist", "weapons": "Longsword",
                 "buys": "buy_flair:Parry; buy_talent:Dodge Boost"},
                {"name": "Kessa", "class": "Grand Devourer"},
                {"name": "Wren", "class": "Ghost Hunter", "armor": "Leather",
                 "buys": "buy_skill:Stealth"},
            ),
            corruptions=(
                Corruption("missing field", gogo, ("class",), DELETE, "class"),
                Corruption("wrong type", gogo, ("mutations",), 7, "mutations"),
                Corruption("unknown weapon", gogo, ("weapons", 0), "Nonesuch Blade", "weapons"),
                Corruption("out-of-range stat", gogo, ("ledger", 3, "grant_points"), -5,
                           "ledger.3"),
            ),
        )
