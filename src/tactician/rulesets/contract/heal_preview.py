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
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Mapping
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


def heal_preview(rules: Any, state: Any, action: Mapping[str, Any], rule: Mapping[str, str]
                 ) -> dict[str, Any]:
    """``action``'s every outcome on ``state`` (by ``rules.apply``), as above. Ways the
    dice fall that leave the same battle (``rules.dump_state``) are one outcome: a
    first aid that succeeds, or fails, whatever the die showed."""
    before = _hp(state)

    def run(dice: DiceSource) -> tuple[str, dict[str, int], str]:
        try:
            after, outcome = rules.apply(state, action, dice)
        except TacticianError as exc:  # refused on these dice only: an outcome too
            return f"refused: {exc}", {uid: hp for uid, (_, hp, _) in before.items()}, \
                f"refused: {exc}"
        ended = json.dumps(rules.dump_state(after), sort_keys=True, default=str)
        return ended, {uid: hp for uid, (_, hp, _) in _hp(after).items()}, str(outcome.summary)

    paths = every_draw(run)
    changing = sorted({uid for path in paths for uid, hp in path.result[1].items()
                       if uid in before and hp != before[uid][1]})
    grouped: dict[str, dict[str, Any]] = {}
    for path in paths:
        ended, hp, summary = path.result
        group = grouped.setdefault(ended, {
            "probability": 0.0, "hp": {uid: hp.get(uid, 0) for uid in changing},
            "example": summary})
        group["probability"] += path.probability
    outcomes = sorted(grouped.values(), key=lambda g: -g["probability"])
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
            "ways": len(paths), "rule": dict(rule),
            "summary": outcomes[0]["example"] if len(outcomes) == 1 and not dice else None}


def previewed(registry: ActionRegistry[Any], schema: ActionSchema, heals: frozenset[str],
              rules: Any, state: Any, action: Mapping[str, Any]) -> dict[str, Any] | None:
    """A ruleset's ``battle_forecast`` for one of its ``heals`` (None: not one)."""
    given = action.get("type")
    kind = registry.canonical(given) if given in registry.names() else None
    if kind not in heals:
        return None
    assert kind is not None
    return heal_preview(rules, state, action, rule_of(registry, schema, kind))
