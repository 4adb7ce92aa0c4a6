"""``tactician simulate``: will the party survive this? The whole battle played N
times with the engine on every side (``tactician.simulate``), on a set-up (an example
battle, or a map and unit files as ``battle new`` takes them) or on a campaign's
battle as it stands ("from here"), in process, on a local process pool (default) or
a Dask cluster. Prints the odds with 95% intervals; ``--plot`` draws them,
``--vary`` adds what-ifs, and a campaign's run is stored in its database."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from tactician.cli.output import emit, refusals, say_line
from tactician.counted import counted

SCHEDULER_ENV = "TACTICIAN_DASK_SCHEDULER"  # == simulate.backends.SCHEDULER_ENV


def _setup_from_here(battle: Path | None, name: str | None, db: str | None,
                     campaign: str | None) -> tuple[Any, Any]:
    """The campaign's battle (or a battle file) as it stands, and the campaign
    (None for a file)."""
    from tactician.cli.battle import battle_place
    from tactician.simulate.setup import from_state
    from tactician.table.battles import load

    with battle_place(battle, name, db, campaign) as place:
        loaded = load(place)
        options = loaded.whole().options
        label = getattr(place, "name", None) or str(battle)
        return from_state(loaded.ruleset, options, loaded.state, label), place


def _backend(workers: int | None, cluster: str | None) -> Any:
    from tactician.errors import TacticianError
    from tactician.simulate.backends import DaskCluster, InProcess, ProcessPool

    if cluster:
        if workers is not None:
            raise TacticianError("--workers is the local pool's; a Dask cluster has its own "
                                 "workers (drop one of --workers, --cluster)")
        return DaskCluster.at(cluster)
    if workers is not None and workers < 0:
        raise TacticianError(f"--workers {workers}: give 0 (in this process) or more")
    return InProcess() if workers == 0 else ProcessPool(workers)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _line(label: str, part: dict[str, Any]) -> str:
    return (f"{label:<6}{_percent(part['p']):>7}  [{_percent(part['low'])} - "
            f"{_percent(part['high'])}]  ({part['count']})")


def _render(report: dict[str, Any]) -> None:
    base = report["summary"]
    head = f"{report['name']} ({report['ruleset']}), {base['runs']} copies, seed {report['seed']}"
    say_line(head + (" - PARTIAL (interrupted)" if base["partial"] else ""))
    say_line(f"Backend: {report['backend']}, {counted(report['workers'], 'worker')}, "
             f"{report['seconds']:.1f} s")
    for key in ("win", "loss", "draw"):
        say_line(_line(key, base[key]))
    if base["unfinished"]:
        say_line(f"  ({base['unfinished']} copies the engine could not finish count as draws)")
    rounds = base["rounds"]
    say_line(f"Rounds: mean {rounds['mean']:.1f}, max {rounds['max']}")
    most = max(rounds["distribution"].values(), default=1)
    for value, count in rounds["distribution"].items():
        say_line(f"  {value:>3} {'#' * max(1, round(30 * count / most)):<30} {count}")
    say_line(f"{'unit':<18}{'side':<8}{'falls':>8}{'interval':>18}{'HP left':>10}"
             f"{'damage':>8}")
    for unit in base["units"]:
        falls = unit["falls"]
        say_line(f"{unit['name'][:17]:<18}{unit['side'][:7]:<8}{_percent(falls['p']):>8}"
                 f"{'[' + _percent(falls['low']) + '-' + _percent(falls['high']) + ']':>18}"
                 f"{unit['hp_left_mean']:>6.1f}/{unit['max_hp']:<3}{unit['damage_mean']:>8.1f}")
    if base["first_to_fall_when_lost"]:
        first = base["first_to_fall_when_lost"][0]
        say_line(f"When lost, first to fall most often: {first['name']} "
                 f"({_percent(first['share'])} of losses)")
    for variant in report["variants"]:
        s, d = variant["summary"], variant["difference"]["win"]
        verdict = "beyond chance" if d["beyond_chance"] else "within chance"
        say_line(f"Vary {variant['vary']}: win {_percent(s['win']['p'])} "
                 f"[{_percent(s['win']['low'])}"
                 f" - {_percent(s['win']['high'])}], {100 * d['difference']:+.1f} points "
                 f"(p = {d['p_value']:.3g}, {verdict})")
    if report.get("stored"):
        say_line(f"Stored as simulation {report['stored']} of campaign {report['campaign']!r}")
    if report.get("plot"):
        say_line(f"Plot: {report['plot']}")


class _Bar:
    """The Rich progress bar (stderr, a terminal only): copies done, the running win
    chance and its interval, the ETA."""

    def __init__(self, label: str, show: bool) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                 MofNCompleteColumn(), TimeRemainingColumn(),
                                 TextColumn("{task.fields[estimate]}"),
                                 console=Console(stderr=True), disable=not show,
                                 transient=True)
        self.label = label
        self.task: Any = None
        self.wins = 0

    def __enter__(self) -> _Bar:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(None, None, None)

    def start(self, label: str, total: int) -> None:
        self.wins = 0
        self.task = self.progress.add_task(label, total=total, estimate="")

    def __call__(self, outcome: Any, done: int, total: int) -> None:
        from tactician.simulate.summary import wilson

        self.wins += outcome.result == "victory"
        low, high = wilson(self.wins, done)
        self.progress.update(self.task, completed=done, total=total,
                             estimate=f"win {_percent(self.wins / done)} "
                             f"[{_percent(low)} - {_percent(high)}]")


def _plot(report: dict[str, Any], target: Path) -> None:
    from tactician.errors import TacticianError

    if target.suffix.lower() not in (".png", ".svg"):
        raise TacticianError(f"--plot {target}: give a .png or .svg file")
    from tactician.simulate.plot import draw

    draw(report, target)


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    def simulate_command(
        example: Annotated[str | None, typer.Argument(
            help="An example battle by name (ford, keep, castle, pass, skirmish); or give "
            "--map and --units, or --here.")] = None,
        ruleset: Annotated[str | None, typer.Option("--ruleset", "-r", help="Ruleset id.")
                           ] = None,
        map_path: Annotated[Path | None, typer.Option("--map", "-m", help="Map file.")] = None,
        units: Annotated[list[Path] | None, typer.Option(
            "--units", "-u", help="Units file (repeat to merge).")] = None,
        option: Annotated[list[str] | None, typer.Option(
            "--option", "-o", help="Ruling name=value (repeatable).")] = None,
        here: Annotated[bool, typer.Option(
            "--here", help="The campaign's battle as it stands (--name, else the current "
            "battle), played on from here.")] = False,
        battle: Annotated[Path | None, typer.Option(
            "--battle", "-b", help="A battle file as it stands, played on from here.")] = None,
        name: Annotated[str | None, typer.Option(
            "--name", "-n", help="With --here: the campaign's battle of this name.")] = None,
        runs: Annotated[int, typer.Option(help="Copies to play (the cap with "
                                          "--until-precision).")] = 200,
        until_precision: Annotated[float | None, typer.Option(
            "--until-precision", help="Stop once win, loss and draw are each known within "
            "this (95% interval half-width, e.g. 0.02).")] = None,
        seed: Annotated[int | None, typer.Option(
            help="Base seed (copy i plays a seed derived from it and i; default: random, "
            "shown).")] = None,
        workers: Annotated[int | None, typer.Option(
            help="Local worker processes (default: one a core; 0: in this process).")
        ] = None,
        cluster: Annotated[str | None, typer.Option(
            "--cluster", envvar=SCHEDULER_ENV, help="A Dask scheduler (tcp://host:8786).")
        ] = None,
        vary: Annotated[list[str] | None, typer.Option(
            "--vary", help="A what-if beside the base: drop:UNIT, add:FILE, "
            "option:NAME=VALUE, ai:PRESET, level:UNIT=N (repeatable).")] = None,
        plot: Annotated[Path | None, typer.Option(
            "--plot", help="Draw the result (FILE.png or FILE.svg).")] = None,
        store: Annotated[bool, typer.Option(
            "--store/--no-store", help="Store the result in the campaign database (a "
            "campaign's battle, or --campaign).")] = True,
        campaign: Annotated[str | None, typer.Option(
            "--campaign", help="The campaign (default: the current one).")] = None,
        db: Annotated[str | None, typer.Option(
            "--db", envvar="TACTICIAN_DB", help="Database of the campaigns.")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")
                           ] = False,
    ) -> None:
        """Play the battle many times with the engine on every side: win, loss and draw
        chances with 95% intervals, rounds, each unit's chance to fall."""
        from tactician.errors import TacticianError
        from tactician.simulate import variants as what_if
        from tactician.simulate.driver import simulate
        from tactician.simulate.setup import from_example, from_files, prepared
        from tactician.simulate.summary import summarize

        with refusals(as_json):
            # every refusal of the input comes before a copy is played
            if runs <= 0:
                raise TacticianError(f"--runs {runs}: a simulation plays at least one copy")
            if plot is not None and plot.suffix.lower() not in (".png", ".svg"):
                raise TacticianError(f"--plot {plot}: give a .png or .svg file")
            backend = _backend(workers, cluster)
            try:
                place = None
                if here or battle is not None:
                    if example or map_path or units:
                        raise TacticianError("--here plays the battle as it stands: give no "
                                             "example, --map or --units")
                    setup, place = _setup_from_here(battle, name, db, campaign)
                elif example is not None:
                    if map_path or units:
                        raise TacticianError("give an example battle or --map/--units, not both")
                    setup = from_example(example, ruleset, option or [])
                else:
                    if map_path is None or not units:
                        raise TacticianError("simulate needs an example battle, --map MAP with "
                                             "--units FILE, or --here")
                    setup = from_files(ruleset or "tropera", map_path, units, option or [],
                                       map_path.stem)
                variants = [(v, what_if.apply(setup, v)) for v in map(what_if.parse, vary or [])]
                base_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
                began = time.perf_counter()
                workers_used = backend.workers
                with _Bar(setup.name, sys.stderr.isatty() and not as_json) as bar:
                    bar.start("base", runs)
                    run = simulate(setup, backend, runs=runs, base_seed=base_seed,
                                   precision=until_precision, progress=bar)
                    played = []
                    for variant, changed in variants:
                        if run.partial:
                            break
                        bar.start(variant.label, len(run.outcomes))
                        played.append((variant, changed, simulate(
                            changed, backend, runs=len(run.outcomes), base_seed=base_seed,
                            progress=bar)))
            finally:
                backend.close()
            summary = summarize(run.ordered(), prepared(setup).units,
                                win_side=setup.win_side, partial=run.partial)
            report: dict[str, Any] = {
                "name": setup.name, "ruleset": setup.ruleset, "options": list(setup.options),
                "seed": base_seed, "backend": backend.name, "workers": workers_used,
                "seconds": time.perf_counter() - began, "summary": summary, "variants": []}
            for variant, changed, result in played:
                theirs = summarize(result.ordered(), prepared(changed).units,
                                   win_side=changed.win_side, partial=result.partial)
                report["variants"].append({"vary": variant.label, "summary": theirs,
                                           "difference": what_if.compare(summary, theirs)})
            if plot is not None:
                _plot(report, plot)
                report["plot"] = str(plot)
            if store and not run.partial and (place is not None or campaign is not None):
                _store(report, place, campaign, db)

            emit(report, as_json, lambda: _render(report))


def _store(report: dict[str, Any], place: Any, campaign: str | None, db: str | None) -> None:
    """Keep the report in the campaign database (``store.simulations``)."""
    from tactician.cli.battle import campaign_db, the_campaign
    from tactician.store.simulations import add_simulation

    battle_id = getattr(place, "battle_id", None)
    if place is not None and battle_id is None:
        return  # a battle file: no campaign to store it in
    with campaign_db(db) as database:
        where = the_campaign(database, campaign)
        report["stored"] = add_simulation(database, where, report, battle_id)
        report["campaign"] = where.name
