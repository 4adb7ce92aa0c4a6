"""Physical dice asked for one by one on a terminal (issue 24 item 7: one UESRPG
attack needed five runs, each refused with the next die: "roll #2 must be a d100
(Bandit defends (parry, vs 45))", then a d8, the shock test, "a d4 (which eye or ear
is lost)"). Run on a pseudo-terminal (``tests/cli/terminal.py``), as a GM runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.cli.table_dice import TablePrompt, face
from tactician.errors import DiceError
from tests.cli.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "examples" / "uesrpg" / "skirmish"
ARIA = ROOT / "examples" / "tropera" / "aria_sword_fighter.yaml"
runner = CliRunner()
PROMPT = r"Roll #{n}: d{sides} for {what}[^\n]*: $"


def _ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def ambush(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The UESRPG skirmish at Aela's Turn, Aela beside Bandit 1."""
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "ambush.json"
    _ok("battle", "new", "--ruleset", "uesrpg", "--map", str(SKIRMISH / "map.yaml"),
        "--units", str(SKIRMISH / "party.yaml"), "--units", str(SKIRMISH / "bandits.yaml"),
        "--seed", "3", "--out", str(path))
    _ok("battle", "end-phase", "--rolls", "5,5,5,5,5", "-b", str(path))  # Aela goes first
    _ok("battle", "move", "aela", "5", "2", "-b", str(path))
    return path


def _terminal(tmp_path: Path, *args: str) -> Terminal:
    return Terminal(*args, cwd=tmp_path, env={"TACTICIAN_CACHE_DIR": str(tmp_path / "cache")})


def _asked(term: Terminal, n: int, sides: int, what: str, answer: str) -> None:
    term.expect(rf"Roll #{n}: d{sides} for {what}[^\n]*: ")
    term.type(answer)


def test_a_uesrpg_attack_asks_its_five_dice_in_one_run(ambush: Path, tmp_path: Path) -> None:
    """The attack test, the parry, the damage, the shock test and the lost eye or ear:
    each asked as the attack needs it, a bad answer asked again, saved once."""
    term = _terminal(tmp_path, "battle", "attack", "aela", "bandit-1", "--rolls", "ask",
                     "-b", str(ambush))
    term.expect(r"Commit this attack\? \[y/N\]: ")
    term.type("y")
    _asked(term, 1, 100, r"Aela attacks Bandit 1 with Longsword \(vs 62\)", "10")
    _asked(term, 2, 100, r"Bandit 1 defends \(parry, vs 45\)", "99")
    _asked(term, 3, 8, "Longsword damage", "8")
    _asked(term, 4, 100, r"Bandit 1: Shock Test \(Endurance\) test vs 34", "101")
    term.expect(r"'101' is not a face of a d100: type a whole number 1\.\.100 \(00 is 100\)")
    _asked(term, 4, 100, "Bandit 1: Shock Test", "99")
    _asked(term, 5, 4, "Bandit 1: which eye or ear is lost", "5")
    term.expect("'5' is not a face of a d4")
    _asked(term, 5, 4, "Bandit 1: which eye or ear is lost", "2")
    term.expect("loses the left eye")
    assert term.finish() == 0, term.seen
    entry = json.loads(_ok("battle", "log", "--json", "-b", str(ambush)))["entries"][-1]
    assert entry["action"]["type"] == "attack" and entry["physical"]
    assert [d["value"] for d in entry["dice"]] == [10, 99, 8, 99, 2]
    assert [d["sides"] for d in entry["dice"]] == [100, 100, 8, 100, 4]


@pytest.mark.parametrize("stop", ["interrupt", "end_of_input"])
def test_stopping_while_asked_saves_nothing(ambush: Path, tmp_path: Path, stop: str) -> None:
    before = ambush.read_bytes()
    term = _terminal(tmp_path, "battle", "attack", "aela", "bandit-1", "--yes", "--rolls",
                     "ask", "-b", str(ambush))
    _asked(term, 1, 100, "Aela attacks Bandit 1", "10")
    term.expect(r"Roll #2: d100 for Bandit 1 defends[^\n]*: ")
    getattr(term, stop)()
    term.expect(r"error: (stopped at|no answer for) roll #2 \(the d100 for Bandit 1 defends")
    assert term.finish() == 2, term.seen
    assert ambush.read_bytes() == before


def test_given_rolls_that_run_out_on_a_terminal_ask_for_the_rest(
    ambush: Path, tmp_path: Path
) -> None:
    term = _terminal(tmp_path, "battle", "attack", "aela", "bandit-1", "--yes", "--rolls",
                     "10,99", "-b", str(ambush))
    _asked(term, 3, 8, "Longsword damage", "1")
    assert term.finish() == 0, term.seen
    assert "Roll #1" not in term.seen and "Roll #2" not in term.seen
    entry = json.loads(_ok("battle", "log", "--json", "-b", str(ambush)))["entries"][-1]
    assert [d["value"] for d in entry["dice"]] == [10, 99, 1]


def test_without_a_terminal_ask_is_refused_naming_the_first_roll(ambush: Path) -> None:
    before = ambush.read_bytes()
    result = runner.invoke(app, ["battle", "attack", "aela", "bandit-1", "--yes", "--rolls",
                                 "ask", "-b", str(ambush)])
    assert result.exit_code == 2
    assert ("roll #1 must be a d100 (Aela attacks Bandit 1 with Longsword (vs 62)); add it "
            "to --rolls (asking for each die, --rolls ask, needs a terminal") in result.stderr
    assert ambush.read_bytes() == before
    short = runner.invoke(app, ["battle", "attack", "aela", "bandit-1", "--yes", "--rolls",
                                "10", "-b", str(ambush)])
    assert short.exit_code == 2 and "roll #2 must be a d100" in short.stderr  # as before


def test_a_tropera_level_up_asks_its_d20s_and_takes_several_in_one_answer(
    tmp_path: Path,
) -> None:
    out = tmp_path / "aria-2.yaml"
    term = _terminal(tmp_path, "character", "level-up", str(ARIA), "--rolls", "ask",
                     "--pick", "mag,skl,spd,def", "--out", str(out))
    _asked(term, 1, 20, "Aria level 2: HP", "20 3, 15")  # three answers at once
    term.expect(r"Roll #2: d20 for Aria level 2: Str: 3\n")  # each shown as it is used
    term.expect(r"Roll #3: d20 for Aria level 2: Mag: 15\n")
    for n, (stat, value) in enumerate(zip(("Skl", "Spd", "Lck", "Def", "Res"),
                                          ("12", "8", "1", "10", "9"), strict=True), start=4):
        _asked(term, n, 20, f"Aria level 2: {stat}", value)
    term.expect("Now level 2")
    assert term.finish() == 0, term.seen
    written = out.read_text(encoding="utf-8")
    assert "level: 2" in written


def test_a_roll_on_the_table_dice() -> None:
    """``TablePrompt`` as the notation's dice ask it: three d6 for 3d6, one answer each."""
    answers = iter(["4\n", "x\n", "6\n", "1\n"])
    said: list[str] = []
    ask = TablePrompt(read=lambda: next(answers), write=said.append)
    assert [ask(n, 6, "3d6") for n in (1, 2, 3)] == [4, 6, 1]
    assert said.count("Roll #2: d6 for 3d6: ") == 2 and any("not a face" in s for s in said)
    ended = TablePrompt(read=lambda: "", write=said.append)
    with pytest.raises(DiceError, match="input ended; nothing was saved"):
        ended(1, 20, "Str")


def test_faces() -> None:
    assert face("00", 100) == 100 and face("100", 100) == 100 and face("0", 100) is None
    assert face("7", 6) is None and face("6", 6) == 6 and face("٣", 6) is None
    assert face("-1", 6) is None and face("1e3", 1000) is None


def test_an_enemy_phase_asks_as_the_engine_plays_and_saves_the_whole_phase_once(
    ambush: Path, tmp_path: Path
) -> None:
    """Bandit 1's Turn, played by the engine: each die asked as its attacks need it; a
    stop on the fifth die saves none of the phase, though two attacks were decided."""
    for command in (("end-phase",), ("enemy-phase",), ("end-phase",)):  # to Bandit 1's Turn
        _ok("battle", *command, "-b", str(ambush))
    before = ambush.read_bytes()
    answers = [(100, "Bandit 1 attacks Aela with Shortsword", "30"),
               (100, r"Aela defends \(parry, vs 62\)", "80"), (6, "Shortsword damage", "4"),
               (100, "Bandit 1 attacks Aela", "50"), (100, "Bandit 2 attacks Aela", "50")]
    term = _terminal(tmp_path, "battle", "enemy-phase", "--rolls", "ask", "-b", str(ambush))
    for n, (sides, what, answer) in enumerate(answers[:4], start=1):
        _asked(term, n, sides, what, answer)
    term.expect(r"Roll #5: d100 for Bandit 2 attacks Aela[^\n]*: ")
    term.interrupt()
    assert term.finish() == 2, term.seen
    assert ambush.read_bytes() == before
    term = _terminal(tmp_path, "battle", "enemy-phase", "--rolls", "ask", "-b", str(ambush))
    for n, (sides, what, answer) in enumerate(answers, start=1):
        _asked(term, n, sides, what, answer)
    term.expect(r"Now round 2, Aela's Turn")
    assert term.finish() == 0, term.seen
    log = json.loads(_ok("battle", "log", "--json", "-b", str(ambush)))["entries"]
    drawn = [d["value"] for e in log[6:] for d in e["dice"]]
    assert drawn == [30, 80, 4, 50, 50] and all(e["physical"] for e in log[6:])


def test_tactician_rolls_ask_is_rolls_ask_for_the_whole_evening(
    ambush: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TACTICIAN_ROLLS", "ask")
    term = Terminal("battle", "attack", "aela", "bandit-1", "--yes", "-b", str(ambush),
                    cwd=tmp_path, env={"TACTICIAN_CACHE_DIR": str(tmp_path / "cache")})
    _asked(term, 1, 100, "Aela attacks Bandit 1", "70")  # a miss: no more dice
    assert term.finish() == 0, term.seen
    assert json.loads(_ok("battle", "log", "--json", "-b", str(ambush)))["entries"][-1][
        "physical"]
    piped = runner.invoke(app, ["roll", "2d6"])  # no terminal: refused, naming the die
    assert piped.exit_code == 2 and "roll #1 must be a d6 (2d6)" in piped.stderr
    seeded = runner.invoke(app, ["roll", "2d6", "--seed", "3"])  # a seed: the stream
    assert seeded.exit_code == 0 and "seed 3" in seeded.stdout
    monkeypatch.setenv("TACTICIAN_ROLLS", "4,5")
    wrong = runner.invoke(app, ["roll", "2d6"])
    assert wrong.exit_code == 2 and "TACTICIAN_ROLLS='4,5': it takes only 'ask'" in wrong.stderr
    monkeypatch.setenv("TACTICIAN_ROLLS", "")
    assert runner.invoke(app, ["roll", "2d6"]).exit_code == 0
