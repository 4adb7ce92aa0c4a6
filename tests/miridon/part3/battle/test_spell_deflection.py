"""Magic Shield Deflection against an Elemental Spell (004 L2201-2215) and the Redirection
flairs (L550-566) in battle; the choice on the roll is a step of the activation procedure the
forecast enumerates."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.magic.activation import Target, activate_spell
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.forecast import activation_distribution, per_target
from tactician.rulesets.miridon.spirit_battle.ai_spell_worth import worth
from tests.miridon.battle.helpers import act, battle, unit
from tests.miridon.part3.conftest import seeded

BOOK = load_compendium()
MSD = ("Shield Deflection", "Magic Shield Deflection")
REDIRECT = (*MSD, "Magic Shield Redirection")
SHIELD_BONUS = BOOK.weapon("Large Shield").block_bonus or 0


def _shielded(**changes: Any) -> Any:
    values = {"flairs": MSD, "stance": "Shield Block Stance", "sdr": 1, "hp": 60, **changes}
    return unit("t", "enemy", at=(5, 0), weapons=("Longsword", "Large Shield"), **values)


def _cast(target: Any, deflect: object, rolls: list[int], mage_sdr: int = 0,
          options: tuple[str, ...] = ()) -> tuple[MiridonBattle, Any]:
    """A mage's 6d6 cold Elemental Spell at ``target``, activated on ``rolls``."""
    mage = unit("mage", ghost=10, pools={"max_ghost": 40}, speed=20, strength=20, sdr=mage_sdr)
    state = battle(mage, target)
    state, _, _ = act(state, {"type": "cast_spell", "unit": "mage", "spell": "Elemental Spell",
                              "ghost": 7, "target": "t", "element": "cold",
                              "modifiers": "Shorten Spell 2"})
    state, _, _ = act(state, {"type": "channel_spell", "unit": "mage"})
    after, outcome, _ = act(state, {"type": "activate_spell", "unit": "mage",
                                    "deflect": deflect}, rolls=rolls, options=options)
    return after, outcome


def test_l2207_a_deflected_spell_meets_sdr_plus_the_shields_bonus() -> None:
    plain, _ = _cast(_shielded(), "no", [3] * 6)
    taken, outcome = _cast(_shielded(), "yes", [3] * 6)
    whole, _ = _cast(_shielded(), "yes", [3] * 6, options=("msd_amount=whole_stance",))
    assert plain.unit("t").hp == 60 - (18 - 1)
    assert taken.unit("t").hp == 60 - (18 - 1 - SHIELD_BONUS)
    assert whole.unit("t").hp == 60 - (18 - 1 - 4)  # the stance's whole PDR bonus
    t = taken.unit("t")  # L2209: Block Stance, paid 0/1, one defensive action
    assert (t.stance, t.speed, t.defensive) == ("Block Stance", 10 - 1, 1)
    assert "Magic Shield Deflection" in outcome.summary
    assert plain.unit("t").stance == "Shield Block Stance"


def test_the_policy_deflects_only_a_roll_above_the_sdr() -> None:
    low, _ = _cast(_shielded(sdr=6), None, [1] * 6)  # 6 rolled against SDR 6: nothing to cut
    high, _ = _cast(_shielded(sdr=6), None, [3] * 6)
    assert (low.unit("t").stance, low.unit("t").hp) == ("Shield Block Stance", 60)
    assert (high.unit("t").stance, high.unit("t").hp) == ("Block Stance",
                                                          60 - (18 - 6 - SHIELD_BONUS))
    off, _ = _cast(_shielded(sdr=6), "auto", [3] * 6, options=("auto_reactions=off",))
    assert off.unit("t").stance == "Shield Block Stance"


@pytest.mark.parametrize(("target", "deflect", "error"), [
    (_shielded(stance="No Stance"), "yes", "not a shield block stance"),
    (_shielded(flairs=()), "yes", "lacks the Magic Shield Deflection flair"),
    (_shielded(speed=0), {"t": "yes"}, "cannot pay Magic Shield Deflection"),
    (_shielded(), {"ogre": "yes"}, "'ogre' is not a target of this spell"),
    (_shielded(), "maybe", "'maybe' is not one of auto, yes, no"),
])
def test_a_deflection_that_cannot_be_made_is_refused(target: Any, deflect: object,
                                                     error: str) -> None:
    with pytest.raises(RulesError, match=f"deflect: .*{error}"):
        _cast(target, deflect, [3] * 6)


def test_l552_l556_redirection_adds_the_caster_as_a_target_with_its_sdr() -> None:
    after, outcome = _cast(_shielded(flairs=REDIRECT), "yes", [3] * 6, mage_sdr=3)
    assert after.unit("t").hp == 60 - (18 - 1 - SHIELD_BONUS)
    assert after.unit("mage").hp == 40 - (18 - 3)  # the same roll, its own SDR (L556)
    assert "Magic Shield Redirection" in outcome.summary
    advanced, _ = _cast(_shielded(flairs=(*REDIRECT, "Advanced Magic Shield Redirection")),
                        "yes", [3] * 6, mage_sdr=3)
    assert advanced.unit("mage").hp == 40 - 18  # L564: no SDR for the caster
    undeflected, _ = _cast(_shielded(flairs=REDIRECT), "no", [3] * 6, mage_sdr=3)
    assert undeflected.unit("mage").hp == 40  # no deflection, no redirection (L552)


def _p_at_most(total: int) -> float:
    """P(6d6 <= total), by convolution (independent of the engine)."""
    dist = {0: 1.0}
    for _ in range(6):
        nxt: dict[int, float] = {}
        for s, p in dist.items():
            for face in range(1, 7):
                nxt[s + face] = nxt.get(s + face, 0.0) + p / 6
        dist = nxt
    return sum(p for s, p in dist.items() if s <= total)


def test_the_forecast_of_a_deflecting_target_is_exact_and_matches_simulation() -> None:
    """SDR 10, deflection +2 on a roll above 10: damage is 0 unless 6d6 >= 13."""
    spell = Casting("Elemental Spell", (), 5, 0, "t", 60, status="activated", element="cold")
    target = Target("t", hp=60, sdr=10, deflect_sdr=2, deflect_when="helps")
    exact = activation_distribution(spell, Caster(), [target])
    damage = per_target(exact, "t", "damage")
    assert math.isclose(damage[0], _p_at_most(12))
    assert math.isclose(damage[1], _p_at_most(13) - _p_at_most(12))
    p_deflect = sum(p for a, p in exact.items() if a.effects[0].deflected)
    assert math.isclose(p_deflect, 1 - _p_at_most(10))
    trials = 3000
    seen = Counter(activate_spell(spell, Caster(), [target], seeded(s)).effects[0].damage
                   for s in range(trials))
    for value, p in damage.items():
        assert abs(seen[value] / trials - p) <= 4.5 * math.sqrt(p * (1 - p) / trials) + 1 / trials
    with pytest.raises(RulesError, match="Redirection needs the caster"):
        activate_spell(spell, Caster(), [Target("t", sdr=0, deflect_sdr=2, deflect_when="always",
                                                flairs=REDIRECT)], seeded(1))


def test_the_ais_worth_of_the_spell_counts_deflection_and_redirection() -> None:
    """The AI's worth of a cold Elemental Spell reads the battle's deflection (the policy) and
    the redirection back onto the caster: E[damage] falls, and the caster's own is counted."""
    def _worth(target: Any) -> Any:
        mage = unit("mage", ghost=10, pools={"max_ghost": 40}, speed=20, strength=20, sdr=1)
        state = battle(mage, target)
        casting = Casting("Elemental Spell", (), 5, 0, "t", 60, element="cold")
        found = worth(BOOK, BattleOptions(), state, state.unit("mage"), casting)
        assert found is not None
        return found

    plain = _worth(_shielded(flairs=()))
    deflected = _worth(_shielded())
    redirected = _worth(_shielded(flairs=REDIRECT))
    assert plain.expected == pytest.approx(21 - 1, abs=1e-6)  # 6d6 less SDR 1 (never below)
    assert deflected.expected < plain.expected
    assert redirected.expected == pytest.approx(deflected.expected)
    assert redirected.value < deflected.value and "redirected back" in redirected.why
