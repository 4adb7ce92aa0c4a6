"""fe-tabletop's contract (``tactician.rulesets.contract``): every answer
delegates to the 001 library (``contract_units``, ``contract_advance``,
``contract_fight`` translate); battles through ``battle_rules``, ``battle_view``,
``battle_forecast`` and ``battle_ai``."""

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
    CareRequest,
    CareResult,
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

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "fe_tabletop"
# previewed by their own procedure before they are sent (issue 29):
# Use Staff, the Heal skill, a Vulnerary, a carried item (001 L55, L100)
HEALS = frozenset({"use_staff", "heal_skill", "vulnerary", "use_item"})
# the rulings a level-up reads (001 L13-26 and the class caps); the rest are "rules"
ADVANCEMENT_OPTIONS = frozenset({"growth_threshold", "zero_growth_never_grows", "stat_caps"})
# the rulings only a battle reads (the turn, the AI, fog, what a fight leaves behind)
BATTLE_OPTIONS = frozenset({"ai_sight", "torch_decays", "dance_dancers", "support_conversations",
                            "exp_per", "steal_speed_check", "round_cap"})


class FeTabletopContract(RulesetContract):
    """Fire Emblem Tabletop (001) through the contract."""

    def check_unit(self, path: Path) -> UnitCheck:
        from tactician.rulesets.fe_common.character.unit_file import check_unit

        return check_unit(path)

    def sheet(self, path: Path) -> Sheet:
        from tactician.rulesets.fe_tabletop.contract_sheet import sheet

        return sheet(path)

    def options(self) -> list[OptionSpec]:
        from tactician.rulesets.fe_tabletop.options import TabletopOptions

        return [replace(s, scope="advancement") if s.name in ADVANCEMENT_OPTIONS
                else replace(s, scope="battle") if s.name in BATTLE_OPTIONS else s
                for s in option_specs(TabletopOptions, "rules")]

    def option_values(self, pairs: Sequence[str]) -> dict[str, object]:
        from tactician.rulesets.fe_tabletop.options import TabletopOptions
        from tactician.rulesets.rulings import with_overrides

        return option_dict(with_overrides(TabletopOptions(), list(pairs)))

    def _advance(self, path: Path, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.fe_common.character.advance import advance
        from tactician.rulesets.fe_common.character.unit_file import load_unit
        from tactician.rulesets.fe_tabletop.options import TabletopOptions

        return advance(load_unit(path), request, dice, "fe-tabletop", TabletopOptions())

    def _supply_move(self, sheet: Mapping[str, Any], supply: Sequence[str], move: str,
                     item: str) -> tuple[dict[str, Any], list[str]]:
        from tactician.rulesets.fe_tabletop.campaign_supply import move as supply_move

        return supply_move(sheet, supply, move, item)

    def _care_kinds(self) -> list[str]:
        from tactician.rulesets.fe_tabletop.roster_care import KINDS

        return list(KINDS)

    def _care(self, request: CareRequest, options: Sequence[str], dice: DiceSource
              ) -> CareResult:
        from tactician.rulesets.fe_tabletop.roster_care import care

        return care(request, options, dice)

    def _check_kinds(self) -> list[str]:
        from tactician.rulesets.fe_common.character.contract_checks import kinds

        return kinds()

    def _skill_check(self, path: Path, request: CheckRequest, dice: DiceSource) -> CheckResult:
        from tactician.rulesets.fe_common.character.contract_checks import check
        from tactician.rulesets.fe_tabletop.options import TabletopOptions

        return check(path, request, dice, "fe-tabletop", TabletopOptions())

    def _advancement_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.fe_common.character.advance import CHOICES

        return list(CHOICES)

    def _creation_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.fe_common.character.new_character import CHOICES

        return list(CHOICES)

    def _create(self, name: str, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.fe_common.character.new_character import create
        from tactician.rulesets.fe_tabletop.options import TabletopOptions

        return create(name, request, dice, "fe-tabletop", TabletopOptions())

    def _compendium(self) -> Mapping[str, Mapping[str, Any]]:
        from tactician.rulesets.fe_common.character.content import load_content
        from tactician.rulesets.fe_tabletop.terrain import load_terrain

        content = load_content()
        fe8 = content.fe8
        return {
            "classes": {k: content.klass(k) for k in fe8.classes},
            "weapons": {k: content.weapon(k) for k in fe8.weapons},
            "items": fe8.items,
            "terrain": load_terrain(),
        }

    def _plan_fight(self, request: FightRequest) -> Any:
        from tactician.rulesets.fe_tabletop.contract_fight import plan

        return plan(request)

    def _forecast(self, plan: Any) -> dict[str, Any]:
        from tactician.rulesets.fe_tabletop.contract_fight import forecast_report

        return forecast_report(plan)

    def _resolve(self, plan: Any, dice: DiceSource) -> dict[str, Any]:
        from tactician.rulesets.fe_tabletop.contract_fight import attack_report

        return attack_report(plan, dice)

    def _battle_rules(self, options: Sequence[str]) -> BattleRules:
        from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules
        from tactician.rulesets.fe_tabletop.options import TabletopOptions
        from tactician.rulesets.rulings import with_overrides

        return TabletopBattleRules(with_overrides(TabletopOptions(), list(options)))

    def _board_view(self, state: Any, reach_unit: str | None) -> dict[str, Any]:
        return self._side_view(state, reach_unit, None)

    def _side_view(self, state: Any, reach_unit: str | None, side: str | None
                   ) -> dict[str, Any]:
        from tactician.rulesets.fe_tabletop.battle_view import board_view

        return board_view(state, reach_unit, state.options(), side)

    def _hides(self, state: Any) -> bool:
        # 001 L110: fog of war, when the map says so; or a unit the GM hid
        return bool(state.fog or state.gm_hidden)

    def _sight(self, state: Any, side: str) -> frozenset[str] | None:
        from tactician.rulesets.fe_tabletop.battle_view import shown_units

        return frozenset(u.id for u in shown_units(state, side))

    def _seen_tiles(self, state: Any, side: str) -> frozenset[tuple[int, int]] | None:
        from tactician.rulesets.fe_tabletop.battle_view import seen_by

        if not state.fog:  # only the GM hides units: every tile is seen
            return None
        return seen_by(state, side)  # 001 L110: a side sees what any of its units sees

    def _side_state(self, state: Any, side: str) -> Any:
        from tactician.rulesets.fe_tabletop.battle_view import side_state

        return side_state(state, side)

    def preview_kinds(self) -> frozenset[str]:
        return HEALS

    def _battle_forecast(
        self, state: Any, action: Mapping[str, Any], rules: BattleRules
    ) -> dict[str, Any]:
        from tactician.rulesets.contract.heal_preview import previewed
        from tactician.rulesets.fe_tabletop.battle_registry import ACTIONS

        healing = previewed(ACTIONS, self.action_schema(), HEALS, rules, state, action)
        if healing is not None:  # what the heal will do, by its own procedure
            return healing
        from tactician.rulesets.fe_tabletop.battle_forecast import battle_forecast

        return battle_forecast(state, action, rules.options)  # type: ignore[attr-defined]


    def _explain_words(self) -> ExplainWords:
        legend = EXCHANGE_LEGEND + (
            "; score: defeats + 0.5 x damage dealt / the target's HP - 1.5 x defeated - 0.3 x "
            "damage taken / this unit's HP")
        return ExplainWords(legend, EXCHANGE_COLUMNS)

    def _planner(self, rules: BattleRules, every_side: bool) -> Planner:
        from tactician.rulesets.fe_tabletop.battle_ai import Planner as TabletopPlanner

        return TabletopPlanner(rules, every_side)  # type: ignore[arg-type]

    def _aftermath(self, state: Any) -> dict[str, dict[str, Any]]:
        from tactician.rulesets.fe_tabletop.campaign_aftermath import aftermath

        return aftermath(state)

    def _muster(self, state: Any, carried: Mapping[str, Mapping[str, Any]]) -> Any:
        from tactician.rulesets.fe_tabletop.campaign_aftermath import muster

        return muster(state, carried)

    def examples(self) -> Examples:
        from tactician.rulesets.fe_tabletop.action_cases import cases

        eirika = EXAMPLES / "eirika_lord.yaml"
        castle = EXAMPLES / "castle"
        renvall = ExampleBattle("castle", castle / "map.yaml",
                                (castle / "party.yaml", castle / "garrison.yaml"), seed=9)
        return Examples(
            units=tuple(sorted(EXAMPLES.glob("*.yaml"))),
            battles=(renvall,),
            actions=cases(renvall),
            fights=(
                ExampleFight(eirika, EXAMPLES / "oneill_brigand.yaml"),
                ExampleFight(EXAMPLES / "kyle_cavalier.yaml", EXAMPLES / "garcia_fighter.yaml",
                             1, ("crit_roll=separate_die",)),
                ExampleFight(EXAMPLES / "lute_mage.yaml", EXAMPLES / "garcia_fighter.yaml", 2),
            ),
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
