"""Exact spell forecasts (spec §3.22 item 6) from the activation procedure itself."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.magic.activation import Target, activate_spell
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.forecast import (
    activation_distribution,
    casting_status,
    per_target,
    possession_forecast,
)

from .conftest import seeded

ELEMENTAL = Casting("Elemental Spell", (), 5, 0, "ogre", 60, status="activated", element="fire")


def test_elemental_damage_distribution_matches_simulation() -> None:
    ogre = Target("ogre", hp=40, sdr=10)
    caster = Caster(offensive_boost=1, flairs=frozenset({"Strong Spell"}))
    exact = per_target(activation_distribution(ELEMENTAL, caster, [ogre]), "ogre", "damage")
    assert math.isclose(sum(exact.values()), 1.0) and min(exact) == 8 * 2 - 10
    trials = 3000
    seen = Counter(activate_spell(ELEMENTAL, caster, [ogre], seeded(s)).effects[0].damage
                   for s in range(trials))
    mean_exact = sum(v * p for v, p in exact.items())
    var = sum(p * (v - mean_exact) ** 2 for v, p in exact.items())
    mean_seen = sum(v * n for v, n in seen.items()) / trials
    assert abs(mean_seen - mean_exact) < 4.5 * math.sqrt(var / trials)
    assert set(seen) <= set(exact)


def test_possession_forecast(comp: Compendium) -> None:
    """Against HP 40 the success chance is the derived 3152397925/3265173504; the gain is
    capped by the Spell Ghost HP; a possessed target with ghost above HP may go insane."""
    casting = Casting("Possession", (), 12, 0, "ogre", 60, status="activated")
    target = Target("ogre", hp=40, ghost=Ghost(35, 35))
    forecast = possession_forecast(comp, casting, Caster(), target)
    assert forecast.p_success == pytest.approx(3152397925 / 3265173504, abs=1e-12)
    assert max(forecast.gain) == 12 and forecast.gain[0] == pytest.approx(1 - forecast.p_success)
    assert math.isclose(sum(forecast.insanity.values()), 1.0, abs_tol=1e-9)
    # ghost 35 + gain > 40 HP only when the gain is 6 or more
    p_big = sum(p for g, p in forecast.gain.items() if g >= 6)
    assert forecast.p_insanity_roll == pytest.approx(p_big)


def test_casting_status_shows_what_the_player_sees() -> None:
    status = casting_status(Casting("Gale Burst", (), 4, 2, "self", None))
    assert (status.spell_ghost, status.remaining, status.status) == (4, 2, "casting")
