"""Kit: a heal's preview is what the heal does (issue 29: "a heal shows what it will do
(HP before/after, its rule, any dice with their odds) before commit, from the same
procedure that resolves it"). For every kind a ruleset previews (``preview_kinds``),
on its action case: the chances of the outcomes sum to 1; the heal resolved on
seeded dice and on the table's own dice ends with HPs the preview gave a chance; a
heal without dice has exactly one outcome, the one it then logs; the rule shown is
the kind's help and the procedure's docstring."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.engine.battle import replay
from tactician.engine.store_file import load_battle
from tactician.rulesets.contract import Capability
from tactician.rulesets.registry import all_rulesets, get
from tests.conformance.kit import case_action, case_battle

CASES = [pytest.param(r.id, number, id=f"{r.id}-{case.kind}-{number}")
         for r in all_rulesets() if r.has(Capability.BATTLES)
         for number, case in enumerate(r.contract().examples().actions)
         if case.kind in r.contract().preview_kinds()]
SEEDS = range(12)


def _hp(state: Any, units: list[str]) -> dict[str, int]:
    return {u.id: u.hp for u in state.units if u.id in units}


def test_the_three_rulesets_preview_their_heals() -> None:
    previewed = {p.values[0] for p in CASES}
    assert {"fe-tabletop", "tropera", "uesrpg"} <= previewed


@pytest.mark.parametrize(("ruleset", "number"), CASES)
def test_the_preview_is_what_the_heal_does(ruleset: str, number: int, tmp_path: Path) -> None:
    contract = get(ruleset).contract()
    case = contract.examples().actions[number]
    battle = load_battle(case_battle(contract, case, tmp_path / "battle.json"))
    rules = contract.battle_rules(list(battle.options))
    state = replay(battle, rules)
    action = case_action(contract, case)
    report = contract.battle_forecast(state, action, rules)
    assert report["preview"] == "heal"
    assert abs(sum(o["probability"] for o in report["outcomes"]) - 1) < 1e-9
    assert report["rule"]["help"] == contract.action_schema().find(case.kind).help
    assert report["rule"]["text"], report["rule"]
    changing = [u["id"] for u in report["units"]]
    for unit in report["units"]:
        assert abs(sum(unit["after"].values()) - 1) < 1e-9
        assert unit["hp"] == _hp(state, [unit["id"]])[unit["id"]]
    possible = [o["hp"] for o in report["outcomes"] if o["probability"] > 0]
    for seed in SEEDS:
        dice = SeededDice(seed)
        after, outcome = rules.apply(state, action, dice)
        assert _hp(after, changing) in possible, (seed, outcome.summary, possible)
        faces = [d.value for d in dice.draws]
        table, _ = rules.apply(state, action, PhysicalDice(faces))
        assert _hp(table, changing) == _hp(after, changing)
        if not report["dice"]:
            assert len(report["outcomes"]) == 1 and outcome.summary == report["summary"]
            break


def test_the_heal_skills_odds_are_the_checks(tmp_path: Path) -> None:
    """fe-tabletop's Heal skill (001 L100, L89: 3d6 + Skl against Normal 20): the
    preview's chance of healing is ``success_chance`` (the check's own exact odds,
    by another road), and the HP it gives on a success is half the max HP."""
    from tactician.rulesets.fe_common.character.checks import success_chance

    contract = get("fe-tabletop").contract()
    case = next(c for c in contract.examples().actions if c.kind == "heal_skill")
    battle = load_battle(case_battle(contract, case, tmp_path / "battle.json"))
    rules = contract.battle_rules(list(battle.options))
    state = replay(battle, rules)
    healer = state.unit("moulder")
    stats = healer.character.stats.model_copy(update={"skl": 12})
    state = state.replace_units(healer.model_copy(update={
        "character": healer.character.model_copy(update={"stats": stats})}))
    report = contract.battle_forecast(state, case_action(contract, case), rules)
    lute = next(u for u in report["units"] if u["id"] == "lute")
    healed = min(lute["max_hp"], lute["hp"] + lute["max_hp"] // 2)
    assert set(lute["after"]) == {str(lute["hp"]), str(healed)}
    assert abs(lute["after"][str(healed)] - success_chance(12, 20)) < 1e-9
    assert report["dice"] == [{"sides": 6, "count": 3, "purpose": "skill check 3d6"}]
    assert report["ways"] == 216 and len(report["outcomes"]) == 2


def test_a_refusal_on_some_dice_is_one_outcome_with_its_odds() -> None:
    """A procedure refusing on some faces only: those ways are an outcome ("refused:
    ..."), not a refusal of the preview; equal battles merge, whatever the faces."""
    from types import SimpleNamespace

    from tactician.engine.rules import Outcome
    from tactician.errors import RulesError
    from tactician.rulesets.contract.heal_preview import heal_preview

    def unit(hp: int) -> SimpleNamespace:
        return SimpleNamespace(id="a", name="A", hp=hp, max_hp=10)

    class Rules:
        def apply(self, state: Any, action: Any, dice: Any) -> tuple[Any, Outcome]:
            face = dice.draw(6, "check")
            if face == 1:
                raise RulesError("a fumble")
            healed = min(10, state.units[0].hp + (5 if face > 3 else 2))
            return SimpleNamespace(units=(unit(healed),)), Outcome(f"heals on {face}", [])

        def dump_state(self, state: Any) -> dict[str, Any]:
            return {"hp": state.units[0].hp}

    report = heal_preview(Rules(), SimpleNamespace(units=(unit(4),)),
                          {"type": "heal", "unit": "a"}, {"help": "", "text": ""})
    odds = {o["hp"]["a"]: (o["probability"], o["example"]) for o in report["outcomes"]}
    assert report["ways"] == 6 and len(report["outcomes"]) == 3
    assert odds[4] == (1 / 6, "refused: a fumble")
    assert abs(odds[9][0] - 3 / 6) < 1e-12 and odds[9][1].startswith("heals on")
    (shown,) = report["units"]
    assert shown["after"] == {"4": 1 / 6, "6": 2 / 6, "9": 3 / 6}
