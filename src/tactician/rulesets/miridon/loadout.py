"""Whether a character may wield what it wields (004 L1414, L1490, L1600; ruling
``max_weight_penalty``)."""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.derived import UNARMED, character_mwp, character_wp, flair_set
from tactician.rulesets.miridon.options import MiridonOptions
from tactician.rulesets.miridon.violations import Violation

# "The character loses the ability to use any weapons other than the [Unarmed] weapon."
UNARMED_ONLY = {"dragon claw": "L1414", "death worm body": "L1490"}


def check_loadout(
    character: Character, compendium: Compendium, options: MiridonOptions
) -> list[Violation]:
    problems: list[Violation] = []
    entry = "equipment"
    unknown = False
    for name in character.weapons:
        try:
            compendium.weapon(name)
        except RulesError as exc:
            problems.append(Violation(entry, "weapons", str(exc), "L3394-3587"))
            unknown = True
    try:
        compendium.armor_piece(character.armor)
    except RulesError as exc:
        problems.append(Violation(entry, "armor", str(exc), "L1610"))
        unknown = True
    if len(character.weapons) > options.max_wielded:
        problems.append(
            Violation(
                entry,
                "weapons",
                f"wields {len(character.weapons)} weapons; at most {options.max_wielded}",
                "L2234",
            )
        )
    for flair, rule in UNARMED_ONLY.items():
        if flair in flair_set(character) and any(
            w.casefold() != UNARMED.casefold() for w in character.weapons
        ):
            problems.append(
                Violation(
                    entry,
                    "weapons",
                    f"with {flair.title()} only the Unarmed weapon can be used",
                    rule,
                )
            )
    if not unknown:
        wp, mwp = (
            character_wp(character, compendium, options),
            character_mwp(character, compendium, options),
        )
        if wp > mwp:
            problems.append(
                Violation(
                    entry,
                    "weapons",
                    f"Weight Penalty {wp} exceeds the Maximum Weight Penalty {mwp}",
                    "L1600 (ruling miridon.max_weight_penalty)",
                )
            )
    return problems
