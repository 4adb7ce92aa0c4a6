"""Tropera on the map: movement, actions, turn edges, critical wounds (000)."""

from __future__ import annotations

import pytest

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import RulesError
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.battle_actions import apply
from tactician.rulesets.tropera.battle_units import combatant, reach
from tests.tropera.battles import battle, unit

OPEN = ["........", "........", "........", "........"]


def act(state, **action):  # type: ignore[no-untyped-def]
    return apply(state, action, SeededDice(1))[0]


# --- movement: 000 "Difficult Terrain", "Impassable Terrain", feats ---


def test_difficult_terrain_costs_two_and_needs_two_left() -> None:
    state = battle([".F.F.F"], unit("a", (0, 0)))
    tiles = reach(state, state.unit("a"))
    # MOV 5: plain(1) forest(2) plain(1) = 4 at x=3? x=1 F costs 2, x=2 . 1, x=3 F needs 2 left
    assert tiles[(1, 0)] == 3 and tiles[(2, 0)] == 2 and tiles[(3, 0)] == 0
    assert (4, 0) not in tiles
    one_left = reach(state, state.unit("a"), movement=1)
    assert (1, 0) not in one_left


def test_mounted_pays_three_for_difficult_terrain() -> None:
    state = battle([".F....."], unit("m", (0, 0), character={"feats": ["Mounted"]}))
    tiles = reach(state, state.unit("m"))  # MOV 7
    assert tiles[(1, 0)] == 4


def test_impassable_and_fliers() -> None:
    rows = [".M.", ".M.", ".M."]
    state = battle(
        rows, unit("a", (0, 1)), unit("f", (0, 0), character={"feats": ["Flying Mount"]})
    )
    assert (2, 1) not in reach(state, state.unit("a"))
    flier = reach(state, state.unit("f"))
    assert (1, 0) in flier and (2, 2) in flier


def test_adverse_weather_grounds_fliers_with_minus_two() -> None:
    rows = [".M......."]
    clear = battle(rows, unit("f", (0, 0), character={"feats": ["Flying Mount"]}))
    storm = clear.model_copy(update={"adverse_weather": True})
    assert max(x for x, _ in reach(clear, clear.unit("f"))) == 7
    assert (1, 0) not in reach(storm, storm.unit("f"))


def test_guerilla_ignores_difficult_and_crosses_impassable_but_not_cliffs() -> None:
    state = battle([".FM.C."], unit("g", (0, 0), character={"feats": ["Guerilla"]}))
    tiles = reach(state, state.unit("g"))
    assert tiles[(1, 0)] == 4  # forest costs 1
    assert tiles[(2, 0)] == 2  # mountain as difficult terrain
    assert (5, 0) not in tiles


def test_enemies_block_thieves_pass_allies_pass_but_not_stop() -> None:
    rows = ["....."]
    state = battle(rows, unit("a", (0, 0)), unit("b", (1, 0)), unit("e", (3, 0), side="enemy"))
    tiles = reach(state, state.unit("a"))
    assert (1, 0) not in tiles and (2, 0) in tiles and (4, 0) not in tiles
    thief = battle(
        rows, unit("t", (0, 0), character={"feats": ["Thief"]}), unit("e", (1, 0), side="enemy")
    )
    passed = reach(thief, thief.unit("t"))
    assert (1, 0) not in passed and (2, 0) in passed


def test_move_is_refused_beyond_reach_and_state_is_untouched() -> None:
    state = battle(OPEN, unit("a", (0, 0)))
    with pytest.raises(RulesError, match="cannot reach"):
        apply(state, {"type": "move", "unit": "a", "to": [7, 3]}, SeededDice(1))
    assert state.unit("a").position == (0, 0)
    with pytest.raises(RulesError, match="off the 8x4 map"):
        apply(state, {"type": "move", "unit": "a", "to": [9, 0]}, SeededDice(1))


def test_moves_add_up_and_main_action_ends_the_turn_unless_canto() -> None:
    state = act(battle(OPEN, unit("a", (0, 0))), type="move", unit="a", to=[2, 0])
    state = act(state, type="move", unit="a", to=[4, 0])
    assert state.unit("a").moved == 4
    with pytest.raises(RulesError, match="cannot reach"):
        act(state, type="move", unit="a", to=[6, 0])
    waited = act(state, type="wait", unit="a")
    with pytest.raises(RulesError, match="ended its turn"):
        act(waited, type="move", unit="a", to=[5, 0])
    canto = battle(OPEN, unit("c", (0, 0), character={"feats": ["Canto"]}))
    canto = act(act(canto, type="move", unit="c", to=[2, 0]), type="wait", unit="c")
    assert act(canto, type="move", unit="c", to=[5, 0]).unit("c").position == (5, 0)


def test_dash_doubles_movement_and_is_a_main_action() -> None:
    state = act(battle(["." * 12], unit("a", (0, 0))), type="dash", unit="a")
    assert act(state, type="move", unit="a", to=[10, 0]).unit("a").position == (10, 0)
    with pytest.raises(RulesError, match="main action"):
        act(state, type="defend", unit="a")


# --- Defend and edges ---


def test_defend_adds_skill_until_the_start_of_the_next_own_phase() -> None:
    state = battle(OPEN, unit("a", (0, 0)), unit("e", (5, 0), side="enemy"))
    base = numbers.avoid(combatant(state, state.unit("a")))
    state = act(state, type="defend", unit="a")
    skl = state.unit("a").character.points.get("skl")
    assert numbers.avoid(combatant(state, state.unit("a"))) == base + skl
    state = act(state, type="end_phase")  # enemy phase: still defending
    assert numbers.avoid(combatant(state, state.unit("a"))) == base + skl
    state = act(state, type="end_phase")  # round 2, player phase: over
    assert state.round == 2 and state.side == "player"
    assert numbers.avoid(combatant(state, state.unit("a"))) == base


def test_actions_only_in_the_own_phase() -> None:
    state = battle(OPEN, unit("a", (0, 0)), unit("e", (5, 0), side="enemy"))
    with pytest.raises(RulesError, match="it is the player phase"):
        act(state, type="move", unit="e", to=[4, 0])


def test_unknown_action_is_named() -> None:
    with pytest.raises(RulesError, match="unknown action 'fly'"):
        act(battle(OPEN, unit("a", (0, 0))), type="fly", unit="a")


# --- critical wounds: "1st 2 Rounds, 2nd 1 Round, 3rd 0 Rounds, 4th Crippled" ---


def _knock_out(state, target="a"):  # type: ignore[no-untyped-def]
    victim = state.unit(target)
    from tactician.rulesets.tropera.wounds import reduce_to_zero

    after, _ = reduce_to_zero(victim.model_copy(update={"hp": 0}))
    return state.replace_units(after)


def test_countdown_table_and_crippled_on_the_fourth() -> None:
    state = battle(OPEN, unit("a", (0, 0)))
    counts = []
    for _ in range(4):
        state = _knock_out(state)
        wounded = state.unit("a")
        counts.append((wounded.countdown, wounded.crippled))
        state = state.replace_units(wounded.model_copy(update={"hp": 5, "countdown": None}))
    assert counts == [(2, False), (1, False), (0, False), (None, True)]


def test_countdown_ticks_at_round_start_then_cripples() -> None:
    state = _knock_out(
        battle(OPEN, unit("a", (0, 0)), unit("b", (1, 0)), unit("e", (7, 3), side="enemy"))
    )
    seen = []
    for _ in range(3):
        state = act(act(state, type="end_phase"), type="end_phase")
        seen.append((state.unit("a").countdown, state.unit("a").crippled))
    assert seen == [(1, False), (0, False), (None, True)]
    crippled = combatant(state, state.unit("a").model_copy(update={"hp": 5}))
    assert "crippled" in crippled.situation.statuses


def test_wounded_cannot_act_and_adjacent_ally_administers_items() -> None:
    state = _knock_out(battle(OPEN, unit("a", (0, 0)), unit("b", (1, 0))))
    with pytest.raises(RulesError, match="0 HP"):
        act(state, type="wait", unit="a")
    state = act(state, type="item", unit="b", item="Vulnerary", target="a")
    healed = state.unit("a")
    assert healed.hp == 10 and healed.countdown is None and healed.healed_this_turn
    # "may move, but not take any main or bonus actions on the same turn"
    assert act(state, type="move", unit="a", to=[0, 1]).unit("a").position == (0, 1)
    with pytest.raises(RulesError, match="healed"):
        act(state, type="defend", unit="a")


def test_items_on_standing_allies_need_battle_medic() -> None:
    state = battle(OPEN, unit("a", (0, 0), hp=5), unit("b", (1, 0)))
    with pytest.raises(RulesError, match="Battle Medic"):
        act(state, type="item", unit="b", item="Vulnerary", target="a")
    medic = battle(
        OPEN, unit("a", (0, 0), hp=5), unit("b", (1, 0), character={"feats": ["Battle Medic"]})
    )
    assert act(medic, type="item", unit="b", item="Vulnerary", target="a").unit("a").hp == 15


def test_vulnerary_uses_run_out_and_leave_the_inventory() -> None:
    state = battle(OPEN, unit("a", (0, 0), hp=1))
    for _ in range(3):
        state = state.replace_units(state.unit("a").model_copy(update={"acted": False, "hp": 1}))
        state = act(state, type="item", unit="a", item="Vulnerary")
    assert state.unit("a").character.items == []


def test_enemy_reduced_to_zero_is_defeated_and_rout_wins() -> None:
    attacker = unit("a", (0, 0), character={"points": {"hp": 5, "str": 10, "skl": 10, "spd": 10}})
    foe = unit("e", (1, 0), side="enemy", hp=1)
    state = battle(OPEN, attacker, foe)
    after, outcome = apply(
        state, {"type": "attack", "unit": "a", "target": "e"}, PhysicalDice([1, 1])
    )
    assert after.unit("e").position is None and after.result == "victory"
    assert "VICTORY" in outcome.summary


def test_guard_break_lasts_until_the_breakers_next_phase() -> None:
    breaker = unit(
        "g",
        (0, 0),
        character={
            "feats": ["Guard Break"],
            "points": {"hp": 10, "str": 10, "skl": 5, "spd": 5, "lck": 5},
        },
    )
    foe = unit(
        "e",
        (1, 0),
        side="enemy",
        character={"points": {"hp": 20, "str": 5, "skl": 2, "spd": 2, "lck": 2, "def": 4}},
    )
    state = battle(OPEN, breaker, foe)
    before = numbers.avoid(combatant(state, state.unit("e")))
    hit, _ = apply(
        state, {"type": "attack", "unit": "g", "target": "e"}, PhysicalDice([1, 1, 100, 100, 100])
    )
    assert numbers.avoid(combatant(hit, hit.unit("e"))) == before - 5
    enemy_phase = act(hit, type="end_phase")
    assert numbers.avoid(combatant(enemy_phase, enemy_phase.unit("e"))) == before - 5
    next_player = act(enemy_phase, type="end_phase")
    assert numbers.avoid(combatant(next_player, next_player.unit("e"))) == before


# --- Grappler and statuses on a hit ---


def test_grapple_deals_no_damage_and_pins_the_target_until_the_grapplers_next_phase() -> None:
    grappler = unit("g", (0, 0), character={
        "feats": ["Martial Artist", "Grappler"], "weapons": [],
        "points": {"hp": 10, "str": 8, "skl": 10, "spd": 5, "lck": 2}})
    foe = unit("e", (1, 0), side="enemy", character={
        "points": {"hp": 20, "str": 5, "skl": 2, "spd": 2, "lck": 2, "def": 4}})
    state = battle(OPEN, grappler.model_copy(update={"equipped": "Unarmed"}), foe)
    free_avoid = numbers.avoid(combatant(state, state.unit("e")))
    after, _ = apply(state, {"type": "attack", "unit": "g", "target": "e", "grapple": True},
                     PhysicalDice([1, 1, 100, 100]))
    assert after.unit("e").hp == state.unit("e").hp
    assert after.effects_on("e", "grappled")
    assert numbers.avoid(combatant(after, after.unit("e"))) == free_avoid // 2
    enemy_turn = act(after, type="end_phase")
    with pytest.raises(RulesError, match="cannot reach"):
        act(enemy_turn, type="move", unit="e", to=[2, 0])
    released = act(enemy_turn, type="end_phase")
    assert not released.effects_on("e", "grappled")


def test_grapple_needs_the_feat() -> None:
    state = battle(OPEN, unit("a", (0, 0)), unit("e", (1, 0), side="enemy"))
    with pytest.raises(RulesError, match="Grappler"):
        act(state, type="attack", unit="a", target="e", grapple=True)


def test_a_sleep_staff_hit_puts_the_target_to_sleep_through_its_next_phase() -> None:
    cleric = unit("c", (0, 0), character={
        "weapons": ["Sleep"], "proficiencies": {"staff": "B"},
        "points": {"hp": 10, "mag": 10, "skl": 10, "spd": 5}})
    foe = unit("e", (1, 0), side="enemy")
    state = battle(OPEN, cleric.model_copy(update={"equipped": "Sleep"}), foe)
    after, _ = apply(state, {"type": "attack", "unit": "c", "target": "e", "weapon": "Sleep"},
                     PhysicalDice([1, 1, 100, 100, 100, 100]))
    assert after.unit("e").hp == state.unit("e").hp  # staves deal no damage
    asleep = act(after, type="end_phase")
    with pytest.raises(RulesError, match="asleep"):
        act(asleep, type="wait", unit="e")
    awake = act(act(asleep, type="end_phase"), type="end_phase")
    assert not awake.effects_on("e", "asleep")


def test_resistant_gets_fifteen_avoid_against_ailment_staves() -> None:
    from tactician.rulesets.tropera.compendium import load_compendium
    from tactician.rulesets.tropera.options import TroperaOptions
    from tactician.rulesets.tropera.sequence import strike_numbers
    from tests.tropera.units import unit as combat_unit

    sleep = load_compendium().weapon("Sleep")
    caster = combat_unit("C", mag=10, skl=0, lck=0, weapon=sleep, ranks={"staff": "B"})
    plain = combat_unit("T", spd=0, lck=0)
    warded = combat_unit("W", spd=0, lck=0, feats=("Resistant",))
    options = TroperaOptions()
    gap = strike_numbers(caster, plain, options).hit - strike_numbers(caster, warded, options).hit
    assert strike_numbers(caster, plain, options).hit == 75
    assert gap == 15


# --- Trample, Multishot, Quick Draw ---


def _rider(**changes):  # type: ignore[no-untyped-def]
    character = {"feats": ["Mounted", "Trample"],
                 "points": {"hp": 10, "str": 8, "skl": 10, "spd": 5, "lck": 2}}
    return unit("r", (0, 1), character=character, **changes)


def _foe(uid: str, at: tuple[int, int], **changes):  # type: ignore[no-untyped-def]
    return unit(uid, at, side="enemy", character={
        "points": {"hp": 20, "str": 5, "skl": 2, "spd": 2, "lck": 2, "def": 4}}, **changes)


def test_trample_adds_movement_to_the_first_damage_and_ends_beyond_the_enemy() -> None:
    state = battle(OPEN, _rider(), _foe("e", (1, 1)))
    plain, _ = apply(state, {"type": "attack", "unit": "r", "target": "e"},
                     PhysicalDice([50, 50, 100, 100]))
    trampled, outcome = apply(state, {"type": "attack", "unit": "r", "target": "e",
                                      "trample": True}, PhysicalDice([50, 50]))
    normal = state.unit("e").hp - plain.unit("e").hp
    assert state.unit("e").hp - trampled.unit("e").hp == normal + 7  # MOV 5 + 2 Mounted
    assert trampled.unit("r").position == (2, 1)  # the opposite side
    assert len(outcome.records[0]["strikes"]) == 1  # "end your attack sequence"


def test_trample_refusals() -> None:
    blocked = battle(OPEN, _rider(), _foe("e", (1, 1)), _foe("f", (2, 1), number=2))
    with pytest.raises(RulesError, match="not empty"):
        act(blocked, type="attack", unit="r", target="e", trample=True)
    tired = battle(OPEN, _rider(moved=6), _foe("e", (1, 1)))
    with pytest.raises(RulesError, match="at least 2 Movement"):
        act(tired, type="attack", unit="r", target="e", trample=True)
    plain = battle(OPEN, unit("a", (0, 1)), _foe("e", (1, 1)))
    with pytest.raises(RulesError, match="Trample feat"):
        act(plain, type="attack", unit="a", target="e", trample=True)


def test_multishot_divides_strikes_and_only_the_first_target_counters() -> None:
    archer = unit("a", (0, 0), character={
        "feats": ["Multishot"], "weapons": ["Iron Bow"], "proficiencies": {"bow": "D"},
        "points": {"hp": 10, "str": 6, "skl": 10, "spd": 10, "lck": 5}})
    bowman = _foe("e", (2, 0)).model_copy(update={"character": _foe("e", (2, 0)).character
                                                  .model_copy(update={"weapons": ["Iron Bow"],
                                                              "proficiencies": {"bow": "D"}}),
                                                  "equipped": "Iron Bow"})
    other = _foe("f", (0, 2), number=2)
    state = battle(OPEN, archer, bowman, other)
    after, outcome = apply(state, {"type": "attack", "unit": "a", "targets": ["e", "f"],
                                   "multishot": ["f", "e"]}, SeededDice(4))
    strikes = outcome.records[0]["strikes"]
    assert [s["target"] for s in strikes if s["striker"] == "A"] == ["F", "E"]
    assert {s["striker"] for s in strikes} <= {"A", "E"}  # F never counters
    with pytest.raises(RulesError, match="eligible to make"):
        act(state, type="attack", unit="a", targets=["e", "f"], multishot=["f"])


def test_quick_draw_switches_to_the_weapon_that_can_counter() -> None:
    # attacked at range 2 while holding a sword: Quick Draw switches to the bow
    drawer = unit("q", (2, 0), character={
        "feats": ["Quick Draw"], "weapons": ["Iron Sword", "Iron Bow"],
        "proficiencies": {"sword": "D", "bow": "D"}})
    archer = _foe("e", (0, 0)).model_copy(update={"character": _foe("e", (0, 0)).character
                                                  .model_copy(update={"weapons": ["Iron Bow"],
                                                              "proficiencies": {"bow": "D"}}),
                                                  "equipped": "Iron Bow"})
    state = battle(OPEN, drawer, archer).model_copy(update={"phase": 1})
    after, outcome = apply(state, {"type": "attack", "unit": "e", "target": "q"}, SeededDice(2))
    assert after.unit("q").equipped == "Iron Bow"
    assert "quick-draws Iron Bow" in outcome.summary
    assert any(s["striker"] == "Q" for s in outcome.records[0]["strikes"])


def test_battle_end_names_crippled_units_who_sit_out_the_next_battle() -> None:
    hero = unit("a", (0, 0), character={"points": {"hp": 5, "str": 10, "skl": 10, "spd": 10}})
    fallen = unit("b", (5, 3), hp=0).model_copy(update={"crippled": True})
    foe = unit("e", (1, 0), side="enemy", hp=1)
    state = battle(OPEN, hero, fallen, foe)
    after, outcome = apply(state, {"type": "attack", "unit": "a", "target": "e"},
                           PhysicalDice([1, 1]))
    assert after.result == "victory"
    assert "crippled (B)" in outcome.summary
    assert outcome.records[-1] == {"type": "battle_end", "result": "victory", "crippled": ["B"]}


def test_a_staff_s_plus_healer_keeps_its_charges() -> None:
    healer = unit("h", (0, 0), character={
        "weapons": ["Heal"], "proficiencies": {"staff": "S+1"},
        "points": {"hp": 10, "mag": 8, "skl": 5, "spd": 5}})
    hurt = unit("w", (1, 0), hp=1)
    state = battle(OPEN, healer, hurt)
    for _ in range(5):  # Heal has 3 charges
        state = state.replace_units(state.unit("h").model_copy(update={"acted": False}),
                                    state.unit("w").model_copy(update={"hp": 1}))
        state = act(state, type="staff", unit="h", staff="Heal", target="w")
    assert "Heal" not in state.unit("h").uses


# --- Use Item: "such as a Vulnerary or Pure Water"; FE8 stat boosters ---


def test_pure_water_adds_seven_resistance_fading_by_one_each_own_phase() -> None:
    state = battle(OPEN, unit("a", (0, 0), character={"items": ["Pure Water"]}),
                   unit("e", (7, 3), side="enemy"))
    base = combatant(state, state.unit("a")).stats["res"]
    state = act(state, type="item", unit="a", item="Pure Water")
    seen = [combatant(state, state.unit("a")).stats["res"] - base]
    for _ in range(8):
        state = act(act(state, type="end_phase"), type="end_phase")
        seen.append(combatant(state, state.unit("a")).stats["res"] - base)
    assert seen == [7, 6, 5, 4, 3, 2, 1, 0, 0]


def test_stat_boosters_are_permanent_and_used_up() -> None:
    state = battle(OPEN, unit("a", (0, 0), character={"items": ["Energy Ring", "Boots"]}))
    before = combatant(state, state.unit("a")).stats
    state = act(state, type="item", unit="a", item="Energy Ring")
    after = state.unit("a")
    stats = combatant(state, after).stats
    assert (stats["str"], stats["mag"]) == (before["str"] + 2, before["mag"] + 2)
    assert after.character.items == ["Boots"]
    fresh = state.replace_units(after.model_copy(update={"acted": False}))
    from tactician.rulesets.tropera.progression import movement

    mov = movement(after.character)
    booted = act(fresh, type="item", unit="a", item="Boots").unit("a")
    assert movement(booted.character) == mov + 2
