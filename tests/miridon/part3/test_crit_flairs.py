"""Critical hits on a caster (004 L926-960): spec test 10."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.crit_flairs import critical_hit_on_caster
from tactician.rulesets.miridon.magic.interruption import recover_ghost_power

SPELL = Casting("Elemental Spell", (), 9, 1, "goblin", 60, element="fire")
GHOST = Ghost(30, 12)
DISRUPTING = {"Disrupting Critical Hit"}
CANCELLING = DISRUPTING | {"Cancelling Critical Hit"}


def attacker(*flairs: set[str] | str) -> Caster:
    names: set[str] = set()
    for f in flairs:
        names |= {f} if isinstance(f, str) else f
    return Caster(flairs=frozenset(names))


def test_plain_crit_does_not_delay() -> None:
    """L932: "A [Critical Hit] does not effect delay a spell."."""
    assert critical_hit_on_caster(SPELL, Caster(), GHOST).casting == SPELL


def test_l930_disrupting_adds_one() -> None:
    assert critical_hit_on_caster(SPELL, attacker(DISRUPTING), GHOST).casting.remaining == 2


def test_l938_cancelling_refuses_recovery() -> None:
    hit = critical_hit_on_caster(SPELL, attacker(CANCELLING), GHOST)
    assert hit.casting.status == "cancelled" and hit.casting.remaining == 1
    assert hit.backfire_damage == 0 and hit.ghost is None
    with pytest.raises(RulesError):
        recover_ghost_power(hit.casting, Caster(), 5, 5)


def test_l948_backfire_deals_the_invested_ghost() -> None:
    hit = critical_hit_on_caster(SPELL, attacker(CANCELLING, "Backfire Critical Hit"), GHOST)
    assert hit.backfire_damage == 9 and hit.ghost is None


def test_l958_draining_empties_current_ghost() -> None:
    hit = critical_hit_on_caster(
        SPELL, attacker(CANCELLING, "Backfire Critical Hit", "Draining Critical Hit"), GHOST
    )
    assert hit.ghost is not None and hit.ghost.after == Ghost(30, 0)


def test_no_spell_no_effect() -> None:
    done = Casting("Elemental Spell", (), 9, 0, "goblin", 60, status="activated")
    assert critical_hit_on_caster(done, attacker(CANCELLING), GHOST).casting == done
