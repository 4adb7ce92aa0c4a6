"""Miridon (004) through the command line: ``character create|show|advance`` and
``compendium list|show`` with ``--ruleset miridon``, text and ``--json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tactician.cli.main import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "miridon"
SABLE = EXAMPLES / "duelist_sable.yaml"  # 9/11 Duelist, 6 skill points unspent
runner = CliRunner()


def cli(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout + result.stderr


def cli_json(*args: object) -> Any:
    code, out = cli(*args, "--json")
    assert code == 0, out
    return json.loads(out)


def copy(tmp_path: Path, source: Path = SABLE, **changes: Any) -> Path:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.update(changes)
    target = tmp_path / source.name
    target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return target


# --- create ---------------------------------------------------------------------------


def test_create_says_a_legal_build_in_a_line() -> None:
    code, out = cli("character", "create", "--ruleset", "miridon", SABLE)
    assert code == 0, out
    assert "legal build: Sable Marr, Duelist (Human)" in out
    assert "6 points unspent" in out


def test_create_lists_every_violation_with_file_entry_field_and_line(tmp_path: Path) -> None:
    ledger = yaml.safe_load(SABLE.read_text(encoding="utf-8"))["ledger"]
    bad = copy(tmp_path, weapons=["Nonesuch Blade"],
               ledger=[*ledger, {"buy_flair": "No Such Flair"}])
    code, out = cli("character", "create", "--ruleset", "miridon", bad, "--json")
    assert code == 2
    data = json.loads(out)
    assert data["valid"] is False
    fields = {v["field"]: v for v in data["violations"]}
    assert f"ledger.{len(ledger)}.name" in fields
    assert "weapons" in fields
    flair = fields[f"ledger.{len(ledger)}.name"]
    assert flair["file"] == str(bad) and flair["entry"] == "Sable Marr"
    assert "No Such Flair" in flair["problem"] and "004 L" in flair["problem"]


def test_a_flair_without_its_prerequisite_is_refused_naming_the_line(tmp_path: Path) -> None:
    # Redouble Specialist needs Redouble rank 1 (004 L490); drop the talent purchase
    ledger = [e for e in yaml.safe_load(SABLE.read_text(encoding="utf-8"))["ledger"]
              if e != {"buy_talent": "Redouble"}]
    code, out = cli("character", "create", "-r", "miridon", copy(tmp_path, ledger=ledger),
                    "--json")
    assert code == 2
    problems = [v for v in json.loads(out)["violations"] if v["field"].endswith("prerequisites")]
    assert problems and "Redouble" in problems[0]["problem"]


# --- show -----------------------------------------------------------------------------


def test_show_json_has_the_shared_keys_sections_and_004_numbers() -> None:
    data = cli_json("character", "show", "--ruleset", "miridon", SABLE)
    assert data["ruleset"] == "miridon" and data["name"] == "Sable Marr"
    titles = [s["title"] for s in data["sections"]]
    assert titles[:4] == ["Character", "In battle", "Build", "Weapons"]
    numbers = data["miridon"]
    assert (numbers["max_strength"], numbers["max_speed"]) == (9, 11)
    assert numbers["max_hp"] == 2 * (9 + 11)  # ruling max_hp_formula=twice_points
    assert numbers["talents"] == {"Dodge Boost": 1, "Redouble": 1}
    assert numbers["points"]["unspent"] == 6


def test_show_text_is_a_sheet_a_player_reads() -> None:
    code, out = cli("character", "show", "-r", "miridon", EXAMPLES / "skiffmaster_oren.yaml")
    assert code == 0, out
    assert "Skiffmaster" in out and "Crew" in out and "Revolver" in out


# --- advance --------------------------------------------------------------------------


def test_advance_buys_a_talent_and_writes_only_with_out(tmp_path: Path) -> None:
    ledger = yaml.safe_load(SABLE.read_text(encoding="utf-8"))["ledger"]
    unit = copy(tmp_path, ledger=[*ledger, {"grant_points": 20}])
    before = unit.read_bytes()
    out = tmp_path / "sable2.yaml"
    code, text = cli("character", "advance", "-r", "miridon", unit, "--choose",
                     "buy_talent=Redouble", "--out", out)
    assert code == 0, text
    assert unit.read_bytes() == before
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["ledger"][-1] == {
        "buy_talent": "Redouble"}
    sheet = cli_json("character", "show", "-r", "miridon", out)["miridon"]
    assert sheet["talents"]["Redouble"] == 2
    assert sheet["points"]["spent"] == 24 + 10  # rank 2 costs 2 x 5 (L284-291)
    assert sheet["points"]["unspent"] == 26 - 10


def test_advance_refused_changes_nothing_and_exits_2(tmp_path: Path) -> None:
    unit = copy(tmp_path)
    before = unit.read_bytes()
    code, out = cli("character", "advance", "-r", "miridon", unit, "--choose",
                    "buy_talent=Dodge Boost", "--in-place")
    assert code == 2
    assert "costs 10 skill points, 6 unspent" in out and "004 L379" in out
    assert unit.read_bytes() == before


def test_advance_needs_exactly_one_step(tmp_path: Path) -> None:
    unit = copy(tmp_path)
    code, out = cli("character", "advance", "-r", "miridon", unit)
    assert code == 2 and "exactly one" in out
    code, out = cli("character", "advance", "-r", "miridon", unit, "--choose", "grant_points=5",
                    "--choose", "buy_skill=Taunt")
    assert code == 2 and "exactly one" in out
    code, out = cli("character", "advance", "-r", "miridon", unit, "--choose", "level=2")
    assert code == 2 and "no choice level" in out
    code, out = cli("character", "advance", "-r", "miridon", unit, "--choose", "grant_speed=x")
    assert code == 2 and "not a whole number" in out


def test_advance_refuses_an_unknown_option_by_name(tmp_path: Path) -> None:
    code, out = cli("character", "advance", "-r", "miridon", copy(tmp_path), "--choose",
                    "grant_points=5", "-o", "no_such_option=1")
    assert code == 2 and "no_such_option" in out


def test_gm_grants_of_stats_raise_the_maxima_json(tmp_path: Path) -> None:
    unit = copy(tmp_path)
    report = cli_json("character", "advance", "-r", "miridon", unit, "--choose",
                      "grant_strength=3", "--choose", "note=boss fight", "--in-place")
    assert report["report"]["event"] == {"kind": "grant_strength", "amount": 3,
                                         "note": "boss fight"}
    assert report["written"] == str(unit)
    sheet = cli_json("character", "show", "-r", "miridon", unit)["miridon"]
    assert sheet["max_strength"] == 12 and sheet["max_hp"] == 2 * (12 + 11)


def test_dual_class_is_bought_through_advance(tmp_path: Path) -> None:
    # 20/20 maxima and 100 points first (004 L390-393)
    unit = copy(tmp_path, ledger=[{"grant_strength": 11}, {"grant_speed": 9},
                                  {"grant_points": 100}])
    report = cli_json("character", "advance", "-r", "miridon", unit, "--choose",
                      "take_dual_class=Ghost Hunter", "--in-place")
    assert report["report"]["cost"] == 100
    sheet = cli_json("character", "show", "-r", "miridon", unit)["miridon"]
    assert sheet["classes"] == ["Duelist", "Ghost Hunter"]


def test_choices_lists_every_step() -> None:
    names = {c["name"] for c in cli_json("character", "choices", "-r", "miridon")}
    assert {"buy_skill", "buy_talent", "buy_flair", "take_dual_class", "grant_points",
            "grant_strength", "grant_speed", "grant_ghost_hp"} <= names


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(amount=st.integers(min_value=1, max_value=500))
def test_a_point_grant_adds_exactly_its_amount(tmp_path: Path, amount: int) -> None:
    unit = copy(tmp_path)
    report = cli_json("character", "advance", "-r", "miridon", unit, "--choose",
                      f"grant_points={amount}")
    assert report["report"]["unspent"] == 6 + amount
    assert report["written"] is None


# --- compendium -----------------------------------------------------------------------


def test_compendium_lists_the_kinds() -> None:
    kinds = cli_json("compendium", "list", "--ruleset", "miridon")
    assert {"classes", "specials", "talents", "flairs", "weapons", "spells",
            "spell_modifiers", "attack_modifiers", "actions", "insanity", "armor",
            "stances"} <= set(kinds)


def test_compendium_list_a_kind_and_search_it() -> None:
    flairs = cli_json("compendium", "list", "-r", "miridon", "flairs")
    assert len(flairs) == 121
    found = cli_json("compendium", "list", "-r", "miridon", "flairs", "--search", "parry")
    assert {f["name"] for f in found} == {"Parry", "Advanced Parry"}
    code, out = cli("compendium", "list", "-r", "miridon", "weapons")
    assert code == 0 and "Longsword" in out


def test_compendium_show_an_entry_with_its_line() -> None:
    sword = cli_json("compendium", "show", "-r", "miridon", "weapons", "longsword")
    assert sword["name"] == "Longsword" and sword["line"] == 3405
    code, out = cli("compendium", "show", "-r", "miridon", "flairs", "Parry")
    assert code == 0 and "Parry" in out
    code, out = cli("compendium", "show", "-r", "miridon", "flairs", "Pary")
    assert code == 2 and "did you mean" in out


def test_every_example_is_a_legal_build() -> None:
    for unit in sorted(EXAMPLES.glob("*.yaml")):
        assert cli_json("character", "create", "-r", "miridon", unit)["valid"] is True



def test_interactive_advance_asks_for_the_step(tmp_path: Path) -> None:
    unit = copy(tmp_path)
    result = runner.invoke(app, ["character", "advance", "-r", "miridon", str(unit),
                                 "--interactive", "--in-place"], input="buy_skill=Taunt\n")
    assert result.exit_code == 0, result.output
    assert "Which step" in result.output
    assert yaml.safe_load(unit.read_text(encoding="utf-8"))["ledger"][-1] == {
        "buy_skill": "Taunt"}


def test_every_option_default_is_taken_as_written() -> None:
    from tactician.rulesets.contract.helpers import format_value
    from tactician.rulesets.registry import contract

    miridon = contract("miridon")
    for spec in miridon.options():
        values = miridon.option_values([f"{spec.name}={spec.default}"])
        assert format_value(values[spec.name]) == spec.default, spec.name
    assert miridon.option_values(["talent_max_rank=3"])["talent_max_rank"] == 3


def test_an_option_changes_the_advance(tmp_path: Path) -> None:
    # skill_cost=rank: a cross-class skill costs [Rank], not 2 x [Rank]
    unit = copy(tmp_path)
    default = cli_json("character", "advance", "-r", "miridon", unit, "--choose",
                       "buy_skill=Stealth")["report"]["cost"]
    ranked = cli_json("character", "advance", "-r", "miridon", unit, "--choose",
                      "buy_skill=Stealth", "-o", "skill_cost=rank")["report"]["cost"]
    assert (default, ranked) == (2, 1)
