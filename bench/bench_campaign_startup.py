"""Commands on a campaign battle (the default mode) against a bare Typer app, in CPU
time paired run by run (issue 28).

Issue 28: "Every command on a campaign battle (show, move, attack, end-phase,
forecast) within 1.5x a bare Typer app with the cache warm, and within 3x on a
first run". The battle is the ford (examples/tropera/battle, seed 7) in an SQLite
campaign in a temporary folder, played to the enemy's first move (Aria on the road
to (7, 4), the engine's enemy phase) so that an attack is in range. Each command
runs as the ``tactician`` console script in a fresh process, each run followed by a
run of the bare Typer app (the one ``bench_roll_startup`` uses), and the figure is
the median over the pairs of the command's CPU time (user + system, the kernel's
accounting of the finished child) over the bare app's: a loaded host slows both
of a pair alike, where unpaired wall times let it flip the verdict.
A command that changes the battle (move, attack, end-phase) is taken back after
each run by ``battle undo --yes`` (not timed).

- warm: bytecode compiled, the derived cache on (``battle show`` after an action,
  ``battle forecast`` as a table meets it);
- cold: ``TACTICIAN_CACHE=off`` (a first run on a battle no command has shown),
  bytecode still compiled.

Bytecode goes to a private ``PYTHONPYCACHEPREFIX`` (the installed situation;
``PYTHONDONTWRITEBYTECODE=1`` in a shell recompiles every module on every start).

With ``--instructions`` (and valgrind installed) each command also runs once, warm
and cold, under ``valgrind --tool=callgrind`` and its instruction count is printed
against the bare app's (``bench/callgrind.py``): a figure the host's load does not
move (shown, not the target's figure). The same run prints the floor of any command
that builds a pydantic model: the bare app plus ``from pydantic import BaseModel``
and one model (some 2.6x the bare app: over the warm target by itself).

Run: .venv/bin/python bench/bench_campaign_startup.py [N] [--instructions]   (N pairs:
9; exit 1 if a target is not met)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import callgrind  # bench/callgrind.py: the script's own folder is first on the path

ROOT = Path(__file__).resolve().parents[1]
BATTLE = ROOT / "examples" / "tropera" / "battle"
WARM_TARGET, COLD_TARGET = 1.5, 3.0
BARE_TYPER = """
import typer
app = typer.Typer()
@app.command()
def main() -> None:
    print("hello")
app()
"""
# the bare app with pydantic's model machinery: the least a command pays that reads or
# writes a battle (the engine's ``Entry`` and the rules' states are pydantic models)
PYDANTIC_FLOOR = BARE_TYPER.replace("app()", """from pydantic import BaseModel
class Row(BaseModel):
    a: int
app()""")


def cpu_of(command: list[str], env: dict[str, str], cwd: Path) -> float:
    """The CPU seconds (user + system) of ``command`` run to its end."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {process.returncode}")
    return usage.ru_utime + usage.ru_stime


def paired(command: list[str], bare: list[str], env: dict[str, str], cwd: Path, runs: int,
           after: list[str] | None = None) -> tuple[float, float]:
    """The median ratio of ``command``'s CPU time to the bare app's, pair by pair, and
    the command's median CPU seconds; ``after`` runs (untimed) after each run."""
    ratios, seconds = [], []
    for _ in range(runs):
        spent = cpu_of(command, env, cwd)
        if after is not None:
            subprocess.run(after, check=True, stdout=subprocess.DEVNULL, env=env, cwd=cwd)
        base = cpu_of(bare, env, cwd)
        ratios.append(spent / base)
        seconds.append(spent)
    return statistics.median(ratios), statistics.median(seconds)


def set_up(tactician: list[str], env: dict[str, str], cwd: Path) -> tuple[str, str]:
    """The ford in a campaign, played until a player unit has an enemy in reach: the
    (attacker, target) pair found first."""
    def run(*args: str) -> str:
        return subprocess.run([*tactician, *args], check=True, capture_output=True,
                              text=True, env=env, cwd=cwd).stdout

    run("campaign", "new", "ford", "--ruleset", "tropera")
    run("battle", "new", "ford", "--map", str(BATTLE / "ford.yaml"), "--units",
        str(BATTLE / "party.yaml"), "--units", str(BATTLE / "bandits.yaml"), "--seed", "7")
    run("battle", "move", "aria", "7", "4")
    run("battle", "end-phase")
    run("battle", "enemy-phase")
    for unit in ("aria", "gilliam", "lethe", "lute"):
        for target in ("chief", "brigand-1", "brigand-2", "soldier", "archer"):
            tried = subprocess.run([*tactician, "battle", "forecast", unit, target],
                                   capture_output=True, env=env, cwd=cwd, check=False)
            if tried.returncode == 0:
                run("battle", "show")  # the board kept, as after any action
                return unit, target
    raise RuntimeError("no attack in reach after the enemy phase")


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 9
    py = sys.executable
    tactician = [py, str(Path(py).parent / "tactician")]
    with tempfile.TemporaryDirectory(prefix="tactician-bench-campaign-") as tmp:
        where = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TACTICIAN_")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.update(PYTHONPYCACHEPREFIX=str(where / "pyc"),
                   TACTICIAN_DB=f"sqlite:///{where / 'campaigns.sqlite'}",
                   TACTICIAN_CACHE_DIR=str(where / "cache"))
        unit, target = set_up(tactician, env, where)
        bare = [py, "-c", BARE_TYPER]
        undo = [*tactician, "battle", "undo", "--yes"]
        commands: dict[str, tuple[list[str], list[str] | None]] = {
            "battle show": (["battle", "show"], None),
            "battle forecast": (["battle", "forecast", unit, target], None),
            "battle move": (["battle", "move", unit, *_beside(unit)], undo),
            "battle attack": (["battle", "attack", unit, target, "--yes"], undo),
            "battle end-phase": (["battle", "end-phase"], undo),
        }
        met = True
        print(f"paired CPU, median of {runs} pairs; attack: {unit} on {target}")
        for mode, target_ratio, extra in (("warm", WARM_TARGET, {}),
                                          ("cold", COLD_TARGET, {"TACTICIAN_CACHE": "off"})):
            mode_env = {**env, **extra}
            for label, (args, after) in commands.items():
                command = [*tactician, *args]
                cpu_of(command, mode_env, where)  # warm-up: bytecode, OS file cache
                if after is not None:
                    subprocess.run(after, check=True, stdout=subprocess.DEVNULL,
                                   env=mode_env, cwd=where)
                ratio, seconds = paired(command, bare, mode_env, where, runs, after)
                ok = ratio <= target_ratio
                met = met and ok
                print(f"{mode} {label:18s} {ratio:5.2f}x the bare Typer app "
                      f"({seconds * 1000:5.0f} ms CPU; target <= {target_ratio}x): "
                      f"{'met' if ok else 'NOT met'}")
        if "--instructions" in sys.argv and callgrind.available():
            _instructions(tactician, bare, commands, env, where)
        print(f"all targets: {'met' if met else 'NOT met'}")
        return 0 if met else 1


def _instructions(tactician: list[str], bare: list[str],
                  commands: dict[str, tuple[list[str], list[str] | None]],
                  env: dict[str, str], where: Path) -> None:
    """Each command's callgrind count against the bare app's, warm and cold, and the
    floor any command that builds a pydantic model pays: the bare app with ``from
    pydantic import BaseModel`` and one model defined (what ``engine.log`` costs before
    anything of the engine runs)."""
    base = callgrind.instructions(bare, env, where)
    floor = callgrind.instructions([sys.executable, "-c", PYDANTIC_FLOOR], env, where)
    print(f"floor: the bare app + pydantic and one model {floor / base:5.2f}x the bare "
          f"app's instructions ({floor / 1e6:.0f} M; the bare app {base / 1e6:.0f} M)")
    for mode, extra in (("warm", {}), ("cold", {"TACTICIAN_CACHE": "off"})):
        mode_env = {**env, **extra}
        for args, _ in list(commands.values())[:2]:  # kept again after the undos
            subprocess.run([*tactician, *args], check=True, stdout=subprocess.DEVNULL,
                           env=env, cwd=where)
        for label, (args, after) in commands.items():
            count = callgrind.instructions([*tactician, *args], mode_env, where)
            if after is not None:
                subprocess.run(after, check=True, stdout=subprocess.DEVNULL, env=env,
                               cwd=where)
            print(f"{mode} {label:18s} {count / base:5.2f}x the bare Typer app's "
                  f"instructions ({count / 1e6:.0f} M; not the target's figure)")


def _beside(unit: str) -> list[str]:
    """A tile the unit can step to from where the set-up leaves it."""
    return {"aria": ["7", "3"]}.get(unit, ["2", "3"])


if __name__ == "__main__":
    sys.exit(main())
