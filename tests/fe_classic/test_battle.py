"""fe-classic battles (002 L3-41 and the terrain notes): set-up, the turn, terrain at
the start of a phase, the ice slide, staves, break checks in battle, the Seize."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import TacticianError
from tactician.rulesets.fe_classic.battle_ai import planner
from tactician.rulesets.fe_classic.battle_rules import ClassicBattleRules
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "fe_classic"
RULES = ClassicBattleRules()


def _battle(tmp_path: Path, grid: str, units: list[dict[str, Any]], **extra: Any
            ) -> ClassicBattle:
    (tmp_path / "map.yaml").write_text(yaml.safe_dump({"name": "Test", "grid": grid}))
    for unit in units:
        unit["file"] = str(EXAMPLES / unit["file"])
    spec = {"name": "Test", "sides": ["player", "enemy"], "units": units,
            "objectives": {"victory": [], "defeat": []}, **extra}
    (tmp_path / "units.yaml").write_text(yaml.safe_dump(spec))
    return RULES.start_state({"map": str(tmp_path / "map.yaml"),
                              "units": [str(tmp_path / "units.yaml")]})


def _do(state: ClassicBattle, *actions: dict[str, Any], dice: Any = None) -> ClassicBattle:
    for action in actions:
        state, _ = RULES.apply(state, action, dice or SeededDice(1))
    return state


def _unit(state: ClassicBattle, unit_id: str) -> ClassicUnit:
    return state.classic_unit(unit_id)


EIRIKA = {"id": "eirika", "file": "eirika_lord.yaml", "side": "player", "at": [0, 0]}
FOE = {"id": "foe", "file": "enemies/fighter.yaml", "side": "enemy", "at": [4, 0]}


def test_setup_pool_limit_area_and_fixed_lords(tmp_path: Path) -> None:
    """L14-19: a pool, a limit, a designated area, the Lord fixed and always there."""
    units = [EIRIKA, {"id": "seth", "file": "seth_paladin.yaml", "side": "player",
                      "at": [1, 0]},
             {"id": "ross", "file": "ross_journeyman.yaml", "side": "player", "at": [0, 1],
              "reserve": True}, FOE]
    state = _battle(tmp_path, ".....\n.....\n", units,
                    deploy={"limit": 2, "area": [[0, 1], [1, 1], [1, 0]]})
    assert state.stage == "setup" and not _unit(state, "ross").on_map
    for refused, words in (({"type": "withdraw", "unit": "eirika"}, "Lord"),
                           ({"type": "deploy", "unit": "ross", "to": [3, 1]}, "area"),
                           ({"type": "move", "unit": "seth", "to": [2, 0]}, "deployment"),
                           ({"type": "deploy", "unit": "foe", "to": [1, 1]}, "pool")):
        with pytest.raises(TacticianError, match=words):
            _do(state, refused)
    deployed = _do(state, {"type": "deploy", "unit": "ross", "to": [1, 1]})
    with pytest.raises(TacticianError, match="allows 2"):
        _do(deployed, {"type": "start"})
    begun = _do(deployed, {"type": "withdraw", "unit": "seth"}, {"type": "start"})
    assert begun.stage == "battle" and not _unit(begun, "seth").on_map
    assert any(o.kind == "lose_unit" and o.unit == "eirika" for o in begun.objectives.defeat)


def test_a_turn_is_a_move_then_one_action(tmp_path: Path) -> None:
    """L29-30 the move comes first; after acting the turn is over (G2-16)."""
    far = {"id": "far", "file": "enemies/knight.yaml", "side": "enemy", "at": [5, 1]}
    state = _battle(tmp_path, "......\n......\n", [EIRIKA, FOE, far])
    state = _do(state, {"type": "move", "unit": "eirika", "to": [3, 0]})
    with pytest.raises(TacticianError, match="already moved"):
        _do(state, {"type": "move", "unit": "eirika", "to": [2, 0]})
    state = _do(state, {"type": "attack", "unit": "eirika", "target": "foe"})
    assert _unit(state, "eirika").done
    with pytest.raises(TacticianError, match="turn is over"):
        _do(state, {"type": "wait", "unit": "eirika"})


def test_terrain_costs_block_a_move(tmp_path: Path) -> None:
    """Seth (horse) cannot enter a River; Vanessa (flier) flies over it."""
    units = [{"id": "seth", "file": "seth_paladin.yaml", "side": "player", "at": [0, 0]},
             {"id": "vanessa", "file": "vanessa_pegasus.yaml", "side": "player",
              "at": [0, 1]}, FOE]
    state = _battle(tmp_path, ".r...\n.r...\n", units)
    with pytest.raises(TacticianError, match="cannot end a move"):
        _do(state, {"type": "move", "unit": "seth", "to": [2, 0]})
    moved = _do(state, {"type": "move", "unit": "vanessa", "to": [2, 1]})
    assert _unit(moved, "vanessa").position == (2, 1)


def test_ice_forces_another_step_in_the_same_direction(tmp_path: Path) -> None:
    """L258-262 "For each space the unit moves over ice, the unit must move another in the
    same direction.": from (0, 0), Eirika (MOV 5) stepping onto the ice at (2, 0) is carried
    on over (3, 0) to (4, 0), so she cannot stop at (2, 0); back onto (3, 0) from (4, 0)
    she has no movement left for the forced step, so she stops there; the ice at (2, 1)
    would carry her right into a Wall, so she stops there. The slide costs as usual."""
    state = _battle(tmp_path, "..ii...\n..iX...\n", [EIRIKA, {**FOE, "at": [6, 1]}])
    from tactician.rulesets.fe_classic.battle_moves import reach

    found = reach(state, _unit(state, "eirika"))
    assert (2, 0) not in found and found.remaining[(3, 0)] == 0
    assert found.remaining[(4, 0)] == 1 and found.path((4, 0)) == [
        (0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    assert (2, 1) in found
    with pytest.raises(TacticianError, match="ice carries"):
        _do(state, {"type": "move", "unit": "eirika", "to": [2, 0]})
    moved = _do(state, {"type": "move", "unit": "eirika", "to": [4, 0]})
    assert _unit(moved, "eirika").position == (4, 0)
    free = state.model_copy(update={"options": ("ice_forced_step_free=true",)})
    assert reach(free, _unit(free, "eirika")).remaining[(4, 0)] == 3  # both forced steps free


def test_phase_start_terrain_fc10(tmp_path: Path) -> None:
    """A Fort heals 20% of max HP; Spikes deal 10 at the start of the owner's phase and
    can kill (FC-10); a Throne restores status."""
    units = [{**EIRIKA, "at": [0, 0], "hp": 5},
             {"id": "seth", "file": "seth_paladin.yaml", "side": "player", "at": [1, 0],
              "hp": 8}, {**FOE, "at": [3, 0]}]
    state = _battle(tmp_path, "F^.T\n", units)
    state = _do(state, {"type": "end_phase"}, {"type": "end_phase"})
    assert _unit(state, "eirika").hp == 5 + 17 * 20 // 100
    assert _unit(state, "seth").hp == 0
    assert state.result == "ongoing"


def test_staff_sleep_stops_acting_and_countering(tmp_path: Path) -> None:
    units = [{"id": "moulder", "file": "moulder_priest.yaml", "side": "player", "at": [0, 0]},
             {**EIRIKA, "at": [0, 1]}, {**FOE, "at": [2, 0]}]
    state = _battle(tmp_path, "....\n....\n", units)
    state = _do(state, {"type": "staff", "unit": "moulder", "target": "foe"},
                dice=PhysicalDice([1]))
    assert _unit(state, "foe").statuses == {"sleep": 5}
    state = _do(state, {"type": "move", "unit": "eirika", "to": [2, 1]})
    after = _do(state, {"type": "attack", "unit": "eirika", "target": "foe"})
    strikes = RULES.apply(state, {"type": "attack", "unit": "eirika", "target": "foe"},
                          SeededDice(2))[1].records[0]["strikes"]
    assert strikes and all(s["striker"] == "Eirika" for s in strikes)
    ended = _do(after, {"type": "end_phase"})
    with pytest.raises(TacticianError, match="asleep"):
        _do(ended, {"type": "move", "unit": "foe", "to": [3, 0]})


def test_a_failed_break_check_removes_the_weapon_from_the_inventory(tmp_path: Path) -> None:
    """L99-101: Garcia's hit (Iron Axe, below 100) rolls 100: a critical failure; the
    break check 99 fails, and the axe is gone from his inventory."""
    garcia = {"id": "garcia", "file": "garcia_fighter.yaml", "side": "player", "at": [0, 0]}
    state = _battle(tmp_path, "..\n", [garcia, {**FOE, "at": [1, 0]}])
    after, outcome = RULES.apply(state, {"type": "attack", "unit": "garcia", "target": "foe",
                                         "weapon": "Iron Axe"}, PhysicalDice([100, 99, 99]))
    strike = outcome.records[0]["strikes"][0]
    assert strike["outcome"] == "fumble" and strike["weapon_broke"]
    assert "Iron Axe" not in _unit(after, "garcia").character.inventory
    assert _unit(after, "garcia").equipped is None


def test_seize_needs_a_lord_on_the_throne_and_the_boss_down(tmp_path: Path) -> None:
    units = [{**EIRIKA, "at": [0, 0]},
             {"id": "seth", "file": "seth_paladin.yaml", "side": "player", "at": [0, 1]},
             {**FOE, "at": [3, 1], "boss": True}]
    state = _battle(tmp_path, ".T..\n....\n", units)
    with pytest.raises(TacticianError, match="Lord"):
        _do(state, {"type": "move", "unit": "seth", "to": [1, 0]},
            {"type": "seize", "unit": "seth"})
    on = _do(state, {"type": "move", "unit": "eirika", "to": [1, 0]})
    with pytest.raises(TacticianError, match="boss"):
        _do(on, {"type": "seize", "unit": "eirika"})
    foe = _unit(on, "foe").with_hp(0)
    won = _do(on.replace_units(foe), {"type": "seize", "unit": "eirika"})
    assert won.result == "victory"


def test_the_ai_explains_its_choice_from_exact_forecasts(tmp_path: Path) -> None:
    wyvern = {**FOE, "file": "enemies/wyvern_rider.yaml"}  # lance beats sword
    state = _battle(tmp_path, "......\n", [EIRIKA, wyvern])
    state = _do(state, {"type": "end_phase"})
    decision = planner(False).next(state)
    assert decision is not None and decision["unit"] == "foe"
    assert decision["candidates_scored"] > 0
    best = decision["best"][0]
    assert 0 <= best["hit"] <= 1 and 0 <= best["defeat_target"] <= 1
    assert [a["type"] for a in decision["actions"]][-1] == "attack"


def test_state_round_trips_through_json(tmp_path: Path) -> None:
    state = _battle(tmp_path, "..F\n", [EIRIKA, {**FOE, "at": [2, 0]}])
    assert RULES.load_state(RULES.dump_state(state)) == state


def test_aftermath_carries_the_dead_and_lost_weapons_and_muster_refuses_the_dead(
    tmp_path: Path,
) -> None:
    """002 L56-58: the dead "cannot be resurrected"; L100-101 a lost weapon stays lost."""
    from tactician.errors import RulesError
    from tactician.rulesets.registry import contract

    garcia = {"id": "garcia", "file": "garcia_fighter.yaml", "side": "player", "at": [0, 0]}
    state = _battle(tmp_path, "...\n", [garcia, EIRIKA | {"at": [2, 0]}, {**FOE, "at": [1, 0]}])
    after, _ = RULES.apply(state, {"type": "attack", "unit": "garcia", "target": "foe",
                                   "weapon": "Iron Axe"}, PhysicalDice([100, 99, 99]))
    fallen = after.replace_units(_unit(after, "eirika").with_hp(0)).model_copy(
        update={"options": ("exp_per=battle",)})
    carried = contract("fe-classic").aftermath(fallen)
    # 001 L125-128: one enemy unit -> 10 EXP for the party, each member (exp_award = each),
    # noted as due under exp_per = battle
    assert {k: v for k, v in carried["Garcia"].items() if k != "unit"} == {
        "dead": False, "inventory": ["Hand Axe", "Vulnerary"], "exp_due": 10}
    assert carried["Garcia"]["unit"]["name"] == "Garcia"
    assert carried["Eirika"]["dead"] is True and carried["Eirika"]["exp_due"] == 0
    assert "Fighter" not in carried
    fresh = _battle(tmp_path, "...\n", [
        {"id": "garcia", "file": "garcia_fighter.yaml", "side": "player", "at": [0, 0]},
        {**FOE, "at": [1, 0]}])
    mustered = contract("fe-classic").muster(fresh, {"Garcia": carried["Garcia"]})
    assert _unit(mustered, "garcia").character.inventory == ("Hand Axe", "Vulnerary")
    with pytest.raises(RulesError, match="cannot be resurrected"):
        contract("fe-classic").muster(fresh, carried | {"Garcia": {"dead": True}})


def test_the_example_battle_is_the_texts_usual_size_on_varied_terrain() -> None:
    """002 L20-21 "Each side will generally have around 10-15 units"; the map uses at least
    ten rows of the table and the army holds all seven unit types."""
    from tactician.rulesets.fe_classic.unit_types import UNIT_TYPES, unit_type
    from tactician.rulesets.fe_common.compendium import load_fe8

    folder = EXAMPLES / "battle"
    state = RULES.start_state({"map": str(folder / "map.yaml"),
                               "units": [str(folder / "party.yaml"), str(folder / "army.yaml")]})
    for side in state.sides:
        assert 10 <= sum(1 for u in state.units if u.side == side) <= 15, side
    assert len({name for row in state.rows for name in row}) >= 10
    kinds = {unit_type(load_fe8().klass(u.class_name)) for u in state.units
             if isinstance(u, ClassicUnit)}
    assert kinds == set(UNIT_TYPES)
    assert [u.id for u in state.units if u.lord] == ["eirika"]
    assert state.deployment.limit == 10 and state.stage == "setup"


def test_the_defender_counters_with_the_weapon_it_last_used(tmp_path: Path) -> None:
    """L49-51 "if they used an Iron Sword to attack in their last turn, they will still be
    using that sword": Gilliam attacked with the Javelin, so he counters with it."""
    gilliam = {"id": "gilliam", "file": "gilliam_knight.yaml", "side": "player", "at": [0, 0]}
    archer = {**FOE, "file": "enemies/archer.yaml"}
    state = _battle(tmp_path, "....\n", [gilliam, {**archer, "at": [2, 0]}])
    state = _do(state, {"type": "attack", "unit": "gilliam", "target": "foe",
                        "weapon": "Javelin"}, {"type": "end_phase"})
    assert _unit(state, "gilliam").equipped == "Javelin"
    _, outcome = RULES.apply(state, {"type": "attack", "unit": "foe", "target": "gilliam"},
                             SeededDice(4))
    assert outcome.records[0]["distance"] == 2
    assert any(s["striker"] == "Gilliam" for s in outcome.records[0]["strikes"])


def test_quicksand_jungle_and_poison_at_the_phase_start(tmp_path: Path) -> None:
    """L336-340 three turns on one quicksand tile: 40 damage; L273-275 the jungle poisons
    on a d100 of 50 or less; FE8 poison then deals 1d3 at each phase start."""
    seth = {"id": "seth", "file": "seth_paladin.yaml", "side": "player", "at": [0, 0]}
    joshua = {"id": "joshua", "file": "joshua_myrmidon.yaml", "side": "player", "at": [1, 0]}
    state = _battle(tmp_path, "qj..\n", [seth, joshua, {**FOE, "at": [3, 0]}])
    # each round: the enemy phase ends, the player phase starts on the tiles
    state = _do(state, {"type": "end_phase"})
    state, _ = RULES.apply(state, {"type": "end_phase"}, PhysicalDice([50, 2]))
    assert _unit(state, "seth").quicksand == 1 and _unit(state, "joshua").hp == 20 - 2
    assert "poison" in _unit(state, "joshua").statuses
    for _ in range(2):
        state = _do(state, {"type": "end_phase"})
        state, _ = RULES.apply(state, {"type": "end_phase"}, PhysicalDice([1, 1, 1]))
    assert _unit(state, "seth").hp == 0  # 31 HP, 40 damage at the third turn start
    assert _unit(state, "joshua").hp == 20 - 2 - 1 - 1


def test_doors_open_and_snags_break_c69(tmp_path: Path) -> None:
    """L209-211 a Door "Can be opened to form floor" (a thief, or a Door Key, used up);
    L387-390 a Snag "Can be knocked down to form a bridge" (20 HP, no die)."""
    colm = {"id": "colm", "file": "colm_thief.yaml", "side": "player", "at": [0, 0]}
    garcia = {"id": "garcia", "file": "garcia_fighter.yaml", "side": "player", "at": [0, 1]}
    eirika = {**EIRIKA, "at": [0, 2]}
    state = _battle(tmp_path, ".D..\n.n..\n.D..\n", [colm, garcia, eirika, {**FOE, "at": [3, 0]}])
    with pytest.raises(TacticianError, match="no thief"):
        _do(state, {"type": "open", "unit": "eirika", "at": [1, 2]})
    opened = _do(state, {"type": "open", "unit": "colm", "at": [1, 0]})
    assert opened.tile_at((1, 0)).name == "Floor" and _unit(opened, "colm").done
    # Garcia: Str 7 + Iron Axe 8 = 15 against the snag's 20 HP, then again next turn
    struck = _do(opened, {"type": "break", "unit": "garcia", "at": [1, 1]})
    assert struck.tile_at((1, 1)).name == "Snag" and struck.tile_hp == {"1,1": 5}
    again = _do(struck, {"type": "end_phase"}, {"type": "end_phase"},
                {"type": "break", "unit": "garcia", "at": [1, 1]})
    assert again.tile_at((1, 1)).name == "Bridge" and again.tile_hp == {}
    with pytest.raises(TacticianError, match="cannot be broken"):
        _do(again, {"type": "break", "unit": "eirika", "at": [1, 2]})
    keyed = _unit(state, "eirika")
    keyed = keyed.model_copy(update={"character": keyed.character.model_copy(
        update={"inventory": ("Rapier", "Door Key")})})
    with_key = _do(state.replace_units(keyed), {"type": "open", "unit": "eirika", "at": [1, 2]})
    assert with_key.tile_at((1, 2)).name == "Floor"
    assert _unit(with_key, "eirika").character.inventory == ("Rapier",)


def test_rescue_and_drop_are_001s_aid_against_con(tmp_path: Path) -> None:
    """GC-08: 001 L8 "Aid is (Constitution - 1) for units on foot, ... (25 -
    Constitution) for mounted/flying male units": Seth (Paladin, CON 11) has Aid 14 and
    carries Eirika (CON 5); Eirika (Aid 4) cannot carry Seth."""
    seth = {"id": "seth", "file": "seth_paladin.yaml", "side": "player", "at": [1, 0]}
    state = _battle(tmp_path, "....\n....\n", [EIRIKA, seth, {**FOE, "at": [3, 1]}])
    with pytest.raises(TacticianError, match="Aid"):
        _do(state, {"type": "rescue", "unit": "eirika", "target": "seth"})
    carried = _do(state, {"type": "rescue", "unit": "seth", "target": "eirika"})
    assert _unit(carried, "eirika").carried_by == "seth" and not _unit(carried, "eirika").on_map
    dropped = _do(carried, {"type": "drop", "unit": "seth", "to": [1, 1]})
    assert _unit(dropped, "eirika").position == (1, 1)
