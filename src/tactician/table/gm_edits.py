"""The GM's edits of a stored battle, one transaction each (issue 29).

A GM edit (``engine.gm_edit``: reveal or hide a unit, set its HP, give or take away
a condition, place it or take it off the map) is logged as an entry of the battle like
any action: decided on a sequence number (a battle that moved on refuses it with
``StaleBattle``), undone and redone as any entry, replayed on every opening. It is
the GM's alone: the web sends it from the GM seat only (``web.routes_gm_edit``), the
CLI from ``battle gm-edit``; no ruleset's action schema has it, so ``battle act`` and
a player's action refuse it as an unknown kind. It takes no step the rules would
take first (fe-tabletop's order roll: ``act_steps``): an edit is not a turn's act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactician.engine.battle import act
from tactician.engine.gm_edit import EDITS, KEYS, KIND, check
from tactician.engine.log import Entry
from tactician.store import battles as store
from tactician.store.database import Database
from tactician.table.campaigns import DEFAULT_SNAPSHOT_EVERY, _for_action, store_steps
from tactician.table.held import HOLDER

if TYPE_CHECKING:
    from tactician.table.battle_places import At

__all__ = ["EDITS", "KEYS", "KIND", "conditions", "edit", "edit_at", "supported",
           "unit_conditions"]


def supported(rules: Any) -> bool:
    """Whether the battle's rules take GM edits (``gm_edit`` on its rules)."""
    return callable(getattr(rules, "gm_edit", None))


def conditions(rules: Any) -> dict[str, Any]:
    """The conditions a GM edit may give or take away on the battle's units, as its
    rules define them (``rulesets.contract.gm_conditions``: each with its cite and the
    values it takes), and ``none``: why there are none (a ruleset without them)."""
    edits = getattr(rules, "gm_condition_edits", None)
    if edits is None:
        return {"kinds": [], "none": "this ruleset's units have no conditions to edit"}
    shown: dict[str, Any] = edits.as_json()
    return shown


def unit_conditions(rules: Any, state: Any) -> dict[str, list[dict[str, Any]]]:
    """Each unit's conditions now, as the GM's edit form lists them (its rules' own
    reading: name, values, a line of text); units with none are left out."""
    edits = getattr(rules, "gm_condition_edits", None)
    if edits is None or edits.none:
        return {}
    found: dict[str, list[dict[str, Any]]] = {}
    for unit in state.units:
        held = edits.current(state, unit)
        if held:
            found[str(unit.id)] = held
    return found


def edit(db: Database, battle_id: int, action: dict[str, Any], expected_seq: int | None = None,
         every: int = DEFAULT_SNAPSHOT_EVERY) -> tuple[Entry, Any]:
    """Apply one GM edit (``action`` without its ``type``, or with ``gm_edit``) as one
    transaction; the logged entry and the state after it. A refusal changes nothing."""
    checked = check({**action, "type": KIND})
    info, rules, battle, state, held = _for_action(db, battle_id)
    seen = info.last_seq if expected_seq is None else expected_seq
    if seen != info.last_seq:
        raise store.StaleBattle(info.last_seq)
    battle, entry, after = act(battle, rules, checked, None, state)
    stored = store_steps(db, battle_id, rules, seen, [(entry, after)], every)
    assert stored is not None
    HOLDER.put(db, battle_id, battle, stored.states[entry.seq], held, stored.info)
    return entry, after


def edit_at(where: Any, action: dict[str, Any], expected_seq: int | At | None = None
            ) -> tuple[Entry, Any]:
    """``edit`` wherever the battle lives (``table.battles.Where``: a battle file or a
    campaign's battle), for ``battle gm-edit``: read once, decided on ``expected_seq``
    (``--at N`` or ``N:HASH``: an ``int`` or ``battle_places.At``), saved in one
    write or not at all."""
    from tactician.table.battle_places import Step
    from tactician.table.battles import load

    checked = check({**action, "type": KIND})
    opened = load(where, whole_log=False)  # from the newest snapshot on (``Battle.tail``)
    opened.expect(expected_seq)
    battle, entry, after = act(opened.actable(), opened.rules, checked, None, opened.state)
    opened.place.append(opened, battle, [Step(entry, after)])
    return entry, after
