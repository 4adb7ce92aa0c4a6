"""``--vary``: what-ifs played in the same call, each beside the base.

A variant is the base set-up with one change:

- ``drop:UNIT`` the unit (by id) left out of the battle;
- ``add:FILE`` the units of a units file (``battle new --units``'s format) added (a
  set-up from files only);
- ``option:NAME=VALUE`` one more ruling (as ``--option``);
- ``ai:PRESET`` another AI preset (the ruleset's ``ai_preset`` option);
- ``level:UNIT=N`` the unit's character file at level N (a set-up from files whose
  ruleset reads ``level`` from the character file).

A variant whose battle could end only at the round cap because nobody is left to
fight is refused, not played to a draw (docs/rulings.md, "A what-if with nobody
left to fight"): a drop that leaves the players' side no unit, or no foe for a
battle won only by rout (``Objective.met``: a rout needs a foe to rout).

Each plays the same copy indices on the same base seed as the base (common random
numbers: a difference is the change's, not the dice's). Whether a difference in the
win chance is beyond chance is a two-proportion z-test (pooled, two-sided, 5%).
"""

from __future__ import annotations

import json
import math
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from tactician.errors import TacticianError
from tactician.rulesets.registry import get
from tactician.simulate.setup import Setup, from_files, prepared

__all__ = ["KINDS", "Variant", "apply", "compare", "parse", "two_proportion"]

KINDS = ("drop", "add", "option", "ai", "level")


@dataclass(frozen=True)
class Variant:
    kind: str
    value: str

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.value}"


def parse(text: str) -> Variant:
    kind, sep, value = text.partition(":")
    if not sep or kind not in KINDS or not value:
        raise TacticianError(f"--vary {text!r}: give KIND:VALUE, KIND one of "
                             f"{', '.join(KINDS)} (drop:brigand-1, option:round_cap=5)")
    return Variant(kind, value)


def _known_ids(setup: Setup) -> list[str]:
    return [u.id for u in prepared(setup).units]


def _drop(setup: Setup, unit: str) -> Setup:
    ids = _known_ids(setup)
    if unit not in ids:
        raise TacticianError(f"--vary drop:{unit}: no unit {unit!r} in the battle "
                             f"(its units: {', '.join(ids)})")
    start: dict[str, Any] = json.loads(setup.start)
    units = [u for u in start["units"] if u.get("id") != unit]
    if len(units) == len(start["units"]):
        raise TacticianError(f"--vary drop:{unit}: {setup.ruleset} keeps its units "
                             "elsewhere in the state; drop it from the units file instead")
    rest = json.dumps({k: v for k, v in start.items() if k != "units"})
    if f'"{unit}"' in rest:
        raise TacticianError(f"--vary drop:{unit}: the battle names {unit!r} beyond its "
                             "units (an objective, the order of play): it cannot be left out")
    variant = setup.with_start({**start, "units": units})
    prepared(variant)  # the rules accept the state without it, or refuse here
    _someone_to_fight(variant, f"drop:{unit}")
    return variant


def _someone_to_fight(setup: Setup, what: str) -> None:
    """Refuse a battle left with nobody to fight (module docstring): its copies would
    all be draws at the round cap, an answer to no GM's question."""
    state = prepared(setup).state
    objectives = getattr(state, "objectives", None)
    tokens = list(state.tokens())  # the fallen too, as ``objectives.status`` counts them
    side = getattr(objectives, "side", setup.win_side)
    if not any(t.side == side for t in tokens):
        raise TacticianError(f"--vary {what}: it leaves the {side} side no unit, so the "
                             "battle could only end at the round cap, a draw; nothing played "
                             "or stored")
    goals = list(getattr(objectives, "victory", []))
    if goals and all(g.kind == "rout" for g in goals) and not any(
            t.side != g.side and g.enemy in (None, t.side) for g in goals for t in tokens):
        raise TacticianError(f"--vary {what}: it leaves the {side} side no foe, and the "
                             "battle is won only by rout, which needs a foe to rout "
                             "(docs/rulings.md: a map with no enemies is not won by rout): "
                             "it could only end at the round cap, a draw; nothing played or "
                             "stored")


def _files(setup: Setup, what: str) -> tuple[str, tuple[str, ...]]:
    if setup.scenario is None:
        raise TacticianError(f"--vary {what}: the battle was not set up from files here; "
                             "simulate a map and unit files to add or change units")
    return setup.scenario


def _with_options(setup: Setup, extra: str) -> Setup:
    contract = get(setup.ruleset).contract()
    options = (*setup.options, extra)
    contract.option_values(list(options))  # refused: names the option or the value
    if setup.scenario is not None:  # the start state may read the rulings (the cap)
        map_path, files = setup.scenario
        return from_files(setup.ruleset, Path(map_path), [Path(f) for f in files], options,
                          setup.name, setup.step_bound)
    return replace(setup, options=options)


def _level(setup: Setup, value: str, folder: Path) -> Setup:
    unit, sep, level = value.partition("=")
    if not sep or not level.isdigit():
        raise TacticianError(f"--vary level:{value}: give level:UNIT=N")
    map_path, files = _files(setup, f"level:{value}")
    ids = _known_ids(setup)
    if unit not in ids:
        raise TacticianError(f"--vary level:{value}: no unit {unit!r} in the battle "
                             f"(its units: {', '.join(ids)})")
    changed: list[str] = []
    for name in files:
        data = yaml.safe_load(Path(name).read_text(encoding="utf-8"))
        for entry in data.get("units", []):
            if "file" in entry:
                entry["file"] = str((Path(name).parent / entry["file"]).resolve())
            if entry.get("id") == unit:
                character = yaml.safe_load(Path(entry["file"]).read_text(encoding="utf-8"))
                if not isinstance(character, dict) or "level" not in character:
                    raise TacticianError(f"--vary level:{value}: {unit}'s character file "
                                         "names no level to change")
                character["level"] = int(level)
                target = folder / f"{unit}-level-{level}.yaml"
                target.write_text(yaml.safe_dump(character, sort_keys=False), "utf-8")
                entry["file"] = str(target)
        copy = folder / f"units-{len(changed)}.yaml"
        copy.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        changed.append(str(copy))
    return from_files(setup.ruleset, Path(map_path), [Path(c) for c in changed],
                      setup.options, setup.name, setup.step_bound)


def apply(setup: Setup, variant: Variant) -> Setup:
    """The base ``setup`` with ``variant``'s change (refused: the reason, clearly)."""
    if variant.kind == "drop":
        return _drop(setup, variant.value)
    if variant.kind == "option":
        return _with_options(setup, variant.value)
    if variant.kind == "ai":
        names = {spec.name for spec in get(setup.ruleset).contract().options()}
        if "ai_preset" not in names:
            raise TacticianError(f"--vary {variant.label}: {setup.ruleset}'s AI has no "
                                 "presets (no ai_preset option)")
        return _with_options(setup, f"ai_preset={variant.value}")
    if variant.kind == "add":
        map_path, files = _files(setup, variant.label)
        if not Path(variant.value).is_file():
            raise TacticianError(f"--vary {variant.label}: no units file {variant.value!r}")
        return from_files(setup.ruleset, Path(map_path),
                          [Path(f) for f in (*files, variant.value)], setup.options,
                          setup.name, setup.step_bound)
    with tempfile.TemporaryDirectory(prefix="tactician-vary-") as folder:
        return _level(setup, variant.value, Path(folder))


def two_proportion(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """The pooled two-proportion z statistic of k2/n2 against k1/n1, and its
    two-sided p-value."""
    if n1 <= 0 or n2 <= 0:
        return (0.0, 1.0)
    pooled = (k1 + k2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:
        return (0.0, 1.0)
    z = (k2 / n2 - k1 / n1) / spread
    return (z, math.erfc(abs(z) / math.sqrt(2)))


def compare(base: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    """The variant's win, loss and draw chances beside the base's summary: the
    difference, the test's p-value and whether it is beyond chance (p < 0.05)."""
    out: dict[str, Any] = {}
    for key in ("win", "loss", "draw"):
        z, p = two_proportion(base[key]["count"], base["runs"],
                              variant[key]["count"], variant["runs"])
        out[key] = {"difference": variant[key]["p"] - base[key]["p"], "z": z,
                    "p_value": p, "beyond_chance": p < 0.05}
    return out
