"""UESRPG's contract (``tactician.rulesets.contract``): every answer delegates
to the existing rules modules (``character``, ``battle_service``,
``battle_rules``, ``battle_ai``); 003 has no advancement of its own, so the
registration leaves ``ADVANCEMENT`` out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import BattleRules
from tactician.errors import ContentError
from tactician.rulesets.contract import (
    DELETE,
    CareRequest,
    CareResult,
    Corruption,
    ExampleBattle,
    ExampleFight,
    Examples,
    FightRequest,
    OptionSpec,
    Planner,
    Row,
    RulesetContract,
    Section,
    Sheet,
    UnitCheck,
    Violation,
)
from tactician.rulesets.contract.helpers import (
    entry_name,
    error_violations,
    model_violations,
    option_dict,
    option_specs,
    read_unit,
    unknown_names,
)
from tactician.rulesets.contract.words import ExplainColumn as C
from tactician.rulesets.contract.words import ExplainWords

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "uesrpg"
# previewed by their own procedure before they are sent (issue 29): magical healing,
# first aid, treating a wound, stabilising a dying unit, stopping a bleeding (003 L48,
# L51, L57, L61, L67); what they change besides HP is read by ``care_marks``
HEALS = frozenset({"heal", "first_aid", "treat_wound", "stabilise", "treat_bleeding"})


class UesrpgContract(RulesetContract):
    """UESRPG Wounds & Conditions (003) through the contract."""

    # --- unit files and sheets -------------------------------------------------------

    def check_unit(self, path: Path) -> UnitCheck:
        from tactician.rulesets.uesrpg.character import Character, build_profile
        from tactician.rulesets.uesrpg.content import load_compendium

        data, violations = read_unit(path)
        if data is None:
            return UnitCheck(str(path), path.stem, "", tuple(violations))
        entry = entry_name(data, path)
        character, violations = model_violations(Character, data, path)
        book = load_compendium()
        # every unknown weapon and armor piece, not only the first, even when the
        # file also breaks the model elsewhere
        found: list[Violation] = [
            *unknown_names(data, "weapons", book.weapon, path),
            *unknown_names(data, "armor", book.armor_piece, path),
        ]
        if character is None:
            return UnitCheck(str(path), entry, "", (*violations, *found))
        if not found:
            try:
                profile = build_profile(character, book, str(path))
            except ContentError as exc:
                found = error_violations(str(exc), path, entry)
            else:
                summary = (f"{profile.name}, {'pc' if profile.pc else 'npc'}; HP "
                           f"{profile.max_hp}, WT {profile.base_wound_threshold}; weapons "
                           + (", ".join(w.name for w in profile.weapons) or "none"))
                return UnitCheck(str(path), entry, summary)
        return UnitCheck(str(path), entry, "", tuple(found))

    def sheet(self, path: Path) -> Sheet:
        from tactician.rulesets.uesrpg.battle_service import sheet

        data = sheet(path)
        return Sheet(
            ruleset="uesrpg",
            name=data["name"],
            kind=data["kind"],
            title=f"{data['name']}  ({data['kind']})",
            sections=_sections(data),
            data=data,
        )

    # --- options ---------------------------------------------------------------------

    def options(self) -> list[OptionSpec]:
        from tactician.rulesets.uesrpg.battle_rules import BattleOptions
        from tactician.rulesets.uesrpg.options import UesrpgOptions

        return [*option_specs(UesrpgOptions, "battle"), *option_specs(BattleOptions, "battle")]

    def option_values(self, pairs: Sequence[str]) -> dict[str, object]:
        from tactician.rulesets.uesrpg.battle_rules import split_options

        battle, rules = split_options(list(pairs))
        return option_dict(rules, battle)

    # --- compendium ------------------------------------------------------------------

    def _compendium(self) -> Mapping[str, Mapping[str, Any]]:
        from tactician.rulesets.uesrpg.battle_state import terrain_set
        from tactician.rulesets.uesrpg.character import load_templates
        from tactician.rulesets.uesrpg.conditions import CONDITION_RULES
        from tactician.rulesets.uesrpg.content import load_compendium

        book = load_compendium()
        return {
            "weapons": book.weapons,
            "armor": book.armor,
            "conditions": {n.casefold(): {"name": n, **asdict(rule)}
                           for n, rule in CONDITION_RULES.items()},
            "npcs": load_templates(),
            "terrain": {t.name.casefold(): t for t in terrain_set()},
        }

    # --- one fight -------------------------------------------------------------------

    def _plan_fight(self, request: FightRequest) -> Any:
        from tactician.rulesets.uesrpg.battle_service import plan_fight

        return plan_fight(request)

    def _forecast(self, plan: Any) -> dict[str, Any]:
        from tactician.rulesets.uesrpg.battle_service import forecast_report

        return _shared_forecast(forecast_report(plan))

    def _resolve(self, plan: Any, dice: DiceSource) -> dict[str, Any]:
        from tactician.rulesets.uesrpg.battle_service import attack_report

        report = attack_report(plan, dice)
        # the keys every ruleset's attack report shares (docs/schemas/attack.json)
        report.setdefault("seed", getattr(dice, "seed", None))
        report.setdefault("dice", report["rolls"])
        return report

    # --- battles ---------------------------------------------------------------------

    def _battle_rules(self, options: Sequence[str]) -> BattleRules:
        from tactician.rulesets.uesrpg.battle_rules import battle_rules

        return battle_rules(list(options))

    def _care_kinds(self) -> list[str]:
        from tactician.rulesets.uesrpg.roster_care import KINDS

        return list(KINDS)

    def _care(self, request: CareRequest, options: Sequence[str], dice: DiceSource) -> CareResult:
        from tactician.rulesets.uesrpg.roster_care import care

        return care(request, options, dice)

    def _muster(self, state: Any, carried: Mapping[str, Mapping[str, Any]]) -> Any:
        from tactician.rulesets.uesrpg.campaign_aftermath import muster

        return muster(state, carried)

    def _aftermath(self, state: Any) -> dict[str, dict[str, Any]]:
        from tactician.rulesets.uesrpg.campaign_aftermath import aftermath

        return aftermath(state)

    def _board_view(self, state: Any, reach_unit: str | None) -> dict[str, Any]:
        from tactician.rulesets.uesrpg.battle_service import board_view

        return board_view(state, reach_unit)

    def _side_view(self, state: Any, reach_unit: str | None, side: str) -> dict[str, Any]:
        from tactician.rulesets.uesrpg.side_view import side_view

        return side_view(state, reach_unit, side)

    def _hides(self, state: Any) -> bool:
        return True  # 003 Hidden may come on any unit in any battle

    def _sight(self, state: Any, side: str) -> frozenset[str] | None:
        from tactician.rulesets.uesrpg.side_view import hidden_from

        hidden = hidden_from(state, side)
        return frozenset(u.id for u in state.units if u.id not in hidden) if hidden else None

    def _side_state(self, state: Any, side: str) -> Any:
        from tactician.rulesets.uesrpg.side_view import side_state

        return side_state(state, side)

    def preview_kinds(self) -> frozenset[str]:
        return HEALS

    def _battle_forecast(
        self, state: Any, action: Mapping[str, Any], rules: BattleRules
    ) -> dict[str, Any]:
        from tactician.rulesets.contract.heal_preview import previewed
        from tactician.rulesets.uesrpg.action_registry import ACTIONS
        from tactician.rulesets.uesrpg.care_marks import marks

        healing = previewed(ACTIONS, self.action_schema(), HEALS, rules, state, action, marks)
        if healing is not None:  # what the heal will do, by its own procedure
            return healing
        from tactician.rulesets.uesrpg.battle_service import battle_forecast

        return _shared_forecast(battle_forecast(state, dict(action), rules))  # type: ignore[arg-type]


    def _explain_words(self) -> ExplainWords:
        legend = ("hit: the attack lands past the defence the foe makes; wound: it wounds; "
                  "down: the foe falls to 0 HP; score: down + 0.5 x wound + 0.1 x expected "
                  "damage / the foe's HP")
        columns = (
            C("tile", "tile", "tile"), C("target", "target"), C("weapon", "weapon"),
            C("defence", "defence"), C("hit", "hit", "percent"), C("wound", "wound", "percent"),
            C("down", "down", "percent"), C("score", "score", "number"),
        )
        return ExplainWords(legend, columns)

    def _planner(self, rules: BattleRules, every_side: bool) -> Planner:
        from tactician.rulesets.uesrpg.battle_ai import planner

        chosen = planner(rules)  # type: ignore[arg-type]
        return _EverySide(chosen) if every_side else chosen

    # --- examples --------------------------------------------------------------------

    def examples(self) -> Examples:
        from tactician.rulesets.uesrpg.action_cases import cases

        aela = EXAMPLES / "aela.yaml"
        captain = EXAMPLES / "bandit-captain.yaml"
        skirmish = EXAMPLES / "skirmish"
        mill = ExampleBattle("skirmish", skirmish / "map.yaml",
                             (skirmish / "party.yaml", skirmish / "bandits.yaml"), seed=3)
        return Examples(
            units=(*sorted(EXAMPLES.glob("*.yaml")), skirmish / "brand.yaml"),
            fights=(
                ExampleFight(aela, captain),
                ExampleFight(captain, aela),
                ExampleFight(EXAMPLES / "ice-witch.yaml", skirmish / "brand.yaml"),
                ExampleFight(aela, captain, None, ("defence_tie=attacker",)),
            ),
            battles=(mill,),
            actions=cases(mill),
            corruptions=(
                Corruption("missing field", aela, ("name",), DELETE, "name"),
                Corruption("wrong type", aela, ("characteristics", "strength"), "strong",
                           "characteristics.strength"),
                Corruption("unknown weapon", aela, ("weapons", 0), "Nonesuch Blade", "weapons.0"),
                Corruption("out-of-range stat", aela, ("characteristics", "luck"), 150,
                           "characteristics"),
            ),
        )


def _shared_forecast(report: dict[str, Any]) -> dict[str, Any]:
    """The forecast with the shapes every ruleset shares (docs/schemas/forecast.json):
    ``expected_damage`` by side, and the weapon's damage dice as ``damage_dice`` (a
    ``damage`` of a side is the damage of one hit elsewhere)."""
    attacker = dict(report["attacker"])
    attacker["damage_dice"] = attacker.pop("damage")
    return {**report, "attacker": attacker,
            "expected_damage": {"to_attacker": 0.0, "to_defender": report["expected_damage"]}}


class _EverySide:
    """The UESRPG planner made to play the players' units' Turns as well."""

    ends_own_turns = True

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def next(self, state: Any) -> dict[str, Any] | None:
        from tactician.rulesets.uesrpg.battle_ai import decide

        unit = state.current
        if state.result != "ongoing" or not state.started or unit is None:
            decision: dict[str, Any] | None = self.inner.next(state)
            return decision
        described: dict[str, Any] = decide(state, unit, self.inner.rules).describe()
        return described


def _sections(data: Mapping[str, Any]) -> tuple[Section, ...]:
    """The sheet's numbers as sections: characteristics, derived numbers, skills,
    weapons and armor by location."""
    characteristics = Section(
        title="Characteristics", columns=("characteristic", "score", "bonus"),
        table=tuple((name, str(v["score"]), str(v["bonus"]))
                    for name, v in data["characteristics"].items()),
    )
    derived = Section(rows=tuple(Row(label, str(value) if value not in ([], "") else "-")
                                 for label, value in (
        ("HP", data["hp"]), ("Wound Threshold", data["wound_threshold"]),
        ("Stamina", data["stamina"]), ("Magicka", data["magicka"]),
        ("Action Points", data["action_points"]), ("Speed", data["speed"]),
        ("Initiative rating", data["initiative_rating"]),
        ("Lucky", ", ".join(map(str, data["lucky"]))),
        ("Unlucky", ", ".join(map(str, data["unlucky"]))),
        ("Traits", ", ".join(data["traits"])), ("Lost", ", ".join(data["lost"])),
    )))
    skills = Section(title="Skills", columns=("skill", "target"),
                     table=tuple((k, str(v)) for k, v in data["skills"].items()))
    columns = ("name", "damage", "type", "reach", "skill", "target")
    weapons = Section(title="Weapons", columns=columns,
                      table=tuple(tuple(str(w[c]) for c in columns) for w in data["weapons"]))
    armor = Section(title="Armor", columns=("location", "AR"), table=tuple(
        (loc.replace("_", " "), ", ".join(f"{k} {v}" for k, v in ar.items()) or "-")
        for loc, ar in data["armor"].items()))
    return (characteristics, derived, skills, weapons, armor)
