"""``attack_plan.plan_one`` is memoised by what it reads (``plan_reads``), not by the
state's identity (issue 28: the AI's mover plans every attack again from each square it
weighs). A memo hit must return exactly the plan computed afresh: held here over random
boards, where the attacker's square, points, slots and Charge, the block and the other
units move between a first plan (the memo primed) and a second (compared with
``_plan_one`` on its own state)."""

from __future__ import annotations

from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import memo
from tactician.rulesets.miridon.battle.attack_plan import LAST_MELEE, _plan_one, plan_one
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.battle.shoot_through import (
    ADVANCED,
    PIERCING,
    SURPRISE,
    _prepare,
    prepared,
)
from tests.miridon.battle.helpers import battle, unit

SHOT = {"type": "attack", "unit": "g", "target": "t", "weapon": "Shotgun", "kind": "gun"}
WEAPONS = ("Shotgun", "Revolver", "Hunting Rifle", "Longsword", "Claymore (sword)",
           "Shock Gun")
KINDS = (None, "gun", "aimed", "melee", "combo")
FLAIRS = ("Shoot Through", "True Strike", SURPRISE, PIERCING, ADVANCED)


def _shooter(at: tuple[int, int], **changes: Any):  # type: ignore[no-untyped-def]
    return unit("g", weapons=("Shotgun",), to_hit={"Shotgun": 3}, at=at,
                flairs=("Shoot Through",), **changes)


def test_plans_from_squares_alike_for_the_target_are_one_plan() -> None:
    """The mover's trial states after a sidestep: the same distance to the target, other
    points and slots; one plan (before: a plan per state, made afresh)."""
    rules = MiridonBattleRules([])
    target = unit("t", "enemy", at=(4, 2), hp=30, stance="Block Stance")
    shooter = _shooter((0, 2))
    here = battle(shooter, target, width=8)
    moved = shooter.model_copy(update={"position": (0, 1), "speed": 7, "slots": ("movement",)})
    there = here.replace_units(moved)
    memo.clear()
    first = plan_one(rules.book, rules.options, here, SHOT, "Shotgun", ())
    assert plan_one(rules.book, rules.options, there, SHOT, "Shotgun", ()) is first
    assert first == _plan_one(rules.book, rules.options, there, SHOT, "Shotgun", ())


def _plans(base: Any, changes: dict[str, Any], action: dict[str, Any], weapon: str,
           **state_changes: Any) -> tuple[Any, Any]:
    """The plan on ``base`` and on ``base`` with its unit ``changes`` (id -> fields) and
    ``state_changes``, the memo primed by the first (the same profiles in both, as the
    mover's trial states have)."""
    rules = MiridonBattleRules([])
    other = base.replace_units(*(base.unit(uid).model_copy(update=fields)
                                 for uid, fields in changes.items()))
    other = other.model_copy(update=state_changes)
    memo.clear()
    return tuple(_plan_or_refusal(plan_one, rules.book, rules.options, state, action, weapon,
                                  ()) for state in (base, other))  # type: ignore[return-value]


TARGET = unit("t", "enemy", at=(4, 2), hp=30)


def test_a_nearer_square_is_another_plan() -> None:
    far, near = _plans(battle(_shooter((0, 2)), TARGET, width=8), {"g": {"position": (2, 2)}},
                       SHOT, "Shotgun")
    assert (far.distance_ft, near.distance_ft) == (20, 10)


def test_a_guardian_next_to_the_target_is_another_plan() -> None:
    """L173: a friend's Guardian rank within 5 ft raises the Passive Evasion."""
    base = battle(_shooter((0, 2)), TARGET, unit("k", "enemy", at=(7, 0),
                                                 specials={"Guardian": 2}), width=8)
    alone, guarded = _plans(base, {"k": {"position": (5, 2)}}, SHOT, "Shotgun")
    assert guarded.spec.evasion == alone.spec.evasion + 2


SWORD = {"type": "attack", "unit": "s", "target": "t", "kind": "melee"}


def _swordsman(**changes: Any):  # type: ignore[no-untyped-def]
    return unit("s", at=(3, 2), weapons=("Claymore (sword)",), specials={"Flanking": 1},
                **changes)


def test_a_melee_attackers_charge_is_another_plan() -> None:
    still, charged = _plans(battle(_swordsman(), TARGET, width=8), {"s": {"charge": 1}}, SWORD,
                            "Claymore (sword)")
    assert charged.spec.bonus_flat > still.spec.bonus_flat  # Charge + the weight (L1953)


def test_a_friend_flanking_the_target_is_another_plan() -> None:
    """L138: Flanking adds its rank for each friend in melee range of the target."""
    base = battle(_swordsman(), TARGET, unit("k", at=(7, 0)), width=8)
    alone, flanked = _plans(base, {"k": {"position": (5, 2)}}, SWORD, "Claymore (sword)")
    assert flanked.spec.bonus_flat == alone.spec.bonus_flat + 1


def test_the_block_is_read() -> None:
    """A Melee Combo Attack needs a Melee Attack the block before (L1814); Steady Shot no
    action the block before nor this one (L3538)."""
    combo = {**SWORD, "kind": "combo"}
    base = battle(_swordsman(pools={LAST_MELEE: 1}), TARGET, width=8).model_copy(
        update={"block": 2})
    allowed, refused = _plans(base, {}, combo, "Claymore (sword)", block=3)
    assert allowed.acts_as == "combo" and "no Melee Combo Attack" in refused
    rifle = unit("r", weapons=("Hunting Rifle",), at=(0, 2), active_blocks=(2,))
    aim = {"type": "attack", "unit": "r", "target": "t", "weapon": "Hunting Rifle"}
    steady, unsteady = _plans(battle(rifle, TARGET, width=8).model_copy(update={"block": 4}),
                              {}, aim, "Hunting Rifle", block=3)
    assert steady.spec.to_hit == unsteady.spec.to_hit + 2  # the Steady Shot Bonus


def _plan_or_refusal(function: Any, *args: Any) -> Any:
    try:
        return function(*args)
    except RulesError as refused:
        return f"refused: {refused}"


TILES = [(x, y) for x in range(4) for y in range(4)]  # small: melee range and friends often


@st.composite
def boards(draw: Any) -> tuple[Any, Any, dict[str, Any], str]:
    """Two states alike but for one thing a memo key must tell apart or may leave out
    (or none, or all of them): the attacker's square, points, slots, Charge, Steady Shot
    blocks or last Melee Attack, the block, or a bystander's square or status; so the
    second plan is often the memo's, and often apart from the first by one read."""
    weapon = draw(st.sampled_from(WEAPONS))
    flairs = draw(st.lists(st.sampled_from(FLAIRS), unique=True))
    # a unit's profile is one object in both states, as the mover's trial states share it
    mover = unit("a", weapons=(weapon,), flairs=tuple(flairs),
                 specials={"Flanking": draw(st.integers(0, 2))})
    bystanders = [unit(f"o{number}", draw(st.sampled_from(("player", "enemy"))),
                       specials={"Guardian": draw(st.integers(0, 2))})
                  for number in range(draw(st.integers(0, 3)))]
    stance = draw(st.sampled_from((None, "Block Stance", "Heavy Block Stance")))
    tiles = draw(st.permutations(TILES))
    target = unit("t", draw(st.sampled_from(("enemy", "player"))), at=tiles[0], hp=20,
                  weapons=("Longsword", "Small Shield"), **({"stance": stance} if stance else {}))
    values: dict[str, st.SearchStrategy[Any]] = {
        "strength": st.integers(1, 10), "speed": st.integers(1, 10),
        "charge": st.integers(0, 2), "slots": st.sampled_from(((), ("movement",))),
        "active_blocks": st.sampled_from(((), (1,), (2,))),
        "pools": st.sampled_from(({}, {LAST_MELEE: 0}, {LAST_MELEE: 1})),
        "block": st.integers(1, 2)}
    things = [*values, "position", *(f"o{n}" for n in range(len(bystanders)))]
    change = draw(st.sampled_from(["none", "all", *things]))

    def changed(thing: str) -> bool:
        return change in (thing, "all")

    first = {name: draw(strategy) for name, strategy in values.items()}
    second = {name: draw(strategy) if changed(name) else first[name]
              for name, strategy in values.items()}
    spare = iter(tiles[2 + len(bystanders):])  # squares nobody stands on in either state
    squares = list(tiles[1:2 + len(bystanders)])
    moved = [next(spare) if changed(thing) and draw(st.booleans()) else at
             for thing, at in zip(["position", *things[len(values) + 1:]], squares,
                                  strict=True)]
    statuses = [draw(st.sampled_from(("ok", "unconscious"))) for _ in bystanders]
    after = [draw(st.sampled_from(("ok", "unconscious"))) if changed(f"o{n}") else was
             for n, was in enumerate(statuses)]

    def state(points: dict[str, Any], at: list[tuple[int, int]], status: list[str]) -> Any:
        fields = {name: value for name, value in points.items() if name != "block"}
        attacker = mover.model_copy(update={"position": at[0], **fields})
        others = [other.model_copy(update={"position": square, "status": now})
                  for other, square, now in zip(bystanders, at[1:], status, strict=True)]
        return battle(attacker, target, *others, width=4, height=4).model_copy(
            update={"block": points["block"]})

    action: dict[str, Any] = {"type": "attack", "unit": "a", "target": "t", "weapon": weapon}
    kind = draw(st.sampled_from(KINDS))
    if kind is not None:
        action["kind"] = kind
    metric = draw(st.sampled_from(("chebyshev", "euclidean")))
    return state(first, squares, statuses), state(second, moved, after), action, metric


@settings(max_examples=300, deadline=None)
@given(boards())
def test_a_plan_from_the_memo_is_the_plan_made_afresh(case: Any) -> None:
    first, second, action, metric = case
    rules = MiridonBattleRules([f"distance_metric={metric}"])
    book, options = rules.book, rules.options
    weapon = first.unit("a").profile.weapons[0].name
    modifiers = ("true_strike",) if "True Strike" in first.unit("a").profile.flairs else ()
    memo.clear()
    primed = _plan_or_refusal(plan_one, book, options, first, action, weapon, modifiers)
    found = _plan_or_refusal(plan_one, book, options, second, action, weapon, modifiers)
    event("the memo's plan" if found is primed and not isinstance(found, str) else "another")
    assert found == _plan_or_refusal(_plan_one, book, options, second, action, weapon,
                                     modifiers)


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 6), st.integers(0, 6))
def test_a_shoot_through_roll_from_the_memo_is_the_roll_made_afresh(case: Any, before: int,
                                                                    marked: int) -> None:
    """``shoot_through.prepared`` (a line target's plan and roll, ``marked`` bullets having
    hit before) is memoised by ``plan_reads`` and the shooter's profile: a memo hit is the
    plan and roll made afresh on the second state (a stance broken by Advanced Piercing
    included), the memo primed by the first with ``before`` bullets marked."""
    first, second, action, metric = case
    rules = MiridonBattleRules([f"distance_metric={metric}"])
    book, options = rules.book, rules.options
    shooter = first.unit("a")
    weapon = shooter.profile.weapons[0].name
    modifiers = ("shoot_through",) if "Shoot Through" in shooter.profile.flairs else ()
    memo.clear()
    primed = _plan_or_refusal(prepared, book, options, first, shooter, action, weapon,
                              modifiers, before)
    found = _plan_or_refusal(prepared, book, options, second, second.unit("a"), action,
                             weapon, modifiers, marked)
    event("the memo's roll" if found is primed and not isinstance(found, str) else "another")
    fresh = _plan_or_refusal(_prepare, book, options, second, second.unit("a"), action, weapon,
                             modifiers, marked)
    assert found == (fresh if isinstance(fresh, str) else fresh[1:])
