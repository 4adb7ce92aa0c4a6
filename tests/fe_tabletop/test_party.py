"""001 L49 inventory and Supply, L117-121 supports, L87-108 skill checks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.checks import (
    difficulty,
    roll_check,
    skill_count,
    skill_stat,
    success_chance,
)
from tactician.rulesets.fe_common.character.inventory import SUPPLY_SIZE, deposit, pick_up, withdraw
from tactician.rulesets.fe_common.character.supports import Supports, fights_needed
from tactician.rulesets.fe_tabletop.options import TabletopOptions

RODRICK = ("Iron Axe", "Steel Axe", "Hand Axe", "Hammer", "Elixir")


def test_rodrick_the_fighter_with_a_full_inventory_picks_up_a_vulnerary() -> None:
    with pytest.raises(RulesError, match="choose one"):
        pick_up(RODRICK, (), "Vulnerary")
    kept, supply = pick_up(RODRICK, (), "Vulnerary", send="Vulnerary")
    assert kept == RODRICK and supply == ("Vulnerary",)
    kept, supply = pick_up(RODRICK, (), "Vulnerary", send="Hammer")
    assert len(kept) == 5 and "Vulnerary" in kept and supply == ("Hammer",)


def test_the_supply_holds_99_and_is_reached_outside_battle() -> None:
    full = ("Vulnerary",) * SUPPLY_SIZE
    with pytest.raises(RulesError, match="full"):
        deposit(("Iron Axe",), full, "Iron Axe")
    with pytest.raises(RulesError, match="outside of battle"):
        withdraw((), ("Elixir",), "Elixir", in_battle=True)
    assert withdraw((), ("Elixir",), "Elixir", in_battle=False) == (("Elixir",), ())
    assert pick_up(("Iron Axe",), (), "Vulnerary") == (("Iron Axe", "Vulnerary"), ())
    assert deposit(("Iron Axe",), (), "Iron Axe") == ((), ("Iron Axe",))
    with pytest.raises(RulesError, match="in battle"):
        deposit(("Iron Axe",), (), "Iron Axe", in_battle=True)


def test_tt10_support_ranks_by_fights_together() -> None:
    assert [fights_needed(r) for r in "CBAS"] == [4, 10, 18, 28]  # L119: "a total of 10"
    s = Supports()
    for _ in range(3):
        s = s.fought_together("Eirika", "Seth")
    assert s.next_rank("Eirika", "Seth") is None
    with pytest.raises(RulesError, match="no support"):
        s.hold_conversation("Eirika", "Seth")
    s = s.fought_together("Seth", "Eirika").hold_conversation("Eirika", "Seth")
    assert s.rank("Seth", "Eirika") == "C"
    with pytest.raises(RulesError, match="before or after"):
        s.hold_conversation("Eirika", "Seth", in_battle=True)


def test_only_the_highest_adjacent_support_counts() -> None:
    s = Supports(ranks={("Eirika", "Seth"): "B", ("Eirika", "Franz"): "C"})
    assert s.adjacent_bonus("Eirika", ["Seth", "Franz"]) == (10, 4)
    assert s.adjacent_bonus("Eirika", ["Franz"]) == (5, 2)
    assert s.adjacent_bonus("Eirika", []) == (0, 0)


def test_each_unit_holds_one_s_support() -> None:
    s = Supports(fights={("Eirika", "Seth"): 28, ("Eirika", "Innes"): 28},
                 ranks={("Eirika", "Seth"): "S", ("Eirika", "Innes"): "A"})
    with pytest.raises(RulesError, match="already hold an S"):
        s.hold_conversation("Eirika", "Innes")


def test_tt11_three_d6_checks() -> None:
    assert roll_check(8, difficulty("normal", TabletopOptions()), PhysicalDice([3, 4, 5])).success
    assert not roll_check(8, 20, PhysicalDice([3, 4, 4])).success
    assert success_chance(8, 20) == pytest.approx(81 / 216)
    assert success_chance(8, 15) == pytest.approx(196 / 216)
    assert difficulty("Extremely Hard", TabletopOptions()) == 35
    assert difficulty("extremely hard", TabletopOptions(skill_dc_extreme=40)) == 40
    assert skill_stat("Athletics") == "spd" and skill_stat("Artisan", "lck") == "lck"
    with pytest.raises(RulesError):
        skill_stat("Artisan", "spd")
    with pytest.raises(RulesError, match="unknown difficulty"):
        difficulty("impossible", TabletopOptions())


def test_skill_counts() -> None:
    assert skill_count("unpromoted", thief=False, lord=False) == (2, 0)
    assert skill_count("promoted", thief=False, lord=False) == (3, 0)
    assert skill_count("trainee", thief=False, lord=False) == (1, 0)
    assert skill_count("unpromoted", thief=True, lord=False) == (5, 0)
    assert skill_count("unpromoted", thief=False, lord=True) == (2, 2)


@given(st.integers(-5, 30), st.integers(0, 45), st.integers(0, 1000))
def test_check_odds_are_a_probability_and_monotone(stat: int, dc: int, seed: int) -> None:
    p = success_chance(stat, dc)
    assert 0.0 <= p <= 1.0 and success_chance(stat + 1, dc) >= p
    check = roll_check(stat, dc, SeededDice(seed))
    assert len(check.faces) == 3 and all(1 <= f <= 6 for f in check.faces)


def test_adjacency_on_the_grid_picks_the_supporters() -> None:
    from tactician.rulesets.fe_common.character.supports import adjacent_allies

    positions = {"Eirika": (2, 2), "Seth": (2, 3), "Franz": (3, 3), "Gilliam": (1, 2)}
    assert set(adjacent_allies("Eirika", positions)) == {"Seth", "Gilliam"}
    s = Supports(ranks={("Eirika", "Franz"): "S", ("Eirika", "Gilliam"): "C"})
    assert s.adjacent_bonus("Eirika", adjacent_allies("Eirika", positions)) == (5, 2)
