"""fe-tabletop's battle actions: look the action up, check it, apply it, settle.

001 L54-56: "- Move: Move up to your speed. - Standard: Attack, Use Staff,
Dance, Talk ..., Vulnerary, Enter Building, Seize Throne, Use Item, Rescue Unit
- Free: Equip Weapon, Drop unit". Each action lives in its own module and
registers itself in ``battle_registry.ACTIONS``; importing them loads the table.
Around every action: the players' d100 order is rolled when a Player turn
begins (``player_turns``), and afterwards the result is settled from the
objectives; when the battle ends, the pairs whose fights meet a support rank
hold their conversation ("before/after a battle and not during", L118; ruling
``support_conversations``) and, under ``exp_per = battle``, the party gets the
chart's EXP for the enemy units defeated. A refused action raises
``RulesError`` and changes nothing (states are immutable).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.rulesets.fe_common.battle.result import settle
from tactician.rulesets.fe_tabletop import (  # noqa: F401  (each registers its actions)
    care_actions,
    fight_actions,
    map_actions,
    skill_actions,
    turn_actions,
)
from tactician.rulesets.fe_tabletop.aftermath import award
from tactician.rulesets.fe_tabletop.battle_registry import ACTIONS
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.player_turns import order_if_due, player_ends

Records = list[dict[str, Any]]


def apply(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
          options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    entry = ACTIONS.checked(action)
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    before: Records = []
    # the roll itself, and a player's End phase (refused before the roll) roll nothing
    if entry.name != "turn_order" and not player_ends(action):
        state, before = order_if_due(state, dice)
    after, outcome = entry.handler(state, action, dice, options)
    after, later = order_if_due(after, dice)
    after = settle(after)
    ending: Records = []
    if after.result != "ongoing":
        after, ending = battle_ends(after, dice, options)
    records = [*before, *outcome.records, *later, *ending]
    texts = [outcome.summary, *(_order_text(r) for r in (*before, *later)),
             *(r["text"] for r in ending)]
    if after.result != "ongoing":
        texts.append(f"{after.result.upper()}: {after.result_reason}")
    return after, Outcome("; ".join(t for t in texts if t), records)


def _order_text(record: dict[str, Any]) -> str:
    rolls = ", ".join(f"{p} {v}" for p, v in record["rolls"])
    return (f"round {record['round']} Player turn order: {', '.join(record['order'])}"
            + (f" (d100: {rolls})" if rolls else ""))


def battle_ends(state: TabletopBattle, dice: DiceSource, options: TabletopOptions
                ) -> tuple[TabletopBattle, Records]:
    """EXP for the battle (``exp_per = battle``) and the support conversations."""
    records: Records = []
    if options.exp_per == "battle" and state.result == "victory":
        defeated = sum(1 for u in state.units if u.side != state.party and u.out)
        if defeated:
            state, records = award(state, defeated, dice, options, "defeating")
    if options.support_conversations == "none":
        return state, records
    book = state.support_book()
    for a, b in sorted(book.fights):
        rank = book.next_rank(a, b)
        if rank is None or state.unit(a).out or state.unit(b).out:
            continue
        try:
            book = book.hold_conversation(a, b)
        except RulesError as exc:  # an S support taken already (one per unit)
            records.append({"type": "support_refused", "units": [a, b], "text": str(exc)})
            continue
        records.append({"type": "support", "units": [a, b], "rank": rank,
                        "text": f"after the battle {a} and {b} hold their {rank} support "
                                f"conversation (001 L118-121)"})
    return state.with_supports(book), records
