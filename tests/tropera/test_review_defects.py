"""Defects a rules review found (issue 8), each with the text it breaks."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.tropera.battle_units import combatant, reach
from tactician.rulesets.tropera.numbers import terrain_avoid
from tactician.rulesets.tropera.progression import has_feat, mount_feat
from tests.tropera.battles import battle, unit


def _later_mounted() -> dict[str, Any]:
    """Flying Mount at level 1, Mounted taken at level 8."""
    ups = [{"level": lv} for lv in range(2, 8)] + [{"level": 8, "feat": "Mounted"}]
    return {"feats": ["Flying Mount", "Mounted"], "level_ups": ups}


def test_a_later_mounted_negates_flying_mount() -> None:
    """000 Flying Mount: "Taking Mounted at a later level negates this feat"."""
    rows = [".M.", ".M.", ".M."]
    rider = unit("r", (0, 0), character=_later_mounted())
    state = battle(rows, rider, unit("e", (2, 2), side="enemy"))
    assert mount_feat(rider.character) == "Mounted"
    assert not has_feat(rider.character, "Flying Mount")
    tiles = reach(state, state.unit("r"))
    assert (1, 0) not in tiles and (2, 0) not in tiles  # the mountain stops it again
    fighter = combatant(state, state.unit("r"))
    assert "flying" not in fighter.tags and "mounted" in fighter.tags  # no bow effectiveness
    in_forest = fighter.situation.__class__(terrain_avoid=20)

    assert terrain_avoid(fighter._replace(situation=in_forest)) == 20  # terrain counts again


def test_flying_mount_alone_still_flies() -> None:
    rows = [".M.", ".M.", ".M."]
    state = battle(rows, unit("f", (0, 0), character={"feats": ["Flying Mount"]}))
    assert (1, 0) in reach(state, state.unit("f"))
    assert "flying" in combatant(state, state.unit("f")).tags


def test_relic_effects_apply_from_the_relic_slot() -> None:
    """Hoplon Guard: "the holder cannot be critically hit"; Delphi Shield: flying
    effectiveness does not apply to the holder."""
    from tactician.rulesets.tropera.options import TroperaOptions
    from tactician.rulesets.tropera.sequence import strike_numbers

    points = {"skl": 10, "lck": 3, "hp": 10, "str": 6, "spd": 5, "def": 4, "res": 1}
    killer = {"weapons": ["Killing Edge"], "proficiencies": {"sword": "C"}, "points": points}
    plain = unit("d", (1, 0), side="enemy", character={})
    guarded = unit("g", (1, 0), side="enemy", character={"relic": "Hoplon Guard"})
    attacker = unit("a", (0, 0), character=killer)
    state = battle(["..."], attacker, plain)
    hit = combatant(state, state.unit("a"))
    assert strike_numbers(hit, combatant(state, state.unit("d")), TroperaOptions()).crit > 0
    state = battle(["..."], attacker, guarded)
    assert strike_numbers(hit, combatant(state, state.unit("g")), TroperaOptions()).crit == 0
    flier = unit("f", (1, 0), side="enemy",
                 character={"feats": ["Flying Mount"], "relic": "Delphi Shield"})
    state = battle(["..."], attacker, flier)
    assert "flying" not in combatant(state, state.unit("f")).tags


def test_an_unknown_relic_effect_is_refused() -> None:
    import pytest
    from pydantic import ValidationError

    from tactician.rulesets.tropera.models import Item

    with pytest.raises(ValidationError, match="unknown relic effect 'glow'"):
        Item(name="Lamp", kind="relic", effect="glow")


def test_prepare_takes_tiles_from_the_command_line() -> None:
    """`battle act p prepare tiles=4,1;5,2` (or one tile, `tiles=4,1`) designates spaces."""
    from tactician.cli.battle import parse_value
    from tactician.dice.source import SeededDice
    from tactician.rulesets.tropera.battle_actions import apply

    assert parse_value("4,1;5,2") == [[4, 1], [5, 2]]
    assert parse_value("4,1;") == [[4, 1]]
    state = battle(["......", "......", "......"], unit("p", (4, 2)),
                   unit("e", (0, 0), side="enemy"))
    for given, tiles in ((parse_value("4,1;5,2"), ((4, 1), (5, 2))),
                         (parse_value("4,1"), ((4, 1),)),
                         ([4, 1, 5, 2], ((4, 1), (5, 2)))):
        after, _ = apply(state, {"type": "prepare", "unit": "p", "tiles": given}, SeededDice(1))
        assert after.prepared["p"] == tiles


def test_units_sharing_a_name_are_told_apart_by_number() -> None:
    """Issue 7: the log said "Brigand moves" twice; now "Brigand 1 moves" (issue 24:
    a number, as every ruleset does, not the id, which the board shows beside it)."""
    from pathlib import Path

    from tactician.dice.source import SeededDice
    from tactician.rulesets.tropera.battle_actions import apply
    from tactician.rulesets.tropera.scenario import start_battle

    examples = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
    state = start_battle(examples / "ford.yaml",
                         [examples / "party.yaml", examples / "bandits.yaml"])
    names = {u.id: u.name for u in state.units}
    assert names["brigand-1"] == "Brigand 1"
    assert names["brigand-2"] == "Brigand 2"
    assert names["aria"] == "Aria"  # a unique name stays as it is
    state = state.model_copy(update={"phase": 1})
    _, outcome = apply(state, {"type": "wait", "unit": "brigand-1"}, SeededDice(1))
    assert outcome.summary == "Brigand 1 waits"


def test_chain_lightning_on_the_map_jumps_two_spaces_to_at_most_two_more() -> None:
    import pytest

    from tactician.dice.source import SeededDice
    from tactician.errors import RulesError
    from tactician.rulesets.tropera.battle_actions import apply

    mage = unit("m", (0, 0), character={"weapons": ["Chain Lightning"],
                                        "proficiencies": {"anima": "C"}})
    foes = [unit(f"e{i}", at, side="enemy", number=i)
            for i, at in enumerate([(1, 0), (2, 0), (5, 0), (3, 0), (4, 0)], 1)]
    state = battle(["......"], mage, *foes)
    with pytest.raises(RulesError, match="jumps at most 2 spaces; E3 is 3 from E2"):
        apply(state, {"type": "attack", "unit": "m", "targets": ["e1", "e2", "e3"]},
              SeededDice(1))
    with pytest.raises(RulesError, match="at most 2 further enemies; 3 were given"):
        apply(state, {"type": "attack", "unit": "m", "targets": ["e1", "e2", "e4", "e5"]},
              SeededDice(1))
    after, _ = apply(state, {"type": "attack", "unit": "m", "targets": ["e1", "e2", "e4"]},
                     SeededDice(1))
    assert after.unit("m").acted


def test_exactly_one_mount_counts_whatever_the_levels() -> None:
    """Each mount feat "Taking [the other] at a later level negates this feat"."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tactician.rulesets.tropera.models import Character
    from tactician.rulesets.tropera.progression import negated_feats
    from tests.tropera.characters import make

    @settings(max_examples=30, deadline=None)
    @given(st.sampled_from([8, 16]), st.sampled_from([1, 8, 16]), st.booleans())
    def check(level_a: int, level_b: int, flying_first: bool) -> None:
        if level_a == level_b:
            return
        first, second = ("Flying Mount", "Mounted") if flying_first else ("Mounted", "Flying Mount")
        taken_at = {min(level_a, level_b): first, max(level_a, level_b): second}
        ups: list[dict[str, Any]] = [{"level": lv} for lv in range(2, 17)]
        for record in ups:
            if record["level"] in taken_at:
                record["feat"] = taken_at[record["level"]]
        character: Character = make(feats=[first, second], level_ups=ups)
        assert mount_feat(character) == second
        assert negated_feats(character) == {first.casefold()}

    check()
