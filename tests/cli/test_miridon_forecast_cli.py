"""``battle forecast`` forecasts what ``battle act ... attack`` and the spell actions can do
(issue 24 item 11): the attack kinds, the modifiers, the bonus attacks and the spells, each
from the procedure the action resolves with; a forecast changes nothing."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from tactician.cli.main import app
from tactician.rulesets.miridon.battle.forecast import attack_forecast
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting
from tests.cli.test_miridon_table_view import ROOT, run, runner
from tests.miridon.battle.helpers import battle, unit

SKIRMISH = ROOT / "examples" / "miridon" / "skirmish"


def _skirmish(tmp_path: Path) -> Path:
    path = tmp_path / "b.json"
    run(["battle", "new", "-r", "miridon", "--map", str(SKIRMISH / "map.yaml"), "--units",
         str(SKIRMISH / "crew.yaml"), "--units", str(SKIRMISH / "raiders.yaml"), "--seed", "1",
         "--out", str(path), "--force", "--json"])
    run(["battle", "enemy-phase", "-b", str(path)])  # the order, the raiders' turns
    return path


def test_the_forecast_takes_the_attack_kind_and_the_modifiers(tmp_path: Path) -> None:
    battle_file = _skirmish(tmp_path)
    before = battle_file.read_bytes()
    aimed = json.loads(run(["battle", "forecast", "wren", "kessa", "kind=aimed", "-b",
                            str(battle_file), "--json"]))
    plain = json.loads(run(["battle", "forecast", "wren", "kessa", "-b", str(battle_file),
                            "--json"]))
    assert aimed["miridon"]["action"] == "Aimed Attack"
    terms = {t["label"]: t["value"] for t in aimed["miridon"]["to_hit_terms"]}
    assert terms["Aimed Attack"] == 3  # L1840
    total = sum(t["value"] for t in aimed["miridon"]["to_hit_terms"])
    assert total == sum(t["value"] for t in plain["miridon"]["to_hit_terms"]) + 3
    # a modifier the unit lacks is refused as the action refuses it (exit 2, nothing changed)
    refused = runner.invoke(app, ["battle", "forecast", "wren", "kessa",
                                  "modifiers=power_attack", "power=1", "-b", str(battle_file)])
    assert refused.exit_code == 2
    assert "lacks the Power Attack flair" in refused.stdout + refused.stderr
    assert battle_file.read_bytes() == before


def _caster_field() -> object:
    """A caster with no boosts whose Elemental Spell (6d6, L3288) is ready, at two foes
    5 ft apart; the first with 30 HP and no SDR."""
    casting = Casting("Elemental Spell", (), 5, 0, "a", 60, element="fire")
    mage = with_casting(unit("mage", at=(0, 2), flairs=("Explosive Spell", "Variant Spell"),
                             ghost=10), casting)
    return battle(mage, unit("a", "enemy", at=(4, 2), hp=30),
                  unit("b", "enemy", at=(5, 2), hp=40, sdr=3))


def _six_d6_at_least(total: int) -> float:
    rolls = list(itertools.product(range(1, 7), repeat=6))
    return sum(1 for r in rolls if sum(r) >= total) / len(rolls)


def test_a_spell_forecast_is_the_activation_on_the_targets_it_would_reach() -> None:
    rules = MiridonBattleRules()
    state = _caster_field()
    action = {"type": "activate_spell", "unit": "mage", "target": "a"}
    found = attack_forecast(rules.book, rules.options, state, action)
    assert found["attacker"]["weapon"] == "Elemental Spell"
    assert found["outcome"]["defender_defeated"] == pytest.approx(_six_d6_at_least(30))
    assert [t["name"] for t in found["targets"]] == ["A"]  # one target (L3288)
    # Variant Spell's Explosive Spell at activation reaches b as well, through its SDR 3
    burst = attack_forecast(rules.book, rules.options, state,
                            {**action, "modifiers": "Explosive Spell"})
    rows = {r["id"]: r for r in burst["miridon"]["targets"]}
    assert set(rows) == {"a", "b"}
    assert rows["b"]["expected_damage"] == pytest.approx(21 - 3)
    assert burst["miridon"]["cost"] == {"strength": 0, "speed": 0}  # Explosive Spell: 0/0


def test_a_cast_is_forecast_as_it_would_be_cast_and_refused_alike(tmp_path: Path) -> None:
    examples = ROOT / "examples" / "miridon"
    path = tmp_path / "s.json"
    run(["battle", "new", "-r", "miridon", "--map", str(SKIRMISH / "map.yaml"), "--units",
         str(examples / "spirits" / "casters.yaml"), "--units",
         str(examples / "spirits" / "haunted.yaml"), "--seed", "2", "--out", str(path),
         "--force", "--json"])
    run(["battle", "act", "husk", "begin", "-b", str(path)])
    run(["battle", "enemy-phase", "-b", str(path)])
    found = json.loads(run(["battle", "forecast", "gogo", "husk", "--action", "cast_spell",
                            "spell=Elemental Spell", "ghost=10", "element=fire", "-b",
                            str(path), "--json"]))
    assert found["miridon"]["cost"] == {"strength": 4, "speed": 1}  # the Short Staff (L3500)
    assert found["miridon"]["targets"][0]["id"] == "husk"
    assert found["defender"]["name"] == "Haunted Husk"
    refused = runner.invoke(app, ["battle", "forecast", "gogo", "husk", "--action",
                                  "cast_spell", "spell=Elemental Spell", "ghost=99",
                                  "element=fire", "-b", str(path)])
    assert refused.exit_code == 2 and "cannot invest 99" in refused.stdout + refused.stderr
