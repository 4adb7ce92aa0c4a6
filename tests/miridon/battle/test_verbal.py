"""Healing Word and Guidance (L2120-2140), traps (L1845-1863)."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit


def test_l2124_healing_word_1d6_per_rank_capped_and_never_the_dead() -> None:
    healer = unit("h", specials={"Healing Word": 2})
    hurt = unit("f", at=(3, 0), hp=40).model_copy(update={"hp": 0, "status": "unconscious"})
    state, outcome, draws = act(battle(healer, hurt), {"type": "healing_word", "unit": "h",
                                                       "target": "f"}, rolls=[4, 5])
    assert state.unit("f").hp == 9 and state.unit("f").status == "ok"
    assert [d.purpose for d in draws] == ["Healing Word", "Healing Word"]
    nearly = hurt.model_copy(update={"hp": 38, "status": "ok"})
    state, _, _ = act(battle(healer, nearly), {"type": "healing_word", "unit": "h",
                                               "target": "f"}, rolls=[6, 6])
    assert state.unit("f").hp == 40
    dead = hurt.model_copy(update={"status": "dead"})
    with pytest.raises(RulesError, match="dead"):
        act(battle(healer, dead), {"type": "healing_word", "unit": "h", "target": "f"})
    with pytest.raises(RulesError, match="30 feet"):
        act(battle(healer, nearly.model_copy(update={"position": (7, 0)})),
            {"type": "healing_word", "unit": "h", "target": "f"})


def test_l2134_guidance_adds_rank_to_hit_for_the_block() -> None:
    guide = unit("g", specials={"Guidance": 2})
    ally = unit("a", at=(2, 0))
    foe = unit("e", "enemy", at=(3, 0))
    state, _, _ = act(battle(guide, ally, foe), {"type": "guidance", "unit": "g",
                                                 "target": "a"})
    state = state.model_copy(update={"turn": 1})
    plan, _ = plan_attack(load_compendium(), BattleOptions(), state,
                          {"type": "attack", "unit": "a", "target": "e", "dodge": "no",
                           "block": "none"})
    assert plan.spec.to_hit == 1 + 2
    with pytest.raises(RulesError, match="cannot target"):
        act(battle(guide, ally), {"type": "guidance", "unit": "g", "target": "g"})
    for _ in range(3):  # the block ends: Guidance is gone
        state, _, _ = act(state, {"type": "end_turn"})
    assert state.unit("a").condition("Guidance") is None


def test_l1849_l1863_traps_arm_disarm_and_trigger() -> None:
    """Arm a carried trap at hand; an armed trap triggers on a unit entering its range
    (damage less PDR, then spent); a disarmed one does not (L1863)."""
    from tactician.rulesets.miridon.battle.state import Trap

    setter = unit("s", at=(2, 2), speed=20)
    runner = unit("r", "enemy", at=(6, 2), facing="w", pdr=1, hp=30)
    trap = Trap(id="snare", damage="2d6+2", carried_by="s")
    state = battle(setter, runner).model_copy(update={"traps": (trap,)})
    with pytest.raises(RulesError, match="not within 5 ft"):
        act(state, {"type": "arm_trap", "unit": "s", "trap": "snare", "at": [5, 2]})
    state, _, _ = act(state, {"type": "arm_trap", "unit": "s", "trap": "snare", "at": [3, 2]})
    armed = state.traps[0]
    assert (armed.position, armed.armed, armed.carried_by) == ((3, 2), True, None)
    assert state.unit("s").speed == 18  # Arm Trap 0/2
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, draws = act(state, {"type": "move", "unit": "r", "to": [3, 2],
                                  "how": "fast_charge", "obstruct": "no"}, rolls=[3, 4])
    assert state.unit("r").hp == 30 - 8  # 3 + 4 + 2, less PDR 1
    assert [d.purpose for d in draws] == ["trap snare damage"] * 2
    assert state.traps[0].armed is False  # spent
    idle = Trap(id="old", damage="6d6", position=(5, 2))  # disarmed: never triggers
    quiet = battle(unit("r", at=(7, 2), facing="w")).model_copy(update={"traps": (idle,)})
    quiet, _, _ = act(quiet, {"type": "move", "unit": "r", "to": [3, 2], "how": "fast_charge"})
    assert quiet.unit("r").hp == 40 and quiet.unit("r").position == (3, 2)
    picker = battle(unit("p", at=(4, 2))).model_copy(update={"traps": (idle,)})
    picker, _, _ = act(picker, {"type": "disarm_trap", "unit": "p", "trap": "old",
                                "take": "yes"})
    assert (picker.traps[0].position, picker.traps[0].carried_by) == (None, "p")


def test_traps_from_a_units_file_are_checked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from tactician.errors import ContentError
    from tactician.rulesets.miridon.battle.scenario import start_battle

    skirmish = Path(__file__).resolve().parents[3] / "examples" / "miridon" / "skirmish"
    crew = (skirmish / "crew.yaml").read_text(encoding="utf-8").replace(
        "file: ", f"file: {skirmish}/")

    def units(traps: str) -> Path:
        path = tmp_path / "crew.yaml"
        path.write_text(crew + traps, encoding="utf-8")
        return path

    good = units("traps:\n  - {id: snare, damage: 2d6, at: [6, 3]}\n"
                 "  - {id: spare, damage: 1d6+1, carried_by: brann}\n")
    state = start_battle(skirmish / "map.yaml", [good])
    assert [(t.id, t.armed, t.position, t.carried_by) for t in state.traps] == [
        ("snare", True, (6, 3), None), ("spare", False, None, "brann")]
    with pytest.raises(ContentError, match="trap 'snare': damage"):
        start_battle(skirmish / "map.yaml",
                     [units("traps:\n  - {id: snare, damage: lots, at: [6, 3]}\n")])
    with pytest.raises(ContentError, match="exactly one of"):
        start_battle(skirmish / "map.yaml",
                     [units("traps:\n  - {id: snare, damage: 1d6}\n")])
