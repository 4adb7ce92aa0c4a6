"""fe-classic's contract (``tactician.rulesets.contract``): 001's unit files and
level-ups (``fe_common.character``), 002's fights, sheet and compendium."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import BattleRules
from tactician.rulesets.contract import (
    DELETE,
    Advancement,
    AdvanceRequest,
    CheckRequest,
    CheckResult,
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
)
from tactician.rulesets.contract.helpers import option_dict, option_specs
from tactician.rulesets.contract.words import EXCHANGE_COLUMNS, EXCHANGE_LEGEND, ExplainWords
from tactician.rulesets.contract.words import ExplainColumn as C

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "fe_classic"
BATTLE = EXAMPLES / "battle"
# 001's level-up rulings (L13-26 and the class caps); the rest are "battle" (kept in a
# battle file: every combat number of a battle follows them)
ADVANCEMENT_OPTIONS = frozenset({"growth_threshold", "zero_growth_never_grows", "stat_caps"})


class FeClassicContract(RulesetContract):
    """Fire Emblem Classic: 002 combat on 001 characters, through the contract."""

    def check_unit(self, path: Path) -> UnitCheck:
        from tactician.rulesets.fe_common.character.unit_file import check_unit

        return check_unit(path)

    def sheet(self, path: Path) -> Sheet:
        from tactician.rulesets.fe_classic.contract_sheet import sheet

        return sheet(path)

    def options(self) -> list[OptionSpec]:
        from tactician.rulesets.fe_classic.options import ClassicOptions

        return [replace(s, scope="advancement") if s.name in ADVANCEMENT_OPTIONS else s
                for s in option_specs(ClassicOptions, "battle")]

    def option_values(self, pairs: Sequence[str]) -> dict[str, object]:
        from tactician.rulesets.fe_classic.options import ClassicOptions
        from tactician.rulesets.rulings import with_overrides

        return option_dict(with_overrides(ClassicOptions(), list(pairs)))

    def _advance(self, path: Path, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.fe_classic.options import ClassicOptions
        from tactician.rulesets.fe_common.character.advance import advance
        from tactician.rulesets.fe_common.character.unit_file import load_unit

        return advance(load_unit(path), request, dice, "fe-classic", ClassicOptions())

    def _advancement_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.fe_common.character.advance import CHOICES

        return list(CHOICES)

    def _check_kinds(self) -> list[str]:
        from tactician.rulesets.fe_common.character.contract_checks import kinds

        return kinds()

    def _skill_check(self, path: Path, request: CheckRequest, dice: DiceSource) -> CheckResult:
        from tactician.rulesets.fe_classic.options import ClassicOptions
        from tactician.rulesets.fe_common.character.contract_checks import check

        return check(path, request, dice, "fe-classic", ClassicOptions())

    def _creation_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.fe_common.character.new_character import CHOICES

        return list(CHOICES)

    def _create(self, name: str, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.fe_classic.options import ClassicOptions
        from tactician.rulesets.fe_common.character.new_character import create

        return create(name, request, dice, "fe-classic", ClassicOptions())

    def _compendium(self) -> Mapping[str, Mapping[str, Any]]:
        from tactician.rulesets.fe_classic.compendium import compendium

        return compendium()

    def _plan_fight(self, request: FightRequest) -> Any:
        from tactician.rulesets.fe_classic.contract_fight import plan

        return plan(request)

    def _forecast(self, plan: Any) -> dict[str, Any]:
        from tactician.rulesets.fe_classic.contract_fight import forecast_report

        return forecast_report(plan)

    def _resolve(self, plan: Any, dice: DiceSource) -> dict[str, Any]:
        from tactician.rulesets.fe_classic.contract_fight import attack_report

        return attack_report(plan, dice)

    def _battle_rules(self, options: Sequence[str]) -> BattleRules:
        from tactician.rulesets.fe_classic.battle_rules import battle_rules

        return battle_rules(list(options))

    def _board_view(self, state: Any, reach_unit: str | None) -> dict[str, Any]:
        from tactician.rulesets.fe_classic.battle_view import board_view

        return board_view(state, reach_unit)

    def _side_view(self, state: Any, reach_unit: str | None, side: str) -> dict[str, Any]:
        from tactician.rulesets.fe_classic.battle_view import board_view

        return board_view(state, reach_unit, side)

    def _hides(self, state: Any) -> bool:
        # fog: true and fog_rules = tabletop (001 L110), or a unit the GM hid
        return bool(state.fogged or state.gm_hidden)

    def _sight(self, state: Any, side: str) -> frozenset[str] | None:
        from tactician.rulesets.fe_classic.battle_sight import shown_units

        return frozenset(u.id for u in shown_units(state, side))

    def _seen_tiles(self, state: Any, side: str) -> frozenset[tuple[int, int]] | None:
        from tactician.rulesets.fe_classic.battle_sight import seen_by

        if not state.fogged:  # only the GM hides units: every tile is seen
            return None
        return seen_by(state, side)  # 001 L110: 4 squares around each unit, 8 a thief's

    def _side_state(self, state: Any, side: str) -> Any:
        from tactician.rulesets.fe_classic.battle_view import side_state

        return side_state(state, side)

    def _battle_forecast(self, state: Any, action: Mapping[str, Any], rules: BattleRules
                         ) -> dict[str, Any]:
        from tactician.rulesets.fe_classic.battle_view import battle_forecast

        return battle_forecast(state, dict(action))

    def _aftermath(self, state: Any) -> dict[str, dict[str, Any]]:
        from tactician.rulesets.fe_classic.campaign_aftermath import aftermath

        return aftermath(state)

    def _muster(self, state: Any, carried: Mapping[str, Mapping[str, Any]]) -> Any:
        from tactician.rulesets.fe_classic.campaign_aftermath import muster

        return muster(state, carried)


    def _explain_words(self) -> ExplainWords:
        legend = EXCHANGE_LEGEND + (
            "; score: 2 x defeats + damage dealt / the target's max HP - 3 x defeated (30 x "
            "for a Lord) - 0.5 x damage taken / this unit's max HP; a staff: half its chance "
            "to land")
        # its candidates are attacks and staves: the action beside the target
        columns = (*EXCHANGE_COLUMNS[:2], C("action", "action"), *EXCHANGE_COLUMNS[2:])
        return ExplainWords(legend, columns)

    def _planner(self, rules: BattleRules, every_side: bool) -> Planner:
        from tactician.rulesets.fe_classic.battle_ai import planner

        return planner(every_side)

    def examples(self) -> Examples:
        from tactician.rulesets.fe_classic.action_cases import cases

        eirika = EXAMPLES / "eirika_lord.yaml"
        enemies = EXAMPLES / "enemies"
        zaha = ExampleBattle("pass", BATTLE / "map.yaml",
                             (BATTLE / "party.yaml", BATTLE / "army.yaml"), seed=3,
                             step_bound=1500)
        return Examples(
            units=tuple(sorted(EXAMPLES.glob("*.yaml"))) + tuple(sorted(enemies.glob("*.yaml"))),
            fights=(
                ExampleFight(eirika, enemies / "oneill_brigand.yaml"),
                ExampleFight(EXAMPLES / "joshua_myrmidon.yaml", enemies / "bazba_berserker.yaml",
                             1, ("hit_roll=two_dice_averaged",)),
                ExampleFight(EXAMPLES / "neimi_archer.yaml", enemies / "wyvern_rider.yaml", 2),
                ExampleFight(EXAMPLES / "lute_mage.yaml", enemies / "shaman.yaml", 2,
                             ("fumble_at=90", "break_save=20")),
                ExampleFight(EXAMPLES / "moulder_priest.yaml", enemies / "fighter.yaml", 2),
            ),
            battles=(zaha,),
            actions=cases(zaha),
            creations=(
                {"name": "Kyle", "class": "Cavalier", "sex": "male"},
                {"name": "Vanessa", "class": "Pegasus Knight", "sex": "female", "luck": "4"},
                {"name": "Lute", "class": "Mage", "party_level": "3"},
                {"name": "Seth", "class": "Paladin", "sex": "male"},
                {"name": "Eirika", "class": "Lord (Eirika)", "weapon": "Rapier"},
            ),
            corruptions=(
                Corruption("missing field", eirika, ("name",), DELETE, "name"),
                Corruption("wrong type", eirika, ("level",), "many", "level"),
                Corruption("unknown weapon", eirika, ("inventory", 0), "Nonesuch Blade",
                           "inventory"),
                Corruption("out-of-range stat", eirika, ("stats", "pow"), -3, "stats"),
            ),
        )
