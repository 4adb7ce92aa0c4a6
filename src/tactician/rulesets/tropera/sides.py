"""One side of a fight as a request names it, and its combat snapshot kept
between runs (issue 16: a forecast that answers at once).

``side_combatant`` is the only way a fight (``fight.build_plan``: the forecast
and the attack alike) turns a unit file into a ``Combatant``. Building one
needs the whole content layer: PyYAML to read the file, pydantic to validate
it, the compendium to check and look up its weapons and feats, the terrain
table. The snapshot it gives is small plain data, so it is kept as JSON in a
``DerivedCache`` under a key made of everything it is built from:

- the unit file's bytes;
- the situation the request gives (terrain name, HP, Defend, weapon, statuses);
- every battle ruling in force (``TroperaOptions``);
- the compendium: the package's own data files are in ``code_fingerprint()``;
  a GM's folders (``TACTICIAN_TROPERA_DATA``) with their files are among
- the settings the files are read under (``derived_cache.settings_parts``: the
  limits and the content folders), and (by ``DerivedCache`` itself) the
  libraries that read them.

A hit reads the snapshot back with ``json`` alone: no pydantic, YAML or rules
of creation are imported. A miss runs today's path and stores the result; an
input that path refuses raises before anything is stored, so errors are never
kept and a bad file gives the same error every time. The fight itself (plan
and odds, or the dice) is computed on every run from the snapshots.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import NamedTuple

from tactician.derived_cache import DerivedCache, file_part, settings_parts
from tactician.rulesets.tropera.combatant import Combatant
from tactician.rulesets.tropera.options import TroperaOptions

# version: bump when Combatant.as_json changes shape
CACHE = DerivedCache("tropera-combatant", version=1)
# a larger unit file is never hashed here (it is not read whole before its size is
# checked, ``content.limits``): the build reads it, or refuses it, every time. A
# smaller one is under the default limit; a lowered limit is in the key (TACTICIAN_*)
_LARGEST_KEPT = 5_000_000


class Side(NamedTuple):
    """One participant as a request names it (a record: see ``gear``)."""

    path: Path
    terrain: str | None = None
    hp: int | None = None
    defending: bool = False
    weapon: str | None = None
    statuses: frozenset[str] = frozenset()


def side_combatant(side: Side, options: TroperaOptions) -> Combatant:
    """The snapshot of ``side``: kept from an earlier run with the same inputs, or
    built (and kept) now."""
    key = side_key(side, options)
    if key is not None:
        kept = CACHE.get(key)
        if kept is not None:
            try:
                return Combatant.from_json(kept)
            except (KeyError, TypeError, ValueError):  # not a snapshot: build it again
                pass
    built = build_combatant_of(side, options)
    # kept only if the inputs did not change while it was built (the file is read
    # again by the build): a snapshot of other bytes must not sit under this key
    if key is not None and side_key(side, options) == key:
        CACHE.put(key, built.as_json())
    return built


def build_combatant_of(side: Side, options: TroperaOptions) -> Combatant:
    """Today's path: read and validate the unit file against the compendium, look
    up the terrain, snapshot the character (``combatant.build_combatant``).

    The content layer is imported here, not at the top: only a cache miss needs it.
    """
    from tactician.rulesets.tropera.combatant import Situation, build_combatant
    from tactician.rulesets.tropera.compendium import load_compendium
    from tactician.rulesets.tropera.creation import load_character, validate_character
    from tactician.rulesets.tropera.terrain import terrain_bonus

    compendium = load_compendium()
    character = load_character(side.path)
    validate_character(character, compendium)
    avoid, defense = terrain_bonus(side.terrain)
    situation = Situation(
        hp=side.hp,
        terrain_avoid=avoid,
        terrain_defense=defense,
        defending=side.defending,
        statuses=side.statuses,
    )
    return build_combatant(
        character, compendium, situation, side.weapon, options.weapon_rank_required
    )


def side_key(side: Side, options: TroperaOptions) -> str | None:
    """The cache key of ``side``'s snapshot (module docstring), or None when the
    inputs cannot be read as bytes here (absent file, over the size limit...):
    the build then runs and gives its own error."""
    try:
        if os.stat(side.path).st_size > _LARGEST_KEPT:
            return None
        unit_file = file_part(side.path)
        settings = settings_parts()
    except (OSError, ValueError):
        return None
    situation = {
        "terrain": side.terrain,
        "hp": side.hp,
        "defending": side.defending,
        "weapon": side.weapon,
        "statuses": sorted(side.statuses),
    }
    return CACHE.key(
        unit_file,
        json.dumps(situation, sort_keys=True),
        json.dumps(options._asdict(), sort_keys=True),
        *settings,
    )

