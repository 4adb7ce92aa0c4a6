"""Miridon's battle rules for the core engine (``engine.rules.BattleRules``): start, apply
one action, dump and load. ``apply`` looks the action up in the registry, runs it on a
``SampledChance`` over the action's dice, clears the attack chain unless the action left
one (the bonus attacks come "immediately after", L2236), and settles the result by the
objectives (default: rout, a unit unconscious or dead is out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tactician.dice.chance import SampledChance
from tactician.dice.roller import rolled_by
from tactician.dice.source import DiceSource
from tactician.engine.log import Entry
from tactician.engine.objectives import status
from tactician.engine.roster import fielded_characters
from tactician.engine.rules import Outcome
from tactician.errors import ContentError, RulesError
from tactician.rulesets.miridon.battle.options import BATTLE_OPTION_NAMES, BattleOptions
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context, load_actions
from tactician.rulesets.miridon.battle.scenario import start_battle
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.options import MiridonOptions
from tactician.rulesets.miridon.spirit_battle.mech_actions import (
    mech_turn,
    mechs_last,
    pilot_may_act,
)
from tactician.rulesets.miridon.spirit_battle.spirit_hooks import settle_threatened


def split_options(pairs: Sequence[str]) -> tuple[BattleOptions, MiridonOptions]:
    """The battle rulings and the character rulings of ``name=value`` pairs (an unknown
    name or a bad value refused by name)."""
    from tactician.rulesets.miridon.contract_advance import parse_options

    battle: list[tuple[str, str]] = []
    rest: list[str] = []
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise RulesError(f"option {pair!r}: give it as name=value")
        if name.strip() in BATTLE_OPTION_NAMES:
            battle.append((name.strip(), value.strip()))
        else:
            rest.append(pair)
    return BattleOptions.parse(battle), parse_options(tuple(rest))


def _settled(state: MiridonBattle) -> MiridonBattle:
    """The result after an action (``apply``'s objectives check), for a GM edit."""
    if not state.started:
        return state
    result, reason = status(state.objectives, state.tokens(), state.block)
    return state.model_copy(update={"result": result, "result_reason": reason})


class MiridonBattleRules:
    def __init__(self, options: Sequence[str] = ()) -> None:
        self.pairs = tuple(options)
        self.options, self.character_options = split_options(self.pairs)
        self.book = load_compendium()
        load_actions()

    def start_state(self, scenario: Mapping[str, Any]) -> MiridonBattle:
        try:
            map_path = Path(scenario["map"])
            units = [Path(p) for p in scenario["units"]]
        except (KeyError, TypeError):
            raise ContentError("a Miridon scenario needs 'map' and 'units'") from None
        state = start_battle(map_path, units, fielded_characters(scenario), self.options)
        return state.model_copy(update={
            "options": self.pairs,
            "objectives": state.objectives.capped(self.options.round_cap)})

    def apply(self, state: MiridonBattle, action: Mapping[str, Any],
              dice: DiceSource) -> tuple[MiridonBattle, Outcome]:
        entry = ACTIONS.checked(action)
        ctx = Context(self.options, SampledChance(dice), self.book)
        # part 3: a pilot inside acts through its mech; a threatened spell is settled
        pilot_may_act(state, entry.name, action.get("unit"))
        state = settle_threatened(ctx, state, entry.name, action.get("unit"))
        # whose roll the dice are (issue 25's dice authority): in these actions every die
        # the procedure does not give to another unit (a strike's, an insanity check's,
        # a contest's) is the acting unit's own; elsewhere a die is no unit's unless named
        actor = action.get("unit") if entry.name in ACTOR_ROLLS else None
        with rolled_by(actor if isinstance(actor, str) else None):
            after = entry.handler(ctx, state, action)
        if entry.name == "begin":
            after = mechs_last(ctx, after)
        if after.started and _whose(after) != _whose(state):
            after = mech_turn(ctx, after)
        if not ctx.keeps_chain and entry.name not in ("block",):
            after = after.model_copy(update={"chain": None})
        if after.started:
            result, reason = status(after.objectives, after.tokens(), after.block)
            after = after.model_copy(update={"result": result, "result_reason": reason})
            if result != "ongoing":
                ctx.say(f"The battle ends: {result} ({reason})")
        records = [*ctx.records, {"type": "narration", "lines": ctx.lines}]
        return after, Outcome(ctx.summary or _summary(entry.name, action, ctx), records)

    def gm_edit(self, state: MiridonBattle, action: Mapping[str, Any],
                dice: DiceSource | None = None) -> tuple[MiridonBattle, Outcome]:
        """The GM's edit (``engine.gm_edit``): a hidden unit is ``gm_hidden`` (read with
        the Veil by ``view.hidden_from``); HP 1..max, since going down is the rules' to
        give (its status); a grappled unit stays where the grapple holds it."""
        from tactician.rulesets.contract.gm_edit import gm_edit

        return gm_edit(state, action, state.board(), _settled,
                       hp_range=lambda unit: (1, int(unit.profile.max_hp)),
                       condition_edits=self.gm_condition_edits)

    @property
    def gm_condition_edits(self) -> Any:
        """Table 7.1's lasting effects with their severity (``gm_conditions``)."""
        from tactician.rulesets.miridon.gm_conditions import EDITS

        return EDITS

    def ends_phase(self, entry: Entry) -> bool:
        """A unit's turn ends with ``end_turn`` (its aliases ``end_phase``, ``wait``,
        ``pass``), and ``begin`` (the turn order's roll-offs) opens the first (004
        L1682-1698); their records carry only narration, so the action says it."""
        try:
            return ACTIONS.canonical(entry.action.get("type")) in ("begin", "end_turn")
        except RulesError:
            return False

    def dump_state(self, state: MiridonBattle) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: Mapping[str, Any]) -> MiridonBattle:
        return MiridonBattle.model_validate(data)


# actions whose own dice are their unit's: spells cast, channelled and activated (L3218),
# Healing Word (L2120), Dragon Breath (L1386), Echo Spell, Teleport
ACTOR_ROLLS = frozenset({"cast_spell", "channel_spell", "activate_spell", "mech_cast",
                         "mech_channel", "mech_activate", "healing_word", "dragon_breath",
                         "echo_spell", "teleport"})


def _whose(state: MiridonBattle) -> tuple[str | None, int]:
    current = state.current if state.started else None
    return (current.id if current is not None else None), state.block


def _summary(name: str, action: Mapping[str, Any], ctx: Context) -> str:
    strikes = [s for r in ctx.records if r.get("type") == "attack" for s in r["strikes"]]
    if strikes:
        return "; ".join(f"{s['kind']}: {s['striker']} -> {s['target']} {s['outcome']}"
                         + (f", {s['damage']} damage" if s["outcome"] != "miss" else "")
                         for s in strikes)
    return f"{action.get('unit', '')} {name}".strip()


def battle_rules(options: Sequence[str]) -> MiridonBattleRules:
    return MiridonBattleRules(options)
