"""Grappling Weapon Critical Hit in battle (004 L1029-1033): a grappling weapon's critical
grapples "as if they hit the target with [Initiate Grapple]" (L1873-1875)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.ai import score_attack
from tactician.rulesets.miridon.battle.forecast import attack_forecast
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
ATTACK = {"type": "attack", "unit": "g", "target": "t", "dodge": "no", "block": "none",
          "riposte": "no"}


def _field(flairs: tuple[str, ...] = ("Grappling Weapon Critical Hit",),
           weapon: str = "Gauntlet") -> object:
    grappler = unit("g", weapons=(weapon,), flairs=flairs, talents={"Grapple Boost": 1})
    return battle(grappler, unit("t", "enemy", at=(1, 0), hp=100, speed=30))


def test_a_gauntlet_critical_grapples_and_the_grapple_attack_follows() -> None:
    # to hit 6+6 (a critical, L1668); Gauntlet 1d6+1 doubled: 3; the drain has no die;
    # the Grapple Attack: Gauntlet 2d6 + Grapple Boost 1d6 = 2 + 2 + 2 (L3488, L310)
    state, outcome, _ = act(_field(), ATTACK, rolls=[6, 6, 3, 2, 2, 2])
    g, t = state.unit("g"), state.unit("t")
    assert g.grappling == ("t",) and g.stance == "Grappling Stance"
    assert t.grappled_by == "g" and t.stance == "Grappled Stance"
    assert t.hp == 100 - 2 * (3 + 1) - 6
    assert t.speed == 30 - (1 + 4)  # the first block's drain + the Gauntlet's 4 (L2985)
    kinds = [s["kind"] for r in outcome.records if r.get("type") == "attack"
             for s in r["strikes"]]
    assert kinds == ["Melee Attack", "Grapple Attack (follows at once, L1875)"]


def test_without_the_flair_or_a_grappling_weapon_a_critical_only_hurts() -> None:
    for field in (_field(flairs=()), _field(weapon="Longsword")):
        state, _, _ = act(field, ATTACK, rolls=[6, 6, 3, 3])
        assert state.unit("g").grappling == () and state.unit("t").grappled_by is None


def test_the_forecast_and_the_ai_count_the_grapple_a_critical_opens() -> None:
    state = _field()
    found = attack_forecast(BOOK, BattleOptions(), state, ATTACK)
    crit = found["attacker"]["crit_probability"]
    assert found["miridon"]["follow_ups"]["grapple"] == crit == 1 / 36
    plain = score_attack(BOOK, BattleOptions(), _field(flairs=()), _field(flairs=()).unit("g"),
                         dict(ATTACK))
    flair = score_attack(BOOK, BattleOptions(), state, state.unit("g"), dict(ATTACK))
    assert plain is not None and flair is not None and flair.score > plain.score
    assert "P(crit grapples) 3%" in flair.why
