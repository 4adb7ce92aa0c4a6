"""A mech in a Miridon battle (004 L3609-3681) as a unit of its own: the body's HP, PDR and
SDR are the unit's; the parts (``mechs.mech.PartState``: own speed pools, one action each a
block) are kept in its "Mech" condition; the pilot's id in it too, the pilot itself off the
map ("Piloting" condition) while inside.

DEFAULTs: the mech's Evasion is Unarmored's 7 (L1610) and its Auto Deflection (L3637, C17)
is added to it - "reduces the [To Hit Bonus] of all incoming attacks" compares the same;
its weapons hit with the weapon's own To Hit Bonus (the pilot's talents are its own).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, replace

from tactician.rulesets.miridon.battle.state import (
    Condition,
    Profile,
    Tile,
    UnitState,
    WeaponProfile,
)
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.mechs.mech import Mech, PartState, build_mech
from tactician.rulesets.miridon.models import MechPart

MECH = "Mech"
PILOTING = "Piloting"
UNARMORED_EVASION = 7  # L1610


def mech_unit(book: Compendium, mech_id: str, name: str, parts: Sequence[MechPart], side: str,
              at: Tile, pilot: str | None = None, facing: str = "e") -> UnitState:
    mech = build_mech(name, parts, pilot)
    held = [book.weapon(p.weapon) for p in parts if p.weapon]
    weapons = tuple(WeaponProfile(name=w.name, to_hit=w.to_hit) for w in held)
    evasion = UNARMORED_EVASION + mech.auto_dodge
    profile = Profile(classes=(MECH,), max_strength=0, max_speed=0, max_hp=mech.max_hp,
                      battle_strength=0, battle_speed=0, passive_evasion=evasion,
                      # pdr 0: a character's turn-start PDR regen (L1696) is not a mech's;
                      # the mech's own (L3633) runs on its turn from the body's stats
                      active_evasion=evasion, pdr=0, sdr=mech.sdr, mwp=0,
                      weapons=weapons or (WeaponProfile(name="Unarmed", to_hit=0),))
    unit = UnitState(id=mech_id, name=name, side=side, number=1, profile=profile, position=at,
                     facing=facing, weapon=profile.weapons[0].name, hp=mech.hp, strength=0,
                     speed=0, pdr=mech.pdr)
    return with_mech(unit, mech)


def is_mech(unit: UnitState) -> bool:
    return unit.condition(MECH) is not None


def mech_of(unit: UnitState) -> Mech:
    held = unit.condition(MECH)
    assert held is not None
    data = json.loads(held.source)
    parts = tuple(PartState(**{**p, "actions": tuple(tuple(a) for a in p["actions"])})
                  for p in data.pop("parts"))
    return Mech(parts=parts, hp=unit.hp, pdr=unit.pdr, **data)


def with_mech(unit: UnitState, mech: Mech) -> UnitState:
    data = asdict(mech)
    data.pop("hp")
    data.pop("pdr")
    others = tuple(c for c in unit.conditions if c.name != MECH)
    held = Condition(name=MECH, source=json.dumps(data, sort_keys=True),
                     value=int(mech.disabled))
    return unit.model_copy(update={"conditions": (*others, held), "hp": max(0, mech.hp),
                                   "pdr": mech.pdr, "status": "ok"})


def piloting(unit: UnitState) -> str | None:
    held = unit.condition(PILOTING)
    return held.source if held is not None else None


def board(pilot: UnitState, mech_id: str) -> UnitState:
    others = tuple(c for c in pilot.conditions if c.name != PILOTING)
    return pilot.model_copy(update={"conditions": (*others, Condition(name=PILOTING,
                                                                      source=mech_id)),
                                    "position": None})


def leave(pilot: UnitState, at: Tile) -> UnitState:
    """L3677: out with 0 current strength and speed, no more actions this block."""
    others = tuple(c for c in pilot.conditions if c.name != PILOTING)
    return pilot.model_copy(update={"conditions": others, "position": at, "strength": 0,
                                    "speed": 0, "slots": ("offensive", "movement", "verbal")})


def replace_part(mech: Mech, part: PartState) -> Mech:
    return replace(mech, parts=tuple(part if p.name == part.name else p for p in mech.parts))
