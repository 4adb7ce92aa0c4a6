"""Build Tropera combatants directly for rule tests (no files, no compendium)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.tropera.combatant import Combatant, Situation
from tactician.rulesets.tropera.gear import ItemStats, WeaponStats
from tactician.rulesets.tropera.models import Item, Weapon

IRON_SWORD = Weapon(name="Iron Sword", type="sword", might=5, accuracy=90, weight=5)
IRON_LANCE = Weapon(name="Iron Lance", type="lance", might=7, accuracy=80, weight=8)
IRON_AXE = Weapon(name="Iron Axe", type="axe", might=8, accuracy=75, weight=10)
IRON_BOW = Weapon(
    name="Iron Bow", type="bow", might=6, accuracy=85, range=(2, 2), effective=["flying"]
)
FIRE = Weapon(name="Fire", type="anima", might=5, accuracy=90, range=(1, 2))
BRAVE_SWORD = Weapon(name="Brave Sword", type="sword", might=9, accuracy=75, brave=True)
HEAL = Weapon(name="Heal", type="staff", might=0, accuracy=100, heal=10)


def unit(
    name: str = "U",
    *,
    hp: int = 20,
    max_hp: int | None = None,
    str_: int = 5,
    mag: int = 0,
    skl: int = 5,
    spd: int = 5,
    lck: int = 5,
    def_: int = 5,
    res: int = 0,
    weapon: Weapon | None = IRON_SWORD,
    feats: tuple[str, ...] = (),
    ranks: dict[str, str] | None = None,
    kind: str = "human",
    transformed: bool = False,
    level: int = 1,
    clip: Item | None = None,
    focus: str | None = None,
    **situation: Any,
) -> Combatant:
    if ranks is None:
        ranks = {
            "sword": "D",
            "lance": "D",
            "axe": "D",
            "bow": "D",
            "anima": "D",
            "light": "D",
            "dark": "D",
            "staff": "D",
            "clips": "D",
        }
    stats = {
        "hp": max_hp or hp,
        "str": str_,
        "mag": mag,
        "skl": skl,
        "spd": spd,
        "lck": lck,
        "def": def_,
        "res": res,
    }
    return Combatant(
        name=name,
        level=level,
        stats=stats,
        hp=hp,
        weapon=WeaponStats.of(weapon) if weapon is not None else None,
        ranks=ranks,
        feats=frozenset(feats),
        kind=kind,
        transformed=transformed,
        clip=ItemStats.of(clip) if clip is not None else None,
        focus=focus,
        situation=Situation(**situation),
    )
