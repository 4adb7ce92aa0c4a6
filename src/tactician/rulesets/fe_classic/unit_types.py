"""002's seven unit types, and which one each class is.

002's terrain Notes name "armoured units", "fighter units", "horse mounted
units", "magic users", "Waterwalking units" and "fliers" (L195-424); foot units
are the unnamed default (L30 "For foot units (unless stated otherwise), this
value will usually be 5"). Each class has exactly one type (ruling G2-21(f): a
mounted mage is horse), read from the FE8 class's movement table: Armor ->
armoured; Fighter and Brigand -> fighter (FE8 lets both climb peaks, as 002's
"Only fighter units and fliers can cross"); Pirate and Berserker ->
waterwalker (FE8's sea-walkers); any mounted class -> horse; fliers -> flier;
Magic -> magic (foot magic user); the rest -> foot. A GM changes a class's
type by overriding its FE8 entry (``movement_table``) in a content folder.

The same reading gives the tags weapons are effective against (FE8's lists,
002 L129 "Effective Bonus"): flying, armored (Armor classes and the Great
Knight), mounted, dragon (wyverns).
"""

from __future__ import annotations

from typing import Literal

from tactician.rulesets.fe_common.compendium import FE8Class

UnitType = Literal["foot", "armoured", "fighter", "horse", "magic", "waterwalker", "flier"]
UNIT_TYPES: tuple[UnitType, ...] = (
    "foot", "armoured", "fighter", "horse", "magic", "waterwalker", "flier",
)
LABELS = {"foot": "foot", "armoured": "armoured", "fighter": "fighter", "horse": "horse",
          "magic": "foot magic user", "waterwalker": "waterwalker", "flier": "flier"}


def unit_type(klass: FE8Class) -> UnitType:
    table = klass.movement_table or ""
    if klass.flying or "Fly" in table:
        return "flier"
    if "Armor" in table:
        return "armoured"
    if klass.mounted or "Horse" in table:
        return "horse"
    if "Fighter" in table or "Brigand" in table:
        return "fighter"
    if "Pirate" in table or "Berserker" in table:
        return "waterwalker"
    return "magic" if "Magic" in table else "foot"


def class_tags(klass: FE8Class) -> frozenset[str]:
    """What FE8 weapons can be effective against in this class (``FE8Weapon.effective``)."""
    kind = unit_type(klass)
    tags = set()
    if kind == "flier":
        tags.add("flying")
        if klass.name.startswith("Wyvern"):
            tags.add("dragon")
    if kind == "armoured" or klass.name.startswith("Great Knight"):
        tags.add("armored")
    if klass.mounted:
        tags.add("mounted")
    return frozenset(tags)
