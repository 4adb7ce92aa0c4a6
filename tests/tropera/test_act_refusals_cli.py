"""Issue 7 through the command line: an unknown action key, a second wait, an enemy
acting outside its tier: each exits 2 naming the fault and leaves the file as it was."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_battle_cli import cli, new_skirmish


def _refused(battle: Path, *args: str, says: str) -> None:
    before = battle.read_bytes()
    run = cli("act", *args, "--battle", battle)
    assert run.code == 2, run.out
    assert says in run.out + run.err
    assert battle.read_bytes() == before


def test_unknown_key_and_second_wait(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    _refused(battle, "lute", "wait", "bogus=1", says="wait takes no 'bogus'; its keys are: none")
    assert cli("act", "lute", "wait", "--battle", battle).code == 0
    _refused(battle, "lute", "wait", says="already ended its turn")


def test_a_mob_cannot_defend_by_hand(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("end-phase", "--battle", battle).code == 0
    _refused(battle, "brigand-1", "defend", says="Mob tier and cannot defend")
