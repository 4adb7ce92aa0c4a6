"""A fight in a fe-tabletop battle and what it writes back (001 L5, L45-53, L118-128):
the dice in 001's order, weapon uses, a broken weapon ending the turn, rank uses (a
killing blow twice) and rank-ups, EXP by the party chart with the level-up's d100s,
support fights and the conversation after the battle."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.fe_tabletop.battle_forecast import battle_forecast
from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tests.fe_tabletop.battle_kit import act, battle, record, types, variant

ATTACK = {"type": "attack", "unit": "eirika", "target": "oneill"}


def _duel(tmp: Path, **eirika: object) -> TabletopBattle:
    file = variant(tmp, "eirika", "eirika-v", **eirika) if eirika else "eirika"
    return battle(tmp, "....\n....\n", [
        {"id": "eirika", "file": file, "at": [0, 0]},
        {"id": "lute", "at": [0, 1]},
        {"id": "oneill", "at": [1, 0], "side": "enemy"},
        {"id": "garcia", "file": "garcia", "at": [3, 1], "side": "enemy"},
    ])


def test_a_hit_and_a_miss_on_the_texts_dice(tmp_path: Path) -> None:
    """001 L45: the d100, then on a hit the damage dice; L47 the counter's own roll;
    L52 a hit costs one use, a miss none; L5 a damaging hit counts one use."""
    state = _duel(tmp_path)
    # Eirika: d100 50 (hit 100) then 1d10 -> 5: 5 + Str/2 (2) - Def/2 (1) = 6
    # O'Neill: d100 90 against 55: a miss
    after, outcome = act(state, ATTACK, [50, 5, 90])
    eirika, oneill = after.unit("eirika"), after.unit("oneill")
    assert oneill.hp == 12 and eirika.hp == 16
    assert eirika.uses["Iron Sword"] == 45 and oneill.uses["Iron Axe"] == 45
    assert eirika.character.rank_uses["sword"] == 1
    assert oneill.character.rank_uses["axe"] == 0  # enemies gain no ranks (G1-61)
    assert eirika.acted and not eirika.done  # she may still move (001 L44)
    strikes = record(outcome, "attack")["strikes"]
    assert [s["outcome"] for s in strikes] == ["hit", "miss"]
    assert eirika.character.hp == 16 and oneill.character.hp == 12  # the sheet too


def test_a_killing_blow_counts_twice_ranks_up_and_the_party_chart_levels_up(
    tmp_path: Path,
) -> None:
    """L5 "If a unit lands a killing blow, that hit counts twice" (9 + 2 -> rank D);
    L125 "1-4 Units: 10 EXP for the entire party"; L123 95 + 10 -> level up, 5 EXP;
    L13-26 one d100 per stat, in the dice order Str/Mag, Skl, Spd, Lck, Def, Res."""
    state = _duel(tmp_path, exp=95, rank_uses={"sword": 9})
    weak = state.unit("oneill").with_hp(6)
    state = state.replace_units(weak)
    growth = [60, 10, 70, 61, 90, 50]  # vs 56, 61, 56, 61, 86, 81 to beat (growths 45...)
    after, outcome = act(state, ATTACK, [50, 5, *growth, 1, 1, 1, 1, 1, 1])
    eirika = after.unit("eirika")
    assert after.unit("oneill").out
    assert eirika.character.rank_uses["sword"] == 11 and eirika.character.ranks["sword"] == "D"
    assert "rank_up" in types(outcome) and "level_up" in types(outcome)
    assert eirika.character.level == 2 and eirika.character.exp == 5
    stats = eirika.character.stats
    assert stats.values() == (5, 8, 10, 4, 4, 1)
    assert eirika.character.carried.skl == 10 and eirika.character.carried.res == 50
    assert eirika.max_hp == 17 and eirika.hp == 17  # +1 HP a level (L2)
    lute = after.unit("lute")  # the whole party gets the chart's EXP
    assert lute.character.exp == 10
    level = next(r for r in outcome.records if r["type"] == "level_up")
    assert [r["roll"] for r in level["rolls"]] == growth
    assert "Str/Mag 0+60=60->+1" in outcome.summary


def test_exp_per_battle_awards_once_when_the_battle_is_won(tmp_path: Path) -> None:
    state = _duel(tmp_path)
    state = state.replace_units(state.unit("oneill").with_hp(6),
                                state.unit("garcia").with_hp(0))
    after, outcome = act(state, ATTACK, [50, 5], "exp_per=battle")
    assert after.result == "victory"
    exp = [r for r in outcome.records if r["type"] == "exp"]
    assert len(exp) == 1 and exp[0]["amount"] == 10  # 2 enemy units defeated: 1-4 -> 10


def test_a_weapon_broken_on_the_first_of_two_attacks_cancels_the_second_and_ends_the_turn(
    tmp_path: Path,
) -> None:
    """001 L52: "If a weapon breaks on the unit's first attack when they have two
    attacks, cancel the second attack and end the unit's turn.\""""
    state = _duel(tmp_path)
    eirika, oneill = state.unit("eirika"), state.unit("oneill")
    slow = oneill.character.model_copy(
        update={"stats": oneill.character.stats.with_values(spd=1)})
    state = state.replace_units(eirika.model_copy(update={"uses": {"Iron Sword": 1}}),
                                oneill.with_character(slow))
    after, outcome = act(state, ATTACK, [50, 5, 90])
    eirika = after.unit("eirika")
    assert [s["striker"] for s in record(outcome, "attack")["strikes"]] == ["Eirika", "ONeill"]
    assert "Iron Sword" not in eirika.character.inventory and eirika.equipped is None
    assert eirika.done and not eirika.moved  # the turn ended: no attack-then-move
    assert "weapon_broke" in types(outcome)
    with pytest.raises(RulesError, match="turn is over"):
        act(after, {"type": "move", "unit": "eirika", "to": [0, 0]})


def test_fighting_next_to_an_ally_counts_a_support_fight_and_the_rank_comes_after(
    tmp_path: Path,
) -> None:
    """L121 "C Prerequisites: 4 Fights adjacent to each other"; L118 conversations
    "before/after a battle and not during"."""
    state = _duel(tmp_path)
    book = state.support_book()
    for _ in range(3):
        book = book.fought_together("eirika", "lute")
    state = state.with_supports(book).replace_units(state.unit("garcia").with_hp(0))
    after, outcome = act(state, ATTACK, [50, 5, 90])
    assert after.support_book().fights[("eirika", "lute")] == 4
    assert after.support_book().rank("eirika", "lute") is None  # not during the battle
    assert "C support ready" in outcome.summary
    from tactician.rulesets.fe_common.battle.turn import fresh_turn

    done = after.replace_units(after.unit("oneill").with_hp(1),
                               fresh_turn(after.unit("eirika")))
    won, end = act(done, ATTACK, [50, 5])
    assert won.result == "victory" and won.support_book().rank("eirika", "lute") == "C"
    assert "support" in types(end)
    # once C is held, its bonus applies while they stand side by side (+5 hit, +2 dmg)
    from tactician.rulesets.fe_tabletop.battle_units import support_bonus

    assert support_bonus(won, won.unit("eirika")) == (5, 2)


def test_the_in_battle_forecast_is_the_attack_s_own_plan_and_agrees_with_the_dice(
    tmp_path: Path,
) -> None:
    state = _duel(tmp_path)
    options = TabletopOptions()
    report = battle_forecast(state, ATTACK, options)
    assert math.isclose(sum(report["hp"]["defender"].values()), 1.0)
    rules = TabletopBattleRules(options)
    runs = 400
    counts: dict[str, int] = {}
    for seed in range(runs):
        after, _ = rules.apply(state, ATTACK, SeededDice(seed))
        hp = str(after.unit("oneill").hp)
        counts[hp] = counts.get(hp, 0) + 1
    for hp, p in report["hp"]["defender"].items():
        seen = counts.get(hp, 0) / runs
        assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / runs) + 1 / runs, hp


def test_attack_refusals_change_nothing(tmp_path: Path) -> None:
    state = _duel(tmp_path)
    before = state.model_dump(mode="json")
    for action, words in [
        ({**ATTACK, "target": "lute"}, "ally"),
        ({**ATTACK, "target": "garcia"}, "squares away"),
        ({**ATTACK, "weapon": "Steel Sword"}, "no usable weapon"),
        ({"type": "attack", "unit": "oneill", "target": "eirika"}, "player phase"),
    ]:
        with pytest.raises(RulesError, match=words):
            act(state, action, [50, 5, 90])
    assert state.model_dump(mode="json") == before


def _gm_won(state: TabletopBattle, *options: str) -> tuple[TabletopBattle, object]:
    """The battle won by the GM's edit (the last foe taken off the map), as a logged
    entry on the engine's own dice, replayed."""
    from tactician.engine.battle import Battle, replay
    from tactician.engine.battle import act as engine_act
    from tactician.rulesets.rulings import with_overrides

    rules = TabletopBattleRules(with_overrides(TabletopOptions(), list(options)))
    start = Battle(ruleset="fe-tabletop", seed=4, options=list(options),
                   start=rules.dump_state(state))
    played, entry, after = engine_act(start, rules, {"type": "gm_edit", "edit": "remove",
                                                     "unit": "oneill"})
    assert rules.dump_state(replay(played, rules)) == rules.dump_state(after)
    return after, entry


def test_a_battle_the_gm_ends_runs_the_same_aftermath_as_one_an_action_ends(
        tmp_path: Path) -> None:
    """The battle's end holds the support conversations (L118) and, under ``exp_per =
    battle``, awards the chart's EXP (L125) however it ends: here the GM takes the last
    foe off the map, as the attack ends it above. Before, an edit only scored it."""
    state = _duel(tmp_path)
    book = state.support_book()
    for _ in range(4):
        book = book.fought_together("eirika", "lute")
    state = state.with_supports(book).replace_units(state.unit("garcia").with_hp(0))
    won, entry = _gm_won(state, "exp_per=battle")
    assert won.result == "victory"
    assert won.support_book().rank("eirika", "lute") == "C"
    kinds = [r["type"] for r in entry.records]  # type: ignore[attr-defined]
    assert "support" in kinds and "exp" in kinds, kinds
    exp = next(r for r in entry.records if r["type"] == "exp")  # type: ignore[attr-defined]
    assert exp["amount"] == 10  # garcia defeated: 1-4 units -> 10 (the removed foe is out)
    assert won.unit("lute").character.exp == 10
    assert "support conversation" in entry.summary  # type: ignore[attr-defined]
