"""The battle map in a terminal, drawn from the service's board view.

Each tile is three characters wide. The middle one is the terrain symbol (from
the view's ``symbols``) or, where a unit stands, the unit's one-letter label:
the first side in phase order (the players) gets ``A``, ``B``, ``C``... and the
second side (the enemy) ``a``, ``b``, ``c``..., in the order the units were
listed; further sides get digits. Letters that the map already uses as terrain
symbols (``F`` forest, ``f`` fort, ``v`` village...) are skipped, so a label never
reads as terrain. Column numbers run across the top and row numbers down the
side, both from 0: ``x`` is the column, ``y`` the row.

With a unit's reach, the two characters around the middle one mark the tile so
the map reads without colour too: ``[.]`` a tile the unit can move to (blue
background), ``<.>`` a tile it can attack but not enter (red background): a foe,
an empty tile or breakable terrain in range, never an ally.

Under the map, two tables fit an 80-column terminal: one line per unit (label, id,
name, side, HP, weapon, acted, tile) and each unit's terrain and statuses. Every
tile in text is ``(x, y)`` (``tile_text``); user text goes through
``cli.output.shown`` so a name prints as typed. Drawn without Rich
(``cli.text_table``, laid out as Rich's tables): ``battle show`` must start in
a fraction of Rich's import time (issue 16).
"""

from __future__ import annotations

import sys
from typing import Any

from tactician.cli.output import shown
from tactician.cli.terminal_text import (
    cell_len,
    colour_wanted,
    echo_lines,
    paint,
    terminal_width,
    wrap,
)
from tactician.cli.text_table import SIMPLE_HEAD, Table
from tactician.counted import counted

MOVE_MARK = ("[", "]")
ATTACK_MARK = ("<", ">")
MOVE_STYLE = "on blue"
ATTACK_STYLE = "on red"
SIDE_STYLES = ("bold bright_white", "bold yellow", "bold magenta", "bold green")
OVERFLOW = "0123456789@#$%&?"
HEAD_SHOWN = 12  # hex digits of the head hash shown (``--at`` takes 8 or more)
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # the ``string`` module's, without importing it
TERRAIN_STYLES = {
    "forest": "green",
    "shallows": "cyan",
    "river": "blue",
    "sea": "blue",
    "lake": "blue",
    "mountain": "dim yellow",
    "peak": "yellow",
    "fort": "bold white",
    "village": "magenta",
    "road": "dim",
    "plain": "dim",
    "wall": "white",
}


def labels(view: dict[str, Any]) -> dict[str, str]:
    """One character per unit id (see the module docstring for the scheme)."""
    taken = set(view.get("symbols", {}).values())
    sides = list(view.get("sides", []))
    for unit in view["units"]:
        if unit["side"] not in sides:
            sides.append(unit["side"])
    pools: dict[str, list[str]] = {}
    for index, side in enumerate(sides):
        alphabet = UPPER if index == 0 else UPPER.lower() if index == 1 else "123456789"
        pools[side] = [c for c in alphabet if c not in taken]
    spare = [c for c in OVERFLOW if c not in taken]
    result: dict[str, str] = {}
    for unit in view["units"]:
        pool = pools[unit["side"]]
        if pool:
            result[unit["id"]] = pool.pop(0)
        elif spare:
            result[unit["id"]] = spare.pop(0)
        else:
            result[unit["id"]] = "+"
    return result


def side_style(view: dict[str, Any], side: str) -> str:
    sides = list(view.get("sides", []))
    index = sides.index(side) if side in sides else len(sides)
    return SIDE_STYLES[min(index, len(SIDE_STYLES) - 1)]


def tile_text(pos: Any) -> str:
    """A tile as every text output writes it: ``(x, y)``, column then row (``--json``
    keeps ``[x, y]`` lists)."""
    return f"({pos[0]}, {pos[1]})"


def current_units(view: dict[str, Any]) -> set[str]:
    """The units whose phase (or Turn) it is: the view's ``acting`` list where the
    ruleset gives one (turn by turn, UESRPG), else every unit of the phase's side."""
    if view.get("acting") is not None:
        return {str(u) for u in view["acting"]}
    return {u["id"] for u in view["units"] if u["side"] == view.get("phase")}


def _status(unit: dict[str, Any], current: bool = True) -> str:
    """The unit's status words, each once (a ruleset may report a state both as its
    ``down`` word and as a condition, e.g. "unconscious" and "Unconscious");
    movement spent only for a unit whose phase or Turn it is."""
    parts: list[str] = []
    if unit.get("crippled"):
        parts.append("crippled")
    elif unit.get("countdown") is not None:
        parts.append(f"critical: {counted(unit['countdown'], 'round')}")
    elif unit["hp"] == 0:
        parts.append(unit.get("down") or "defeated")  # e.g. "unconscious" vs "dead"
    if unit.get("carrying"):
        parts.append(f"carrying {unit['carrying']}")
    if unit.get("carried_by"):
        parts.append(f"carried by {unit['carried_by']}")
    parts.extend(unit.get("effects", []))
    if current and unit.get("moved"):
        parts.append(f"moved {unit['moved']}")
    unique: dict[str, str] = {}
    for part in parts:
        unique.setdefault(part.casefold(), part)  # the first spelling wins
    return ", ".join(unique.values()) or "-"


def _standing(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    """The unit drawn on each tile: one standing there, else a fallen one."""
    standing: dict[tuple[int, int], dict[str, Any]] = {}
    for unit in view["units"]:
        pos = unit.get("position")
        if pos is not None and not unit.get("carried_by") and unit["hp"] > 0:
            standing[(pos[0], pos[1])] = unit
    for unit in view["units"]:  # the fallen still on the map, under anyone standing
        pos = unit.get("position")
        if pos is not None and not unit.get("carried_by"):
            standing.setdefault((pos[0], pos[1]), unit)
    return standing


def board_text(view: dict[str, Any], marks: dict[str, str] | None = None,
               colour: bool | None = None) -> str:
    """The map as text, one line per row and a newline after each (plain-text
    readable; with ``colour``, default on a terminal only, styles add colour)."""
    colour = colour_wanted() if colour is None else colour
    marks = marks or labels(view)
    width, height = view["width"], view["height"]
    symbols: dict[str, str] = view.get("symbols", {})
    standing = _standing(view)
    reach = view.get("reach") or {}
    moves = {(t[0], t[1]) for t in reach.get("move", [])}
    attacks = {(t[0], t[1]) for t in reach.get("attack", [])}
    gutter = max(3, len(str(height - 1))) + 1
    top = "y\\x".ljust(gutter) + "".join(str(x).rjust(2) + " " for x in range(width))
    lines = [paint(top, "dim", colour)]
    for y in range(height):
        pieces = [paint(str(y).rjust(gutter - 1) + " ", "dim", colour)]
        for x in range(width):
            terrain = view["rows"][y][x]
            unit = standing.get((x, y))
            if unit is not None:
                middle = marks.get(unit["id"], "?")
                style = side_style(view, unit["side"])
                if unit["hp"] == 0:
                    style = "dim strike"
                if unit["id"] == reach.get("unit"):
                    style += " reverse"
            else:
                middle = symbols.get(terrain, "?")
                style = TERRAIN_STYLES.get(terrain, "")
            left, right = " ", " "
            background = ""
            if (x, y) in moves:
                left, right = MOVE_MARK
                background = MOVE_STYLE
            elif (x, y) in attacks:
                left, right = ATTACK_MARK
                background = ATTACK_STYLE
            pieces.append(paint(left, background, colour))
            pieces.append(paint(shown(middle), f"{style} {background}".strip(), colour))
            pieces.append(paint(right, background, colour))
        pieces.append(paint(" " + str(y), "dim", colour))
        lines.append("".join(pieces))
    return "".join(f"{line}\n" for line in lines)


def legend_table(view: dict[str, Any], marks: dict[str, str] | None = None) -> Table:
    """One line per unit, narrow enough for 80 columns: label, id, name, side (and
    tier), HP, weapon, whether it has acted (only for the units whose phase or Turn
    it is: the others' flags belong to a phase that is over or not begun), its tile.
    Terrain and statuses, which can run long, are in ``status_table``."""
    marks = marks or labels(view)
    current = current_units(view)
    table = Table(title="Units", title_justify="left", box=SIMPLE_HEAD, show_edge=False,
                  padding=(0, 1))
    # the columns a command needs (label, id, HP, tile) never shrink; the others
    # are cut with an ellipsis on a narrow terminal
    fixed = {
        "": 1,
        "id": max((len(u["id"]) for u in view["units"]), default=2),
        "HP": max((len(f"{u['hp']}/{u['max_hp']}") for u in view["units"]), default=2),
        "at": len("(00, 00)"),
    }
    for column in ("", "id", "name", "side", "HP", "equipped", "acted", "at"):
        table.add_column(column, no_wrap=True, min_width=fixed.get(column, len(column)),
                         justify="right" if column == "HP" else "left")
    for unit in view["units"]:
        pos = unit.get("position")
        side = unit["side"] + (f" ({unit['tier']})" if unit.get("tier") else "")
        acted = ("yes" if unit.get("acted") else "no") if unit["id"] in current else ""
        table.add_row(
            marks.get(unit["id"], "?"),
            unit["id"],
            unit["name"],
            side,
            f"{unit['hp']}/{unit['max_hp']}",
            unit.get("equipped") or "-",
            acted,
            "off map" if pos is None else tile_text(pos),
            style=side_style(view, unit["side"]) if unit["hp"] > 0 else "dim",
        )
    return table


def status_table(view: dict[str, Any], marks: dict[str, str] | None = None) -> Table:
    """Each unit's terrain and statuses (critical-wound countdown, conditions,
    wounds, effects, movement spent), wrapped within the line, one row per unit."""
    marks = marks or labels(view)
    current = current_units(view)
    table = Table(box=SIMPLE_HEAD, show_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True)
    table.add_column("id", no_wrap=True)
    table.add_column("terrain", no_wrap=True)
    table.add_column("status")
    for unit in view["units"]:
        pos = unit.get("position")
        terrain = "-" if pos is None else str(view["rows"][pos[1]][pos[0]])
        table.add_row(
            marks.get(unit["id"], "?"), unit["id"], terrain,
            _status(unit, unit["id"] in current),
            style=side_style(view, unit["side"]) if unit["hp"] > 0 else "dim",
        )
    return table


# Joins the words of one turn-order entry so a wrapped line breaks only between
# entries ("bandit-1 10" never as "bandit-1" / "10"); printed as a plain space.
KEEP_TOGETHER = "\u00a0"


def initiative_line(view: dict[str, Any]) -> str | None:
    """Turn-by-turn rulesets (UESRPG): the round's turn order with each unit's
    initiative, the unit whose Turn it is marked ``>``, the units done this round
    marked ``(done)``."""
    if "order" not in view:
        return None
    if not view["order"]:
        return "Turn order: initiative not rolled yet"
    by_id = {u["id"]: u for u in view["units"]}
    words: list[str] = []
    for unit_id in view["order"]:
        unit = by_id.get(unit_id, {})
        text = f"{unit_id}{KEEP_TOGETHER}{unit.get('initiative', '?')}"
        if unit_id == view.get("turn"):
            text = ">" + KEEP_TOGETHER + text
        elif unit.get("acted"):
            text += KEEP_TOGETHER + "(done)"
        words.append(text)
    return "Turn order (initiative): " + ", ".join(words)


def header_lines(view: dict[str, Any]) -> list[str]:
    lines = [
        f"{view.get('name') or 'Battle'} ({view.get('ruleset', '?')}): round {view['round']}, "
        + (view.get("phase_label") or f"{view['phase']} phase")
    ]
    objectives = view.get("objectives") or {}
    victory = "; ".join(objectives.get("victory", [])) or "-"
    defeat = "; ".join(objectives.get("defeat", [])) or "-"
    lines.append(f"Victory: {victory}.  Defeat: {defeat}.")
    draw = "; ".join(objectives.get("draw", []))  # the round cap (docs/rulings.md)
    if view.get("result", "ongoing") != "ongoing":
        lines.append(f"Result: {view['result'].upper()} ({view.get('result_reason', '')})")
    else:
        lines.append("Result: ongoing" + (f" (a draw if {draw})" if draw else ""))
    initiative = initiative_line(view)
    if initiative is not None:
        lines.append(initiative)
    if view.get("head"):  # the GM's board: what a change decided on it gives --at
        lines.append(f"At {view.get('log_length', 0)}:{str(view['head'])[:HEAD_SHOWN]} "
                     "(--at for a change decided on this board)")
    return lines


def render_board(view: dict[str, Any]) -> None:
    """Header, map, keys and the unit legend, on standard output (no Rich: see
    ``cli.text_table``)."""
    colour = colour_wanted()
    width = terminal_width()
    marks = labels(view)
    lines: list[str] = []
    for index, line in enumerate(header_lines(view)):
        lines.extend(paint(part.replace(KEEP_TOGETHER, " "), "bold" if index == 0 else "", colour)
                     for part in wrap(shown(line), width))
    # a ruleset's briefing (fe-classic: 002 L5-8), told before the map
    for line in view.get("briefing") or ():
        lines.extend(wrap(shown(f"Briefing: {line}"), width))
    echo_lines(lines)
    sys.stdout.write(board_text(view, marks, colour))
    used = {row for rows in view["rows"] for row in rows}
    terrain_key = ", ".join(
        f"{symbol} {name}" for name, symbol in view.get("symbols", {}).items() if name in used
    )
    lines = [paint(part, "dim", colour) for part in
             wrap(shown(f"x = column, y = row, both from 0.  Terrain: {terrain_key}"), width)]
    reach = view.get("reach")
    if reach:
        pieces = [
            (shown(f"Reach of {reach['unit']} ({marks.get(reach['unit'], '?')}): "), ""),
            (f"{MOVE_MARK[0]}.{MOVE_MARK[1]}", MOVE_STYLE),
            (f" can move there ({counted(len(reach.get('move', [])), 'tile')})", ""),
        ]
        if reach.get("refused") and not reach.get("move"):  # why none (Miridon's)
            pieces.append((shown(f": none now ({reach['refused']})"), ""))
        if "attack" in reach:
            pieces += [(", ", ""), (f"{ATTACK_MARK[0]}.{ATTACK_MARK[1]}", ATTACK_STYLE),
                       (f" can attack there only ({counted(len(reach['attack']), 'tile')})",
                        "")]
        whole = "".join(text for text, _ in pieces)
        if cell_len(whole) <= width:
            lines.append("".join(paint(text, style, colour) for text, style in pieces))
        else:  # a long unit id: wrapped, the marks still read as [.] and <.>
            lines.extend(wrap(whole, width))
    lines.extend(legend_table(view, marks).lines(width, colour))
    lines.extend(status_table(view, marks).lines(width, colour))
    echo_lines(lines)
