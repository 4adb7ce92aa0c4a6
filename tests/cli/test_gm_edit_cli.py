"""``tactician battle gm-edit`` (issue 29): the GM's edits from the command line, each
an entry "(by the GM)" that the players' log shows as theirs to see, that replays and
undoes; a wrong edit is one line and saves nothing; ``battle act`` does not take them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
BATTLE = ROOT / "examples" / "fe_classic" / "battle"
runner = CliRunner()


def tactician(*args: Any) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout + result.stderr


def test_gm_edits_are_logged_replayed_and_undone(tmp_path: Path) -> None:
    out = tmp_path / "b.json"
    code, text = tactician("battle", "new", "--ruleset", "fe-classic", "--map",
                           BATTLE / "map.yaml", "--units", BATTLE / "party.yaml", "--units",
                           BATTLE / "army.yaml", "--out", out, "--seed", "3")
    assert code == 0, text
    for args in (("oneill", "hide"), ("eirika", "hp", "hp=5"),
                 ("eirika", "conditions", "conditions=sleep:2"), ("eirika", "place", "to=0,0")):
        code, text = tactician("battle", "gm-edit", *args, "--battle", out)
        assert code == 0 and "(by the GM)" in text, text
    saved = out.read_bytes()
    for bad in (("eirika", "hp", "hp=500"), ("eirika", "zap"), ("nobody", "remove"),
                ("eirika", "conditions", "conditions=sleep")):
        code, text = tactician("battle", "gm-edit", *bad, "--battle", out)
        assert code == 2 and len(text.strip().splitlines()) == 1, text
    code, text = tactician("battle", "act", "eirika", "gm_edit", "edit=hp", "hp=1",
                           "--battle", out)
    assert code == 2 and "unknown action 'gm_edit'" in text
    assert out.read_bytes() == saved  # nothing refused was saved
    code, text = tactician("battle", "log", "--side", "player", "--battle", out)
    assert "#1 Something happened out of sight." in text and "O'Neill" not in text
    assert "#2 Eirika's HP set to 5/17 (by the GM)" in text
    code, text = tactician("battle", "replay", "--battle", out)
    assert code == 0 and "Replay matches: 4 entries" in text, text
    code, text = tactician("battle", "undo", "--battle", out, "--yes")
    assert code == 0, text
    board = json.loads(tactician("battle", "show", "--battle", out, "--json")[1])
    eirika = next(u for u in board["units"] if u["id"] == "eirika")
    assert eirika["position"] != [0, 0] and eirika["statuses"] == {"sleep": 2}


def test_a_gm_edit_decided_on_a_stale_board_is_refused(tmp_path: Path) -> None:
    """``--at N`` and ``--at N:HASH`` (issue 27's compare-and-swap) hold for the GM's
    edits as for every command that changes a battle."""
    out = tmp_path / "b.json"
    code, text = tactician("battle", "new", "--ruleset", "fe-classic", "--map",
                           BATTLE / "map.yaml", "--units", BATTLE / "party.yaml", "--units",
                           BATTLE / "army.yaml", "--out", out, "--seed", "3")
    assert code == 0, text
    code, text = tactician("battle", "gm-edit", "eirika", "hp", "hp=5", "--at", "0",
                           "--battle", out)
    assert code == 0, text
    saved = out.read_bytes()
    for stale in ("0", "1:00000000"):
        code, text = tactician("battle", "gm-edit", "eirika", "hp", "hp=4", "--at", stale,
                               "--battle", out)
        assert code != 0 and "moved on" in text, text
    assert out.read_bytes() == saved
    head = json.loads(tactician("battle", "log", "--battle", out, "--json")[1])["head"]
    code, text = tactician("battle", "gm-edit", "eirika", "hp", "hp=4", "--at",
                           f"1:{head[:8]}", "--battle", out)
    assert code == 0, text


def test_a_condition_is_given_with_its_values_and_taken_away(tmp_path: Path) -> None:
    """``add_condition`` and ``remove_condition`` take the condition by name and the
    values its rules give it as KEY=VALUE (the same as the GM desk's form)."""
    out = tmp_path / "b.json"
    code, text = tactician("battle", "new", "--ruleset", "fe-classic", "--map",
                           BATTLE / "map.yaml", "--units", BATTLE / "party.yaml", "--units",
                           BATTLE / "army.yaml", "--out", out, "--seed", "3")
    assert code == 0, text
    code, text = tactician("battle", "gm-edit", "eirika", "add_condition", "name=poison",
                           "turns=3", "--battle", out)
    assert code == 0 and "Eirika: poison for 3 turns (by the GM)" in text, text
    for bad in (("name=poison", "turns=0"), ("name=plague", "turns=1"), ("name=sleep",)):
        code, text = tactician("battle", "gm-edit", "eirika", "add_condition", *bad,
                               "--battle", out)
        assert code == 2 and len(text.strip().splitlines()) == 1, text
    code, text = tactician("battle", "gm-edit", "eirika", "remove_condition", "name=poison",
                           "--battle", out)
    assert code == 0 and "poison cured (by the GM)" in text, text
    board = json.loads(tactician("battle", "show", "--battle", out, "--json")[1])
    assert next(u for u in board["units"] if u["id"] == "eirika")["statuses"] == {}
