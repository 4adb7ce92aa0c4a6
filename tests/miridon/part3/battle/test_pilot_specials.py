"""The pilot's dual-class specials on its mech's attacks: Mech Slash (004 L156-159) and Mech
Counter (L207-210); both through the one plan of a part's attack (``part_attacks``)."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.rulesets.miridon.battle.ai import score_attack
from tactician.rulesets.miridon.battle.forecast import attack_forecast
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.spirit_battle.ai_mechs import attack_candidates
from tactician.rulesets.miridon.spirit_battle.mech_units import board, mech_of, mech_unit
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
PARTS = ("Training Frame Body", "Training Frame Blade", "Training Frame Gun")
BLADE = "Training Frame Blade"
QUIET = {"dodge": "no", "block": "none", "riposte": "no"}


def _piloted(specials: dict[str, int], foe_at: tuple[int, int] = (2, 0), turn: str = "frame"
             ) -> Any:
    parts = [BOOK.mech_parts[p.casefold()] for p in PARTS]
    frame = mech_unit(BOOK, "frame", "Training Frame", parts, "player", (1, 0), "rill")
    rill = board(unit("rill", specials={"Mech Training": 1, **specials}), "frame")
    # 1 strength point: its Melee Attack (1/2) leaves none for a block against a counter
    ogre = unit("ogre", "enemy", at=foe_at, facing="w", hp=200, strength=1)
    order = ("frame", "ogre", "rill") if turn == "frame" else ("ogre", "frame", "rill")
    return battle(frame, ogre, rill, order=order)


def _slash(state: Any, **extra: Any) -> Any:
    action = {"type": "mech_attack", "unit": "frame", "part": BLADE, "target": "ogre", **QUIET}
    return act(state, action, **extra)


def test_mech_slash_adds_1d6_per_rank_to_the_blades_melee_attack() -> None:
    """L159 "Adds an additional 1d6 to [Damage Dealt] for a [Melee Attack] or [Melee Combo
    Attack] executed with a [Mech Blade] while piloting a [Mech]."; ruling
    ``mech_slash_per_rank`` (C26): 1d6 for every rank."""
    # to hit 4+4; the blade's Longsword 1d6+1 (L3412), then the Mech Slash dice
    state, _, draws = _slash(_piloted({"Mech Slash": 2}), rolls=[4, 4, 3, 3, 5])
    assert len(draws) == 5 and state.unit("ogre").hp == 200 - (3 + 1 + 3 + 5)
    state, _, draws = _slash(_piloted({}), rolls=[4, 4, 3])
    assert len(draws) == 3 and state.unit("ogre").hp == 200 - 4
    state, _, draws = _slash(_piloted({"Mech Slash": 2}), rolls=[4, 4, 3, 3],
                             options=("mech_slash_per_rank=false",))
    assert len(draws) == 4 and state.unit("ogre").hp == 200 - 7


def test_the_ai_scores_the_blade_with_its_mech_slash() -> None:
    plain, slashed = _piloted({}), _piloted({"Mech Slash": 3})
    scores = []
    for state in (plain, slashed):
        found = attack_candidates(BOOK, BattleOptions(), state, state.unit("frame"))
        scores.append(next(c for c in found if c.action["part"] == BLADE).expected)
    assert scores[1] > scores[0] + 3 * 3.5 * 0.5  # three more d6 on hits


def _ogre_swings(state: Any, rolls: list[int], **extra: Any) -> Any:
    action = {"type": "attack", "unit": "ogre", "target": "frame", **QUIET, **extra}
    return act(state, action, rolls=rolls)


def test_mech_counter_answers_a_miss_with_every_part_that_reaches() -> None:
    """L210 "If an attack misses a [Mech] piloted by the character, every [Mech Part] of the
    [Mech] may immediately perform an additional action ... the [To Hit Bonus] of this
    attack is increased by the character's [Rank] in [Mech Counter]"."""
    state = _piloted({"Mech Counter": 2}, turn="ogre")
    # the ogre misses (1+1); the blade counters: to hit 2+2 + Longsword 1 + Mech Counter 2
    # = 7 against the ogre's 7, 1d6+1 = 4; the gun: 3+2 + Revolver 0 + 2, 2d6-1 = 7
    after, outcome, _ = _ogre_swings(state, [1, 1, 2, 2, 3, 3, 2, 4, 4])
    strikes = [s for r in outcome.records if r.get("type") == "attack" for s in r["strikes"]]
    assert [s["kind"] for s in strikes] == [
        "Melee Attack", "Training Frame Blade Mech Counter Melee Attack",
        "Training Frame Gun Mech Counter Gun Attack"]
    assert [s["to_hit"] for s in strikes[1:]] == [1 + 2, 0 + 2]
    mech = mech_of(after.unit("frame"))
    assert mech.part(BLADE).speed == 4 - 2 and not mech.part(BLADE).acted  # additional (L3641)
    assert after.unit("ogre").hp == 200 - 4 - 7
    declined, _, _ = _ogre_swings(state, [1, 1], counter="no")
    assert declined.unit("ogre").hp == 200


def test_no_counter_without_the_rank_or_on_a_hit() -> None:
    none, _, _ = _ogre_swings(_piloted({}, turn="ogre"), [1, 1])
    assert none.unit("ogre").hp == 200
    hit, _, _ = _ogre_swings(_piloted({"Mech Counter": 2}, turn="ogre"), [6, 5, 1, 1])
    assert hit.unit("ogre").hp == 200


def test_the_forecast_and_the_ai_price_the_counter_a_miss_brings() -> None:
    counter, plain = _piloted({"Mech Counter": 2}, turn="ogre"), _piloted({}, turn="ogre")
    attack = {"type": "attack", "unit": "ogre", "target": "frame", **QUIET}
    found = attack_forecast(BOOK, BattleOptions(), counter, attack)
    miss = 1 - found["miridon"]["odds"]["hit"]
    assert found["miridon"]["follow_ups"]["mech_counter"] == pytest.approx(miss) and miss > 0
    assert "mech_counter" not in attack_forecast(BOOK, BattleOptions(), plain,
                                                 attack)["miridon"]["follow_ups"]
    priced = score_attack(BOOK, BattleOptions(), counter, counter.unit("ogre"), dict(attack))
    free = score_attack(BOOK, BattleOptions(), plain, plain.unit("ogre"), dict(attack))
    assert priced is not None and free is not None and priced.score < free.score
    assert "Mech Counter on a miss costs" in priced.why


def test_a_drill_hits_a_mech_with_its_mech_pdr_damage() -> None:
    """L3442 "[Mech Physical Damage Reduction Damage] ... reduced from the target mech's
    [Physical Damage Reduction] ... If the wielder is of the "Techie" class, then twice their
    ranks in their special ability "Mech Training" are also added"; the Hand Drill's is 1
    (its [Physical Damage Reduction Damage] 0, Table 6.3.1)."""
    for training, left in ((0, 3 - 1), (1, 3 - 1 - 2)):  # the frame's PDR 3
        state = _piloted({}, turn="ogre")
        driller = unit("ogre", "enemy", at=(2, 0), facing="w", weapons=("Hand Drill",),
                       specials={"Mech Training": training})
        after, _, _ = _ogre_swings(state.replace_units(driller), [6, 5, 6])
        assert after.unit("frame").pdr == left
