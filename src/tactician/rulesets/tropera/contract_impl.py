"""Tropera's contract (``tactician.rulesets.contract``): every answer delegates
to the existing rules modules; this class only says which function answers
what, so the table layer and the conformance kit can ask any ruleset alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tactician.rulesets.contract.interface import RulesetContract

if TYPE_CHECKING:
    # annotations only: each method imports what it builds (a forecast builds none
    # of these, and ``contract.helpers`` reads files with pydantic and PyYAML)
    from tactician.dice.source import DiceSource
    from tactician.engine.rules import BattleRules, Planner
    from tactician.rulesets.contract import (
        Advancement,
        AdvanceRequest,
        ChoiceSpec,
        Examples,
        FightRequest,
        OptionSpec,
        Sheet,
        UnitCheck,
    )
    from tactician.rulesets.contract.words import ExplainWords

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "tropera"
# previewed by their own procedure before they are sent (issue 29):
# Use Item and Use Staff (000 Main Actions)
HEALS = frozenset({"item", "staff"})


def _kinds() -> dict[str, dict[str, Any]]:
    """000's kinds of character: what each takes in place of the level 1 feat, its
    natural weapon and its movement when transformed."""
    from typing import get_args

    from tactician.rulesets.tropera.models import Kind
    from tactician.rulesets.tropera.progression import (
        LEVEL1_OPTIONS,
        NATURAL_WEAPONS,
        TRANSFORMED_MOVEMENT,
    )

    return {
        kind: {
            "name": kind,
            "level1_feat": LEVEL1_OPTIONS.get(kind, "any feat"),
            "natural_weapon": NATURAL_WEAPONS.get(kind),
            "transformed_movement": TRANSFORMED_MOVEMENT.get(kind),
        }
        for kind in get_args(Kind)
    }


class TroperaContract(RulesetContract):
    """Fire Emblem Tropera (000) through the contract."""

    # --- unit files and sheets -------------------------------------------------------

    def check_unit(self, path: Path) -> UnitCheck:
        from tactician.rulesets.contract import UnitCheck
        from tactician.rulesets.contract.helpers import (
            entry_name,
            model_violations,
            problem_violations,
            read_unit,
            unknown_names,
        )
        from tactician.rulesets.tropera.compendium import load_compendium
        from tactician.rulesets.tropera.creation import character_problems
        from tactician.rulesets.tropera.models import Character

        data, violations = read_unit(path)
        if data is None:
            return UnitCheck(str(path), path.stem, "", tuple(violations))
        character, violations = model_violations(Character, data, path)
        entry = entry_name(data, path)
        book = load_compendium()
        if character is None:  # the rules need a unit; unknown names are found anyway
            unknown = [*unknown_names(data, "weapons", book.weapon, path),
                       *unknown_names(data, "items", book.item, path),
                       *unknown_names(data, "feats", book.feat, path)]
            return UnitCheck(str(path), entry, "", (*violations, *unknown))
        problems = character_problems(character, book)
        summary = (f"{character.name}, level {character.level} {character.kind}; feats "
                   f"{', '.join(character.feats) or 'none'}; ranks "
                   + (", ".join(f"{k} {v}" for k, v in character.proficiencies.items())
                      or "none"))
        return UnitCheck(str(path), entry, summary,
                         tuple(problem_violations(problems, path, entry)))

    def sheet(self, path: Path) -> Sheet:
        from tactician.rulesets.tropera.compendium import load_compendium
        from tactician.rulesets.tropera.contract_sheet import sheet_of
        from tactician.rulesets.tropera.creation import load_character
        from tactician.rulesets.tropera.sheet import sheet_data

        return sheet_of(sheet_data(load_character(path), load_compendium()))

    # --- options ---------------------------------------------------------------------

    def options(self) -> list[OptionSpec]:
        from tactician.rulesets.contract.helpers import option_specs
        from tactician.rulesets.tropera.levelup import LevelUpOptions
        from tactician.rulesets.tropera.options import TroperaOptions

        return [*option_specs(TroperaOptions, "battle"),
                *option_specs(LevelUpOptions, "advancement")]

    def option_values(self, pairs: Sequence[str]) -> dict[str, object]:
        from tactician.rulesets.contract.helpers import option_dict
        from tactician.rulesets.tropera.options import TroperaOptions

        return option_dict(TroperaOptions().with_overrides(list(pairs)))

    # --- advancement -----------------------------------------------------------------

    def _advancement_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.tropera.contract_advance import CHOICES

        return list(CHOICES)

    def _advance(self, path: Path, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.tropera.compendium import load_compendium
        from tactician.rulesets.tropera.contract_advance import advance
        from tactician.rulesets.tropera.creation import load_character

        return advance(load_character(path), load_compendium(), request, dice)

    # --- creation --------------------------------------------------------------------

    def _creation_choices(self) -> list[ChoiceSpec]:
        from tactician.rulesets.tropera.new_character import CHOICES

        return list(CHOICES)

    def _create(self, name: str, request: AdvanceRequest, dice: DiceSource) -> Advancement:
        from tactician.rulesets.tropera.compendium import load_compendium
        from tactician.rulesets.tropera.new_character import create

        return create(name, request, load_compendium())  # point-buy: no dice

    # --- compendium ------------------------------------------------------------------

    def _compendium(self) -> Mapping[str, Mapping[str, Any]]:
        from tactician.rulesets.tropera.compendium import load_compendium
        from tactician.rulesets.tropera.terrain import terrain_set

        book = load_compendium()
        terrain = terrain_set()
        return {
            "weapons": book.weapons,
            "items": book.items,
            "feats": book.feats,
            "kinds": _kinds(),
            "terrain": {t.name.casefold(): t for t in terrain},
        }

    # --- one fight -------------------------------------------------------------------

    def _plan_fight(self, request: FightRequest) -> Any:
        from tactician.rulesets.tropera.fight import plan_fight

        return plan_fight(request)

    def _forecast(self, plan: Any) -> dict[str, Any]:
        from tactician.rulesets.tropera.fight import forecast_report

        return forecast_report(plan)

    def _resolve(self, plan: Any, dice: DiceSource) -> dict[str, Any]:
        from tactician.rulesets.tropera.fight import attack_report

        return attack_report(plan, dice)

    # --- battles ---------------------------------------------------------------------

    def _battle_rules(self, options: Sequence[str]) -> BattleRules:
        from tactician.rulesets.tropera.battle_service import battle_rules

        return battle_rules(list(options))

    def _aftermath(self, state: Any) -> dict[str, dict[str, Any]]:
        from tactician.rulesets.tropera.campaign_aftermath import aftermath

        return aftermath(state)

    def _board_view(self, state: Any, reach_unit: str | None) -> dict[str, Any]:
        from tactician.rulesets.tropera.battle_service import board_view

        return board_view(state, reach_unit)

    def preview_kinds(self) -> frozenset[str]:
        return HEALS

    def _battle_forecast(
        self, state: Any, action: Mapping[str, Any], rules: BattleRules
    ) -> dict[str, Any]:
        from tactician.rulesets.contract.heal_preview import previewed
        from tactician.rulesets.tropera.action_registry import ACTIONS

        healing = previewed(ACTIONS, self.action_schema(), HEALS, rules, state, action)
        if healing is not None:  # what the heal will do, by its own procedure
            return healing
        from tactician.rulesets.tropera.battle_service import battle_forecast

        return battle_forecast(state, dict(action), rules)  # type: ignore[arg-type]


    def _explain_words(self) -> ExplainWords:
        from tactician.rulesets.contract.words import (
            EXCHANGE_COLUMNS,
            EXCHANGE_LEGEND,
            ExplainWords,
        )

        legend = (EXCHANGE_LEGEND + "; score: the tier's priority (mob hit, army hit - "
                  "counter, elite defeats - defeated)")
        return ExplainWords(legend, EXCHANGE_COLUMNS,
                            any_side="let the engine play them as Mob tier")

    def _planner(self, rules: BattleRules, every_side: bool) -> Planner:
        # Tropera's planner plays whichever side has the phase (a side without enemy
        # tiers plays as Mob), so every_side changes nothing here
        from tactician.rulesets.tropera.battle_service import planner

        return planner(rules)  # type: ignore[arg-type]

    # --- examples --------------------------------------------------------------------

    def examples(self) -> Examples:
        from tactician.rulesets.contract import (
            DELETE,
            Corruption,
            ExampleBattle,
            ExampleFight,
            Examples,
        )
        from tactician.rulesets.tropera.action_cases import cases

        aria = EXAMPLES / "aria_sword_fighter.yaml"
        enemies = EXAMPLES / "enemies"
        battle = EXAMPLES / "battle"
        ford = ExampleBattle("ford", battle / "ford.yaml",
                             (battle / "party.yaml", battle / "bandits.yaml"), seed=7)
        return Examples(
            units=(*sorted(EXAMPLES.glob("*.yaml")), *sorted(enemies.glob("*.yaml"))),
            fights=(
                ExampleFight(aria, enemies / "brigand.yaml"),
                ExampleFight(EXAMPLES / "lute_mage.yaml", enemies / "soldier.yaml", 2),
                ExampleFight(EXAMPLES / "gilliam_armored_lancer.yaml", enemies / "chief.yaml"),
                ExampleFight(EXAMPLES / "lethe_laguz_beast.yaml", enemies / "archer.yaml"),
                ExampleFight(aria, enemies / "brigand.yaml", None, ("true_hit_crit=separate",)),
            ),
            battles=(
                ford,
                ExampleBattle("keep", battle / "keep.tmj",
                              (battle / "keep-party.yaml", battle / "keep-garrison.yaml"),
                              seed=3),
            ),
            advance_choices={"pick": "highest"},
            creations=(
                {"name": "Aria", "points": "hp=5,str=6,skl=7,spd=8,lck=4,def=3,res=2",
                 "growths": "hp=3,str=2,skl=3,spd=3,lck=2,def=1,res=1", "feat": "Adept",
                 "proficiency": "sword", "weapons": "Iron Sword,Steel Sword",
                 "items": "Vulnerary"},
                {"name": "Lethe", "kind": "laguz-beast",
                 "points": "hp=8,str=7,skl=6,spd=8,lck=2,def=3,res=1",
                 "growths": "hp=4,str=3,skl=2,spd=3,lck=1,def=2,res=1"},
                {"name": "Lute", "points": "hp=4,mag=9,skl=6,spd=6,lck=4,def=1,res=5",
                 "growths": "hp=2,mag=3,skl=2,spd=2,lck=2,def=0,res=3", "feat": "Focus",
                 "proficiency": "anima", "feat_proficiency": "anima",
                 "weapons": "Fire"},
            ),
            corruptions=(
                Corruption("missing field", aria, ("name",), DELETE, "name"),
                Corruption("wrong type", aria, ("points", "str"), "many", "points.str"),
                Corruption("unknown weapon", aria, ("weapons", 0), "Nonesuch Blade", "weapons"),
                Corruption("out-of-range stat", aria, ("growths", "str"), 9, "growths"),
            ),
            actions=cases(ford),
        )
