"""The AI's Reload / Quick Reload (ruling ``track_ammo``, 004 L1903-1907, L2406-2413) and
its charisma verbal actions (L2046-2092, gap M9): docs/miridon-ai.md."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.ai import Planner, decide
from tactician.rulesets.miridon.battle.ai_charisma import charisma_candidates
from tactician.rulesets.miridon.battle.ai_reload import reload_candidates
from tactician.rulesets.miridon.battle.ammo import AMMO, left, magazines
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tests.miridon.battle.helpers import act, battle, unit

COUNTED = MiridonBattleRules(["track_ammo=true", "auto_reactions=off"])
UNCOUNTED = MiridonBattleRules(["auto_reactions=off"])


def _gunner(shots: int, *, weapons: tuple[str, ...] = ("Revolver",), flairs: tuple[str, ...] = (),
            foe_at: tuple[int, int] = (3, 0)) -> MiridonBattle:
    pools = magazines({"Revolver": 6})
    pools[AMMO + "Revolver"] = shots
    gunner = unit("g", controller="ai", weapons=weapons, flairs=flairs, pools=pools,
                  to_hit={"Revolver": 4, "Longsword": 4})
    return battle(gunner, unit("t", "enemy", at=foe_at, hp=100))


def _best(decision: dict, kind: str) -> dict | None:  # type: ignore[type-arg]
    return next((c for c in decision["best"] if c["action"]["type"] == kind), None)


def test_an_empty_gun_is_reloaded_not_fired() -> None:
    state = _gunner(0)
    decision = decide(COUNTED, state, state.unit("g"))
    assert decision["actions"][0] == {"type": "reload", "unit": "g", "weapon": "Revolver"}
    assert "next block's best attack with it" in decision["reason"]
    assert not [c for c in decision["best"] if c["action"]["type"] == "attack"]
    after, _, _ = act(state, decision["actions"][0], options=["track_ammo=true"])
    assert left(after.unit("g"), "Revolver") == 6


def test_a_loaded_gun_is_fired_and_a_full_one_never_reloaded() -> None:
    state = _gunner(3)
    decision = decide(COUNTED, state, state.unit("g"))
    assert decision["actions"][0]["type"] == "attack"
    # one shot a block is needed, 3 are left: the reload enables nothing
    assert reload_candidates(COUNTED.book, COUNTED.options, state, state.unit("g"),
                             lambda *_: 10.0) == []


def test_reload_is_worth_what_the_other_weapons_do_not_already_give() -> None:
    """With a Longsword in reach the reload enables only the gun's edge over the sword."""
    alone = _gunner(0)
    armed = _gunner(0, weapons=("Revolver", "Longsword"), foe_at=(1, 0))
    book, options = COUNTED.book, COUNTED.options
    only = reload_candidates(book, options, alone, alone.unit("g"), lambda s, u, w: 5.0)
    # the planner's own best: the gun scores 5, the sword 4 -> worth 1
    both = reload_candidates(book, options, armed, armed.unit("g"),
                             lambda s, u, w: 5.0 if w == {"Revolver"} else 4.0)
    assert only[0].extra["reload_worth"] == 5.0 and both[0].extra["reload_worth"] == 1.0
    decision = decide(COUNTED, armed, armed.unit("g"))
    assert decision["actions"][0]["type"] == "attack"
    assert decision["actions"][0]["weapon"] == "Longsword"


def test_quick_reload_then_the_shot_in_the_same_block() -> None:
    state = _gunner(0, flairs=("Quick Reload",))
    planner = Planner(COUNTED)
    first = planner.next(state.model_copy(update={"order": ("g", "t")}))
    assert first is not None and first["actions"][0]["type"] == "quick_reload"
    after, _, _ = act(state, first["actions"][0], options=["track_ammo=true",
                                                            "auto_reactions=off"])
    second = decide(COUNTED, after, after.unit("g"))
    assert second["actions"][0]["type"] == "attack"


def test_uncounted_ammo_offers_no_reload() -> None:
    state = _gunner(0)
    assert reload_candidates(UNCOUNTED.book, UNCOUNTED.options, state, state.unit("g"),
                             lambda *_: 10.0) == []
    assert decide(UNCOUNTED, state, state.unit("g"))["actions"][0]["type"] == "attack"


def _talker() -> MiridonBattle:
    talker = unit("c", controller="ai", at=(0, 0))
    talker = talker.model_copy(update={"profile": talker.profile.model_copy(
        update={"skills": {"Taunt": 3}})})
    return battle(talker, unit("t", "enemy", at=(6, 0)))


def test_m9_charisma_is_scored_and_explained_but_never_taken() -> None:
    """A success has no mechanical effect in Tactician (M9): worth 0 - its cost."""
    state = _talker()
    rules = MiridonBattleRules(["auto_reactions=off"])
    found = charisma_candidates(rules.book, rules.options, state, state.unit("c"))
    assert [c.action["skill"] for c in found] == ["taunt"]
    assert found[0].score < 0 and 0 < found[0].hit < 1
    assert "no mechanical effect" in found[0].why
    decision = decide(rules, state, state.unit("c"))
    assert decision["actions"][0]["type"] != "charisma"
    assert any(c["action"]["type"] == "charisma" for c in decision["best"])
    off = MiridonBattleRules(["charisma_roll=not_offered"])
    assert charisma_candidates(off.book, off.options, state, state.unit("c")) == []
