"""Kit: a declared capability is implemented, an undeclared one is refused by
name (``Unsupported``), never a missing key or attribute."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.dice.source import SeededDice
from tactician.rulesets.contract import (
    AdvanceRequest,
    Capability,
    Combatant,
    FightRequest,
    RulesetContract,
    Unsupported,
)

HOOKS: dict[Capability, tuple[str, ...]] = {
    Capability.ADVANCEMENT: ("_advance",),
    Capability.CREATION: ("_create", "_creation_choices"),
    Capability.CHECKS: ("_check_kinds", "_skill_check"),
    Capability.SUPPLY: ("_supply_move",),
    Capability.COMPENDIUM: ("_compendium",),
    Capability.FIGHTS: ("_plan_fight", "_forecast", "_resolve"),
    Capability.BATTLES: ("_battle_rules", "_board_view", "_battle_forecast"),
    Capability.AI: ("_planner",),
    Capability.CARE: ("_care_kinds", "_care"),
}


def test_every_declared_capability_has_its_hooks(contract: RulesetContract) -> None:
    for capability, hooks in HOOKS.items():
        for hook in hooks:
            overridden = getattr(type(contract), hook) is not getattr(RulesetContract, hook)
            assert overridden == contract.has(capability), (capability, hook)


def test_an_undeclared_capability_is_refused_by_name(contract: RulesetContract) -> None:
    unit = contract.examples().units[0]
    calls = {
        Capability.ADVANCEMENT: lambda: contract.advance(unit, AdvanceRequest(), SeededDice(1)),
        Capability.CREATION: lambda: contract.create("Nobody", AdvanceRequest(), SeededDice(1)),
        Capability.CHECKS: contract.check_kinds,
        Capability.SUPPLY: lambda: contract.supply_move({}, [], "deposit", "Vulnerary"),
        Capability.COMPENDIUM: contract.compendium_kinds,
        Capability.FIGHTS: lambda: contract.plan_fight(
            FightRequest(contract.id, Combatant(unit), (Combatant(unit),))),
        Capability.BATTLES: lambda: contract.battle_rules([]),
        Capability.CARE: contract.care_kinds,
        Capability.MULTI_TARGET: lambda: contract.plan_fight(
            FightRequest(contract.id, Combatant(unit), (Combatant(unit), Combatant(unit)))),
        Capability.REACTIONS: lambda: contract.plan_fight(
            FightRequest(contract.id, Combatant(unit), (Combatant(unit),), defence="parry")),
        Capability.TERRAIN_BONUSES: lambda: contract.plan_fight(
            FightRequest(contract.id, Combatant(unit, terrain="forest"), (Combatant(unit),))),
    }
    fight_parts = {Capability.MULTI_TARGET, Capability.REACTIONS, Capability.TERRAIN_BONUSES}
    for capability, call in calls.items():
        if contract.has(capability):
            continue
        if capability in fight_parts and not contract.has(Capability.FIGHTS):
            continue  # refused as "no fights" first
        with pytest.raises(Unsupported, match=f"has no {capability.value}"):
            call()


def test_a_unit_file_that_is_not_there_is_one_violation(
    contract: RulesetContract, tmp_path: Path
) -> None:
    missing = tmp_path / "nobody.yaml"
    verdict = contract.check_unit(missing)
    assert [v.field for v in verdict.violations] == ["(file)"]
    assert "no such file" in verdict.violations[0].problem
