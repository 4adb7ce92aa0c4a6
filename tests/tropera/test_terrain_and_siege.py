"""Destructible terrain and siege spaces, from 000's own words.

000 Attack: "Destructible Terrain: Some terrain such as dead trees or crumbling
walls can be destroyed with attacks, creating new paths. Attack Sequences against
terrain do not benefit from Extra Attacks." Bonus Actions: "Embark/Disembark:
Take or abandon control of a siege vehicle or special space, such as a ballista
or mage tower." Mob: "Main Actions ... Embark/Disembark".
"""

from __future__ import annotations

from typing import Any

import pytest

from tactician.dice.source import SeededDice
from tactician.engine.battle import Battle, act, replay
from tactician.errors import RulesError
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.battle_actions import apply
from tactician.rulesets.tropera.battle_service import battle_forecast, battle_rules, board_view
from tactician.rulesets.tropera.battle_state import MapState, TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import combatant, reach
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import Maneuver, plan_sequence
from tactician.rulesets.tropera.terrain_attack import terrain_plan
from tests.tropera import units as cu
from tests.tropera.battles import unit

LEGEND = {
    ".": "plain",
    "X": "wall",
    "x": "cracked wall",
    "t": "dead tree",
    "B": "ballista",
    "I": "iron ballista",
    "m": "mage tower",
}
# a sure hit for exactly Str + Might, never a critical: Skill 1 (Crit 0), Luck 8
# (Hit 2 + 8 + 90 = 100 against the terrain's 0 Avoid)
STEADY = {"points": {"hp": 10, "str": 6, "skl": 1, "spd": 5, "lck": 8, "def": 4, "res": 1}}
ARCHER = {"proficiencies": {"bow": "D"}, "weapons": ["Iron Bow"], "feats": []}


def board(rows: list[str], *units: Unit, **changes: Any) -> TroperaBattle:
    cells = tuple(LEGEND[ch] for row in rows for ch in row)
    return TroperaBattle(
        map=MapState(width=len(rows[0]), height=len(rows), cells=cells), units=units, **changes
    )


def far_foe(at: tuple[int, int] = (9, 3), **changes: Any) -> Unit:
    """An enemy standing away from the action, so the battle is not routed."""
    return unit("foe", at, side="enemy", **changes)


def do(state: TroperaBattle, **action: Any) -> TroperaBattle:
    return apply(state, action, SeededDice(3))[0]


def refused(state: TroperaBattle, match: str, **action: Any) -> None:
    before = state.model_dump()
    with pytest.raises(RulesError, match=match):
        apply(state, action, SeededDice(3))
    assert state.model_dump() == before


WALLED = [
    "..........",
    ".XXxXX....",
    "..........",
    "..........",
]


# --- Destructible Terrain --------------------------------------------------------------


def test_no_extra_attacks_caps_the_attacker_at_one_strike_even_brave_and_fast() -> None:
    """000: "Attack Sequences against terrain do not benefit from Extra Attacks":
    Speed +4, Adept and Brave ("always grant an Extra Attack") all give way."""
    fast = cu.unit("Fast", spd=12, skl=12, weapon=cu.BRAVE_SWORD, feats=("Adept",))
    slow = cu.unit("Slow", spd=1, skl=1, weapon=None)
    assert plan_sequence(fast, [slow], 1).counts[0] == 4
    capped = plan_sequence(fast, [slow], 1, maneuver=Maneuver(no_extra_attacks=True))
    assert capped.counts == [1, 0]
    assert len(capped.strikes) == 1


def test_terrain_attack_is_one_strike_with_no_counterattack() -> None:
    brave = unit(
        "a",
        (3, 0),
        character={
            "points": {"hp": 10, "str": 6, "skl": 9, "spd": 9, "lck": 3, "def": 4, "res": 1},
            "proficiencies": {"sword": "B"},
            "weapons": ["Brave Sword"],
            "feats": ["Adept", "Reckless"],
        },
    )
    state = board(WALLED, brave, far_foe())
    _, hp, plan = terrain_plan(state, brave, (3, 1), None, TroperaOptions())
    assert hp == 20
    assert plan.units[0].weapon is not None and plan.units[0].weapon.brave
    attacker, wall = plan.units
    uncapped = numbers.attack_count(
        attacker, attacker.weapon, wall, None, is_target=False, options=TroperaOptions()
    )
    assert uncapped == 5  # Speed +4, Adept, Brave, Reckless: 1 + 4
    assert plan.counts == [1, 0]  # one strike; the wall has no weapon and never strikes back
    after, outcome = apply(
        state, {"type": "attack_terrain", "unit": "a", "tile": [3, 1]}, SeededDice(9)
    )
    strikes = outcome.records[0]["strikes"]
    assert len(strikes) == 1 and strikes[0]["striker"] == "A"
    assert after.unit("a").acted and after.unit("a").hp == brave.hp


def test_tile_hp_carries_across_attacks_and_a_destroyed_tile_opens_a_path() -> None:
    # Str 6 + Iron Sword 5 - Def 0 = 11 a hit: 20 -> 9 -> 0
    a = unit("a", (3, 0), character=STEADY)
    b = unit("b", (3, 2), number=2, character=STEADY)
    c = unit("c", (0, 0), number=3, character={"feats": []})
    state = board(WALLED, a, b, c, far_foe())
    assert (3, 2) not in reach(state, state.unit("c"))  # the wall blocks the way south
    once = do(state, type="attack_terrain", unit="a", tile=[3, 1])
    assert once.terrain_hp == {"3,1": 9}
    assert once.map.cells[1 * 10 + 3] == "cracked wall"
    twice, outcome = apply(
        once, {"type": "attack_terrain", "unit": "b", "tile": [3, 1]}, SeededDice(4)
    )
    record = outcome.records[0]
    assert (record["hp_before"], record["hp_after"], record["destroyed"]) == (9, 0, True)
    assert record["becomes"] == "plain"
    assert twice.terrain_hp == {}
    assert twice.map.cells[1 * 10 + 3] == "plain"  # "creating new paths"
    assert (3, 1) in reach(twice, twice.unit("c"))
    moved = do(twice, type="move", unit="c", to=[3, 1])
    assert moved.unit("c").position == (3, 1)


def test_dead_trees_are_destructible_and_ranged_weapons_reach_them() -> None:
    # Skill 1, Luck 13: Hit 2 + 13 + 85 = 100, Crit 0; Str 6 + Iron Bow 6 = 12 a hit
    sure = {"points": {"hp": 10, "str": 6, "skl": 1, "spd": 5, "lck": 13, "def": 4, "res": 1}}
    archer = unit("a", (0, 0), character={**ARCHER, **sure})
    state = board(["..t.t", "....."], archer, far_foe((4, 1)))
    after = do(state, type="attack_terrain", unit="a", tile=[2, 0])
    assert after.terrain_hp == {"2,0": 8}
    refused(state, "reaches 2-2, not distance 4", type="attack_terrain", unit="a", tile=[4, 0])


def test_refusals_leave_the_state_unchanged() -> None:
    a = unit("a", (3, 0), character=STEADY)
    state = board(WALLED, a, far_foe())
    refused(state, "not destructible", type="attack_terrain", unit="a", tile=[1, 1])
    refused(state, "not destructible", type="attack_terrain", unit="a", tile=[3, 0])
    away = board(WALLED, unit("a", (3, 3), character=STEADY), far_foe())
    refused(away, "reaches 1-1, not distance 2", type="attack_terrain", unit="a", tile=[3, 1])
    refused(state, "off the 10x4 map", type="attack_terrain", unit="a", tile=[30, 1])
    refused(state, "must be a tile", type="attack_terrain", unit="a")
    refused(state, "does not carry", type="attack_terrain", unit="a", tile=[3, 1], weapon="Axe")
    acted = state.replace_units(state.unit("a").model_copy(update={"acted": True}))
    refused(acted, "already took a main action", type="attack_terrain", unit="a", tile=[3, 1])


def test_staves_and_enemy_only_feats_do_not_work_on_terrain() -> None:
    healer = unit(
        "h",
        (3, 0),
        character={"proficiencies": {"staff": "D"}, "weapons": ["Heal"], "feats": []},
        equipped="Heal",
    )
    state = board(WALLED, healer, far_foe())
    refused(state, "heals allies|staff", type="attack_terrain", unit="h", tile=[3, 1])
    thief = unit("t", (3, 0), character={**STEADY, "feats": ["Thief", "Silencer", "Guard Break"]})
    plan = terrain_plan(board(WALLED, thief, far_foe()), thief, (3, 1), None, TroperaOptions())[2]
    assert not plan.units[0].has("Silencer") and not plan.units[0].has("Guard Break")


def test_terrain_forecast_uses_the_same_plan() -> None:
    a = unit("a", (3, 0), character=STEADY)
    state = board(WALLED, a, far_foe())
    rules = battle_rules([])
    report = battle_forecast(state, {"type": "attack_terrain", "unit": "a", "tile": [3, 1]}, rules)
    assert report["attacker"]["strikes"] == 1 and report["defender"]["strikes"] == 0
    assert report["defender"]["hp"] == 20 and report["defender"]["damage"] is None
    assert report["hp"]["defender"] == {"9": 1.0}
    assert report["terrain"] == "cracked wall" and report["becomes"] == "plain"
    damaged = state.model_copy(update={"terrain_hp": {"3,1": 9}})
    report = battle_forecast(
        damaged, {"type": "attack_terrain", "unit": "a", "tile": [3, 1]}, rules
    )
    assert report["outcome"]["defender_defeated"] == 1.0


def test_board_view_shows_tile_hp_and_embarked() -> None:
    a = unit("a", (3, 0), character=STEADY)
    state = board(WALLED, a, far_foe()).model_copy(update={"terrain_hp": {"3,1": 9}})
    view = board_view(state)
    assert view["destructible"] == [
        {"tile": [3, 1], "terrain": "cracked wall", "hp": 9, "max_hp": 20}
    ]
    assert view["units"][0]["embarked"] is None


# --- Embark / Disembark ------------------------------------------------------------------

FIELD = [
    "B.........",
    "..........",
    "..........",
    "..........",
]


def test_embark_is_a_bonus_action_and_the_ballista_fires_at_3_to_10() -> None:
    archer = unit("a", (0, 0), character=ARCHER)
    target = unit("foe", (6, 0), side="enemy", tier="army")
    state = board(FIELD, archer, target)
    assert combatant(state, archer).weapon.name == "Iron Bow"  # type: ignore[union-attr]
    on = do(state, type="embark", unit="a")
    gunner = on.unit("a")
    assert gunner.embarked == "Ballista" and gunner.bonus_used and not gunner.acted
    armed = combatant(on, gunner)
    assert armed.weapon is not None and armed.weapon.name == "Ballista"
    assert armed.weapon.range == (3, 10)
    assert "Ballista" not in gunner.character.weapons  # the space's, not the inventory's
    after, outcome = apply(on, {"type": "attack", "unit": "a", "target": "foe"}, SeededDice(2))
    strikes = outcome.records[0]["strikes"]
    assert strikes and all(s["striker"] == "A" for s in strikes)  # the Iron Bow cannot answer
    assert after.unit("a").acted
    # another bonus action the same turn is refused: "one Bonus Action on your turn"
    refused(on, "already took a bonus action", type="disembark", unit="a")
    close = board(FIELD, archer, unit("foe", (2, 0), side="enemy"))
    close = do(close, type="embark", unit="a")
    refused(close, "reaches 3-10, not distance 2", type="attack", unit="a", target="foe")


def test_an_embarked_unit_cannot_move_until_it_disembarks() -> None:
    archer = unit("a", (0, 0), character=ARCHER)
    state = do(board(FIELD, archer, far_foe()), type="embark", unit="a")
    refused(state, "must disembark to move", type="move", unit="a", to=[1, 0])
    assert reach(state, state.unit("a")) == {(0, 0): 0}
    # next player phase: disembark (a bonus action), then move on
    state = do(do(state, type="end_phase"), type="end_phase")
    off = do(state, type="disembark", unit="a")
    assert off.unit("a").embarked is None and off.unit("a").bonus_used
    assert combatant(off, off.unit("a")).weapon.name == "Iron Bow"  # type: ignore[union-attr]
    assert do(off, type="move", unit="a", to=[2, 0]).unit("a").position == (2, 0)


def test_embark_refusals() -> None:
    archer = unit("a", (1, 0), character=ARCHER)
    state = board(FIELD, archer, far_foe())
    refused(state, "only a siege space", type="embark", unit="a")
    refused(state, "not embarked", type="disembark", unit="a")
    swordsman = unit("s", (0, 0), character={"feats": []})
    refused(board(FIELD, swordsman, far_foe()), "no bow proficiency", type="embark", unit="s")
    on = do(board(FIELD, unit("a", (0, 0), character=ARCHER), far_foe()), type="embark", unit="a")
    refused(on, "already controls the Ballista", type="embark", unit="a")
    refused(
        on,
        "attacks with it; disembark first",
        type="attack",
        unit="a",
        target="foe",
        weapon="Iron Bow",
    )


def test_a_mage_tower_takes_any_tome_proficiency() -> None:
    mage = unit("m", (0, 0), character={"proficiencies": {"light": "D"}, "weapons": ["Lightning"]})
    state = board(["m........."], mage, far_foe((9, 0)))
    on = do(state, type="embark", unit="m")
    assert on.unit("m").embarked == "Mage Tower Bolt"
    assert combatant(on, on.unit("m")).weapon.range == (3, 10)  # type: ignore[union-attr]
    fighter = unit("f", (0, 0), character={"feats": []})
    refused(
        board(["m........."], fighter, far_foe((9, 0))),
        "no tome proficiency",
        type="embark",
        unit="f",
    )


def test_a_mob_embarks_as_its_main_action_an_army_as_a_bonus_action() -> None:
    """Mob: "Main Actions ... Embark/Disembark"; Army: "Bonus Actions ... Embark/Disembark"."""
    hero = unit("hero", (9, 3))
    for tier, main in (("mob", True), ("army", False), ("elite", False)):
        foe = unit("e", (0, 0), side="enemy", tier=tier, character=ARCHER)
        state = board(FIELD, hero, foe, phase=1)
        on, outcome = apply(state, {"type": "embark", "unit": "e"}, SeededDice(1))
        assert on.unit("e").acted is main and on.unit("e").bonus_used is not main
        assert outcome.records[0]["main_action"] is main


def test_a_rescued_gunner_abandons_the_ballista() -> None:
    archer = unit("a", (0, 0), character=ARCHER)
    rider = unit("r", (1, 0), number=2, character={"feats": ["Mounted"]})
    state = do(board(FIELD, archer, rider, far_foe()), type="embark", unit="a")
    picked = do(state, type="rescue", unit="r", target="a")
    assert picked.unit("a").embarked is None and picked.unit("a").carried_by == "r"


def test_the_enemy_ai_fires_an_embarked_ballista() -> None:
    from tactician.rulesets.tropera.ai import Scorer, decide

    hero = unit("hero", (7, 0))
    foe = unit("e", (0, 0), side="enemy", tier="army", character=ARCHER, embarked="Ballista")
    state = board(FIELD, hero, foe, phase=1)
    decision = decide(state, state.unit("e"), Scorer(TroperaOptions()))
    assert decision.actions == [
        {"type": "attack", "unit": "e", "target": "hero", "weapon": "Ballista"}
    ]


# --- replay ------------------------------------------------------------------------------


def test_replay_rebuilds_terrain_and_siege_bit_for_bit() -> None:
    rows = [
        "..........",
        "XXXxXXXXXX",
        "B.........",
        "..........",
    ]
    start = board(
        rows,
        unit("a", (3, 0), character=STEADY),
        unit("b", (0, 2), number=2, character=ARCHER),
        unit("foe", (7, 3), side="enemy", tier="army"),
    )
    rules = battle_rules([])
    battle = Battle(ruleset="tropera", seed=11, start=rules.dump_state(start))
    actions: list[dict[str, Any]] = [
        {"type": "attack_terrain", "unit": "a", "tile": [3, 1]},
        {"type": "embark", "unit": "b"},
        {"type": "attack", "unit": "b", "target": "foe"},
        {"type": "end_phase"},
        {"type": "end_phase"},
        {"type": "attack_terrain", "unit": "a", "tile": [3, 1]},
        {"type": "disembark", "unit": "b"},
    ]
    state = start
    for action in actions:
        battle, _, state = act(battle, rules, action, state=state)
    assert state.map.cells[13] == "plain" and state.terrain_hp == {}
    assert state.unit("b").embarked is None
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)
    # a refused action appends nothing
    with pytest.raises(RulesError):
        act(battle, rules, {"type": "attack_terrain", "unit": "a", "tile": [0, 1]}, state=state)
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)


def test_an_embarked_laguz_cannot_transform() -> None:
    from tactician.dice.source import SeededDice
    from tactician.rulesets.tropera.battle_actions import apply as apply_action
    from tests.tropera.battles import battle, unit

    beast = unit("l", (0, 0), character={"kind": "laguz-beast", "feats": ["Laguz: Beast"],
                                         "proficiencies": {"clips": "D"}, "weapons": []},
                 equipped="Claws").model_copy(update={"embarked": "Ballista"})
    state = battle(["...."], beast, unit("e", (3, 0), side="enemy"))
    import pytest

    from tactician.errors import RulesError

    with pytest.raises(RulesError, match="disembark before transforming"):
        apply_action(state, {"type": "transform", "unit": "l"}, SeededDice(1))
