"""The flair tiers the attack's numbers read (issue 26's coverage map): each Advanced /
Greater step changes the planned attack as 004 says, through ``attack_numbers.build``
(the one procedure the battle, the forecast and the AI plan with)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import battle, unit

BOOK = load_compendium()
QUIET = {"dodge": "no", "block": "none"}


def _spec(attacker, **action):  # type: ignore[no-untyped-def]
    target = unit("t", "enemy", at=(1, 0), hp=300)
    found, _ = plan_attack(BOOK, BattleOptions(), battle(attacker, target),
                           {"type": "attack", "unit": attacker.id, "target": "t", **QUIET,
                            **action})
    return found.spec


def test_l913_greater_critical_hit_from_10() -> None:
    """Greater Critical Hit (L911-915): "[Critical Hit] on a 10, 11, or 12"."""
    base = ("Advanced Critical Hit",)
    assert _spec(unit("a", flairs=base)).crit_from == 11
    assert _spec(unit("a", flairs=(*base, "Greater Critical Hit"))).crit_from == 10


def test_l1044_l1064_sniper_rifle_critical_tiers() -> None:
    """Sniper Rifle Critical Hit 9+, Advanced 8+, Greater 7+ with a steady shot
    (L1044-1064)."""
    tiers = ("Sniper Rifle Critical Hit", "Advanced Sniper Rifle Critical Hit",
             "Greater Sniper Rifle Critical Hit")
    for n, low in ((0, 12), (1, 9), (2, 8), (3, 7)):
        shooter = unit("a", weapons=("Hunting Rifle",), flairs=tiers[:n])
        assert _spec(shooter).crit_from == low


def test_l1091_greater_tesla_critical_multiplier() -> None:
    """Tesla Critical Hit x2, Advanced x3, Greater x4 (L1076-1095)."""
    tiers = ("Tesla Critical Hit", "Advanced Tesla Critical Hit", "Greater Tesla Critical Hit")
    for n, points in ((1, 2), (2, 3), (3, 4)):
        gun = unit("g", weapons=("Shock Gun",), to_hit={"Shock Gun": 30}, flairs=tiers[:n])
        assert _spec(gun).crit_multiplier_points == points


def test_l587_l597_l606_strong_attack_and_shot_rerolls() -> None:
    """Advanced Strong Attack re-rolls 1s and 2s (L587-593); Strong Shot / Advanced Strong Shot
    do the same for guns (L597-612); a melee flair does nothing for a gun."""
    assert _spec(unit("a", flairs=("Strong Attack",))).reroll_up_to == 1
    assert _spec(unit("a", flairs=("Strong Attack", "Advanced Strong Attack"))).reroll_up_to == 2
    gun = {"weapons": ("Revolver",)}
    assert _spec(unit("g", flairs=("Strong Attack",), **gun)).reroll_up_to == 0
    assert _spec(unit("g", flairs=("Strong Shot",), **gun)).reroll_up_to == 1
    assert _spec(unit("g", flairs=("Strong Shot", "Advanced Strong Shot"), **gun)
                 ).reroll_up_to == 2


def test_l501_advanced_redouble_specialist_excludes_margin_dice() -> None:
    """Advanced Redouble Specialist (L501-509) also leaves [Crushing Blow]'s margin dice
    out of the damage Redouble compares."""
    plain = _spec(unit("a", flairs=("Redouble Specialist",)))
    advanced = _spec(unit("a", flairs=("Redouble Specialist", "Advanced Redouble Specialist")))
    assert plain.track_counted and not plain.excluded_margin_dice
    assert advanced.excluded_margin_dice


def test_l513_greater_redouble_specialist_leaves_bull_rush_out_after_a_charge() -> None:
    """Greater Redouble Specialist (L513-521) also leaves [Bull Rush] out of the damage
    Redouble compares; Advanced alone leaves the [Charge] (weapon weight) out."""
    from tests.miridon.battle.helpers import act

    def charged(flairs: tuple[str, ...]):  # type: ignore[no-untyped-def]
        attacker = unit("a", at=(0, 2), flairs=flairs, specials={"Bull Rush": 2},
                        talents={"Redouble": 1}, strength=20, speed=20)
        state = battle(attacker, unit("t", "enemy", at=(3, 2), hp=300))
        state, _, _ = act(state, {"type": "move", "unit": "a", "to": [2, 2], "how": "charge"})
        found, _ = plan_attack(BOOK, BattleOptions(), state,
                               {"type": "attack", "unit": "a", "target": "t", **QUIET})
        return found.spec

    advanced = charged(("Redouble Specialist", "Advanced Redouble Specialist"))
    greater = charged(("Redouble Specialist", "Advanced Redouble Specialist",
                       "Greater Redouble Specialist"))
    weight = BOOK.weapon("Longsword").weight
    assert (advanced.excluded_flat, advanced.excluded_dice) == (weight, 0)
    assert (greater.excluded_flat, greater.excluded_dice) == (weight, 2)


def test_l787_charging_spinning_strike_keeps_the_charge() -> None:
    """A [Spinning Strike] gets no [Charge] damage (L2540) unless the attacker has
    Charging Spinning Strike (L785-789)."""
    from tests.miridon.battle.helpers import act

    def spun(flairs: tuple[str, ...]) -> int:
        attacker = unit("a", at=(0, 2), flairs=("Spinning Strike", *flairs), strength=20,
                        speed=20)
        state = battle(attacker, unit("t", "enemy", at=(3, 2), hp=300))
        state, _, _ = act(state, {"type": "move", "unit": "a", "to": [2, 2], "how": "charge"})
        found, _ = plan_attack(BOOK, BattleOptions(), state, {
            "type": "attack", "unit": "a", "target": "t", "modifiers": ["spinning_strike"],
            **QUIET})
        return int(found.spec.bonus_flat)

    assert spun(()) == 0
    assert spun(("Charging Spinning Strike",)) == BOOK.weapon("Longsword").weight


def test_l801_advanced_agile_whirlwind_strike_cannot_be_obstructed() -> None:
    """Advanced Agile Whirlwind Strike (L801-805): the Whirlwind Strike that Obstruct
    Movement would stop moves and strikes."""
    from tests.miridon.battle.helpers import act

    flairs = ("Spinning Strike", "Whirlwind Strike", "Agile Whirlwind Strike",
              "Advanced Agile Whirlwind Strike")
    spinner = unit("w", flairs=flairs, to_hit={"Longsword": 30}, strength=20, speed=20,
                   at=(2, 2))
    guard = unit("g", "enemy", at=(1, 2), hp=100)
    after, _, _ = act(battle(spinner, guard), {"type": "attack", "unit": "w",
                                               "modifiers": "whirlwind_strike", "to": [4, 2],
                                               **QUIET})
    assert after.unit("w").position == (4, 2) and after.unit("g").hp < 100


def test_l896_greater_combo_finisher_adds_the_first_margin_too() -> None:
    """Combo Finisher + the second attack's margin in d6 with Advanced (L890), + the
    first's with Greater (L896-900)."""
    from tests.miridon.battle.follow_up_actions_helpers import combo_dice

    assert combo_dice(("Combo Finisher", "Advanced Combo Finisher")) == 3
    assert combo_dice(("Combo Finisher", "Advanced Combo Finisher",
                       "Greater Combo Finisher")) == 3 + 4


def test_cost_with_every_tier_flair_lowers_its_action_or_modifier_cost() -> None:
    """Every ``cost_with`` tier of the data (Advanced / Greater Second and Third Attack,
    L686-752; Advanced / Greater Crushing Blow, L824-836; ...) is the cost a unit with
    that flair pays, through ``battle/costs.py`` (the one cost procedure)."""
    from tactician.rulesets.miridon.battle.costs import action_cost, modifier_cost

    seen = set()
    for table, cost_of in ((BOOK.actions, action_cost), (BOOK.attack_modifiers, modifier_cost)):
        for key, entry in table.items():
            for tier in entry.cost_with:
                owner = unit("a", flairs=tuple(t.flair for t in entry.cost_with
                                               if t is tier or sum((t.strength_cost,
                                                                    t.speed_cost))
                                               >= sum((tier.strength_cost, tier.speed_cost))))
                assert cost_of(BOOK, key, owner) == (tier.strength_cost, tier.speed_cost)
                seen.add(tier.flair)
    assert {"Advanced Second Attack", "Greater Second Attack", "Advanced Third Attack",
            "Greater Third Attack", "Advanced Crushing Blow", "Greater Crushing Blow"} <= seen
