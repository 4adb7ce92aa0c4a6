"""Fog you can see (issue 29): what a seat is told about sight, beside its board.

A player's or spectator's payload carries ``sight``, the tiles its own side sees now
(``contract.seen_tiles``), which ``static/fog.js`` leaves clear and shades the rest;
none when its side sees every tile. Only the viewer's side's sight is sent: another
side's tiles would tell where that side's units stand. The GM's payload carries
``hidden_from`` (each unit a side cannot see, with those sides) and ``fog_sides``,
and the GM may ask for any side's sight (``See as <side>``): the same tiles and the
units that side's board holds.
"""

from __future__ import annotations

from typing import Any

from tactician.table.tables import contract_of


def seen_tiles(ruleset: str, state: Any, side: str) -> list[list[int]] | None:
    """The tiles ``side`` sees, sorted as ``[x, y]`` pairs; None: every tile."""
    seen = contract_of(ruleset).seen_tiles(state, side)
    return None if seen is None else [list(t) for t in sorted(seen)]


def sight_entry(ruleset: str, state: Any, side: str) -> dict[str, Any] | None:
    """The ``sight`` entry of a payload for a seat of ``side``, or None without fog."""
    tiles = seen_tiles(ruleset, state, side)
    return None if tiles is None else {"side": side, "tiles": tiles}


def hidden_from(ruleset: str, state: Any, sides: list[str], everyone: list[str]
                ) -> dict[str, list[str]]:
    """For the GM: each unit of ``everyone`` (the GM's board) some side cannot see,
    with the sides it is hidden from (``contract.sight``)."""
    contract = contract_of(ruleset)
    if not contract.hides(state):
        return {}
    found: dict[str, list[str]] = {}
    for side in sides:
        seen = contract.sight(state, side)
        if seen is None:
            continue
        for unit in everyone:
            if unit not in seen:
                found.setdefault(unit, []).append(side)
    return found


def gm_entries(ruleset: str, state: Any, view: dict[str, Any]) -> dict[str, Any]:
    """What the GM's payload adds (``view``: the GM's board): who cannot see which
    unit, and the sides whose sight the GM may look through."""
    sides = [str(s) for s in view.get("sides", [])]
    everyone = [str(u["id"]) for u in view["units"]]
    return {"hidden_from": hidden_from(ruleset, state, sides, everyone), "fog_sides": sides,
            # the units the GM hid (to offer Reveal), and whether its rules take GM edits
            "gm_hidden": [str(u) for u in getattr(state, "gm_hidden", ())],
            **gm_edits_of(ruleset, state)}


def gm_edits_of(ruleset: str, state: Any = None) -> dict[str, Any]:
    """Whether the ruleset's battles take the GM's edits (``table.gm_edits``), the
    conditions an edit may give or take away (each with the values its rules give it;
    ``none``: why there are none) and, with the battle's ``state``, each unit's
    conditions now."""
    from tactician.table.campaigns import rules_for
    from tactician.table.gm_edits import conditions, supported, unit_conditions

    rules = rules_for(ruleset, [])
    return {"gm_edits": supported(rules), "gm_conditions": conditions(rules),
            "gm_unit_conditions": {} if state is None else unit_conditions(rules, state),
            "gm_hides": bool(getattr(rules, "gm_hides", True))}  # Tropera: nothing hidden
