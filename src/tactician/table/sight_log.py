"""What each side saw along a battle's log, entry by entry (issue 25: a hidden entry
stays hidden for good to that side).

Whether a side may see a log entry is decided by the state it was made in, not the
state now: a unit that acted out of a side's sight and came into sight later does
not open its past entries (hole 6). So for every entry the sides' sight after it is
kept (``contract.sight``: the units each side sees, None for all), and an entry is
shown to a side when (``SightLog.shown``):

- the unit that acted (the action's ``unit``) was seen by it before the entry and
  after it (a unit that walked into sight, or out of it, shows no path or place it
  could not see);
- every other unit the entry involves (``contract.entry_units``: the ids and names
  in its action and records) was seen by it before or after (a foe struck down in sight
  stays where it fell; one that came into sight by the entry is seen after it).

The sight after each entry needs the state after it: the web table passes the state
an action produced, and replays the recorded dice of entries it did not make (one
process's commits seen by another, or a battle opened for the first time) from the
state after the last entry it followed, or from the start. A battle that cannot
hide anything (``contract.hides``) needs none of this: every entry is every side's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tactician.dice.source import PhysicalDice
from tactician.engine.gm_edit import KIND as GM_EDIT
from tactician.engine.gm_edit import apply_action
from tactician.rulesets.registry import contract

Sight = Mapping[str, frozenset[str] | None]  # side -> the unit ids it sees (None: all)


def sight_of(ruleset: str, state: Any) -> dict[str, frozenset[str] | None]:
    rules = contract(ruleset)
    return {str(side): rules.sight(state, str(side)) for side in state.sides}


@dataclass
class SightLog:
    """The sides' sight at the start and after each entry followed (by its hash)."""

    ruleset: str
    hides: bool
    units: dict[str, str]  # every unit of the battle: id -> name
    start: Sight
    hashes: list[str] = field(default_factory=list)
    after: list[Sight] = field(default_factory=list)
    state: Any = None  # the state after the last entry followed

    def shown(self, index: int, entry: Mapping[str, Any], side: str) -> bool:
        """Whether ``side`` may see entry ``index`` (0-based) of the log followed."""
        if not self.hides:
            return True
        before = (self.after[index - 1] if index else self.start).get(side)
        after = self.after[index].get(side)
        if before is None and after is None:
            return True

        def seen(unit: str, then: frozenset[str] | None) -> bool:
            return then is None or unit in then

        actor = entry.get("action", {}).get("unit")
        if isinstance(actor, str) and not (seen(actor, before) and seen(actor, after)):
            return False
        involved = contract(self.ruleset).entry_units(entry, self.units)
        return all(seen(u, before) or seen(u, after) for u in involved)

    def seen_any(self, index: int, side: str) -> frozenset[str] | None:
        """The units ``side`` saw before or after entry ``index`` (None: all)."""
        before = (self.after[index - 1] if index else self.start).get(side)
        after = self.after[index].get(side)
        if before is None or after is None:
            return None
        return before | after

    def copy(self) -> SightLog:
        return SightLog(self.ruleset, self.hides, dict(self.units), self.start,
                        list(self.hashes), list(self.after), self.state)


def gm_hides(entries: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the GM hid a unit in ``entries`` (``engine.gm_edit``): a battle that hid
    nothing at its start hides from then on, so its sight is followed from the start."""
    return any(e.get("action", {}).get("type") == GM_EDIT
               and e.get("action", {}).get("edit") == "hide" for e in entries)


def started(ruleset: str, start: Any, hides: bool = False) -> SightLog:
    rules = contract(ruleset)
    hides = hides or rules.hides(start)
    return SightLog(ruleset, hides, _names(start),
                    sight_of(ruleset, start) if hides else {}, [], [], start)


def followed(known: SightLog | None, ruleset: str, entries: Sequence[Mapping[str, Any]],
             rules: Any, state_now: Any, start: Callable[[], Any]) -> SightLog:
    """``known`` (None: nothing yet) brought to ``entries`` (the whole log, as stored
    JSON), whose last state is ``state_now``: the entries it shares (by hash) are
    kept, the others' sight computed by replaying their recorded dice (from
    ``known``'s last state if it followed all the shared ones, else from
    ``start()``, the state before the first entry)."""
    if known is not None and not known.hides and gm_hides(entries):
        known = None  # the GM hid a unit since: followed from the start, hiding
    if known is None:
        if gm_hides(entries):
            known = started(ruleset, start(), hides=True)
        elif not contract(ruleset).hides(state_now if state_now is not None else start()):
            known = SightLog(ruleset, False, {}, {})
        else:
            known = started(ruleset, start())
    shared = 0
    for mine, theirs in zip(known.hashes, entries, strict=False):
        if mine != theirs.get("hash"):
            break
        shared += 1
    found = known.copy()
    del found.hashes[shared:], found.after[shared:]
    if not found.hides:
        found.hashes.extend(str(e.get("hash")) for e in entries[shared:])
        found.after.extend({} for _ in entries[shared:])
        found.state = state_now
        return found  # nothing hides: no state is needed (None when not given)
    if shared == len(entries):
        found.state = state_now if state_now is not None else found.state
        return found
    if shared == len(known.hashes) and known.state is not None:
        state = known.state
    else:  # the log changed under what was followed: from the start again
        found = started(known.ruleset, start())
        shared, state = 0, found.state
    for entry in entries[shared:-1]:
        state = _replayed(rules, state, entry)
        found.hashes.append(str(entry.get("hash")))
        found.after.append(sight_of(found.ruleset, state))
        found.units.update(_names(state))
    last = entries[-1]
    if state_now is None:  # not given: replayed too
        state_now = _replayed(rules, state, last)
    found.hashes.append(str(last.get("hash")))
    found.after.append(sight_of(found.ruleset, state_now))
    found.units.update(_names(state_now))
    found.state = state_now
    return found


def along(ruleset: str, rules: Any, start: Any, entries: Sequence[Mapping[str, Any]]
          ) -> SightLog:
    """The sight along a whole log replayed from ``start`` (``battle log --side``)."""
    if not entries:
        return started(ruleset, start) if contract(ruleset).hides(start) else \
            SightLog(ruleset, False, {}, {}, state=start)
    return followed(None, ruleset, entries, rules, None, lambda: start)


def appended(known: SightLog, entry: Mapping[str, Any], state_after: Any) -> SightLog:
    """``known`` with one more entry, made just now on the state it followed last."""
    found = known.copy()
    if not found.hides and gm_hides([entry]):  # the GM hid a unit: followed from now on
        found.hides = True
    found.hashes.append(str(entry.get("hash")))
    found.after.append(sight_of(found.ruleset, state_after) if found.hides else {})
    found.units.update(_names(state_after))
    found.state = state_after
    return found


def _names(state: Any) -> dict[str, str]:
    return {str(u.id): str(u.name) for u in state.units}


def _replayed(rules: Any, state: Any, entry: Mapping[str, Any]) -> Any:
    dice = PhysicalDice([int(d["value"]) for d in entry.get("dice", [])])
    after, _ = apply_action(rules, state, entry.get("action", {}), dice)
    return after
