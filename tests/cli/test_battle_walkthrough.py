"""Issue 14's "Done when", on the command line: a GM creates a campaign, builds a
party, plays half a battle, closes everything, reopens and finishes it (another
process), and the party's new state is on the roster, each change recorded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FORD = EXAMPLES / "tropera" / "battle"
SKIRMISH = EXAMPLES / "uesrpg" / "skirmish"
TACTICIAN = Path(sys.executable).parent / "tactician"


def cli(db: Path, *args: Any) -> Any:
    result = CliRunner().invoke(app, [*map(str, args), "--json"], env={"TACTICIAN_DB": str(db)})
    assert result.exit_code == 0, result.stdout + result.stderr
    return json.loads(result.stdout)


def new_process(db: Path, *args: Any) -> Any:
    done = subprocess.run([str(TACTICIAN), *map(str, args), "--json"], capture_output=True,
                          text=True, env={"TACTICIAN_DB": str(db), "PATH": "/usr/bin:/bin"},
                          check=False, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def test_a_campaign_from_party_to_the_party_after_the_battle(tmp_path: Path) -> None:
    db = tmp_path / "campaigns.sqlite"
    cli(db, "campaign", "new", "westmarch", "--ruleset", "tropera")
    for unit in ("aria_sword_fighter", "lute_mage", "lethe_laguz_beast",
                 "gilliam_armored_lancer"):
        cli(db, "character", "add", EXAMPLES / "tropera" / f"{unit}.yaml")
    roster = cli(db, "character", "list")
    assert [r["name"] for r in roster] == ["Aria", "Gilliam", "Lethe", "Lute"]
    cli(db, "battle", "new", "ford", "--map", FORD / "ford.yaml", "--units",
        FORD / "party.yaml", "--units", FORD / "bandits.yaml", "--seed", "7")
    # half a battle (the README's ford), then everything closes
    for command in (["move", "aria", "6", "4"], ["act", "aria", "equip", "weapon=Steel Sword"],
                    ["move", "lute", "5", "4"], ["act", "aria", "defend"],
                    ["act", "gilliam", "wait"], ["end-phase"]):
        cli(db, "battle", *command)
    # reopened in another process: the enemy phase, then the chief falls
    assert new_process(db, "battle", "show")["log_length"] == 6
    new_process(db, "battle", "enemy-phase")
    new_process(db, "battle", "act", "lute", "item", "item=Vulnerary", "target=aria")
    new_process(db, "battle", "move", "lethe", "7", "3")
    end = new_process(db, "battle", "attack", "lethe", "chief", "--yes", "--rolls",
                      "12,40,77,3,95,61")
    assert end["result"] == "victory"
    assert cli(db, "battle", "list")[0]["status"] == "victory"
    # the party's state after the battle is on the roster, and in each history
    for name in ("Aria", "Gilliam", "Lethe", "Lute"):
        sheet = cli(db, "character", "show", name)
        assert sheet["last_battle"] == {"name": "ford", "result": "victory"}
        assert sheet["carried"]["sits_out_next_battle"] is False
        changes = cli(db, "character", "history", name)
        assert [c["what"] for c in changes] == [
            f"added from {sheet_file(name)}", "carried back from battle 'ford' (victory)"]
        assert changes[1]["who"] == "battle" and "last_battle" in changes[1]["changed"]
    assert cli(db, "campaign", "check")["ok"] is True
    # undoing the blow that ended it takes the carried state back (the battle goes on)
    cli(db, "battle", "undo")
    assert cli(db, "battle", "list")[0]["status"] == "ongoing"
    for name in ("Aria", "Lute"):
        sheet = cli(db, "character", "show", name)
        assert sheet["last_battle"] is None and sheet["carried"] == {}
        assert cli(db, "character", "history", name)[-1]["what"] == (
            "undo: battle 'ford' is ongoing again, its carried state taken back")
    again = cli(db, "battle", "attack", "lethe", "chief", "--yes", "--rolls", "12,40,77,3,95,61")
    assert again["result"] == "victory"
    assert cli(db, "character", "show", "Aria")["last_battle"] == {
        "name": "ford", "result": "victory"}


def sheet_file(name: str) -> str:
    return {"Aria": "aria_sword_fighter.yaml", "Lute": "lute_mage.yaml",
            "Lethe": "lethe_laguz_beast.yaml", "Gilliam": "gilliam_armored_lancer.yaml"}[name]


PLAY = """
enemy-phase
move brand 4 2
attack brand bandit-1 --yes
attack brand bandit-1 --yes
end-phase
move aela 5 1
attack aela captain --yes
act aela attack target=captain defence=none
end-phase
enemy-phase
attack brand captain --yes
end-phase
attack aela bandit-2 --yes
attack aela bandit-2 --yes
attack aela bandit-2 --yes
end-phase
enemy-phase
move brand 6 0
attack brand bandit-2 --yes
"""


def test_uesrpg_characters_carry_hp_and_wounds_back(tmp_path: Path) -> None:
    db = tmp_path / "campaigns.sqlite"
    cli(db, "campaign", "new", "old-mill", "--ruleset", "uesrpg")
    cli(db, "character", "add", EXAMPLES / "uesrpg" / "aela.yaml")
    cli(db, "character", "add", SKIRMISH / "brand.yaml")
    cli(db, "battle", "new", "ambush", "--map", SKIRMISH / "map.yaml", "--units",
        SKIRMISH / "party.yaml", "--units", SKIRMISH / "bandits.yaml", "--seed", "3")
    last: Any = None
    for line in PLAY.strip().splitlines():  # the README's skirmish, to its end
        last = cli(db, "battle", *line.split())
    result = last["result"]
    assert result == "victory"
    board = cli(db, "battle", "show")
    for name in ("Aela", "Brand"):
        unit = next(u for u in board["units"] if u["name"] == name)
        carried = cli(db, "character", "show", name)["carried"]
        assert carried["hp"] == unit["hp"]
        assert len(carried["wounds"]) == len(unit.get("wounds") or [])
        assert cli(db, "character", "history", name)[-1]["what"] == (
            f"carried back from battle 'ambush' ({result})")
    # the next battle starts them as the last one left them
    hurt = {name: cli(db, "character", "show", name)["carried"] for name in ("Aela", "Brand")}
    cli(db, "battle", "new", "again", "--map", SKIRMISH / "map.yaml", "--units",
        SKIRMISH / "party.yaml", "--units", SKIRMISH / "bandits.yaml", "--seed", "5")
    again = cli(db, "battle", "show")
    for name, carried in hurt.items():
        unit = next(u for u in again["units"] if u["name"] == name)
        assert unit["hp"] == carried["hp"]
    assert any(c["hp"] < next(u for u in board["units"] if u["name"] == n)["max_hp"]
               or c["wounds"] for n, c in hurt.items()), "nobody was hurt: a weak test"
