"""A Miridon character sheet as plain data (for ``--json`` and for views).

Stored fields, derived numbers and the ledger, each derived value computed by ``derived``
(which cites 004). The battle maxima are what a battle starts from (004 L1684-1692).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tactician.rulesets.miridon import derived
from tactician.rulesets.miridon.abilities import (
    available_actions,
    available_attack_modifiers,
    available_spell_modifiers,
)
from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.crew import crew_sheet
from tactician.rulesets.miridon.options import DEFAULT_OPTIONS, MiridonOptions
from tactician.rulesets.miridon.specials import special_ranks


def sheet(
    character: Character, compendium: Compendium, options: MiridonOptions = DEFAULT_OPTIONS
) -> dict[str, Any]:
    battle_strength = derived.max_battle_strength(character, compendium, options)
    return {
        "name": character.name,
        "classes": list(character.classes),
        "race": character.race,
        "mutations": list(character.mutations),
        "max_strength": character.max_strength,
        "max_speed": character.max_speed,
        "max_hp": derived.max_hp(character, options),
        "max_ghost_hp": character.max_ghost_hp,
        "specials": special_ranks(character, compendium),
        "skills": dict(character.skills),
        "talents": dict(character.talents),
        "flairs": list(character.flairs),
        "weapons": [asdict(line) for line in derived.weapon_lines(character, compendium, options)],
        "armor": character.armor,
        "weight_penalty": derived.character_wp(character, compendium, options),
        "max_weight_penalty": derived.character_mwp(character, compendium, options),
        "max_battle_strength": battle_strength,
        "max_battle_speed": derived.max_battle_speed(character, compendium),
        "passive_evasion": derived.passive_evasion(character, compendium, options),
        "active_evasion": derived.active_evasion(character, compendium),
        "physical_damage_reduction": derived.physical_damage_reduction(character),
        "spell_damage_reduction": derived.spell_damage_reduction(character),
        "grapple_to_hit": derived.grapple_to_hit(character, compendium),
        "max_grapple_strength": derived.max_grapple_strength(
            character, compendium, battle_strength
        ),
        "actions": [asdict(p) for p in available_actions(character, compendium)],
        "attack_modifiers": [asdict(p) for p in available_attack_modifiers(character, compendium)],
        "spell_modifiers": [asdict(p) for p in available_spell_modifiers(character, compendium)],
        "crew": [asdict(crew_sheet(character, m, options)) for m in character.crew],
        "points": {
            "granted": character.points_granted,
            "spent": character.points_spent,
            "unspent": character.unspent_points,
        },
        "ledger": [
            {
                "index": e.index,
                "event": e.event.model_dump(exclude_defaults=True),
                "cost": e.cost,
                "refund": e.refund,
                "granted": e.granted,
                "rank": e.rank,
                "rule": e.rule,
            }
            for e in character.ledger
        ],
    }
