"""The casting lifecycle (004 L3243-3280, L1911-1915, L2417-2428, L2502-2515, L2104-2116):
spec Piece C tests 5-7."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium, load_compendium
from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import (
    Casting,
    CastRequest,
    activate,
    cancel,
    cast_spell,
    channel,
    lapse,
    pass_block,
)
from tactician.rulesets.miridon.magic.echo import check_echo
from tactician.rulesets.miridon.magic.interruption import (
    action_paid,
    damage_taken,
    points_to_save,
    recover_ghost_power,
    redirect,
)
from tactician.rulesets.miridon.spirit_options import SpiritOptions

NOBODY = Caster()


def elemental(comp: Compendium, ghost: int = 10, **kw: object) -> Casting:
    request = CastRequest("Elemental Spell", ghost, "goblin", 40, element="fire", **kw)  # type: ignore[arg-type]
    return cast_spell(comp, NOBODY, Ghost(30, 30), request).casting


def test_l3247_invest_is_deducted(comp: Compendium) -> None:
    cast = cast_spell(comp, NOBODY, Ghost(30, 12),
                      CastRequest("Elemental Spell", 12, "goblin", 40, element="cold"))
    assert cast.ghost is not None and cast.ghost.after == Ghost(30, 0)
    assert cast.casting.spell_ghost == 12 and cast.casting.remaining == 3
    with pytest.raises(RulesError, match="cannot invest 13"):
        cast_spell(comp, NOBODY, Ghost(30, 12),
                   CastRequest("Elemental Spell", 13, "goblin", 40, element="cold"))
    with pytest.raises(RulesError, match="greater than 0"):
        cast_spell(comp, NOBODY, Ghost(30, 12),
                   CastRequest("Elemental Spell", 0, "goblin", 40, element="cold"))


def test_l3245_needs_one_ghost(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="at least 1"):
        cast_spell(comp, NOBODY, Ghost(30, 0), CastRequest("Health Recovery", 1))


def test_l3249_range(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="out of range"):
        cast_spell(comp, NOBODY, Ghost(30, 30),
                   CastRequest("Elemental Spell", 5, "goblin", 65, element="fire"))
    with pytest.raises(RulesError, match="out of range"):  # not "or Self"
        cast_spell(comp, NOBODY, Ghost(30, 30), CastRequest("Elemental Spell", 5, element="fire"))
    cast_spell(comp, NOBODY, Ghost(30, 30), CastRequest("Health Recovery", 5))  # self ok


def test_element_is_chosen(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="needs an element"):
        cast_spell(comp, NOBODY, Ghost(30, 30), CastRequest("Elemental Spell", 5, "g", 10))
    with pytest.raises(RulesError, match="no element"):
        cast_spell(comp, NOBODY, Ghost(30, 30), CastRequest("Health Recovery", 5, element="fire"))


def test_l3257_damage_drains_with_concentration(comp: Compendium) -> None:
    """Taking 5 damage lowers it by 5; with Concentration rank 2 (L97, C48) by 0."""
    spell = elemental(comp, 10)
    assert damage_taken(spell, 5, NOBODY)[0].spell_ghost == 5
    assert damage_taken(spell, 5, Caster(concentration=2))[0].spell_ghost == 10
    assert damage_taken(spell, 8, Caster(concentration=2))[0].spell_ghost == 8


def test_l3259_a_dodge_drains_its_cost(comp: Compendium) -> None:
    spell = elemental(comp, 10)
    assert action_paid(spell, "Dodge", 0, 1)[0].spell_ghost == 9
    assert action_paid(spell, "Channel Spell", 0, 0)[0].spell_ghost == 10


def test_l3261_redirect(comp: Compendium) -> None:
    """Redirecting 10 ft costs 2; never past the range."""
    spell = elemental(comp, 10)
    assert redirect(spell, 10, 50)[0].spell_ghost == 8
    assert redirect(spell, 7, 50)[0].spell_ghost == 8  # a part of 5 ft counts
    with pytest.raises(RulesError, match="past its range"):
        redirect(spell, 10, 65)


def test_l3269_l2515_recover_ghost_power(comp: Compendium) -> None:
    """A spell at 2 taking 5 (-> -3) is cancelled unless Recover Ghost Power pays 4 at 1:1
    (-> 1); Efficient (L618): 2 points; Advanced Efficient (L627): 2 points (-> 3)."""
    threatened, drain = damage_taken(elemental(comp, 2), 5, NOBODY)
    assert (threatened.status, threatened.spell_ghost, drain.after) == ("threatened", -3, -3)
    assert lapse(threatened).status == "cancelled"
    assert points_to_save(threatened, NOBODY) == 4
    saved, _ = recover_ghost_power(threatened, NOBODY, 2, 2)
    assert (saved.status, saved.spell_ghost) == ("casting", 1)
    short, _ = recover_ghost_power(threatened, NOBODY, 3, 0)
    assert short.status == "cancelled"
    efficient = Caster(flairs=frozenset({"Efficient Recover Ghost Power"}))
    assert points_to_save(threatened, efficient) == 2
    assert recover_ghost_power(threatened, efficient, 0, 2)[0].spell_ghost == 1
    advanced = Caster(flairs=frozenset({"Efficient Recover Ghost Power",
                                        "Advanced Efficient Recover Ghost Power"}))
    assert points_to_save(threatened, advanced) == 2
    assert recover_ghost_power(threatened, advanced, 1, 1)[0].spell_ghost == 3


def test_recover_only_answers_a_drop(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="answers a drop"):
        recover_ghost_power(elemental(comp, 5), NOBODY, 1, 0)


def test_l3286_cast_time_takes_three_blocks(comp: Compendium) -> None:
    """DEFAULT C44: cast + channel in block 1, channel in 2, channel in 3 -> activate."""
    spell = elemental(comp)
    blocks = 0
    while True:
        blocks += 1
        spell = channel(spell)
        if spell.remaining == 0:
            break
        spell = pass_block(spell)
    assert blocks == 3 and activate(spell, comp, 40).status == "activated"


def test_l2668_shorten_spell_2_activates_in_block_1(comp: Compendium) -> None:
    cast = cast_spell(comp, NOBODY, Ghost(30, 30), CastRequest(
        "Elemental Spell", 5, "goblin", 40, ("Shorten Spell 2",), element="fire"))
    assert cast.casting.remaining == 1 and cast.modifier_cost.speed == 15
    assert activate(channel(cast.casting), comp, 40).status == "activated"
    cheaper = Caster(flairs=frozenset({"Cheaper Shorten Spell"}))
    cast = cast_spell(comp, cheaper, Ghost(30, 30), CastRequest(
        "Elemental Spell", 5, "goblin", 40, ("Shorten Spell 2",), element="fire"))
    assert cast.modifier_cost.speed == 10  # L1349


def test_cast_time_passes_option(comp: Compendium) -> None:
    spell = elemental(comp)
    assert pass_block(spell).remaining == 3
    assert pass_block(spell, SpiritOptions(cast_time_passes=True)).remaining == 2


def test_activate_needs_zero_and_range(comp: Compendium) -> None:
    spell = elemental(comp)
    with pytest.raises(RulesError, match="needs 0"):
        activate(spell, comp, 40)
    ready = channel(channel(channel(spell)))
    with pytest.raises(RulesError, match="Channel Spell needs"):
        channel(ready)
    with pytest.raises(RulesError, match="out of range"):
        activate(ready, comp, 70)


def test_cancel_at_will_and_no_refund(comp: Compendium) -> None:
    spell = cancel(elemental(comp, 10))
    assert spell.status == "cancelled" and not spell.active
    with pytest.raises(RulesError, match="cancelled"):
        channel(spell)


def test_gather_mist_at_zero(comp: Compendium) -> None:
    """C32: Gather Mist may be cast at 0 ghost (notional 1, not deducted)."""
    cast = cast_spell(comp, NOBODY, Ghost(30, 0), CastRequest("Gather Mist", 1))
    assert cast.ghost is None and cast.casting.spell_ghost == 1
    with pytest.raises(RulesError, match="at least 1"):
        cast_spell(comp, NOBODY, Ghost(30, 0), CastRequest("Gather Mist", 1),
                   options=SpiritOptions(gather_mist_at_zero=False))


def test_staff_pays_the_spell_ghost(comp: Compendium) -> None:
    cast = cast_spell(comp, NOBODY, Ghost(30, 0),
                      CastRequest("Health Recovery", 6, from_staff=True), staff_storage=10)
    assert cast.staff_left == 4 and cast.ghost is None


def test_disruption_refuses_cast(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="Disruption"):
        cast_spell(comp, NOBODY, Ghost(30, 30), CastRequest("Health Recovery", 5), disrupted=True)


def test_l2108_echo_spell(comp: Compendium) -> None:
    done = activate(channel(channel(channel(elemental(comp, 7)))), comp, 40)
    check_echo(done, 4, CastRequest("Elemental Spell", 7, "g", 10, element="fire", block=4))
    with pytest.raises(RulesError, match="Action Block"):
        check_echo(done, 4, CastRequest("Elemental Spell", 7, block=5))
    with pytest.raises(RulesError, match="invests 7"):
        check_echo(done, 4, CastRequest("Elemental Spell", 6, block=4))
    with pytest.raises(RulesError, match="casts Elemental Spell again"):
        check_echo(done, 4, CastRequest("Gale Burst", 7, block=4))
    with pytest.raises(RulesError, match="needs a spell activated"):
        check_echo(None, None, CastRequest("Gale Burst", 7))


@given(st.integers(1, 30), st.lists(st.tuples(st.sampled_from(["damage", "dodge", "channel"]),
                                              st.integers(0, 12)), max_size=8))
def test_spell_ghost_only_falls_and_zero_threatens(
    invested: int, events: list[tuple[str, int]]
) -> None:
    comp = load_compendium()
    spell = elemental(comp, invested)
    for kind, amount in events:
        if not spell.active or spell.status == "threatened":
            break
        before = spell.spell_ghost
        if kind == "damage":
            spell, _ = damage_taken(spell, amount, NOBODY)
        elif kind == "dodge":
            spell, _ = action_paid(spell, "Dodge", 0, amount)
        elif spell.remaining > 0:
            spell = channel(spell)
        assert spell.spell_ghost <= before
        assert (spell.spell_ghost <= 0) == (spell.status == "threatened")
