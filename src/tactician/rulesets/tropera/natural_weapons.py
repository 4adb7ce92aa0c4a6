"""Natural weapons: the ones a character always carries, which use no slot.

Source: 000 laguz "Your claws [talons, bite] are your natural weapon"; Dragon's
Breath "Your draconic breath becomes a natural weapon"; Martial Artist "You gain
an unarmed attack".
"""

from __future__ import annotations

from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.models import Character, Weapon
from tactician.rulesets.tropera.progression import NATURAL_WEAPONS, has_feat

# 000's laguz table: "Beast Claws 4 85 / Bird Talons 2 95 / Dragon Bite 5 80", used when
# the compendium does not define the natural weapon itself.
_TEXT_NATURAL: dict[str, Weapon] = {
    "laguz-beast": Weapon(name="Claws", type="claws", might=4, accuracy=85, source="000"),
    "laguz-bird": Weapon(name="Talons", type="talons", might=2, accuracy=95, source="000"),
    "laguz-dragon": Weapon(name="Bite", type="bite", might=5, accuracy=80, source="000"),
}



def natural_weapons(character: Character, compendium: Compendium) -> list[Weapon]:
    """Weapons the character always carries, which use no inventory slot.

    000: laguz "Your claws [talons, bite] are your natural weapon"; Dragon's Breath
    "Your draconic breath becomes a natural weapon"; Martial Artist "You gain an unarmed
    attack". The kind's weapon comes from the compendium, else from 000's laguz table;
    breath and unarmed attacks come from compendium weapons of type ``breath`` and
    ``martial``.
    """
    found: list[Weapon] = []
    name = NATURAL_WEAPONS.get(character.kind)
    if name:
        found.append(compendium.weapons.get(name.casefold()) or _TEXT_NATURAL[character.kind])
    if has_feat(character, "Dragon's Breath"):
        # "Choose Fire, Ice, or Lightning as your element": only the chosen breath
        found += [
            w
            for w in compendium.weapons.values()
            if w.type == "breath"
            and (character.breath is None or w.name == f"Dragon's Breath ({character.breath})")
        ]
    if has_feat(character, "Martial Artist"):
        found += [w for w in compendium.weapons.values() if w.type == "martial"]
    return found


def weapon_name(ref: str | Weapon) -> str:
    return ref.name if isinstance(ref, Weapon) else ref
