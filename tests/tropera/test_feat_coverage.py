"""Feats no other test played in battle (issue 26's coverage map names these tests): Fast
Healer (000 feat list: "You recover hit points equal to 1/4 your level (rounded down,
minimum 1) whenever you take the Defend action", ``basic_actions.defend``) and the
Manakete option (``movement.py``)."""

from __future__ import annotations

from tactician.dice.source import SeededDice
from tactician.rulesets.tropera.battle_actions import apply
from tests.tropera.battles import battle, unit

OPEN = ["........", "........"]


def _defended(feats: list[str], hp_lost: int) -> tuple[int, int]:
    healer = unit("a", (0, 0), character={"feats": feats})
    healer = healer.model_copy(update={"hp": healer.hp - hp_lost})
    state = battle(OPEN, healer, unit("e", (5, 0), side="enemy"))
    after = apply(state, {"type": "defend", "unit": "a"}, SeededDice(1))[0]
    return healer.hp, after.unit("a").hp


def test_fast_healer_recovers_a_quarter_level_minimum_1_on_defend() -> None:
    before, after = _defended(["Fast Healer"], 5)
    assert after == before + 1  # level 1: 1/4 rounded down is 0, minimum 1
    before, after = _defended([], 5)
    assert after == before
    before, after = _defended(["Fast Healer"], 0)
    assert after == before  # never above the maximum


def test_manakete_wings_cross_impassable_terrain() -> None:
    """Manakete (000 "Laguz and Manakete"): "Your wings allow you to move unimpeded by
    difficult or impassible terrain except for interior walls"."""
    from tactician.rulesets.tropera.battle_units import reach

    rows = [".M.", ".M.", ".M."]
    state = battle(rows, unit("a", (0, 1)),
                   unit("m", (0, 0), character={"kind": "manakete", "feats": ["Manakete"]}))
    assert (2, 1) not in reach(state, state.unit("a"))
    assert (2, 1) in reach(state, state.unit("m"))
