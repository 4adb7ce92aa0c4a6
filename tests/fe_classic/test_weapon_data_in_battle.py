"""Every weapon of the FE8 compendium through 002's attack numbers (issue 26's coverage
map: weapons are data, so one test runs each): its Might is what a hit adds to the
attack (lost formula 7, after 002 L124: "Atk = Str/Mag + Mt"), its Hit what the
accuracy adds (lost formula 3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactician.rulesets.fe_classic import numbers
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_common.compendium import load_fe8
from tests.fe_classic.units import fighter

OPTS = ClassicOptions()
ATTACKS = sorted(w.name for w in load_fe8().weapons.values() if w.type != "staff")


@pytest.mark.parametrize("name", ATTACKS)
def test_each_weapon_adds_its_might_and_hit(name: str) -> None:
    me = fighter("A", name, pow=6, skl=5)
    target = fighter("B", None)
    weapon = me.weapon
    assert weapon is not None
    blunt = replace(me, weapon=weapon.model_copy(update={"might": 0, "hit": 0}))
    assert numbers.attack(me, target, OPTS) - numbers.attack(blunt, target, OPTS) == weapon.might
    assert numbers.accuracy(me, target, OPTS) - numbers.accuracy(blunt, target, OPTS) \
        == weapon.hit


def test_a_silenced_unit_cannot_use_a_tome_but_can_a_sword() -> None:
    """Silence (FE8; ``battle_combat.usable``, which choosing a weapon and countering
    ask): "a silenced one cannot use" tomes."""
    from types import SimpleNamespace

    from tactician.rulesets.fe_classic.battle_combat import usable

    fe8 = load_fe8()
    silenced = SimpleNamespace(statuses={"silence": 5})
    assert not usable(silenced, fe8.weapon("Fire"))  # type: ignore[arg-type]
    assert usable(silenced, fe8.weapon("Iron Sword"))  # type: ignore[arg-type]
    assert usable(SimpleNamespace(statuses={}), fe8.weapon("Fire"))  # type: ignore[arg-type]
