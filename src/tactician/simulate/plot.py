"""``--plot FILE.png|svg``: a simulation report drawn with matplotlib (the Agg
backend, no display; imported only here): win, loss and draw chances with their 95%
intervals, the rounds histogram, each unit's chance to fall with its interval, and
each variant's win chance beside the base's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["draw"]


def _bars(axis: Any, labels: list[str], parts: list[dict[str, Any]], title: str) -> None:
    values = [p["p"] for p in parts]
    below = [max(0.0, p["p"] - p["low"]) for p in parts]
    above = [max(0.0, p["high"] - p["p"]) for p in parts]
    axis.barh(labels, values, xerr=[below, above], capsize=4, color="#4c72b0")
    axis.set_xlim(0, 1)
    axis.invert_yaxis()
    axis.set_title(title)


def draw(report: dict[str, Any], target: Path) -> None:
    """Write the report's charts to ``target`` (.png or .svg)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    summary = report["summary"]
    figure, (odds, rounds, falls) = pyplot.subplots(3, 1, figsize=(8, 10),
                                                    constrained_layout=True)
    labels = ["win", "loss", "draw"]
    parts = [summary[k] for k in labels]
    for variant in report.get("variants", []):
        labels.append(f"win, {variant['vary']}")
        parts.append(variant["summary"]["win"])
    _bars(odds, labels, parts, f"{report['name']} ({report['ruleset']}): "
          f"{summary['runs']} copies, seed {report['seed']}"
          + (" (partial)" if summary["partial"] else ""))
    distribution = summary["rounds"]["distribution"]
    rounds.bar([int(k) for k in distribution], list(distribution.values()), color="#55a868")
    rounds.set_title("rounds to the end")
    rounds.set_xlabel("round")
    rounds.set_ylabel("copies")
    units = summary["units"]
    _bars(falls, [f"{u['name']} ({u['side']})" for u in units], [u["falls"] for u in units],
          "chance to fall (95% interval)")
    figure.savefig(target)
    pyplot.close(figure)
