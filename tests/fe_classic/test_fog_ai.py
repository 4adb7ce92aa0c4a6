"""The engine's play under fe-classic fog (ruling ``ai_sight``): with ``fog_rules =
tabletop`` 001 L110's view ("Players are assumed to have a view of 4 squares ahead
of them") is every side's, so the enemy decides only on the units its side sees."""

from __future__ import annotations

from pathlib import Path

from tactician.rulesets.fe_classic.battle_ai import known_foes, planner
from tactician.rulesets.fe_classic.battle_state import ClassicBattle
from tests.fe_classic.test_battle import EIRIKA, FOE, _battle


def _field(tmp_path: Path, foe_at: int, *options: str) -> ClassicBattle:
    """Eirika at (0, 0); the foe (a Fighter, MOV 5, an axe of range 1) on row 0 at
    ``foe_at``; the enemy's phase."""
    state = _battle(tmp_path, "." * 12 + "\n" + "." * 12 + "\n",
                    [dict(EIRIKA), {**FOE, "at": [foe_at, 0]}], fog=True)
    return state.model_copy(update={"options": ("fog_rules=tabletop", *options),
                                    "phase": 1})


def _decision(state: ClassicBattle) -> dict[str, object]:
    found = planner(every_side=False).next(state)
    assert found is not None and found["unit"] == "foe"
    return found


def _targets(decision: dict[str, object]) -> set[str]:
    best = decision["best"]
    assert isinstance(best, list)
    return {str(row["target"]) for row in best}


def test_an_enemy_ignores_a_foe_out_of_its_sides_sight(tmp_path: Path) -> None:
    # 6 squares apart: the Fighter could walk 5 and strike, but it sees 4 squares
    blind = _field(tmp_path, 6)
    foe = blind.classic_unit("foe")
    assert known_foes(blind, foe) == []
    held = _decision(blind)
    assert held["actions"] == [{"type": "wait", "unit": "foe"}]
    assert held["reason"] == "hold" and held["best"] == []
    # the same board seen whole (the other value of the ruling): it scores striking
    # Eirika from (1, 0) and, the strike not worth it, walks up to her
    seeing = _decision(_field(tmp_path, 6, "ai_sight=gm_sees_all"))
    assert _targets(seeing) == {"eirika"}
    assert seeing["actions"] == [{"type": "move", "unit": "foe", "to": [1, 0]},
                                 {"type": "wait", "unit": "foe"}]
    assert seeing["reason"] == "advance toward the nearest foe"


def test_an_enemy_in_sight_of_its_foe_attacks_as_before(tmp_path: Path) -> None:
    # 4 squares apart: in sight of each other, so fog changes nothing
    near = _field(tmp_path, 4)
    assert [u.id for u in known_foes(near, near.classic_unit("foe"))] == ["eirika"]
    decided = _decision(near)
    assert _targets(decided) == {"eirika"} and decided["reason"] != "hold"


def test_without_fog_rules_the_enemy_sees_the_whole_board(tmp_path: Path) -> None:
    state = _field(tmp_path, 6).model_copy(update={"options": ("fog_rules=none",),
                                                   "phase": 1})
    assert [u.id for u in known_foes(state, state.classic_unit("foe"))] == ["eirika"]
    assert _targets(_decision(state)) == {"eirika"}
