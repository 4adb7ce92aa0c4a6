"""Turns and movement in a fe-tabletop battle: the players' d100 order (001 L42),
one whole move before or after the action (L44), 001's terrain (L71-75), storms
(L112), a Fort's +5 HP (L76), and the other Standard and Free actions (L43,
L50, L55-56): staff, vulnerary, item, dance, talk, building, seize, rescue, drop."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import ContentError, RulesError
from tactician.rulesets.fe_common.battle.turn import after_standard
from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules
from tactician.rulesets.fe_tabletop.battle_units import mov, reach
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tests.fe_tabletop.battle_kit import act, battle, record, types, variant

OPTIONS = TabletopOptions()


def _two_players(tmp: Path):  # type: ignore[no-untyped-def]
    return battle(tmp, "......\n......\n......\n", [
        {"id": "eirika", "at": [0, 0], "player": "ana"},
        {"id": "kyle", "at": [0, 1], "player": "ben"},
        {"id": "oneill", "at": [5, 2], "side": "enemy"},
    ])


def test_the_players_roll_a_d100_each_and_the_highest_goes_first(tmp_path: Path) -> None:
    """001 L42: "Each player rolls 1d100; the player with the highest result goes first"."""
    state = _two_players(tmp_path)
    with pytest.raises(RulesError, match="it is ben's turn; Eirika is ana's"):
        act(state, {"type": "move", "unit": "eirika", "to": [1, 0]}, [30, 80])
    after, outcome = act(state, {"type": "move", "unit": "kyle", "to": [2, 1]}, [30, 80])
    order = record(outcome, "turn_order")
    assert order["order"] == ["ben", "ana"] and order["rolls"] == [["ana", 30], ["ben", 80]]
    assert "d100: ana 30, ben 80" in outcome.summary
    ended, out = act(after, {"type": "end_phase"}, [])
    assert types(out) == ["end_turn"] and ended.current_player == "ana" and ended.side == "player"
    moved, _ = act(ended, {"type": "move", "unit": "eirika", "to": [1, 0]}, [])
    enemy, out = act(moved, {"type": "end_phase"}, [])
    assert enemy.side == "enemy" and "end_phase" in types(out)
    back, out = act(enemy, {"type": "end_phase"}, [55, 12])  # round 2 rolls again
    assert back.round == 2 and back.player_order == ("ana", "ben")


def test_a_player_ends_only_their_own_turn_and_only_once_the_order_is_rolled(
        tmp_path: Path) -> None:
    """001 L42: "Each player rolls 1d100; the player with the highest result goes
    first": a turn is a player's once the roll names it, so an End phase sent for a
    unit (a player's) before the roll is refused, the order rolled by nobody, and one
    for another player's unit is refused after it (Ben never ends Ana's turn); the
    GM's own End phase (no unit) rolls the order first, as any first action does."""
    state = _two_players(tmp_path)
    rules = TabletopBattleRules(OPTIONS)
    for unit in ("kyle", "eirika"):
        ask = {"type": "end_phase", "unit": unit}
        assert rules.due(state, ask) is None  # not rolled for it: refused instead
        with pytest.raises(RulesError, match="order is not rolled yet: roll it first"):
            act(state, ask, [80, 30])
    rolled, _ = act(state, {"type": "turn_order"}, [80, 30])
    assert rolled.player_order == ("ana", "ben")
    with pytest.raises(RulesError, match="it is ana's turn; Kyle is ben's"):
        act(rolled, {"type": "end_phase", "unit": "kyle"}, [])
    ended, out = act(rolled, {"type": "end_phase", "unit": "eirika"}, [])
    assert types(out) == ["end_turn"] and ended.current_player == "ben"
    with pytest.raises(RulesError, match="it is ben's turn; Eirika is ana's"):
        act(ended, {"type": "end_phase", "unit": "eirika"}, [])
    enemy, _ = act(ended, {"type": "end_phase", "unit": "kyle"}, [])
    assert enemy.side == "enemy"
    gm, out = act(state, {"type": "end_phase"}, [80, 30])  # the GM's: rolled, then Ana's
    assert types(out) == ["turn_order", "end_turn"] and gm.current_player == "ben"


def test_tied_players_roll_again(tmp_path: Path) -> None:
    state = _two_players(tmp_path)
    _, outcome = act(state, {"type": "move", "unit": "kyle", "to": [2, 1]}, [50, 50, 20, 70])
    assert record(outcome, "turn_order")["order"] == ["ben", "ana"]


def test_one_move_whole_before_or_after_the_action(tmp_path: Path) -> None:
    """001 L44: "they cannot stop their movement mid-turn to attack, then continue"."""
    state = battle(tmp_path, "......\n", [{"id": "eirika", "at": [0, 0]},
                                           {"id": "oneill", "at": [5, 0], "side": "enemy"}])
    moved, _ = act(state, {"type": "move", "unit": "eirika", "to": [2, 0]})
    with pytest.raises(RulesError, match="already moved"):
        act(moved, {"type": "move", "unit": "eirika", "to": [3, 0]})
    with pytest.raises(RulesError, match="cannot reach"):
        act(state, {"type": "move", "unit": "eirika", "to": [5, 0]})  # O'Neill's tile


def test_terrain_caps_mountains_and_the_sea(tmp_path: Path) -> None:
    """L72 "Mounted units cannot traverse mountains"; L74 Sea "Pirates, Boats, and
    Flying units only"; L71 Sand "1 Square Movement only"."""
    state = battle(tmp_path, ".M..~\n.s...\n", [
        {"id": "kyle", "at": [0, 0]}, {"id": "vanessa", "at": [4, 0]},
        {"id": "eirika", "at": [1, 1]}, {"id": "oneill", "at": [4, 1], "side": "enemy"}])
    kyle = reach(state, state.unit("kyle"), OPTIONS)
    assert (1, 0) not in kyle
    # starting on Sand: at most 1 square in all (ruling movement_001 = caps)
    assert set(reach(state, state.unit("eirika"), OPTIONS)) == {(0, 1), (1, 1), (2, 1)}
    assert (4, 0) in reach(state, state.unit("vanessa"), OPTIONS)  # the flier on the Sea
    with pytest.raises(ContentError, match="cannot stand on Sea"):
        battle(tmp_path, "~.\n", [{"id": "eirika", "at": [0, 0]},
                                  {"id": "oneill", "at": [1, 0], "side": "enemy"}])


def test_a_storm_takes_movement(tmp_path: Path) -> None:
    """L112 "the units' speeds are reduced to 1 per square (or 2 if mounted/flying)"."""
    state = battle(tmp_path, "..\n", [{"id": "kyle", "at": [0, 0]},
                                       {"id": "oneill", "at": [1, 0], "side": "enemy"}],
                   weather="storm")
    assert mov(state, state.unit("kyle"), OPTIONS) == state.unit("kyle").character.mov - 2


def test_a_fort_heals_five_at_the_start_of_the_units_next_turn(tmp_path: Path) -> None:
    """L76 "+5 HP to unit per round ... at the beginning of their next turn"."""
    state = battle(tmp_path, "f.\n", [{"id": "eirika", "at": [0, 0], "hp": 6},
                                       {"id": "oneill", "at": [1, 0], "side": "enemy"}])
    enemy, _ = act(state, {"type": "end_phase"}, [])
    assert enemy.unit("eirika").hp == 6
    back, out = act(enemy, {"type": "end_phase"}, [])
    assert back.unit("eirika").hp == 11 and "regains 5 HP on the Fort" in out.summary


def test_staff_vulnerary_and_the_staff_rank_use(tmp_path: Path) -> None:
    state = battle(tmp_path, "...\n", [{"id": "moulder", "at": [0, 0]},
                                        {"id": "lute", "at": [1, 0], "hp": 3},
                                        {"id": "oneill", "at": [2, 0], "side": "enemy",
                                         "hp": 5}])
    healed, out = act(state, {"type": "use_staff", "unit": "moulder", "target": "lute"})
    moulder = healed.unit("moulder")
    # FE8 Heal: Mag + 10 (Moulder's Mag 1 -> 11), capped at max HP 14
    assert healed.unit("lute").hp == 14 and moulder.uses["Heal"] == 29
    assert moulder.character.rank_uses["staff"] == 1
    drank, out = act(state, {"type": "vulnerary", "unit": "lute"})
    assert drank.unit("lute").hp == 13 and drank.unit("lute").uses["Vulnerary"] == 2
    with pytest.raises(RulesError, match="full HP"):
        act(state, {"type": "vulnerary", "unit": "moulder"})


def test_dance_gives_a_spent_ally_its_turn_back(tmp_path: Path) -> None:
    """L50 "allows another unit to regain their turn. (Must be a Bard/Dancer to Dance)"."""
    dancer = variant(tmp_path, "eirika", "tethys", name="Tethys", class_name="Dancer", con=4,
                     ranks={}, rank_uses={}, inventory=["Vulnerary"])
    state = battle(tmp_path, "....\n", [{"id": "tethys", "file": dancer, "at": [0, 0]},
                                         {"id": "lute", "at": [1, 0]},
                                         {"id": "oneill", "at": [3, 0], "side": "enemy"}])
    with pytest.raises(RulesError, match="not used its turn"):
        act(state, {"type": "dance", "unit": "tethys", "target": "lute"})
    spent = state.replace_units(after_standard(state.unit("lute"), ends_turn=True))
    danced, _ = act(spent, {"type": "dance", "unit": "tethys", "target": "lute"})
    assert not danced.unit("lute").done and not danced.unit("lute").acted
    with pytest.raises(RulesError, match="no Bard or Dancer"):
        act(state, {"type": "dance", "unit": "lute", "target": "tethys"})


def test_talk_recruits_and_a_building_gives_its_gift(tmp_path: Path) -> None:
    state = battle(tmp_path, "...\n", [
        {"id": "eirika", "at": [0, 0]},
        {"id": "garcia", "at": [1, 0], "side": "enemy", "recruit_by": ["eirika"]},
        {"id": "oneill", "at": [2, 0], "side": "enemy"}],
        buildings=[{"at": [0, 0], "gift": "Elixir"}])
    joined, _ = act(state, {"type": "talk", "unit": "eirika", "target": "garcia"})
    assert joined.unit("garcia").side == "player" and joined.unit("garcia").done
    with pytest.raises(RulesError, match="cannot recruit"):
        act(state.replace_units(state.unit("garcia").model_copy(update={"recruit_by": ()})),
            {"type": "talk", "unit": "eirika", "target": "garcia"})
    visited, out = act(state, {"type": "enter_building", "unit": "eirika"})
    assert "Elixir" in visited.unit("eirika").character.inventory
    assert visited.unit("eirika").uses["Elixir"] == 3 and visited.buildings[0].visited


def test_seize_wins_only_for_a_lord_once_the_boss_falls(tmp_path: Path) -> None:
    """L111: "defeat the boss as normal, and seize the throne"."""
    state = battle(tmp_path, "T..\n", [{"id": "eirika", "at": [0, 0]},
                                        {"id": "lute", "at": [1, 0]},
                                        {"id": "oneill", "at": [2, 0], "side": "enemy",
                                         "boss": True}], objectives={"victory": []})
    with pytest.raises(RulesError, match="defeat the boss"):
        act(state, {"type": "seize", "unit": "eirika"})
    fallen = state.replace_units(state.unit("oneill").with_hp(0))
    won, out = act(fallen, {"type": "seize", "unit": "eirika"})
    assert won.result == "victory" and "VICTORY" in out.summary
    with pytest.raises(RulesError, match="only a Lord"):
        act(fallen, {"type": "seize", "unit": "lute"})


def test_rescue_then_drop_before_the_turn_ends(tmp_path: Path) -> None:
    """L43 rescue by Aid; a player character rescued by another "must be dropped"."""
    state = battle(tmp_path, "....\n....\n", [{"id": "kyle", "at": [0, 0]},
                                               {"id": "lute", "at": [1, 0]},
                                               {"id": "oneill", "at": [3, 1], "side": "enemy"}])
    carried, _ = act(state, {"type": "rescue", "unit": "kyle", "target": "lute"})
    assert carried.unit("lute").carried_by == "kyle"  # Aid 25 - 9 = 16 >= Lute's CON 3
    moved, _ = act(carried, {"type": "move", "unit": "kyle", "to": [0, 1]})
    with pytest.raises(RulesError, match="drop them first"):
        act(moved, {"type": "end_phase"})
    dropped, _ = act(moved, {"type": "drop", "unit": "kyle", "to": [1, 1]})
    assert dropped.unit("lute").position == (1, 1)
    act(dropped, {"type": "end_phase"})
    heavy = battle(tmp_path, "....\n", [{"id": "lute", "at": [0, 0]},
                                         {"id": "garcia", "at": [1, 0]},
                                         {"id": "oneill", "at": [3, 0], "side": "enemy"}])
    with pytest.raises(RulesError, match="Aid 2 is below Garcia's CON 11"):
        act(heavy, {"type": "rescue", "unit": "lute", "target": "garcia"})


def test_an_unknown_key_or_action_is_refused_by_name(tmp_path: Path) -> None:
    state = _two_players(tmp_path)
    with pytest.raises(RulesError, match="move takes no 'bogus'"):
        act(state, {"type": "move", "unit": "kyle", "to": [1, 1], "bogus": 1})
    with pytest.raises(RulesError, match="unknown action"):
        act(state, {"type": "fly", "unit": "kyle"})


def test_a_thief_steals_an_item_but_no_weapon_from_a_slower_foe(tmp_path: Path) -> None:
    """001 L42 "steal (if they are thieves/rogues)"; FE8's rule (G1-47)."""
    thief = variant(tmp_path, "eirika", "colm", name="Colm", class_name="Thief", con=6, mov=6,
                    ranks={"sword": "E"})
    state = battle(tmp_path, "...\n", [{"id": "colm", "file": thief, "at": [0, 0]},
                                        {"id": "oneill", "at": [1, 0], "side": "enemy"}])
    robbed, out = act(state, {"type": "steal", "unit": "colm", "target": "oneill",
                              "item": "Vulnerary"})
    assert "Vulnerary" not in robbed.unit("oneill").character.inventory
    assert robbed.unit("colm").character.inventory.count("Vulnerary") == 2
    assert robbed.unit("colm").acted and types(out)[-1] == "steal"
    with pytest.raises(RulesError, match="cannot be stolen"):
        act(state, {"type": "steal", "unit": "colm", "target": "oneill", "item": "Iron Axe"})
    fast = state.unit("oneill").character.model_copy(
        update={"stats": state.unit("oneill").character.stats.with_values(spd=15)})
    quick = state.replace_units(state.unit("oneill").with_character(fast))
    with pytest.raises(RulesError, match="faster"):
        act(quick, {"type": "steal", "unit": "colm", "target": "oneill", "item": "Vulnerary"})
    act(quick, {"type": "steal", "unit": "colm", "target": "oneill", "item": "Vulnerary"},
        None, "steal_speed_check=false")
    enemy, _ = act(state, {"type": "end_phase"})
    with pytest.raises(RulesError, match="no thief"):
        act(enemy, {"type": "steal", "unit": "oneill", "target": "colm", "item": "Vulnerary"})


def test_turn_order_rolls_once_a_round_and_the_ai_rolls_before_it_picks_a_unit(
    tmp_path: Path,
) -> None:
    from tactician.rulesets.fe_tabletop.battle_ai import Planner
    from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules

    state = _two_players(tmp_path)
    decision = Planner(TabletopBattleRules()).next(state)
    assert decision is not None and decision["actions"] == [{"type": "turn_order"}]
    rolled, out = act(state, {"type": "turn_order"}, [90, 10])
    assert rolled.player_order == ("ana", "ben") and "d100: ana 90, ben 10" in out.summary
    with pytest.raises(RulesError, match="rolled already"):
        act(rolled, {"type": "turn_order"}, [1, 2])


def test_the_board_reach_shows_what_a_turn_has_left_and_a_waiting_foes_threat(
    tmp_path: Path,
) -> None:
    """001 L44: a moved unit moves no more this turn, so its reach is its tile; a unit
    whose side waits for its phase is drawn as its next turn finds it (its threat),
    though it moved in its own last phase."""
    from tactician.rulesets.fe_tabletop.battle_view import board_view

    state = battle(tmp_path, "........\n", [{"id": "eirika", "at": [0, 0]},
                                             {"id": "oneill", "at": [7, 0], "side": "enemy"}])
    moved, _ = act(state, {"type": "move", "unit": "eirika", "to": [2, 0]})
    assert board_view(moved, "eirika", OPTIONS)["reach"]["move"] == [[2, 0]]
    enemy, _ = act(moved, {"type": "end_phase"}, [])
    advanced, _ = act(enemy, {"type": "move", "unit": "oneill", "to": [6, 0]})
    back, _ = act(advanced, {"type": "end_phase"}, [50])
    assert back.side == "player" and back.unit("oneill").moved
    threat = board_view(back, "oneill", OPTIONS)["reach"]
    assert [5, 0] in threat["move"] and [2, 0] in threat["attack"]
