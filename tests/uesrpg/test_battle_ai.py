"""The UESRPG AI, the board view the CLI renders, and the one-fight services."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.battle_ai import Planner
from tactician.rulesets.uesrpg.battle_service import (
    attack_report,
    board_view,
    forecast_report,
    plan_fight,
    sheet,
)
from tactician.table.fights import Combatant, FightRequest
from tests.uesrpg.test_battle import RULES, SKIRMISH, apply, battle, begun, unit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "uesrpg"


def test_the_planner_begins_waits_for_players_and_plays_ai_turns() -> None:
    planner = Planner(RULES)
    state = battle([".......", "......."], unit("p", (0, 0)),
                   unit("n", (6, 0), side="enemy", ai=True))
    first = planner.next(state)
    assert first is not None and first["actions"] == [{"type": "begin"}]
    assert planner.next(begun(state, "p", "n")) is None  # a player's Turn
    npc_turn = begun(state, "n", "p")
    decision = planner.next(npc_turn)
    assert decision is not None and decision["unit"] == "n" and decision["tier"] == "npc"
    # p is 6 tiles away: a Move action (6 tiles) and an attack
    assert [a["type"] for a in decision["actions"]] == ["move", "attack"]
    assert decision["actions"][0]["to"] == [1, 0]
    best = decision["best"][0]
    assert best["target"] == "p" and 0 < best["hit"] < 1
    assert {"tile", "weapon", "counter_hit", "defeat_target", "defeated", "score"} <= set(best)


def test_the_planner_picks_the_target_it_can_most_likely_drop() -> None:
    planner = Planner(RULES)
    state = begun(battle(["....."], unit("tough", (1, 0)), unit("n", (2, 0), side="enemy",
                                                                   ai=True),
                         unit("weak", (3, 0), hp=3)), "n", "tough", "weak")
    decision = planner.next(state)
    assert decision is not None
    assert decision["actions"] == [{"type": "attack", "unit": "n", "target": "weak",
                                    "weapon": "Longsword"}]


def test_the_planner_keeps_an_ap_to_defend_and_ends_its_turn() -> None:
    planner = Planner(RULES)
    state = begun(battle(["..."], unit("p", (0, 0)), unit("n", (1, 0), side="enemy", ai=True)),
                  "n", "p")
    for _ in range(2):  # two attacks (the first needs no reserve), then it keeps 1 AP
        decision = planner.next(state)
        assert decision is not None and decision["actions"][-1]["type"] == "attack"
        state, _ = RULES.apply(state, decision["actions"][-1], SeededDice(5))
    decision = planner.next(state)
    assert decision is not None
    assert decision["actions"] == [{"type": "end_turn", "unit": "n"}]
    assert state.unit("n").ap == 1


def test_an_all_ai_battle_plays_to_its_end() -> None:
    planner = Planner(RULES)
    state = battle([".......", "..:::..", "......."],
                   unit("a", (0, 0), ai=True), unit("b", (0, 2), ai=True),
                   unit("x", (6, 0), side="enemy", ai=True),
                   unit("y", (6, 2), side="enemy", ai=True))
    for step in range(400):
        decision = planner.next(state)
        if decision is None:
            break
        for action in decision["actions"]:
            state, _ = RULES.apply(state, action, SeededDice(step))
    assert state.result in ("victory", "defeat")


def test_the_view_has_the_keys_the_cli_renders() -> None:
    state = RULES.start_state({"map": SKIRMISH / "map.yaml",
                               "units": [SKIRMISH / "party.yaml", SKIRMISH / "bandits.yaml"]})
    view = board_view(state)
    assert view["phase"] == "before initiative" and view["acting"] == []
    state = apply(state, {"type": "begin"}, 1, 1, 1, 1, 6)  # the captain rolls highest
    view = board_view(state, "captain")
    for key in ("name", "round", "phase", "sides", "result", "result_reason", "width", "height",
                "rows", "symbols", "objectives", "units", "reach", "death_tests"):
        assert key in view
    assert view["phase"] == "Bandit Captain's turn" and view["acting"] == ["captain"]
    captain = next(u for u in view["units"] if u["id"] == "captain")
    for key in ("id", "name", "side", "number", "tier", "position", "hp", "max_hp", "equipped",
                "acted", "moved", "countdown", "crippled", "carrying", "carried_by", "effects",
                "ap", "wounds", "conditions"):
        assert key in captain
    assert captain["tier"] == "npc" and captain["equipped"] == "Greatsword"
    bleeding = next(u for u in view["units"] if u["id"] == "bandit-2")
    assert "Bleeding (2)" in bleeding["effects"]
    assert [10, 2] in view["reach"]["move"] and view["reach"]["attack"]
    with pytest.raises(RulesError, match="no unit"):
        board_view(state, "nobody")


def _request(defence: str | None = None, **changes: object) -> FightRequest:
    return FightRequest(
        ruleset="uesrpg",
        attacker=Combatant(EXAMPLES / "aela.yaml"),
        defenders=(Combatant(EXAMPLES / "bandit-captain.yaml", **changes),),  # type: ignore[arg-type]
        defence=defence,
    )


def test_the_one_fight_forecast_reports_hit_locations_wound_kill_and_hp() -> None:
    best = forecast_report(plan_fight(_request()))
    assert best["defence"] == "parry"  # the captain's lowest chance to be hit
    assert sum(best["locations"].values()) == pytest.approx(best["hit"])
    assert sum(best["hp"]["defender"].values()) == pytest.approx(1.0)
    assert best["defences"]["none"]["hit"] > best["defences"]["evade"]["hit"] > best["hit"]
    bare = forecast_report(plan_fight(_request("none", hp=3)))
    assert bare["defence"] == "none" and bare["hit"] == pytest.approx(0.63)  # 62 + lucky 88
    assert bare["kill"] > 0
    with pytest.raises(RulesError, match="unknown defence"):
        plan_fight(_request("dodge"))
    with pytest.raises(RulesError, match="no shield"):
        plan_fight(_request("block"))
    with pytest.raises(RulesError, match="no terrain bonuses"):
        plan_fight(_request(terrain="forest"))


def test_the_one_fight_attack_narrates_every_roll() -> None:
    report = attack_report(plan_fight(_request("none")), SeededDice(4))
    assert report["lines"] and report["rolls"]
    assert set(report["hp"]) == {"Aela", "Bandit Captain"}


def test_the_sheet_gives_the_derived_numbers() -> None:
    data = sheet(EXAMPLES / "aela.yaml")
    assert data["hp"] == 23 and data["wound_threshold"] == 11 and data["speed"] == 10
    assert data["weapons"][0]["name"] == "Longsword"
