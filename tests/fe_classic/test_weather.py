"""Weather in fe-classic: 002 L8 names "weather" but gives no rule (G2-33); under
``weather_rules = tabletop`` 001 L112's Rain/Storm takes 1 from MOV, 2 from a horse
or flier (fe-tabletop's ``mov_minus`` reading), at least 1."""

from __future__ import annotations

from pathlib import Path

from tactician.rulesets.fe_classic.battle_moves import movement, reach
from tactician.rulesets.fe_classic.battle_state import ClassicBattle
from tactician.rulesets.fe_common.battle.weather import storm_mov
from tests.fe_classic.test_battle import EIRIKA, _battle, _unit

SETH = {"id": "seth", "file": "seth_paladin.yaml", "side": "player", "at": [0, 1]}


def _storm(tmp_path: Path, weather: str, rules: str) -> ClassicBattle:
    state = _battle(tmp_path, "." * 12 + "\n" + "." * 12 + "\n",
                    [dict(EIRIKA), dict(SETH)], briefing={"weather": weather})
    return state.model_copy(update={"options": (f"weather_rules={rules}",)})


def test_a_storm_takes_one_from_foot_and_two_from_horses(tmp_path: Path) -> None:
    clear = _storm(tmp_path, "storm", "none")
    storm = _storm(tmp_path, "Storm", "tabletop")
    for unit_id, less in (("eirika", 1), ("seth", 2)):
        mov = _unit(clear, unit_id).character.mov
        assert movement(clear, _unit(clear, unit_id)) == mov
        assert movement(storm, _unit(storm, unit_id)) == mov - less
        # the reach on open ground is exactly the stormy MOV along the row
        far = max(x for (x, y) in reach(storm, _unit(storm, unit_id)).remaining
                  if y == _unit(storm, unit_id).position[1])  # type: ignore[index]
        assert far == mov - less


def test_rain_counts_as_the_storm_and_clear_weather_changes_nothing(tmp_path: Path) -> None:
    rain = _storm(tmp_path, "rain", "tabletop")
    assert movement(rain, _unit(rain, "eirika")) == _unit(rain, "eirika").character.mov - 1
    clear = _storm(tmp_path, "clear", "tabletop")
    assert movement(clear, _unit(clear, "eirika")) == _unit(clear, "eirika").character.mov


def test_storm_movement_never_below_one() -> None:
    assert [storm_mov(m, True) for m in (0, 1, 2, 3, 8)] == [0, 1, 1, 1, 6]
    assert [storm_mov(m, False) for m in (0, 1, 2, 5)] == [0, 1, 1, 4]
