"""Each side's combat snapshot kept between runs (``tropera.sides``, issue 16):
a hit gives the same fight as a fresh build, imports none of the content layer,
and any change to what the snapshot is built from builds it again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tactician.dice.source import SeededDice
from tactician.errors import RulesError, TacticianError
from tactician.rulesets.tropera import sides
from tactician.rulesets.tropera.combatant import Combatant, Situation
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.gear import ItemStats, WeaponStats
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sides import CACHE, Side, build_combatant_of, side_combatant
from tactician.table.fights import Combatant as Participant
from tactician.table.fights import FightRequest, attack, forecast

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "tropera"
ARIA = EXAMPLES / "aria_sword_fighter.yaml"
BRIGAND = EXAMPLES / "enemies" / "brigand.yaml"
UNITS = sorted(EXAMPLES.glob("*.yaml")) + sorted((EXAMPLES / "enemies").glob("*.yaml"))
# what a hit must not import: the content layer, the sheet's renderer, the battles
HEAVY = ("pydantic", "yaml", "rich", "tactician.engine", "tactician.rulesets.tropera.models",
         "tactician.rulesets.tropera.creation", "tactician.rulesets.tropera.compendium")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache directory of this test alone, switched on."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(folder))
    monkeypatch.delenv("TACTICIAN_CACHE", raising=False)
    return folder


def _fight(attacker: Path, defender: Path, **defender_situation: object) -> dict[str, object]:
    return forecast(FightRequest(
        ruleset="tropera",
        attacker=Participant(attacker),
        defenders=(Participant(defender, **defender_situation),),  # type: ignore[arg-type]
    ))


def _fresh(monkeypatch: pytest.MonkeyPatch, attacker: Path, defender: Path,
           **defender_situation: object) -> dict[str, object]:
    """The same forecast with the cache switched off: built from the files now."""
    with monkeypatch.context() as off:
        off.setenv("TACTICIAN_CACHE", "off")
        return _fight(attacker, defender, **defender_situation)


def _entries(folder: Path) -> list[Path]:
    return sorted((folder / CACHE.namespace).glob("*.json"))


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.stem)
def test_a_snapshot_read_back_from_json_equals_the_one_built(path: Path) -> None:
    built = build_combatant_of(Side(path, terrain="forest", hp=1, defending=True,
                                    statuses=frozenset({"slowed"})), TroperaOptions())
    assert Combatant.from_json(json.loads(json.dumps(built.as_json()))) == built


def test_clip_relic_and_temporary_gains_survive_json() -> None:
    book = load_compendium()
    clip = next(i for i in book.items.values() if i.kind == "clip")
    relic = next(i for i in book.items.values() if i.kind == "relic")
    built = Combatant(
        name="Lethe", level=3, stats={"hp": 30, "str": 9}, hp=12,
        weapon=WeaponStats.of(book.weapon("Iron Bow")), ranks={"bow": "C"},
        feats=frozenset({"Adept", "Focus"}), kind="laguz-beast", transformed=True,
        clip=ItemStats.of(clip), focus="bow", relic=ItemStats.of(relic),
        situation=Situation(terrain_avoid=20, stat_bonus=(("str", 2),), times_wounded=1),
    )
    again = Combatant.from_json(json.loads(json.dumps(built.as_json())))
    assert again == built
    assert again.weapon is not None and again.weapon.range == (2, 2)
    assert again.weapon.effective == ("flying",)


def test_a_hit_gives_the_forecast_of_a_fresh_build(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _fight(ARIA, BRIGAND, terrain="forest", defending=True)
    assert len(_entries(cache)) == 2  # one snapshot per side
    second = _fight(ARIA, BRIGAND, terrain="forest", defending=True)
    assert second == first == _fresh(monkeypatch, ARIA, BRIGAND, terrain="forest",
                                     defending=True)


def test_the_attack_on_dice_reads_the_same_snapshots(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One route for both commands: an attack after a forecast (snapshots kept)
    rolls the numbers the forecast showed, and the dice a fresh build would."""
    request = FightRequest("tropera", Participant(ARIA), (Participant(BRIGAND),))
    odds = forecast(request)
    rolled = attack(request, SeededDice(5))
    assert len(_entries(cache)) == 2
    first = rolled["strikes"][0]
    assert (first["hit"], first["crit"]) == (odds["attacker"]["hit"], odds["attacker"]["crit"])
    with monkeypatch.context() as off:
        off.setenv("TACTICIAN_CACHE", "off")
        assert attack(request, SeededDice(5)) == rolled


def test_the_situation_is_part_of_the_key(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hurt = _fight(ARIA, BRIGAND, hp=5)
    whole = _fight(ARIA, BRIGAND)
    assert hurt != whole
    assert whole == _fresh(monkeypatch, ARIA, BRIGAND)
    assert _fight(ARIA, BRIGAND, terrain="forest") == _fresh(
        monkeypatch, ARIA, BRIGAND, terrain="forest")


def test_the_rulings_are_part_of_the_key(cache: Path) -> None:
    side = Side(ARIA)
    lenient = TroperaOptions().with_overrides(["weapon_rank_required=false"])
    side_combatant(side, TroperaOptions())
    side_combatant(side, lenient)
    assert len(_entries(cache)) == 2


def test_an_edited_unit_file_gives_the_new_numbers(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    brigand = tmp_path / "brigand.yaml"
    text = BRIGAND.read_text(encoding="utf-8")
    brigand.write_text(text, encoding="utf-8")
    before = _fight(ARIA, brigand)
    # one byte: the name the report shows
    brigand.write_text(text.replace("name: Brigand", "name: Brigant"), encoding="utf-8")
    renamed = _fight(ARIA, brigand)
    assert renamed["defender"]["name"] == "Brigant"  # type: ignore[index]
    # still 35 points: one point of Luck moved to Speed
    stronger = text.replace("spd: 4, lck: 1", "spd: 5, lck: 0")
    assert stronger != text
    brigand.write_text(stronger, encoding="utf-8")
    after = _fight(ARIA, brigand)
    # Hit is 2 x Skill + Luck + ...: one Luck less
    assert after["defender"]["hit"] == before["defender"]["hit"] - 1  # type: ignore[index]
    assert after == _fresh(monkeypatch, ARIA, brigand)


def test_a_refused_file_is_never_kept(cache: Path, tmp_path: Path) -> None:
    brigand = tmp_path / "brigand.yaml"
    text = BRIGAND.read_text(encoding="utf-8")
    brigand.write_text(text, encoding="utf-8")
    _fight(ARIA, brigand)
    kept = _entries(cache)
    # 36 points: refused, and refused again on the next run (nothing was stored)
    brigand.write_text(text.replace("lck: 1", "lck: 2"), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(RulesError, match="36 assigned"):
            _fight(ARIA, brigand)
    assert _entries(cache) == kept
    # back as it was: the snapshot kept for these bytes serves again
    brigand.write_text(text, encoding="utf-8")
    _fight(ARIA, brigand)
    assert _entries(cache) == kept


def test_a_file_edited_during_the_build_is_not_kept(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key is read before the build, which reads the file again: a snapshot of
    the new bytes must not be kept under the old bytes' key."""
    brigand = tmp_path / "brigand.yaml"
    text = BRIGAND.read_text(encoding="utf-8")
    brigand.write_text(text, encoding="utf-8")
    build = sides.build_combatant_of

    def edited_meanwhile(side: Side, options: TroperaOptions) -> Combatant:
        brigand.write_text(text.replace("name: Brigand", "name: Brigant"), encoding="utf-8")
        return build(side, options)

    monkeypatch.setattr(sides, "build_combatant_of", edited_meanwhile)
    assert side_combatant(Side(brigand), TroperaOptions()).name == "Brigant"
    assert _entries(cache) == []
    monkeypatch.setattr(sides, "build_combatant_of", build)
    assert side_combatant(Side(brigand), TroperaOptions()).name == "Brigant"
    assert len(_entries(cache)) == 1


def test_an_unknown_terrain_is_refused_and_not_kept(cache: Path) -> None:
    for _ in range(2):
        with pytest.raises(TacticianError, match="no terrain named 'lava-moat'"):
            _fight(ARIA, BRIGAND, terrain="lava-moat")
    assert len(_entries(cache)) == 1  # the attacker's: the defender's was refused


def test_a_gm_compendium_is_part_of_the_key(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``TACTICIAN_TROPERA_DATA``: the GM's weapons file replaces the Iron Axe."""
    data = tmp_path / "gm"
    data.mkdir()
    axe = "- {name: Iron Axe, type: axe, might: %d, accuracy: 75, weight: 10}\n"
    monkeypatch.setenv("TACTICIAN_TROPERA_DATA", str(data))
    damages = []
    for might in (8, 12):
        (data / "weapons.yaml").write_text(axe % might, encoding="utf-8")
        load_compendium.cache_clear()  # this process's own memo of the files
        damages.append(_fight(ARIA, BRIGAND)["defender"]["damage"])  # type: ignore[index]
    load_compendium.cache_clear()
    assert damages[1] == damages[0] + 4


def _run_forecast(cache: Path) -> tuple[str, set[str]]:
    """``tactician forecast --json`` in a fresh process: its output and the
    modules it imported (``-X importtime``)."""
    env = {**os.environ, "TACTICIAN_CACHE_DIR": str(cache)}
    env.pop("TACTICIAN_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "tactician.cli.main", "forecast",
         "--ruleset", "tropera", "--attacker", str(ARIA), "--defender", str(BRIGAND),
         "--defender-terrain", "forest", "--json"],
        env=env, capture_output=True, text=True, timeout=120, check=True,
    )
    modules = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:") and "|" in line}
    return done.stdout, modules


def _heavy(modules: set[str]) -> set[str]:
    return {m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)}


def test_the_second_run_imports_no_pydantic_yaml_or_rich(tmp_path: Path) -> None:
    first, first_modules = _run_forecast(tmp_path / "cache")
    second, second_modules = _run_forecast(tmp_path / "cache")
    assert {"pydantic", "yaml"} <= first_modules  # the first run built the snapshots
    assert _heavy(second_modules) == set()
    assert "tactician.rulesets.tropera.sequence" in second_modules  # the fight is computed
    assert second == first
    assert json.loads(second)["defender"]["name"] == "Brigand"
