"""How long commands take from process start to answer, against a bare Typer app.

A script, not a test: timings depend on the machine and its load. Each command
runs N times in fresh processes (the ``tactician`` console script, run by this
Python), interleaved with the baselines so load drift hits all alike: ``python
-c pass`` (the floor no Python program can beat) and a bare Typer app printing
one line (the framework's own floor). The same commands on the code before issue
16 (commit ``REFERENCE``, unpacked with ``git archive`` into a temporary
directory and put first on ``PYTHONPATH``) show what the lazy loading saved. That
code reads its rulesets from the installed entry points, which today name rulesets
it does not have (fe-classic): beside it goes a ``tactician`` dist-info holding its
own entry points (from its ``pyproject.toml``), which ``importlib.metadata`` finds
first on the path and prefers to the installed one.

Targets: every command under 1.5 times the bare Typer app (issue 16); ``tactician
roll 2d6`` under 0.3 s (issue 1). The commands are the ones people type most:
``roll 2d6`` (human and ``--json``), ``rulesets``, ``forecast --json`` on two
example characters, ``battle show`` on the example ford battle (a battle file
created once in a temporary directory), the same battle in a campaign (an SQLite
file there: ``battle show`` and ``battle forecast aria chief``, after the chief's
first move, and the commands that change it, ``battle move``, ``battle attack
--yes`` and ``battle end-phase``, each taken back after each run by an untimed
``battle undo --yes``, the board and the forecast then shown again, untimed, so
that the next round meets them kept, as a table does), ``compendium list weapons``
(human and ``--json``) and ``--help``.

Bytecode: an installed package has ``.pyc`` files; a development shell with
``PYTHONDONTWRITEBYTECODE=1`` recompiles every project module on every start
(tens of ms). By default the runs get a private ``PYTHONPYCACHEPREFIX`` in a
temporary directory, so they measure the installed situation without writing
``__pycache__`` into the source tree; ``--no-bytecode`` keeps the caller's
environment instead. Figures are CPU time (user + system, the kernel's accounting of
each finished process); each ratio is the median over the rounds of the command's
time over the bare app's in the same round, so a loaded host slows both of a pair
alike (issue 28: unpaired wall times printed "NOT met" on a loaded host).

Derived values (``tactician.derived_cache``: a battle's board view, a compendium's
rows, a unit file's combat snapshot) are kept in a private ``TACTICIAN_CACHE_DIR``
in the same temporary directory. The battle is created by ``battle new``, which
stores its view, as every action does, so ``battle show`` is measured as a table
meets it (the show after an action). The three commands that read files are also
run with ``TACTICIAN_CACHE=off``: what a first run on new files costs (shown, not
the target's figure: bytecode is warm there too).

Instructions: with ``--instructions`` (and valgrind installed) each command also
runs once under ``valgrind --tool=callgrind`` and its instruction count is printed
against the bare app's: a figure the host's load does not move (shown, not the
target's figure, which is wall time), for telling a slower program from a busier
machine.

Usage: ``.venv/bin/python bench/bench_roll_startup.py [N] [--no-bytecode]
[--instructions]`` (N: 15; runs of 9 swung the forecast's ratio by 0.1 on this
shared machine).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import callgrind  # bench/callgrind.py: the script's own folder is first on the path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "tropera"
TARGET_SECONDS = 0.3
TARGET_RATIO = 1.5
REFERENCE = "f1f98bd"
# the commands whose answer is derived from files (see the module docstring)
FILE_READERS = ("forecast --json", "battle show", "campaign battle show",
                "campaign battle forecast", "compendium list weapons")
# the campaign commands that change the battle: each run is taken back (module docstring)
WRITERS = ("campaign battle move", "campaign battle attack", "campaign battle end-phase")

BARE_TYPER = """
import typer
app = typer.Typer()
@app.command()
def main() -> None:
    print("hello")
app()
"""


def _once(command: list[str], env: dict[str, str], cwd: Path) -> float:
    """The CPU seconds (user + system, the kernel's accounting of the finished child)
    of one run of ``command``."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), command)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 15
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="tactician-bench-startup-") as tmp:
        if "--no-bytecode" in sys.argv:
            flag = env.get("PYTHONDONTWRITEBYTECODE", "")
            print(f"PYTHONDONTWRITEBYTECODE={flag!r} (environment as given)")
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pyc")
            print("bytecode cached in a temporary PYTHONPYCACHEPREFIX")
        env["TACTICIAN_CACHE_DIR"] = str(Path(tmp) / "derived")
        env.pop("TACTICIAN_CACHE", None)
        return _report(runs, env, Path(tmp))


def _unpack_reference(where: Path) -> Path:
    """The source tree at ``REFERENCE`` in ``where/src``, with a dist-info that gives
    it its own entry points (see the module docstring); returns the ``src`` path."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", REFERENCE, "src"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    project = tomllib.loads(subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{REFERENCE}:pyproject.toml"], check=True,
        capture_output=True, text=True).stdout)["project"]
    info = where / "src" / f"tactician-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: tactician\nVersion: {project['version']}\n",
        encoding="utf-8")
    groups = {"console_scripts": project["scripts"], **project["entry-points"]}
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in points.items())
        + "\n" for group, points in groups.items()), encoding="utf-8")
    return where / "src"


def _report(runs: int, env: dict[str, str], where: Path) -> int:
    py = sys.executable
    tactician = [py, str(Path(py).parent / "tactician")]
    old_env = {**env, "PYTHONPATH": str(_unpack_reference(where))}
    battle = ROOT / "examples" / "tropera" / "battle"
    start = [
        *tactician, "battle", "new", "--ruleset", "tropera", "--map", str(battle / "ford.yaml"),
        "--units", str(battle / "party.yaml"), "--units", str(battle / "bandits.yaml"),
        "--seed", "7",
    ]
    subprocess.run(
        [*start, "--out", "ford.json"], check=True, stdout=subprocess.DEVNULL, env=env, cwd=where
    )
    # the same battle in a campaign (the default mode), its board kept by ``battle new``
    env["TACTICIAN_DB"] = f"sqlite:///{where / 'campaigns.sqlite'}"
    subprocess.run([*tactician, "campaign", "new", "ford", "--ruleset", "tropera"],
                   check=True, stdout=subprocess.DEVNULL, env=env, cwd=where)
    # played to the chief's first move, so that Aria's forecast on him is in reach
    for step in ([*start[2:4], "ford", *start[4:]], ["battle", "move", "aria", "7", "4"],
                 ["battle", "end-phase"], ["battle", "enemy-phase"], ["battle", "show"]):
        subprocess.run([*tactician, *step], check=True, stdout=subprocess.DEVNULL, env=env,
                       cwd=where)
    # the code before issue 16 kept its battle in ./battle.json, in its own format
    old_place = where / "before"
    old_place.mkdir()
    # the reference must start (its own entry points, its battle in its own format):
    # if it cannot, say why and measure today's code alone
    started = subprocess.run(start, capture_output=True, text=True, env=old_env, cwd=old_place)
    has_reference = started.returncode == 0
    if not has_reference:
        why = (started.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"code at {REFERENCE} cannot start ({why}): not compared")
    baselines = {"python -c pass": [py, "-c", "pass"], "bare Typer app": [py, "-c", BARE_TYPER]}
    commands = {
        "roll 2d6": [*tactician, "roll", "2d6"],
        "roll 2d6 --json": [*tactician, "roll", "2d6", "--json"],
        "rulesets": [*tactician, "rulesets"],
        "forecast --json": [
            *tactician, "forecast", "--ruleset", "tropera",
            "--attacker", str(EXAMPLES / "aria_sword_fighter.yaml"),
            "--defender", str(EXAMPLES / "enemies" / "brigand.yaml"), "--json",
        ],
        "battle show": [*tactician, "battle", "show", "--battle", "ford.json"],
        "campaign battle show": [*tactician, "battle", "show"],
        "campaign battle forecast": [*tactician, "battle", "forecast", "aria", "chief"],
        "campaign battle move": [*tactician, "battle", "move", "aria", "7", "3"],
        "campaign battle attack": [*tactician, "battle", "attack", "aria", "chief", "--yes"],
        "campaign battle end-phase": [*tactician, "battle", "end-phase"],
        "compendium list weapons": [*tactician, "compendium", "list", "weapons"],
        "compendium list weapons --json": [
            *tactician, "compendium", "list", "weapons", "--json"],
        "--help": [*tactician, "--help"],
    }
    everything = {**baselines, **commands}
    cold_env = {**env, "TACTICIAN_CACHE": "off"}
    cold = {f"{label} (cache off)": commands[label] for label in (*FILE_READERS, *WRITERS)}
    rewarm = [[*tactician, "battle", "show"], commands["campaign battle forecast"]]

    def after(label: str, run_env: dict[str, str]) -> None:
        """Take a writer's run back, untimed, and show the board and the forecast again
        (kept for the next round, as a table meets them)."""
        if label.removesuffix(" (cache off)") in WRITERS:
            for command in ([*tactician, "battle", "undo", "--yes"], *rewarm):
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=run_env,
                               cwd=where)
    times: dict[str, list[float]] = {label: [] for label in {**everything, **cold}}
    before: dict[str, list[float]] = {label: [] for label in commands
                                      if has_reference and not label.startswith("campaign")}
    for label, command in everything.items():  # warm-up: bytecode, caches, OS file cache
        _once(command, env, where)
        after(label, env)
    old_commands = {**commands, "battle show": [*tactician, "battle", "show"]}
    for command in [old_commands[label] for label in before]:
        _once(command, old_env, old_place)
    for _ in range(runs):
        for label, command in everything.items():
            times[label].append(_once(command, env, where))
            after(label, env)
            if label in before:
                before[label].append(_once(old_commands[label], old_env, old_place))
        for label, command in cold.items():
            times[label].append(_once(command, cold_env, where))
            after(label, env)
    medians = {label: statistics.median(values) for label, values in times.items()}
    # each run's CPU time over the bare app's in the same round, then the median
    ratios = {label: statistics.median(
        spent / base for spent, base in zip(values, times["bare Typer app"], strict=True))
        for label, values in times.items()}
    for label, value in medians.items():
        was = f"; before issue 16 {statistics.median(before[label]) * 1000:.1f} ms" if (
            label in before
        ) else ""
        print(f"{label:30s} median {value * 1000:7.1f} ms (min {min(times[label]) * 1000:.1f}, "
              f"n={runs}){was}")
    met = True
    for label in cold:
        print(f"{label}: {ratios[label]:.2f}x the bare Typer app (a first run; "
              "not the target's figure)")
    for label in commands:
        ratio = ratios[label]
        ok = ratio < TARGET_RATIO
        met = met and ok
        print(f"{label}: {ratio:.2f}x the bare Typer app (target < {TARGET_RATIO}x): "
              f"{'met' if ok else 'NOT met'}")
    roll_ok = medians["roll 2d6"] < TARGET_SECONDS
    met = met and roll_ok
    print(f"roll 2d6 {medians['roll 2d6']:.3f} s (issue 1 target < {TARGET_SECONDS} s): "
          f"{'met' if roll_ok else 'NOT met'}")
    if "--instructions" in sys.argv:
        if not callgrind.available():
            print("instruction counts: valgrind is not installed")
        else:
            bare_count = callgrind.instructions(baselines["bare Typer app"], env, where)
            for label, command in commands.items():
                count = callgrind.instructions(command, env, where)
                after(label, env)
                print(f"{label}: {count / bare_count:.2f}x the bare Typer app's instructions "
                      f"({count / 1e6:.0f} M; not the target's figure)")
    print(f"all targets: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
