"""Kit: what a side may know (issue 25). In every ruleset, through an example battle's
opening: a side's board holds exactly the units it sees (``sight``; all of them when
nothing hides), and so does the battle as it knows it (``side_state``); a battle that
hides nothing gives every side the whole board; and every unit an entry's summary
names by a name of its own is among the units the entry involves (``entry_units``),
so the log's rule (shown only if the side saw them all) sees it."""

from __future__ import annotations

import re

from tactician.rulesets.contract import RulesetContract
from tests.conformance.kit import opening

OPENING = 30


def test_a_sides_board_and_state_hold_what_it_sees(contract: RulesetContract) -> None:
    for _, _, state in opening(contract, OPENING)[::5]:
        everyone = {str(u["id"]) for u in contract.board_view(state)["units"]}
        for side in state.sides:  # type: ignore[attr-defined]
            seen = contract.sight(state, side)
            expected = everyone if seen is None else set(seen)
            board = contract.board_view(state, None, side)
            assert {str(u["id"]) for u in board["units"]} == expected, (contract.id, side)
            known = contract.side_state(state, side)
            assert {str(u.id) for u in known.units} == expected  # type: ignore[attr-defined]
            if not contract.hides(state):
                assert known is state and seen is None


def test_every_unit_an_entry_names_is_one_it_involves(contract: RulesetContract) -> None:
    battle, _, state = opening(contract, OPENING)[-1]
    units = {str(u["id"]): str(u["name"]) for u in contract.board_view(state)["units"]}
    own = {unit: name for unit, name in units.items()
           if list(units.values()).count(name) == 1 and len(name) > 2}
    for entry in battle.log:  # type: ignore[attr-defined]
        data = entry.model_dump(mode="json")
        involved = contract.entry_units(data, units)
        for unit, name in units.items():
            named = unit in own and re.search(rf"(?<!\w){re.escape(name)}(?!\w)",
                                              data["summary"])
            if named or re.search(rf"(?<![\w-]){re.escape(unit)}(?![\w-])", data["summary"]):
                assert unit in involved, (contract.id, entry.seq, name, data["summary"])


def test_the_tiles_a_side_sees_hold_every_unit_it_sees(contract: RulesetContract) -> None:
    """Issue 29 (the table shades the tiles a side cannot see): ``seen_tiles`` is None
    (every tile seen) or tiles of the map, and every unit of the side's board that
    stands on the map, its own or another side's it sees, stands on one of them."""
    for _, _, state in opening(contract, OPENING)[::5]:
        whole = contract.board_view(state)
        board_tiles = {(x, y) for x in range(whole["width"]) for y in range(whole["height"])}
        for side in state.sides:  # type: ignore[attr-defined]
            seen = contract.seen_tiles(state, side)
            if seen is None:
                continue
            assert seen <= board_tiles, (contract.id, side)
            for unit in contract.board_view(state, None, side)["units"]:
                at = unit.get("position")
                if at is not None and not unit.get("carried_by"):
                    assert tuple(at) in seen, (contract.id, side, unit["id"], at)
