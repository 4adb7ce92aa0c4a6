"""What a heal will do, before it is committed (issue 29: "a heal shows what it will do
(HP before/after, its rule, any dice with their odds)").

Not a second copy of any healing rule: the action is run through the ruleset's own
``apply`` (the procedure that resolves it) on every way its dice can fall
(``dice.every_draw``), on the battle the asker knows, and nothing is kept. What is
answered: each unit whose HP the action can change, with its HP before and the
exact chance of each HP after; the outcomes (the distinct battles it can leave), each
with its probability, those HPs and the rules' own words for one way it happens; the
dice it draws; and the rule: the kind's help from the action schema and the
procedure's docstring, which cites the text it follows.

A care action that changes no HP (UESRPG's ``stabilise`` and ``treat_bleeding``) is
read the same way through the ruleset's ``marks`` (each unit's state in words: its
conditions, dying or stabilised): each outcome says what it gives and takes away
(``changes``), and ``success`` is the chance of the outcomes whose record says the
action's test passed (``passed``), where the procedure records one.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from tactician.dice.every_draw import every_draw
from tactician.dice.source import DiceSource
from tactician.engine.actions import ActionRegistry
from tactician.errors import TacticianError
from tactician.rulesets.contract.actions import ActionSchema


def _hp(state: Any) -> dict[str, tuple[str, int, int]]:
    """Each unit's (name, HP, max HP): every ruleset's battle keeps ``units`` with them."""
    return {str(u.id): (str(u.name), int(u.hp), int(u.max_hp)) for u in state.units}


def rule_of(registry: ActionRegistry[Any], schema: ActionSchema, kind: str
            ) -> dict[str, str]:
    """The kind's help and its procedure's docstring (its own, or its module's)."""
    found = schema.find(kind)
    handler = registry.entry(kind).handler
    text = inspect.getdoc(handler) or inspect.getdoc(sys.modules[handler.__module__]) or ""
    where = f"{handler.__module__.removeprefix('tactician.rulesets.')}.{handler.__name__}"
    return {"help": found.help if found else "", "text": text, "procedure": where}


def _dice(draws: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The dice of one way the action goes, runs of one die and purpose counted."""
    shown: list[dict[str, Any]] = []
    for draw in draws:
        if shown and (shown[-1]["sides"], shown[-1]["purpose"]) == (draw.sides, draw.purpose):
            shown[-1]["count"] += 1
        else:
            shown.append({"sides": draw.sides, "count": 1, "purpose": draw.purpose})
    return shown


Marks = Callable[[Any], Mapping[str, tuple[str, ...]]]


def _passed(records: list[dict[str, Any]], kind: object) -> bool | None:
    """Whether the action's own record says its test passed (None: it says nothing)."""
    for record in records:
        if record.get("type") == kind and isinstance(record.get("passed"), bool):
            return bool(record["passed"])
    return None


def _changes(before: Mapping[str, tuple[str, ...]], after: Mapping[str, tuple[str, ...]],
             names: Mapping[str, tuple[str, int, int]]) -> list[dict[str, Any]]:
    """Each unit's words gained and lost between two battles."""
    found = []
    for uid in sorted(set(before) | set(after)):
        was, now = before.get(uid, ()), after.get(uid, ())
        gained = [w for w in now if w not in was]
        lost = [w for w in was if w not in now]
        if gained or lost:
            found.append({"id": uid, "name": names[uid][0] if uid in names else uid,
                          "gained": gained, "lost": lost})
    return found


def heal_preview(rules: Any, state: Any, action: Mapping[str, Any], rule: Mapping[str, str],
                 marks: Marks | None = None) -> dict[str, Any]:
    """``action``'s every outcome on ``state`` (by ``rules.apply``), as above. Ways the
    dice fall that leave the same battle (``rules.dump_state``) are one outcome: a
    first aid that succeeds, or fails, whatever the die showed."""
    before = _hp(state)
    marked = dict(marks(state)) if marks else {}

    def run(dice: DiceSource) -> tuple[str, dict[str, int], str, list[dict[str, Any]],
                                       bool | None]:
        try:
            after, outcome = rules.apply(state, action, dice)
        except TacticianError as exc:  # refused on these dice only: an outcome too
            return f"refused: {exc}", {uid: hp for uid, (_, hp, _) in before.items()}, \
                f"refused: {exc}", [], None
        ended = json.dumps(rules.dump_state(after), sort_keys=True, default=str)
        changes = _changes(marked, marks(after), before) if marks else []
        return ended, {uid: hp for uid, (_, hp, _) in _hp(after).items()}, \
            str(outcome.summary), changes, _passed(list(outcome.records), action.get("type"))

    paths = every_draw(run)
    changing = sorted({uid for path in paths for uid, hp in path.result[1].items()
                       if uid in before and hp != before[uid][1]})
    grouped: dict[str, dict[str, Any]] = {}
    for path in paths:
        ended, hp, summary, changes, passed = path.result
        group = grouped.setdefault(ended, {
            "probability": 0.0, "hp": {uid: hp.get(uid, 0) for uid in changing},
            "example": summary, "changes": changes, "passed": passed})
        group["probability"] += path.probability
    outcomes = sorted(grouped.values(), key=lambda g: -g["probability"])
    tested = [o for o in outcomes if o["passed"] is not None]
    success = sum(o["probability"] for o in tested if o["passed"]) if tested else None
    units = []
    for uid in changing:
        name, now, most = before[uid]
        after: dict[int, float] = {}
        for group in outcomes:
            after[group["hp"][uid]] = after.get(group["hp"][uid], 0.0) + group["probability"]
        units.append({"id": uid, "name": name, "hp": now, "max_hp": most,
                      "after": {str(k): p for k, p in sorted(after.items())}})
    dice = max((path.draws for path in paths), key=len)
    actor = str(action.get("unit"))
    return {"preview": "heal", "type": action.get("type"), "unit": actor,
            "unit_name": before[actor][0] if actor in before else actor,
            "units": units, "outcomes": outcomes, "dice": _dice(dice),
            "ways": len(paths), "rule": dict(rule), "success": success,
            # the words before of each unit some outcome changes (what a failure keeps)
            "marks": {uid: {"name": before[uid][0] if uid in before else uid,
                            "words": list(words)} for uid, words in marked.items()
                      if any(c["id"] == uid for o in outcomes for c in o["changes"])},
            "summary": outcomes[0]["example"] if len(outcomes) == 1 and not dice else None}


def previewed(registry: ActionRegistry[Any], schema: ActionSchema, heals: frozenset[str],
              rules: Any, state: Any, action: Mapping[str, Any], marks: Marks | None = None
              ) -> dict[str, Any] | None:
    """A ruleset's ``battle_forecast`` for one of its ``heals`` (None: not one)."""
    given = action.get("type")
    kind = registry.canonical(given) if given in registry.names() else None
    if kind not in heals:
        return None
    assert kind is not None
    return heal_preview(rules, state, action, rule_of(registry, schema, kind), marks)
