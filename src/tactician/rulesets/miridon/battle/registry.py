"""Miridon's battle actions: one registry each action module adds itself to.

A handler takes the context (options, dice, compendium, what it narrates), the state and
the action dict, and returns the new state; it raises ``RulesError`` to refuse, having
changed nothing (states are immutable). Part 3 registers Cast Spell, Channel Spell and
the rest in its own modules with ``@ACTIONS.register(...)`` and adds the module to
``ACTION_MODULES``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tactician.dice.chance import SampledChance
from tactician.engine.actions import ActionRegistry
from tactician.rulesets.contract.actions import declared_keys
from tactician.rulesets.miridon.action_schema import ACTION_SCHEMA
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import Compendium


@dataclass
class Context:
    """What one action works with; ``records`` become the log entry's records and
    ``lines`` its narration (every die with what it decided, every change with its cause)."""

    options: BattleOptions
    chance: SampledChance
    book: Compendium
    records: list[dict[str, Any]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    summary: str = ""
    # the attack chain the action leaves for follow-ups (None clears it)
    keeps_chain: bool = False

    def say(self, line: str) -> None:
        self.lines.append(line)


Handler = Callable[[Context, MiridonBattle, Mapping[str, Any]], MiridonBattle]
ACTIONS: ActionRegistry[Handler] = ActionRegistry("miridon", declared_keys(ACTION_SCHEMA))

# the modules whose import registers their actions (part 3 appends its own)
ACTION_MODULES: list[str] = [
    "tactician.rulesets.miridon.battle.turn_actions",
    "tactician.rulesets.miridon.battle.move_actions",
    "tactician.rulesets.miridon.battle.attack_actions",
    "tactician.rulesets.miridon.battle.follow_up_actions",
    "tactician.rulesets.miridon.battle.stance_actions",
    "tactician.rulesets.miridon.battle.grapple_actions",
    "tactician.rulesets.miridon.battle.bullet_hell",
    "tactician.rulesets.miridon.battle.verbal_actions",
    "tactician.rulesets.miridon.battle.charisma_actions",
    "tactician.rulesets.miridon.battle.traps",
    "tactician.rulesets.miridon.spirit_battle.spell_actions",
    "tactician.rulesets.miridon.spirit_battle.eldritch_strike",
    "tactician.rulesets.miridon.spirit_battle.mech_actions",
    "tactician.rulesets.miridon.spirit_battle.ghost_actions",
    "tactician.rulesets.miridon.spirit_battle.mech_move",
]


def load_actions() -> None:
    from importlib import import_module

    for name in ACTION_MODULES:
        import_module(name)
