"""Miridon's action schema names the words its rules read (``action_schema`` cannot
import the rules modules: they import the registry, which imports the schema)."""

from __future__ import annotations

from tactician.rulesets.miridon import action_schema as schema
from tactician.rulesets.miridon.battle.attack_numbers import MODIFIERS
from tactician.rulesets.miridon.battle.attack_plan import ACTION_NAMES, REACTION_KEYS
from tactician.rulesets.miridon.battle.follow_up_actions import FOLLOW_UPS, SECOND
from tactician.rulesets.miridon.battle.geometry import DIRECTIONS
from tactician.rulesets.miridon.battle.move_actions import MOVES
from tactician.rulesets.miridon.battle.stances import TIER_NAMES
from tactician.rulesets.miridon.magic.casting import ELEMENTS


def test_the_schemas_word_lists_are_the_rules_own() -> None:
    assert tuple(MOVES) == schema.MOVES
    assert tuple(DIRECTIONS) == schema.FACES
    assert tuple(TIER_NAMES) == schema.TIERS
    assert tuple(ACTION_NAMES) == schema.ATTACK_KINDS
    assert schema.MODIFIERS == MODIFIERS
    assert schema.ELEMENTS == ELEMENTS
    assert tuple(SECOND) == schema.BONUS_KINDS


def test_every_attack_declares_the_reactions_the_rules_read() -> None:
    for name in ("attack", "bullet_hell", *FOLLOW_UPS):
        kind = schema.ACTION_SCHEMA.find(name)
        assert kind is not None and set(REACTION_KEYS) <= set(kind.key_names), name
