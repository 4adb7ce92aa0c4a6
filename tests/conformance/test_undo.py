"""Kit: undo and redo in every ruleset (issue 24). ``undo --phase`` drops back only to
the start of the current phase or Turn, as the board draws it; a turn's order roll
belongs to its turn (undoing the turn's first action keeps it); an opening undone to
its start and redone to its end is the battle it was, entry for entry and hash for
hash, in a battle file and in a campaign, and it replays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactician.engine.battle import replay
from tactician.engine.store_file import load_battle, save_battle
from tactician.engine.undo import ends_phase, undo_phase
from tactician.rulesets.contract import Capability, ExampleBattle, RulesetContract
from tactician.store.campaigns import create_campaign
from tactician.store.database import open_database
from tactician.table.battle_places import StoredPlace
from tactician.table.battles import load, new_battle, perform_steps, rebuild, redo, take_back
from tactician.table.campaign_bundles import import_battle_file
from tests.conformance.kit import play, start

OPENING = 25


def _battles(contract: RulesetContract) -> tuple[ExampleBattle, ...]:
    if not contract.has(Capability.BATTLES) or not contract.has(Capability.AI):
        pytest.skip(f"{contract.id} declares no battles with an AI")
    return contract.examples().battles


def whose(contract: RulesetContract, state: Any) -> tuple[Any, ...]:
    """Whose phase or Turn it is, as the board shows it: the round, the phase, the
    units acting, the stage (set-up or battle) and the player whose turn it is."""
    view = contract.board_view(state)
    return tuple(str(view.get(key)) for key in ("round", "phase", "acting", "stage",
                                                "current_player"))


@pytest.mark.parametrize("limit", [OPENING, pytest.param(None, marks=pytest.mark.slow)])
def test_an_entry_ends_a_phase_exactly_where_the_board_changes_hands(
    contract: RulesetContract, limit: int | None
) -> None:
    """The ruleset's ``ends_phase`` marks the entries after which another phase, Turn
    or player's turn is shown, and only those; so ``undo --phase`` goes back to the
    board's own start of the phase (the state it keeps shows whose turn it is now) and
    never further (a Miridon ``undo --phase`` once emptied the log)."""
    for example in _battles(contract):
        _, rules, start_state = start(contract, example)
        before = whose(contract, start_state)
        closes = ends_phase(rules)
        steps = list(play(contract, example, limit))
        for battle, _, state in steps:
            now = whose(contract, state)
            entry = battle.log[-1]
            assert closes(entry) == (now != before), (example.name, entry.seq, entry.action,
                                                      before, now)
            before = now
        states = [start_state] + [state for _, _, state in steps]
        for battle, _, _ in steps:
            kept, _ = undo_phase(battle, rules)
            size = len(battle.log)
            if not closes(battle.log[-1]):  # the current phase: back to its start
                assert whose(contract, states[len(kept.log)]) == whose(contract, states[size])
            if kept.log:  # and no further: the entry kept last closed the phase before
                assert closes(kept.log[-1])


def _human(contract: RulesetContract, example: ExampleBattle, limit: int
           ) -> list[tuple[dict[str, Any], Any]]:
    """The AI's actions of the opening as a table types them: without a step the rules
    take by themselves (their ``due``), each with the state it was decided on."""
    played, rules, state = start(contract, example)
    due = getattr(rules, "due", None)
    chosen = []
    for battle, _, after in play(contract, example, limit):
        action = battle.log[-1].action
        if not (callable(due) and due(state, {}) == action):
            chosen.append((action, state))
        state = after
    return chosen


def test_undoing_a_turns_first_action_keeps_its_order_roll(
    contract: RulesetContract, tmp_path: Path
) -> None:
    """fe-tabletop's players roll their d100 order at a Player turn's start (001 L42);
    UESRPG rolls initiative and Miridon its 3d6 roll-offs once, by ``begin``: in each,
    undoing the first action of a turn leaves the turn order as it stood after it (an
    entry that ends a turn may roll the next one's order, and takes it back with it)."""
    for example in _battles(contract):
        path = tmp_path / f"{example.name}.json"
        new_battle(contract.id, example.map, list(example.units), path, seed=example.seed,
                   options=list(example.options))
        last: Any = None
        for action, _ in _human(contract, example, OPENING):
            entries, state = perform_steps(path, action)
            closes = ends_phase(load(path).rules)
            # a turn's first action, not an entry that itself opens a turn (``begin``)
            if (last is None or closes(last)) and not closes(entries[-1]):
                order = _order(contract, state)
                take_back(path)
                assert _order(contract, load(path).state) == order, (example.name, action)
                redo(path)
            last = entries[-1]


def _order(contract: RulesetContract, state: Any) -> tuple[str, ...]:
    view = contract.board_view(state)
    return tuple(str(view.get(key)) for key in ("order", "player_order", "current_player"))


def test_an_opening_undone_to_its_start_and_redone_is_the_same_battle(
    contract: RulesetContract, tmp_path: Path
) -> None:
    """In a battle file and in a campaign: undo to the start, redo to the end; then a
    phase and one entry: the same log (entries and hashes), the same state, and the
    replay matches."""
    for example in _battles(contract):
        battle, rules, live = list(play(contract, example, OPENING))[-1]
        path = tmp_path / f"{example.name}.json"
        save_battle(battle, path)
        db = open_database(str(tmp_path / f"{example.name}.sqlite"))
        try:
            campaign = create_campaign(db, "c", contract.id, [])
            info = import_battle_file(db, campaign, example.name, path)
            for where in (path, StoredPlace(db, info.id, example.name)):
                for undo_how in ({"to": 0}, {"phase": True}, {}):
                    dropped = take_back(where, **undo_how)
                    assert load(where).seq == len(battle.log) - len(dropped)
                    assert redo(where, None) == dropped
                    opened = load(where)
                    assert opened.whole().log == battle.log, (example.name, undo_how)
                    assert rules.dump_state(opened.state) == rules.dump_state(live)
                    assert rules.dump_state(rebuild(where).state) == rules.dump_state(live)
            assert load_battle(path) == battle
            assert rules.dump_state(replay(load_battle(path), rules)) == \
                rules.dump_state(live)
        finally:
            db.close()
