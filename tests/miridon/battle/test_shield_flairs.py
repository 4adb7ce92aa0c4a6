"""Shield flairs in battle: Shield Bash (004 L525-529) and Dual Shield Deflection
(L570-574), on the rule of L2461."""

from __future__ import annotations

import pytest

from tactician.dice.chance import SampledChance
from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.turn_actions import shield_deflection
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

QUIET = {"dodge": "no", "block": "none"}


def _after_bash(*, flairs: tuple[str, ...] = (), weapons: tuple[str, ...] = ("Large Shield",)
                ) -> object:
    """brann attacks with its shield, then it is the ogre's turn."""
    state = battle(unit("brann", weapons=weapons, flairs=flairs),
                   unit("ogre", "enemy", at=(1, 0), facing="w"))
    state, _, _ = act(state, {"type": "attack", "unit": "brann", "target": "ogre",
                              "weapon": weapons[0], **QUIET, "riposte": "no"})
    assert state.unit("brann").shield_attacked
    state, _, _ = act(state, {"type": "end_turn"})
    return state


def _shield_block_against(state: object) -> object:
    attack = {"type": "attack", "unit": "ogre", "target": "brann", "dodge": "no",
              "block": "block", "shield": "yes", "riposte": "no"}
    for seed in range(1, 80):  # a hit: the shield block is taken on it (L1730)
        after, outcome, _ = act(state, attack, seed=seed)  # type: ignore[arg-type]
        if "hit" in outcome.summary or "crit" in outcome.summary:
            return after
    raise AssertionError("no seed hit")


def test_without_shield_bash_the_shield_that_attacked_cannot_shield_block() -> None:
    """L2461 "A [Shield Block] can not be performed with a [Shield] after a [Melee Attack]
    ... with the same [Shield] in the same [Action Block]"."""
    with pytest.raises(RulesError, match="no shield free for Shield Block"):
        _shield_block_against(_after_bash())


def test_shield_bash_lets_the_shield_that_attacked_shield_block() -> None:
    """L527 "A [Shield Block] can be performed with a [Shield] after a [Melee Attack] or
    [Melee Combo Attack] is performed with the same [Shield] in the same [Action Block]"."""
    after = _shield_block_against(_after_bash(flairs=("Shield Bash",)))
    assert after.unit("brann").stance == "Shield Block Stance"  # type: ignore[attr-defined]


def test_with_two_shields_the_one_that_did_not_attack_may_shield_block() -> None:
    after = _shield_block_against(_after_bash(weapons=("Large Shield", "Small Shield")))
    assert after.unit("brann").stance == "Shield Block Stance"  # type: ignore[attr-defined]


def _in_shield_stance(flairs: tuple[str, ...], weapons: tuple[str, ...]) -> object:
    brann = unit("brann", weapons=weapons, flairs=("Shield Deflection", *flairs))
    state = battle(brann, unit("ogre", "enemy", at=(5, 0)))
    state, _, _ = act(state, {"type": "block", "unit": "brann", "tier": "heavy",
                              "shield": "yes"})
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "end_turn"})  # brann's next turn: the stance exits
    return state


def test_dual_shield_deflection_keeps_the_shield_stance_once_a_block() -> None:
    """L572 "If the character is wielding two [Shields], and a [Shield Deflection] is used
    then the character remains in the original [Stance]. This can only be performed once
    per [Action Block]."; without it Shield Deflection steps down to the block stance
    (L2494)."""
    two = ("Large Shield", "Small Shield")
    plain = _in_shield_stance((), two).unit("brann")  # type: ignore[attr-defined]
    assert plain.stance == "Heavy Block Stance"
    dual = _in_shield_stance(("Ambidexterity", "Dual Shield Deflection"), two)
    brann = dual.unit("brann")  # type: ignore[attr-defined]
    assert brann.stance == "Heavy Shield Block Stance"
    assert brann.speed == 10 - 1 - 1 - 1  # Heavy Block 2/1, Shield Block 0/1, Deflection 0/1
    # a second Shield Deflection in the same block steps down as usual
    again = shield_deflection(Context(BattleOptions(), SampledChance(SeededDice(1)),
                                      load_compendium()), brann)
    assert again["stance"] == "Heavy Block Stance"
    one = _in_shield_stance(("Ambidexterity", "Dual Shield Deflection"), ("Large Shield",))
    assert one.unit("brann").stance == "Heavy Block Stance"  # type: ignore[attr-defined]
