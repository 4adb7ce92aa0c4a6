"""Area spells on the grid (004 L2676-2710) and the beam flairs (L1122-1157): who an
Explosive or Beam Spell reaches when it activates, and Variant Spell's modifiers added then
(L1353-1356)."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.rulesets.miridon.battle.state import MapState, terrain_set
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting
from tests.miridon.battle.helpers import act, battle, unit

FLAIRS = ("Explosive Spell", "Advanced Explosive Spell", "Beam Spell", "Variant Spell")


def _field(modifiers: tuple[str, ...], flairs: tuple[str, ...] = FLAIRS, target: str = "a",
           wall: tuple[int, int] | None = None) -> Any:
    """The mage at (0, 2); foes a (4, 2), b (5, 2), c (6, 2) on its row, d (4, 4), e (9, 2);
    an ally f at (5, 3). Its Elemental Spell is ready to activate."""
    casting = Casting("Elemental Spell", modifiers, 10, 0, target, 60, element="fire")
    mage = with_casting(unit("mage", at=(0, 2), flairs=flairs, ghost=10), casting)
    foes = [unit(uid, "enemy", at=at, hp=100) for uid, at in
            (("a", (4, 2)), ("b", (5, 2)), ("c", (6, 2)), ("d", (4, 4)), ("e", (9, 2)))]
    state = battle(mage, *foes, unit("f", at=(5, 3), hp=100), width=16, height=6)
    if wall is not None:
        terrains = terrain_set()
        cells = [terrains["wall"] if (x, y) == wall else terrains["open"]
                 for y in range(6) for x in range(16)]
        state = state.model_copy(update={"map": MapState.of(Board(16, 6, cells))})
    return state


def _hit(state: Any, **extra: Any) -> set[str]:
    after, _, _ = act(state, {"type": "activate_spell", "unit": "mage", **extra},
                      rolls=[3] * 6)  # 6d6 = 18 once for every target (area_spell_roll)
    return {u.id for u in after.units if u.hp < 100 and u.id != "mage"}


def test_an_explosive_spell_reaches_every_unit_within_5_feet_of_its_point() -> None:
    """L2682 "the targets of the spell will be a point and any characters within 5 feet of
    that point"; L2694 Advanced: 10 feet."""
    state = _field(("Explosive Spell",))
    assert _hit(state) == {"a", "b", "f"}  # at a's square: b beside, the ally f diagonal
    assert _hit(state, at=[5, 3]) == {"a", "b", "c", "d", "f"}
    assert _hit(_field(("Advanced Explosive Spell",))) == {"a", "b", "c", "d", "f"}
    with pytest.raises(RulesError, match="65 ft away, beyond the Elemental Spell's 60 ft"):
        _hit(state, at=[13, 2])
    with pytest.raises(RulesError, match="give at=x,y"):
        _hit(state, targets="a,c")


def test_a_beam_reaches_everyone_on_the_line_up_to_the_range_and_stops_at_a_wall() -> None:
    """L2706 "the targets of the [Spell] will be all characters in a straight line from the
    caster up to the [Range] of the spell"."""
    state = _field(("Beam Spell",))
    assert _hit(state) == {"a", "b", "c", "e"}
    assert _hit(state, at=[4, 4]) == {"d"}
    assert _hit(_field(("Beam Spell",), wall=(5, 2))) == {"a"}
    with pytest.raises(RulesError, match="choosing them needs Arc Beam Spell"):
        _hit(state, targets="a,d")


def test_arc_beam_chooses_targets_in_order_within_the_range_in_all() -> None:
    """L1130 "targets must be chosen in order ... The sum of the length of the lines must be
    less than the total [Range]"; L1134 "Each target is only targeted by the spell once"."""
    arc = _field(("Beam Spell",), flairs=(*FLAIRS, "Arc Beam Spell"))
    assert _hit(arc, targets="a,d,e") == {"a", "d", "e"}  # 20 + 10 + 25 = 55 < 60 ft
    with pytest.raises(RulesError, match="their sum must be less than the 60 ft range"):
        _hit(arc, targets="e,a,d,c")  # 45 + 25 + 10 + 10 = 90
    with pytest.raises(RulesError, match="only targeted by the spell once"):
        _hit(arc, targets="a,d,a")
    chain = _field(("Beam Spell",), flairs=(*FLAIRS, "Arc Beam Spell", "Chain Beam Spell"))
    assert _hit(chain, targets="e,a,d,c") == {"a", "c", "d", "e"}  # each line < 60 ft


def test_explosive_beam_bursts_at_the_beams_chosen_targets() -> None:
    """L1152 "for each target of the [Spell], the caster can choose for each target to
    activate an [Explosive Spell] or an [Advanced Explosive Spell] at the location, adding
    any additional targets hit"; L1155 only the beam's own targets."""
    flairs = (*FLAIRS, "Explosive Beam Spell")
    beam = _field(("Beam Spell",), flairs=flairs)
    assert _hit(beam, at=[4, 4]) == {"d"}
    assert _hit(beam, at=[4, 4], explode="d") == {"d", "f"}  # f 5 ft from d
    assert _hit(beam, at=[4, 4], explode={"d": "advanced"}) == {"a", "b", "c", "d", "f"}
    with pytest.raises(RulesError, match="not a target of the beam"):
        _hit(beam, at=[4, 4], explode="f")
    with pytest.raises(RulesError, match="lacks the Explosive Beam Spell flair"):
        _hit(_field(("Beam Spell",)), at=[4, 4], explode="d")


def test_variant_spell_adds_a_modifier_at_activation() -> None:
    """L1355 "The character can add a [Spell Casting Modifier] to a [Spell] when they
    perform [Activate Spell]"."""
    state = _field(())
    assert _hit(state) == {"a"}
    assert _hit(state, modifiers="Explosive Spell") == {"a", "b", "f"}
    no_variant = _field((), flairs=("Explosive Spell",))
    with pytest.raises(RulesError, match="needs the Variant Spell flair"):
        _hit(no_variant, modifiers="Explosive Spell")
    with pytest.raises(RulesError, match="cannot join"):
        _hit(_field(("Beam Spell",)), modifiers="Explosive Spell")
