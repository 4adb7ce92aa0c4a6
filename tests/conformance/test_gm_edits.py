"""Kit: the GM's edits (issue 29, ``engine.gm_edit``). In every ruleset whose battle
rules take them, through an example battle's opening: a unit the GM hid is in no
other side's sight, board or known state (and its own side still sees it), hiding
shades no tile; revealed, every side's board is the one before; HP, place and
remove are logged entries that replay identically and undo to the state before.
A ruleset without them refuses every edit in one line and logs nothing; one that
keeps nothing hidden (Tropera) refuses to hide in one line."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.engine.battle import Battle, act, replay
from tactician.engine.objectives import Objective
from tactician.engine.undo import undo
from tactician.errors import TacticianError
from tactician.rulesets.contract import RulesetContract
from tests.conformance.kit import opening


def _takes_edits(rules: Any) -> bool:
    return callable(getattr(rules, "gm_edit", None))


def _steps(contract: RulesetContract) -> tuple[Any, Any, Any]:
    battle, rules, state = opening(contract, 10)[-1]
    return battle, rules, state


def test_a_hidden_unit_reaches_no_other_side_and_comes_back(contract: RulesetContract
                                                            ) -> None:
    battle, rules, state = _steps(contract)
    if not _takes_edits(rules):
        with pytest.raises(TacticianError, match="no GM edits"):
            act(battle, rules, {"type": "gm_edit", "edit": "hide", "unit": "x"})
        return
    sides = list(state.sides)
    units = contract.board_view(state)["units"]
    foe = next(u for u in units if u["side"] != sides[0] and u.get("position"))
    before = {side: contract.board_view(state, None, side) for side in sides}
    tiles = {side: contract.seen_tiles(state, side) for side in sides}
    try:
        hidden_battle, _, hidden = act(battle, rules, {"type": "gm_edit", "edit": "hide",
                                                       "unit": foe["id"]})
    except TacticianError as exc:  # only a ruleset that keeps nothing hidden may refuse
        assert not contract.hides(state) and "\n" not in str(exc), (contract.id, exc)
        return
    for side in sides:
        board = contract.board_view(hidden, None, side)
        ids = {str(u["id"]) for u in board["units"]}
        known = {str(u.id) for u in contract.side_state(hidden, side).units}
        seen = contract.sight(hidden, side)
        if side == foe["side"]:
            assert foe["id"] in ids and foe["id"] in known
            continue
        assert foe["id"] not in ids and foe["id"] not in known, (contract.id, side)
        assert seen is not None and foe["id"] not in seen
        assert foe["id"] not in str(board)  # not its id anywhere in the side's board
        assert contract.seen_tiles(hidden, side) == tiles[side]  # no tile shaded for it
    revealed_battle, _, revealed = act(hidden_battle, rules, {
        "type": "gm_edit", "edit": "reveal", "unit": foe["id"]})
    for side in sides:
        assert contract.board_view(revealed, None, side) == before[side], (contract.id, side)
    again = replay(revealed_battle, rules)
    assert rules.dump_state(again) == rules.dump_state(revealed)


def test_hp_place_and_remove_are_entries_that_replay_and_undo(contract: RulesetContract
                                                              ) -> None:
    battle, rules, state = _steps(contract)
    if not _takes_edits(rules):
        pytest.skip(f"{contract.id}: no GM edits")
    units = contract.board_view(state)["units"]
    mine = next(u for u in units if u.get("position") and u.get("hp", 0) > 1
                and not u.get("carried_by") and not u.get("carrying"))
    taken = {tuple(u["position"]) for u in units if u.get("position")}
    view = contract.board_view(state)
    free = next((x, y) for y in range(view["height"]) for x in range(view["width"])
                if (x, y) not in taken)
    for edit in ({"edit": "hp", "hp": 1}, {"edit": "remove"}, {"edit": "place", "to": free}):
        action = {"type": "gm_edit", "unit": mine["id"], **edit}
        after_battle, entry, after = act(battle, rules, action)
        assert entry.records[0] == {"type": "gm_edit", "by": "gm", "edit": edit["edit"],
                                    "unit": mine["id"]}
        assert "(by the GM)" in entry.summary and not entry.dice
        shown = next(u for u in contract.board_view(after)["units"] if u["id"] == mine["id"])
        if edit["edit"] == "hp":
            assert shown["hp"] == 1
        elif edit["edit"] == "remove":
            assert not shown.get("position")
        else:
            assert tuple(shown["position"]) == free
        assert rules.dump_state(replay(after_battle, rules)) == rules.dump_state(after)
        back, _ = undo(after_battle)
        assert rules.dump_state(replay(back, rules)) == rules.dump_state(state)
    with pytest.raises(TacticianError):
        act(battle, rules, {"type": "gm_edit", "unit": mine["id"], "edit": "hp",
                            "hp": 10_000})


def _routed(contract: RulesetContract) -> tuple[Any, Any, Any]:
    """The opening's battle from its last step, won by routing the enemy (an example
    may be won by a seize instead)."""
    played, rules, state = _steps(contract)
    if not _takes_edits(rules):
        pytest.skip(f"{contract.id}: no GM edits")
    state = state.model_copy(update={"objectives": state.objectives.model_copy(
        update={"victory": [Objective(kind="rout")]})})
    battle = Battle(ruleset=played.ruleset, seed=played.seed, options=played.options,
                    start=rules.dump_state(state))
    return battle, rules, rules.load_state(battle.start)


def test_removing_every_foe_ends_the_battle_as_any_action_would(contract: RulesetContract
                                                                ) -> None:
    """An edit that leaves no foe on the map is scored at once, as after any action
    (the ruleset's objectives check): the battle is over, a victory, its entry says
    so, and a further action is refused as the battle being over."""
    battle, rules, state = _routed(contract)
    view = contract.board_view(state)
    assert view["result"] == "ongoing"
    party = view["sides"][0]
    foes = [u for u in view["units"] if u["side"] != party and u.get("position")
            and not u.get("carried_by")]
    mine = next(u for u in view["units"] if u["side"] == party and u.get("position"))
    entry = None
    for foe in foes:
        assert contract.board_view(state)["result"] == "ongoing", (contract.id, foe["id"])
        battle, entry, state = act(battle, rules, {"type": "gm_edit", "edit": "remove",
                                                   "unit": foe["id"]})
    after = contract.board_view(state)
    assert after["result"] == "victory", (contract.id, after["result"])
    assert entry is not None and "VICTORY" in entry.summary, entry.summary
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)
    taken = {tuple(u["position"]) for u in after["units"] if u.get("position")}
    free = next([x, y] for y in range(after["height"]) for x in range(after["width"])
                if (x, y) not in taken)
    with pytest.raises(TacticianError, match="battle is over"):
        act(battle, rules, {"type": "move", "unit": mine["id"], "to": free})


def test_zero_hp_on_the_last_foe_ends_the_battle_where_zero_is_allowed(
        contract: RulesetContract) -> None:
    """Where an edit may set 0 HP (the Fire Emblem rulesets: 0 HP is defeat, as a
    strike would leave it), 0 HP on every foe wins at once; elsewhere 0 is refused."""
    battle, rules, state = _routed(contract)
    view = contract.board_view(state)
    party = view["sides"][0]
    foes = [u for u in view["units"] if u["side"] != party and u.get("position")
            and not u.get("carried_by")]
    try:
        act(battle, rules, {"type": "gm_edit", "edit": "hp", "unit": foes[0]["id"], "hp": 0})
    except TacticianError as exc:
        assert "1.." in str(exc) and "\n" not in str(exc), (contract.id, exc)
        return
    entry = None
    for foe in foes:
        assert contract.board_view(state)["result"] == "ongoing", (contract.id, foe["id"])
        battle, entry, state = act(battle, rules, {"type": "gm_edit", "edit": "hp",
                                                   "unit": foe["id"], "hp": 0})
    assert contract.board_view(state)["result"] == "victory", contract.id
    assert entry is not None and "VICTORY" in entry.summary, entry.summary
    assert entry.records[-1]["type"] == "battle_end"
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)


def test_every_condition_is_given_and_taken_away_as_its_rules_define_it(
        contract: RulesetContract) -> None:
    """Each condition the ruleset declares for GM edits (``gm_condition_edits``: its
    name, the text that defines it, the values it takes) is given to a unit with its
    values as the form offers them (the first choice, the lowest number), is an entry
    "(by the GM)" drawing no dice that replays identically, is listed among the unit's
    conditions, and is taken away again (or refused in one line where the text makes it
    permanent); undone, the state is the one before. A value out of its range and an
    unknown name are refused in one line naming the choices. A ruleset whose text has
    none says why, and refuses the edit with that reason."""
    from tactician.table.gm_edits import conditions, unit_conditions

    battle, rules, state = _steps(contract)
    if not _takes_edits(rules):
        pytest.skip(f"{contract.id}: no GM edits")
    offered = conditions(rules)
    unit = next(u for u in contract.board_view(state)["units"] if u.get("position"))["id"]

    def edit(on: Any, kind: str, condition: dict[str, Any]) -> tuple[Any, Any, Any]:
        return act(on, rules, {"type": "gm_edit", "edit": kind, "unit": unit,
                               "condition": condition})

    if not offered["kinds"]:
        assert offered["none"] and "\n" not in offered["none"], contract.id
        with pytest.raises(TacticianError, match="no conditions"):
            edit(battle, "add_condition", {"name": "poison"})
        return
    for kind in offered["kinds"]:
        assert kind["cite"], (contract.id, kind["name"])  # every condition cites its text
        given: dict[str, Any] = {"name": kind["name"]}
        for field in kind["fields"]:
            if field["required"]:
                given[field["key"]] = field["choices"][0] if "choices" in field \
                    else field["low"]
        after_battle, entry, after = edit(battle, "add_condition", given)
        assert entry.records[0]["edit"] == "add_condition" and not entry.dice
        assert "(by the GM)" in entry.summary
        assert rules.dump_state(replay(after_battle, rules)) == rules.dump_state(after)
        held = unit_conditions(rules, after).get(unit, [])
        assert any(c["name"] == kind["name"] for c in held), (contract.id, kind["name"], held)
        removal = {"name": kind["name"], **{k: given[k] for k in kind["removes_by"]
                                            if k in given}}
        try:
            gone_battle, _, gone = edit(after_battle, "remove_condition", removal)
        except TacticianError as exc:  # a permanent one (UESRPG's Lost Body Part)
            assert "permanent" in str(exc) and "\n" not in str(exc), (contract.id, exc)
        else:
            left = unit_conditions(rules, gone).get(unit, [])
            assert not any(c["name"] == kind["name"] for c in left), (contract.id, left)
            assert rules.dump_state(replay(gone_battle, rules)) == rules.dump_state(gone)
        back, _ = undo(after_battle)
        assert rules.dump_state(replay(back, rules)) == rules.dump_state(state)
        for field in kind["fields"]:
            if "choices" not in field:
                with pytest.raises(TacticianError, match=f"{field['low']}..{field['high']}"):
                    edit(battle, "add_condition", {**given, field["key"]: field["high"] + 1})
    with pytest.raises(TacticianError, match=offered["kinds"][0]["name"]):
        edit(battle, "add_condition", {"name": "no such condition"})
