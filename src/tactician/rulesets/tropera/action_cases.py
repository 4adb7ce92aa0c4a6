"""A battle where each of Tropera's action kinds applies (``Examples.actions``): the
ford's start with a unit moved, hurt or given what the kind needs (a feat, a staff, a
siege space, a cracked wall), then the kind's example from the action schema. The
conformance kit plays each on seeded and on physical dice, in text and ``--json``
(``tests/conformance/test_action_rendering.py``); a kind without a case fails it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tactician.rulesets.contract.values import ActionCase, ExampleBattle

State = Any


def arrange(at: Mapping[str, tuple[int, int]] | None = None,
            feats: Mapping[str, Sequence[str]] | None = None,
            weapons: Mapping[str, Sequence[str]] | None = None,
            ranks: Mapping[str, Mapping[str, str]] | None = None,
            hp: Mapping[str, int] | None = None,
            cells: Mapping[tuple[int, int], str] | None = None) -> Callable[[State], State]:
    """The start with units moved (``at``), given feats, weapons or ranks, hurt (``hp``),
    and tiles made another terrain (``cells``)."""

    def changed(state: State) -> State:
        units = []
        for unit in state.units:
            character = unit.character
            update: dict[str, Any] = {}
            if unit.id in (feats or {}):
                update["feats"] = [*character.feats, *feats[unit.id]]  # type: ignore[index]
            if unit.id in (weapons or {}):
                update["weapons"] = [*character.weapons, *weapons[unit.id]]  # type: ignore[index]
            if unit.id in (ranks or {}):
                update["proficiencies"] = {**character.proficiencies,
                                           **ranks[unit.id]}  # type: ignore[index]
            fields: dict[str, Any] = {"character": character.model_copy(update=update)}
            if unit.id in (at or {}):
                fields["position"] = at[unit.id]  # type: ignore[index]
            if unit.id in (hp or {}):
                fields["hp"] = hp[unit.id]  # type: ignore[index]
            units.append(unit.model_copy(update=fields))
        board = list(state.map.cells)
        for (x, y), terrain in (cells or {}).items():
            board[y * state.map.width + x] = terrain
        grid = state.map.model_copy(update={"cells": tuple(board)})
        return state.model_copy(update={"units": tuple(units), "map": grid})

    return changed


def cases(ford: ExampleBattle) -> tuple[ActionCase, ...]:
    """One case per kind: the ford (aria (2, 4), lute (1, 3), lethe (2, 2), gilliam
    (1, 5); the bandits across the river) arranged as the kind needs."""
    beside = {"lute": (2, 3)}
    # a main or bonus action taken, the kind that follows waits for the next round
    round_over = ({"type": "end_phase"}, {"type": "end_phase"})
    return (
        ActionCase("move", ford),
        ActionCase("attack", ford, arrange=arrange(at={"brigand-1": (3, 4)})),
        ActionCase("wait", ford),
        ActionCase("dash", ford),
        ActionCase("defend", ford),
        ActionCase("equip", ford),
        ActionCase("end_phase", ford),
        ActionCase("item", ford, arrange=arrange(at=beside, hp={"aria": 9},
                                                feats={"lute": ["Battle Medic"]})),
        ActionCase("staff", ford, arrange=arrange(at=beside, hp={"aria": 9},
                                                 weapons={"lute": ["Heal"]},
                                                 ranks={"lute": {"staff": "D"}})),
        ActionCase("prepare", ford),
        ActionCase("rescue", ford, arrange=arrange(at=beside, feats={"aria": ["Mounted"]})),
        ActionCase("drop", ford, before=({"type": "rescue", "unit": "aria", "target": "lute"},
                                         *round_over),
                   arrange=arrange(at=beside, feats={"aria": ["Mounted"]})),
        ActionCase("attack_terrain", ford, arrange=arrange(cells={(3, 4): "cracked wall"})),
        ActionCase("embark", ford, arrange=arrange(cells={(2, 4): "ballista"},
                                                   ranks={"aria": {"bow": "D"}})),
        ActionCase("disembark", ford, before=({"type": "embark", "unit": "aria"}, *round_over),
                   arrange=arrange(cells={(2, 4): "ballista"}, ranks={"aria": {"bow": "D"}})),
        ActionCase("transform", ford),
        ActionCase("trade", ford, arrange=arrange(at=beside)),
        ActionCase("search", ford, arrange=arrange(cells={(2, 4): "village"})),
        ActionCase("steal", ford, arrange=arrange(at={"chief": (3, 4)},
                                                  feats={"aria": ["Thief"]})),
        ActionCase("provoke", ford, arrange=arrange(feats={"aria": ["Provoke"]},
                                                   at={"brigand-1": (4, 4)})),
        ActionCase("shade", ford, arrange=arrange(feats={"aria": ["Shade"]})),
        ActionCase("overload", ford),
    )
