"""A dragon hit by an Elemental Spell or a Dragon Breath (004 L1358-1386): the affinity moves
under every elemental hit (L1366-1368), its own element deals 0 (L1376) and Dragon Recovery
heals the damage before SDR (L1384); the spell's forecast is the same procedure."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from tactician.rulesets.miridon import racial_flairs as rf
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.magic.activation import Target, activate_spell
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.forecast import activation_distribution, per_target
from tests.miridon.battle.helpers import act, battle, unit
from tests.miridon.part3.conftest import seeded

AFFINITY = ("Dragon Elemental Affinity",)
RECOVERY = ("Dragon Elemental Affinity", "Dragon Recovery")


def _spell(element: str) -> Casting:
    return Casting("Elemental Spell", (), 5, 0, "wyrm", 60, status="activated",
                   element=element)


def _cast_at(dragon_flairs: tuple[str, ...], affinity: int, element: str, hp: int = 40,
             sdr: int = 0) -> tuple[MiridonBattle, Any]:
    """A mage casts a 6d6 Elemental Spell at the dragon, every die a 3 (18 rolled)."""
    wyrm = unit("wyrm", "enemy", at=(5, 0), flairs=dragon_flairs, sdr=sdr,
                pools={rf.AFFINITY_POOL: affinity})
    wyrm = wyrm.model_copy(update={"hp": hp})
    state = battle(unit("mage", ghost=30, pools={"max_ghost": 40}, speed=20, strength=20), wyrm)
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                              "ghost": 7, "target": "wyrm", "element": element,
                              "modifiers": "Shorten Spell 2"})
    state, _, _ = act(state, {"type": "channel_spell", "unit": "mage"})
    after, outcome, _ = act(state, {"type": "activate_spell", "unit": "mage"}, rolls=[3] * 6)
    return after, outcome


def test_l1366_an_elemental_spell_moves_the_affinity() -> None:
    after, outcome = _cast_at(AFFINITY, 1, "fire", sdr=2)
    wyrm = after.unit("wyrm")
    # Purple (+1, electricity): fire is not its element, so it takes 18 - 2 and turns Fire
    assert (wyrm.hp, wyrm.pools[rf.AFFINITY_POOL]) == (40 - 16, 2)
    assert "Fire Dragon" in outcome.summary
    cold, _ = _cast_at(AFFINITY, -10, "cold")  # the minimum is -10 (L1366)
    assert cold.unit("wyrm").pools[rf.AFFINITY_POOL] == -10
    plain, _ = _cast_at((), 0, "fire")  # no flair, no statistic (L1364)
    assert rf.AFFINITY_POOL not in plain.unit("wyrm").pools or \
        plain.unit("wyrm").pools[rf.AFFINITY_POOL] == 0


def test_l1376_l1384_its_own_element_deals_0_and_recovery_heals_before_sdr() -> None:
    after, outcome = _cast_at(AFFINITY, 5, "fire", hp=10, sdr=4)
    wyrm = after.unit("wyrm")
    assert (wyrm.hp, wyrm.pools[rf.AFFINITY_POOL]) == (10, 6)  # 0 damage, no healing
    healed, outcome = _cast_at(RECOVERY, 5, "fire", hp=10, sdr=4)
    wyrm = healed.unit("wyrm")
    assert wyrm.hp == 10 + 18  # the 18 rolled, not 18 - SDR 4 (L1384)
    assert "Dragon Recovery" in outcome.summary
    capped, _ = _cast_at(RECOVERY, 0, "electricity", hp=35)
    assert capped.unit("wyrm").hp == 40  # up to its Maximum HP


def test_recovery_forecast_is_the_6d6_and_matches_simulation() -> None:
    dragon = Target("wyrm", hp=10, sdr=4, flairs=RECOVERY, affinity=-3)
    spell = _spell("cold")
    exact = activation_distribution(spell, Caster(), [dragon])
    healing = per_target(exact, "wyrm", "healing")
    damage = per_target(exact, "wyrm", "damage")
    assert set(damage) == {0} and math.isclose(damage[0], 1.0)
    # healing = 6d6 exactly: P(6) = P(36) = 1/6**6, mean 21
    assert math.isclose(healing[6], 6 ** -6) and math.isclose(healing[36], 6 ** -6)
    assert math.isclose(sum(v * p for v, p in healing.items()), 21.0)
    trials = 2000
    seen = Counter(activate_spell(spell, Caster(), [dragon], seeded(s)).effects[0].healing
                   for s in range(trials))
    var = sum(p * (v - 21.0) ** 2 for v, p in healing.items())
    assert abs(sum(v * n for v, n in seen.items()) / trials - 21.0) < 4.5 * math.sqrt(
        var / trials)
    assert set(seen) <= set(healing)
    # its affinity moves toward -4 whatever was rolled; no insanity check for no damage
    assert {a.effects[0].affinity for a in exact} == {-4}
    assert all(not a.insanity for a in exact)


def test_dragon_breath_on_a_dragon() -> None:
    breather = unit("fire", flairs=("Dragon Elemental Affinity", "Dragon Breath"), speed=4,
                    pools={rf.AFFINITY_POOL: 3})
    # a Fire Dragon breathes fire on a Purple Dragon: 20 - SDR 2, and it turns +1 -> +2
    purple = unit("wyrm", "enemy", at=(4, 0), sdr=2, flairs=AFFINITY,
                  pools={rf.AFFINITY_POOL: 1})
    after, outcome, _ = act(battle(breather, purple),
                            {"type": "dragon_breath", "unit": "fire", "target": "wyrm"},
                            rolls=[5, 5, 5, 5])
    wyrm = after.unit("wyrm")
    assert (wyrm.hp, wyrm.pools[rf.AFFINITY_POOL]) == (40 - 18, 2)
    assert "Fire Dragon" in outcome.summary
    # on a Fire Dragon with Recovery: 0 damage, heals the 20 rolled up to its maximum
    red = unit("wyrm", "enemy", at=(4, 0), sdr=2, flairs=RECOVERY,
               pools={rf.AFFINITY_POOL: 10}).model_copy(update={"hp": 15})
    after, outcome, _ = act(battle(breather, red),
                            {"type": "dragon_breath", "unit": "fire", "target": "wyrm"},
                            rolls=[5, 5, 5, 5])
    wyrm = after.unit("wyrm")
    assert (wyrm.hp, wyrm.pools[rf.AFFINITY_POOL]) == (35, 10)
    assert "0 damage (L1376), Dragon Recovery heals 20" in outcome.summary
