"""The remaining Tropera commands (000 "Players have several command options during
battles"): rescue and drop, Transform, Trade, Search, Steal, Prepare Attack,
Provoke, Shade and Overload — each from the text's words, each refusal leaving
the state as it was."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.engine.battle import Battle, act, replay
from tactician.engine.objectives import Objective, Objectives
from tactician.errors import RulesError
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.ai import Scorer, decide
from tactician.rulesets.tropera.battle_actions import apply
from tactician.rulesets.tropera.battle_service import battle_rules
from tactician.rulesets.tropera.battle_state import MapState, TroperaBattle
from tactician.rulesets.tropera.battle_units import combatant, movement_left
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.rescue import mount
from tests.tropera.battles import battle, unit

OPEN = ["........", "........", "........", "........"]
FIELD = ["." * 9] * 5


def do(state: TroperaBattle, seed: int = 1, **action: Any) -> TroperaBattle:
    return apply(state, action, SeededDice(seed))[0]


def refused(state: TroperaBattle, match: str, **action: Any) -> None:
    """The action is refused with ``match`` in the message and changes nothing."""
    before = state.model_dump(mode="json")
    with pytest.raises(RulesError, match=match):
        apply(state, action, SeededDice(1))
    assert state.model_dump(mode="json") == before


def enemy_phase(state: TroperaBattle) -> TroperaBattle:
    return state.model_copy(update={"phase": 1})


def nimble(uid: str, at: tuple[int, int], **changes: Any):  # type: ignore[no-untyped-def]
    points = {"hp": 5, "str": 4, "skl": 6, "spd": 10, "lck": 10}
    return unit(uid, at, character={"points": points, **changes})


def sturdy(uid: str, at: tuple[int, int], **changes: Any):  # type: ignore[no-untyped-def]
    points = {"hp": 15, "str": 10, "skl": 8, "spd": 1, "lck": 1}
    return unit(uid, at, character={"points": points, **changes})


def wounded(state: TroperaBattle, unit_id: str) -> TroperaBattle:
    from tactician.rulesets.tropera.wounds import reduce_to_zero

    after, _ = reduce_to_zero(state.unit(unit_id).model_copy(update={"hp": 0}))
    return state.replace_units(after)


# --- rescue: Mounted "pick up an adjacent ally as a main action and carry them" ---


def mounted(uid: str, at: tuple[int, int], *feats: str):  # type: ignore[no-untyped-def]
    return unit(uid, at, character={"feats": ["Mounted", *feats]})


def test_mounted_picks_up_an_adjacent_ally_as_a_main_action() -> None:
    state = battle(OPEN, mounted("m", (0, 0)), unit("b", (1, 0)))
    avoid = numbers.avoid(combatant(state, state.unit("m")))
    state = do(state, type="rescue", unit="m", target="b")
    carrier, passenger = state.unit("m"), state.unit("b")
    assert carrier.carrying == "b" and carrier.acted
    assert passenger.carried_by == "m" and passenger.position == (0, 0)
    assert state.at((1, 0)) is None and state.at((0, 0)) == carrier
    # "While carrying an ally, your avoidance is halved"
    assert numbers.avoid(combatant(state, carrier)) == avoid // 2
    refused(state, "main action", type="attack", unit="m", target="b")


def test_the_passenger_moves_with_its_carrier() -> None:
    state = battle(OPEN, mounted("m", (0, 0), "Canto"), unit("b", (1, 0)))
    state = do(state, type="rescue", unit="m", target="b")
    state = do(state, type="move", unit="m", to=[4, 2])  # Canto: moves on after acting
    assert state.unit("b").position == (4, 2) == state.unit("m").position
    refused(state, "being carried", type="move", unit="b", to=[5, 2])


def test_rescue_refusals_change_nothing() -> None:
    state = battle(
        OPEN,
        mounted("m", (0, 0)),
        unit("b", (1, 0)),
        unit("far", (3, 0)),
        unit("e", (0, 1), side="enemy"),
        unit("foot", (2, 2)),
        unit("c", (2, 3)),
    )
    refused(state, "Mounted and Flying Mount", type="rescue", unit="foot", target="c")
    refused(state, "not adjacent", type="rescue", unit="m", target="far")
    refused(state, "not an ally", type="rescue", unit="m", target="e")
    refused(state, "itself", type="rescue", unit="m", target="m")
    refused(state, "needs 'target'", type="rescue", unit="m")
    carrying = do(state, type="rescue", unit="m", target="b")
    fresh = carrying.replace_units(carrying.unit("m").model_copy(update={"acted": False}))
    refused(fresh, "already carries", type="rescue", unit="m", target="e")


def test_flying_mount_cannot_lift_heavy_armor_read_for_armored() -> None:
    state = battle(
        OPEN,
        unit("f", (0, 0), character={"feats": ["Flying Mount"]}),
        unit("k", (1, 0), character={"feats": ["Heavy Armor"]}),
        unit("b", (0, 1)),
    )
    refused(state, "Armored", type="rescue", unit="f", target="k")
    assert do(state, type="rescue", unit="f", target="b").unit("b").carried_by == "f"
    # Mounted sets no such limit
    horse = battle(
        OPEN, mounted("m", (0, 0)), unit("k", (1, 0), character={"feats": ["Heavy Armor"]})
    )
    assert do(horse, type="rescue", unit="m", target="k").unit("k").carried_by == "m"


def test_the_later_mount_feat_negates_the_earlier() -> None:
    # 000: "Taking Mounted at a later level negates this feat" (and the reverse)
    assert mount(unit("a", (0, 0), character={"feats": ["Flying Mount", "Mounted"]})) == "Mounted"
    assert mount(unit("a", (0, 0), character={"feats": ["Mounted", "Flying Mount"]})) == (
        "Flying Mount"
    )
    assert mount(unit("a", (0, 0))) is None
    records: list[dict[str, Any]] = [{"level": lv} for lv in range(2, 9)]
    records[-1]["feat"] = "Mounted"  # taken at level 8
    later = {"feats": ["Mounted", "Flying Mount"], "level_ups": records}
    assert mount(unit("a", (0, 0), character=later)) == "Mounted"


# --- drop: "You or your passenger must use a main action to dismount them to an adjacent
# space"; a wounded passenger "cannot dismount on their own" ---


def carried(*extra: Any, rows: list[str] = OPEN) -> TroperaBattle:  # noqa: B006
    state = battle(rows, mounted("m", (1, 1)), unit("b", (2, 1)), *extra)
    state = do(state, type="rescue", unit="m", target="b")
    return do(do(state, type="end_phase"), type="end_phase")  # a fresh player turn


def test_the_carrier_drops_its_passenger_on_a_free_adjacent_space() -> None:
    state = carried()
    after = do(state, type="drop", unit="m", to=[1, 2])
    assert after.unit("m").carrying is None and after.unit("m").acted
    dropped = after.unit("b")
    assert dropped.carried_by is None and dropped.position == (1, 2)
    assert dropped.acted  # ruling: the dismounted passenger's turn is over
    refused(after, "ended its turn", type="move", unit="b", to=[1, 3])


def test_the_passenger_dismounts_itself_with_its_main_action() -> None:
    state = carried()
    after = do(state, type="drop", unit="b", to=[0, 1])
    assert after.unit("b").position == (0, 1) and after.unit("b").acted
    assert not after.unit("m").acted  # the carrier keeps its turn
    assert after.unit("m").carrying is None


def test_drop_refusals_change_nothing() -> None:
    state = carried(unit("c", (1, 2)), unit("d", (3, 3)), rows=[".M......", "........"] * 2)
    refused(state, "occupied", type="drop", unit="m", to=[1, 2])
    refused(state, "not adjacent", type="drop", unit="m", to=[3, 1])
    refused(state, "off the", type="drop", unit="m", to=[1, -1])
    refused(state, "cannot stand on mountain", type="drop", unit="m", to=[1, 0])
    refused(state, "not wounded", type="drop", unit="c", passenger="b", to=[0, 1])
    refused(state, "carries no one", type="drop", unit="d", to=[3, 2])


def test_a_wounded_passenger_is_dismounted_by_the_rescuer_or_an_adjacent_ally() -> None:
    state = wounded(battle(OPEN, mounted("m", (1, 1)), unit("b", (2, 1)), unit("c", (1, 2))), "b")
    # "they can be picked up and carried by a mounted character the same as normal"
    state = do(state, type="rescue", unit="m", target="b")
    assert state.unit("b").carried_by == "m" and state.unit("b").countdown == 2
    state = do(do(state, type="end_phase"), type="end_phase")
    # "they cannot dismount on their own"
    refused(state, "0 HP", type="drop", unit="b", to=[0, 1])
    # "either the rescuing character or an adjacent ally must use their action"
    by_ally = do(state, type="drop", unit="c", passenger="b", to=[0, 1])
    assert by_ally.unit("b").position == (0, 1) and by_ally.unit("c").acted
    assert not by_ally.unit("m").acted
    by_rescuer = do(state, type="drop", unit="m", to=[1, 0])
    assert by_rescuer.unit("b").position == (1, 0)
    far = state.replace_units(state.unit("c").model_copy(update={"position": (5, 3)}))
    refused(far, "not adjacent", type="drop", unit="c", passenger="b", to=[0, 1])


# --- Transform: "Transforming into or out of laguz form is a bonus action" ---


def laguz(uid: str, at: tuple[int, int], side: str = "player", **changes: Any):  # type: ignore[no-untyped-def]
    character = {
        "kind": "laguz-beast",
        "feats": [],
        "proficiencies": {"clips": "D", "sword": "D"},
        "weapons": ["Iron Sword"],
    }
    return unit(uid, at, side=side, character=character, **changes)


def test_transform_is_a_bonus_action_and_the_form_sets_movement_and_weapons() -> None:
    state = battle(OPEN, laguz("l", (0, 0)))
    before = movement_left(state, state.unit("l"))
    state = do(state, type="transform", unit="l")
    beast = state.unit("l")
    assert beast.transformed and beast.bonus_used and not beast.acted
    assert movement_left(state, beast) == before + 1  # Beast: "increasing your movement by 1"
    # "you cannot use weapons other than clips and your beast form's natural weapons"
    assert beast.equipped is None
    weapon = combatant(state, beast).weapon
    assert weapon is not None and weapon.name == "Claws"
    refused(state, "bonus action", type="transform", unit="l")
    back = do(do(do(state, type="end_phase"), type="end_phase"), type="transform", unit="l")
    assert not back.unit("l").transformed


def test_transform_refuses_non_laguz_and_costs_a_mob_its_main_action() -> None:
    refused(battle(OPEN, unit("h", (0, 0))), "not a laguz", type="transform", unit="h")
    state = enemy_phase(
        battle(OPEN, unit("p", (7, 3)), laguz("w", (0, 0), side="enemy", tier="mob"))
    )
    after = do(state, type="transform", unit="w")
    assert after.unit("w").transformed and after.unit("w").acted  # Mob: a main action


# --- Trade: "Give, take, or exchange items or equipment with an adjacent friendly
# character" ---


def test_trade_gives_takes_and_keeps_uses_left() -> None:
    a = unit("a", (0, 0), uses={"Vulnerary": 1})
    b = unit("b", (1, 0), character={"weapons": ["Iron Lance"], "items": []})
    state = do(
        battle(OPEN, a, b),
        type="trade",
        unit="a",
        **{"with": "b"},
        give=["Vulnerary", "Iron Sword"],
        take=["Iron Lance"],
    )
    a2, b2 = state.unit("a"), state.unit("b")
    assert a2.character.items == [] and b2.character.items == ["Vulnerary"]
    assert a2.character.weapons == ["Iron Lance"] and b2.character.weapons == ["Iron Sword"]
    assert b2.uses == {"Vulnerary": 1} and a2.uses == {}  # the worn copy travels
    assert a2.bonus_used and not a2.acted
    assert a2.equipped is None  # the given sword is no longer wielded
    weapon = combatant(state, a2).weapon
    assert weapon is not None and weapon.name == "Iron Lance"


def test_trade_respects_slots_adjacency_and_sides() -> None:
    full = unit("b", (1, 0), character={"items": ["Vulnerary", "Elixir"]})
    state = battle(
        OPEN, unit("a", (0, 0)), full, unit("far", (5, 0)), unit("e", (0, 1), side="enemy")
    )
    refused(
        state, "items in 2 item slots", type="trade", unit="a", **{"with": "b"}, give=["Vulnerary"]
    )
    refused(state, "not adjacent", type="trade", unit="a", **{"with": "far"}, give=["Vulnerary"])
    refused(state, "not a friendly", type="trade", unit="a", **{"with": "e"}, give=["Vulnerary"])
    refused(state, "carries no 'Elixir'", type="trade", unit="a", **{"with": "b"}, give=["Elixir"])
    refused(state, "something to", type="trade", unit="a", **{"with": "b"})
    # an exchange that keeps both within their slots is fine
    swapped = do(
        state, type="trade", unit="a", **{"with": "b"}, give=["Vulnerary"], take=["Elixir"]
    )
    assert swapped.unit("a").character.items == ["Elixir"]
    three = unit("w", (0, 1), character={"weapons": ["Iron Sword", "Iron Lance", "Iron Axe"]})
    refused(
        battle(OPEN, unit("a", (0, 0)), three),
        "weapons in 3 weapon slots",
        type="trade",
        unit="a",
        **{"with": "w"},
        give=["Iron Sword"],
    )


def test_trade_refuses_a_second_worn_copy() -> None:
    a = unit("a", (0, 0), uses={"Vulnerary": 2})
    b = unit("b", (1, 0), uses={"Vulnerary": 1})
    refused(
        battle(OPEN, a, b),
        "partly used",
        type="trade",
        unit="a",
        **{"with": "b"},
        give=["Vulnerary"],
    )


def test_carrier_and_passenger_trade_on_their_shared_space() -> None:
    state = do(
        battle(OPEN, mounted("m", (0, 0), "Canto"), unit("b", (1, 0))),
        type="rescue",
        unit="m",
        target="b",
    )
    after = do(state, type="trade", unit="m", **{"with": "b"}, give=["Vulnerary"])
    assert after.unit("b").character.items == ["Vulnerary", "Vulnerary"]


# --- Search: "Inspect a house or other suspicious space you are standing on" ---


def test_search_a_village_is_a_logged_bonus_action() -> None:
    state = battle(["...."], unit("a", (0, 0)))
    state = state.model_copy(
        update={"map": MapState(width=4, height=1, cells=("plain", "village", "house", "plain"))}
    )
    refused(state, "only a house", type="search", unit="a")
    moved = do(state, type="move", unit="a", to=[1, 0])
    after, outcome = apply(moved, {"type": "search", "unit": "a"}, SeededDice(1))
    assert outcome.records == [
        {"type": "search", "unit": "a", "tile": [1, 0], "terrain": "village", "round": 1}
    ]
    assert after.unit("a").bonus_used
    refused(do(after, type="move", unit="a", to=[2, 0]), "bonus action", type="search", unit="a")


# --- Steal (Thief; ruling: main action, adjacent enemy, an item, Spd >= target's) ---


def thief(uid: str, at: tuple[int, int], **changes: Any):  # type: ignore[no-untyped-def]
    return unit(uid, at, character={"feats": ["Thief"], **changes})


def test_thief_steals_an_item_from_an_adjacent_enemy() -> None:
    state = battle(
        OPEN, thief("t", (0, 0), items=[]), unit("e", (1, 0), side="enemy", uses={"Vulnerary": 2})
    )
    after = do(state, type="steal", unit="t", target="e", item="vulnerary")
    assert after.unit("t").character.items == ["Vulnerary"] and after.unit("t").uses == {
        "Vulnerary": 2
    }
    assert after.unit("e").character.items == [] and after.unit("e").uses == {}
    assert after.unit("t").acted


def test_steal_refusals_change_nothing() -> None:
    fast_foe = {"points": {"hp": 10, "spd": 9}, "items": ["Vulnerary", "Iron Clip"]}
    state = battle(
        OPEN,
        thief("t", (0, 0), items=[]),
        unit("plain", (3, 3)),
        unit("e", (1, 0), side="enemy", character={"items": ["Vulnerary", "Iron Clip"]}),
        unit("quick", (0, 1), side="enemy", character=fast_foe),
        unit("far", (5, 0), side="enemy"),
    )
    refused(state, "Thief feat", type="steal", unit="plain", target="far", item="Vulnerary")
    refused(state, "Speed 5 is lower", type="steal", unit="t", target="quick", item="Vulnerary")
    refused(state, "only items", type="steal", unit="t", target="e", item="Iron Sword")
    refused(state, "clip", type="steal", unit="t", target="e", item="Iron Clip")
    refused(state, "not adjacent", type="steal", unit="t", target="far", item="Vulnerary")
    refused(state, "carries no 'Elixir'", type="steal", unit="t", target="e", item="Elixir")
    laden = state.replace_units(
        state.unit("t").model_copy(
            update={
                "character": state.unit("t").character.model_copy(
                    update={"items": ["Elixir", "Elixir"]}
                )
            }
        )
    )
    refused(laden, "item slots", type="steal", unit="t", target="e", item="Vulnerary")


# --- Prepare Attack ---


def guard(uid: str, at: tuple[int, int]):  # type: ignore[no-untyped-def]
    points = {"hp": 20, "str": 8, "skl": 10, "spd": 8, "lck": 5, "def": 6}
    return unit(uid, at, character={"points": points})


def raider(uid: str, at: tuple[int, int], number: int = 1, **changes: Any):  # type: ignore[no-untyped-def]
    points = {"hp": 10, "str": 3, "skl": 2, "spd": 2, "lck": 0, "def": 8}
    character = {"points": points, **changes.pop("character", {})}
    return unit(uid, at, side="enemy", number=number, character=character, **changes)


def prepared(*foes: Any, tiles: list[list[int]] | None = None) -> TroperaBattle:
    state = battle(FIELD, guard("p", (4, 2)), *foes)
    state = do(state, type="prepare", unit="p", tiles=tiles or [[4, 1], [5, 2]])
    return do(state, type="end_phase")


def test_prepare_designates_spaces_within_attack_range_as_a_main_action() -> None:
    state = battle(FIELD, guard("p", (4, 2)), raider("e", (0, 0)))
    refused(state, "reaches 1-1", type="prepare", unit="p", tiles=[[4, 0]])
    refused(state, "needs 'tiles'", type="prepare", unit="p", tiles=[])
    refused(state, "off the", type="prepare", unit="p", tiles=[[9, 9]])
    after = do(state, type="prepare", unit="p", tiles=[[4, 1], [5, 2], [4, 1]])
    assert after.prepared == {"p": ((4, 1), (5, 2))} and after.unit("p").acted
    refused(after, "main action", type="attack", unit="p", target="e")
    archer = battle(
        FIELD,
        unit("a", (4, 2), character={"weapons": ["Iron Bow"], "proficiencies": {"bow": "D"}}),
    )
    assert do(archer, type="prepare", unit="a", tiles=[[4, 0], [6, 2]]).prepared["a"]
    refused(archer, "reaches 2-2", type="prepare", unit="a", tiles=[[4, 1]])


def test_an_attack_from_the_designated_space_goes_first() -> None:
    state = prepared(raider("e", (4, 0)))
    moved = do(state, type="move", unit="e", to=[4, 1])
    assert moved.prepared == {"p": ((4, 1), (5, 2))}  # not yet: it may still attack
    after, outcome = apply(moved, {"type": "attack", "unit": "e", "target": "p"}, SeededDice(3))
    kinds = [r["type"] for r in outcome.records]
    assert kinds == ["attack", "prepared_attack"]  # "their attack goes first"
    shot = outcome.records[1]
    assert shot["unit"] == "p" and shot["target"] == "e" and shot["tile"] == [4, 1]
    assert shot["strikes"][0]["striker"] == "P"  # the preparer is the attacker
    assert after.prepared == {}  # "only make your attack against the first enemy"
    assert "prepared attack" in outcome.summary


def test_a_foe_ending_its_turn_on_the_space_is_attacked_once() -> None:
    state = prepared(raider("e1", (4, 0), number=1), raider("e2", (6, 2), number=2))
    state = do(state, type="move", unit="e1", to=[4, 1])
    after, outcome = apply(state, {"type": "wait", "unit": "e1"}, PhysicalDice([1] * 4 + [100] * 8))
    assert [r["type"] for r in outcome.records] == ["wait", "prepared_attack"]
    assert after.unit("e1").hp < state.unit("e1").hp and after.prepared == {}
    # the second foe on the other designated space: the preparation is spent
    later = do(do(after, type="move", unit="e2", to=[5, 2]), type="wait", unit="e2")
    assert later.unit("e2").hp == state.unit("e2").hp


def test_passing_through_or_leaving_before_acting_does_not_trigger() -> None:
    state = prepared(raider("e", (4, 0)), tiles=[[4, 1]])
    through = do(do(state, type="move", unit="e", to=[3, 1]), type="wait", unit="e")
    assert through.prepared == {"p": ((4, 1),)}
    assert through.unit("e").hp == state.unit("e").hp
    via = do(do(state, type="move", unit="e", to=[4, 1]), type="move", unit="e", to=[3, 1])
    assert do(via, type="wait", unit="e").prepared == {"p": ((4, 1),)}


def test_a_canto_move_that_stops_on_the_space_after_the_main_action_triggers_it() -> None:
    state = prepared(raider("e", (4, 0), character={"feats": ["Canto"]}), tiles=[[4, 1]])
    waited = do(state, type="wait", unit="e")
    after, outcome = apply(waited, {"type": "move", "unit": "e", "to": [4, 1]}, SeededDice(2))
    assert [r["type"] for r in outcome.records] == ["move", "prepared_attack"]
    assert after.prepared == {}


def test_a_dashing_foe_settles_on_the_space_only_when_its_phase_ends() -> None:
    far = raider("x", (8, 4), number=2)
    state = prepared(raider("e", (4, 0), tier="elite"), far, tiles=[[4, 1]])
    dashed = do(state, type="dash", unit="e")  # Dash: a main action, then moving on
    on_space = do(dashed, type="move", unit="e", to=[4, 1])
    assert on_space.prepared == {"p": ((4, 1),)}  # its doubled movement may carry it on
    assert do(do(on_space, type="move", unit="e", to=[3, 1]), type="end_phase").prepared == {}
    after, outcome = apply(on_space, {"type": "end_phase"}, SeededDice(2))
    assert [r["type"] for r in outcome.records] == ["prepared_attack", "end_phase"]


def test_a_foe_still_on_the_space_when_its_phase_ends_is_attacked() -> None:
    state = prepared(raider("e", (4, 0), number=1), raider("x", (8, 4), number=2))
    state = do(state, type="move", unit="e", to=[4, 1])
    after, outcome = apply(state, {"type": "end_phase"}, PhysicalDice([1] * 4 + [100] * 8))
    assert [r["type"] for r in outcome.records] == ["prepared_attack", "end_phase"]
    assert after.side == "player" and after.round == 2 and after.prepared == {}


def test_the_preparation_lapses_when_the_preparers_phase_returns() -> None:
    state = do(prepared(raider("e", (0, 0))), type="end_phase")
    assert state.prepared == {}


def test_a_prepared_attack_can_win_the_battle() -> None:
    goals = Objectives(victory=[Objective(kind="rout")])
    state = battle(FIELD, guard("p", (4, 2)), raider("e", (4, 0), hp=1), objectives=goals)
    state = do(do(state, type="prepare", unit="p", tiles=[[4, 1]]), type="end_phase")
    state = do(state, type="move", unit="e", to=[4, 1])
    after, outcome = apply(state, {"type": "wait", "unit": "e"}, PhysicalDice([1, 1]))
    assert after.result == "victory" and "VICTORY" in outcome.summary


def test_the_enemy_ai_walks_into_a_prepared_attack() -> None:
    state = prepared(raider("e", (4, 0)), tiles=[[4, 1], [3, 2], [5, 2], [4, 3]])
    decision = decide(state, state.unit("e"), Scorer(TroperaOptions()))
    assert [a["type"] for a in decision.actions] == ["move", "attack"]
    records = []
    for action in decision.actions:
        state, outcome = apply(state, action, SeededDice(5))
        records += [r["type"] for r in outcome.records]
    assert records == ["move", "attack", "prepared_attack"]


# --- Provoke and Shade, as the enemy AI honours them ---


def test_provoked_foes_target_only_the_provoker() -> None:
    provoker = nimble("n", (3, 2), feats=["Provoke"])
    state = battle(FIELD, provoker, sturdy("s", (5, 2)), unit("m", (4, 1), side="enemy"))
    scorer = Scorer(TroperaOptions())
    # a Mob "solely prioritize[s] the easiest targets to hit": the sturdy one
    assert decide(enemy_phase(state), state.unit("m"), scorer).actions[-1]["target"] == "s"
    after = do(state, type="provoke", unit="n")
    assert after.unit("n").acted
    [effect] = after.effects_on("m", "provoked")
    assert effect.source == "n"
    taunted = enemy_phase(after)
    decision = decide(taunted, taunted.unit("m"), Scorer(TroperaOptions()))
    assert decision.actions[-1]["target"] == "n"
    assert {c.target for c in decision.candidates} == {"n"}
    # "on their next turn": gone once the enemy phase is over
    later = do(do(after, type="end_phase"), type="end_phase")
    assert later.effects_on("m", "provoked") == []


def test_a_provoked_foe_that_cannot_reach_the_provoker_attacks_no_ally_of_it() -> None:
    rows = ["." * 16]
    state = battle(
        rows,
        unit("pv", (7, 0), character={"feats": ["Provoke"]}),
        unit("a", (3, 0)),
        unit("m", (5, 0), side="enemy"),
    )
    state = do(state, type="provoke", unit="pv")
    # the provoker is carried off out of reach (set by hand here); the taunt holds
    state = state.replace_units(state.unit("pv").model_copy(update={"position": (15, 0)}))
    decision = decide(enemy_phase(state), state.unit("m"), Scorer(TroperaOptions()))
    assert decision.candidates == []  # the adjacent-reachable ally is ignored
    assert decision.actions[0] == {"type": "move", "unit": "m", "to": [10, 0]}  # toward pv
    assert all("target" not in a for a in decision.actions)


def test_provoke_reaches_two_spaces_and_needs_the_feat() -> None:
    state = battle(
        FIELD,
        unit("pv", (0, 0), character={"feats": ["Provoke"]}),
        unit("x", (8, 4)),
        unit("near", (1, 1), side="enemy", number=1),
        unit("edge", (0, 2), side="enemy", number=2),
        unit("out", (3, 0), side="enemy", number=3),
    )
    after = do(state, type="provoke", unit="pv")
    assert {e.unit for e in after.effects if e.name == "provoked"} == {"near", "edge"}
    refused(state, "Provoke feat", type="provoke", unit="x")
    lonely = battle(
        FIELD, unit("pv", (0, 0), character={"feats": ["Provoke"]}), unit("e", (8, 4), side="enemy")
    )
    refused(lonely, "no foe", type="provoke", unit="pv")


def test_shaded_units_are_ignored_while_another_target_is_in_range() -> None:
    shade = sturdy("s", (5, 2), feats=["Shade"])
    state = battle(FIELD, nimble("n", (3, 2)), shade, unit("m", (4, 0), side="enemy"))
    after = do(state, type="shade", unit="s")
    decision = decide(enemy_phase(after), after.unit("m"), Scorer(TroperaOptions()))
    assert decision.actions[-1]["target"] == "n"
    # "as long as at least one other target is in their range": alone, it is fair game
    far = battle(
        ["." * 20],
        sturdy("s", (5, 0), feats=["Shade"]),
        nimble("n", (19, 0)),
        unit("m", (3, 0), side="enemy"),
    )
    far = do(far, type="shade", unit="s")
    decision = decide(enemy_phase(far), far.unit("m"), Scorer(TroperaOptions()))
    assert decision.actions[-1]["target"] == "s"
    # until the start of the shaded unit's next phase
    assert do(do(after, type="end_phase"), type="end_phase").effects_on("s", "shaded") == []
    refused(state, "Shade feat", type="shade", unit="n")


# --- Overload: "your Magic stat doubles for the duration of your next phase" ---


def test_overload_doubles_magic_through_the_next_own_phase() -> None:
    mage = unit(
        "o",
        (0, 0),
        character={
            "feats": ["Overload"],
            "points": {"hp": 10, "mag": 6, "skl": 5, "spd": 5},
            "proficiencies": {"anima": "D"},
            "weapons": ["Fire"],
        },
    )
    state = battle(OPEN, mage, unit("e", (7, 3), side="enemy"))
    after = do(state, type="overload", unit="o")
    assert after.unit("o").acted

    def magic(s: TroperaBattle) -> int:
        return numbers.effective_stat(combatant(s, s.unit("o")), "mag")

    assert magic(state) == 6 and magic(after) == 12
    enemy = do(after, type="end_phase")
    next_own = do(enemy, type="end_phase")
    assert magic(next_own) == 12  # "the duration of your next phase"
    assert magic(do(do(next_own, type="end_phase"), type="end_phase")) == 6
    refused(battle(OPEN, unit("x", (0, 0))), "Overload feat", type="overload", unit="x")


# --- replay: a battle is its start plus its log ---


def test_replay_rebuilds_rescue_drop_and_a_prepared_attack_bit_for_bit() -> None:
    rules = battle_rules([])
    start = battle(
        FIELD,
        guard("p", (4, 2)),
        mounted("m", (0, 0)),
        unit("b", (1, 0)),
        raider("e", (8, 0)),
        raider("e2", (8, 4), number=2),
    )
    log = Battle(ruleset="tropera", seed=11, start=rules.dump_state(start))
    state = start
    for action in (
        {"type": "rescue", "unit": "m", "target": "b"},
        {"type": "prepare", "unit": "p", "tiles": [[5, 2], [4, 1]]},
        {"type": "end_phase"},
        {"type": "move", "unit": "e", "to": [5, 1]},
        {"type": "move", "unit": "e", "to": [5, 2]},
        {"type": "attack", "unit": "e", "target": "p"},
        {"type": "end_phase"},
        {"type": "move", "unit": "m", "to": [2, 2]},
        {"type": "drop", "unit": "m", "to": [2, 3]},
    ):
        log, entry, state = act(log, rules, action, state=state)
    assert any(r["type"] == "prepared_attack" for r in log.log[5].records)
    assert state.unit("b").position == (2, 3)
    assert rules.dump_state(replay(log, rules)) == rules.dump_state(state)
