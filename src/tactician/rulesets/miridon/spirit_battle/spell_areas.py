"""Who an area spell reaches on the grid when it activates (004 L2676-2710, flairs
L1122-1157; ruling C45: an area's targets are found at activation). One procedure for
``activate_spell``, the spell forecast and the AI.

- Explosive Spell (L2682): "the targets of the spell will be a point and any characters
  within 5 feet of that point"; Advanced Explosive Spell (L2694) 10 feet. The point is
  ``at=x,y`` (default: the square of the unit the spell was cast at), within the spell's
  range of the caster (L3249); every unit there that is not dead is a target, the caster
  and its friends too ("any characters"), but not one underground (L1518).
- Beam Spell (L2706): "all characters in a straight line from the caster up to the [Range]
  of the spell": the line through ``at`` (default: the unit cast at), each step rounded to
  the nearest square, stopped by a wall (as a Shoot Through's line, L2611).
- Arc Beam Spell (L1130): with the flair the caster may instead name ``targets`` in order:
  "a straight line from the original caster to the first target, and additional straight
  lines from each previous target to the next target. The sum of the length of the lines
  must be less than the total [Range] of the [Spell]." Chain Beam Spell (L1141): "only the
  distance from the either the character or the previous target ... must be less than the
  total [Range]". "Each target is only targeted by the spell once." (DEFAULT: "less than"
  as written, strictly; no segment may cross a wall, as the straight beam may not.)
- Explosive Beam Spell (L1150): "for each target of the [Spell], the caster can choose for
  each target to activate an [Explosive Spell] or an [Advanced Explosive Spell] at the
  location, adding any additional targets hit to the [Spell]" - ``explode`` names the beam's
  targets that explode (``a,b`` for 5 ft, or ``{a: advanced}`` for 10 ft, which needs the
  Advanced Explosive Spell flair); "Only the targets of the original [Beam Spell] can
  activate an [Explosive Spell] ..., not the new targets"; each unit once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.engine.actions import as_tile
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import underground
from tactician.rulesets.miridon.battle.geometry import clear_between, distance_ft, line_tiles
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, Tile, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.casting import SELF, Casting, spell_of

EXPLOSIVE = {"Explosive Spell": 5, "Advanced Explosive Spell": 10}  # L2682, L2694
BEAM = "Beam Spell"  # L2706
ARC, CHAIN, EXPLOSIVE_BEAM = "Arc Beam Spell", "Chain Beam Spell", "Explosive Beam Spell"
AREA_KEYS = ("at", "explode")


def is_area(casting: Casting) -> bool:
    return BEAM in casting.modifiers or any(m in casting.modifiers for m in EXPLOSIVE)


def _reachable(unit: UnitState) -> bool:
    return unit.status != "dead" and unit.position is not None and not underground(unit)


def _point(state: MiridonBattle, caster: UnitState, casting: Casting, raw: object) -> Tile:
    """``at=x,y``, else the square of the unit the spell was cast at."""
    if raw not in (None, "", []):
        return as_tile(raw, "at")
    if casting.target in (SELF, caster.id):
        assert caster.position is not None
        return caster.position
    aimed = state.unit(casting.target).position
    if aimed is None:
        raise RulesError(f"at: {casting.target} is off the map; give at=x,y (004 L2682)")
    return aimed


def around(state: MiridonBattle, options: BattleOptions, point: Tile, feet: int) -> list[str]:
    """Every unit a burst at ``point`` reaches (L2682: "any characters within 5 feet")."""
    return [u.id for u in state.units if _reachable(u) and u.position is not None
            and distance_ft(point, u.position, options) <= feet]


def _beam_line(state: MiridonBattle, options: BattleOptions, caster: UnitState, reach: int,
               aim: Tile) -> list[str]:
    assert caster.position is not None
    found: list[str] = []
    for tile in line_tiles(state.board(), options, caster.position, aim, reach):
        other = state.at(tile)
        if other is not None and _reachable(other) and other.id not in found:
            found.append(other.id)
    return found


def _arc(state: MiridonBattle, options: BattleOptions, caster: UnitState, reach: int,
         chain: bool, named: tuple[str, ...]) -> list[str]:
    """Arc / Chain Beam: the named targets in order, each line checked (L1130-1145)."""
    if len(set(named)) != len(named):
        raise RulesError("targets: each target is only targeted by the spell once (004 L1134)")
    assert caster.position is not None
    here, total = caster.position, 0
    for name in named:
        other = state.unit(name)
        if not _reachable(other) or name == caster.id:
            raise RulesError(f"targets: {name} cannot be a target of the beam")
        assert other.position is not None
        step = distance_ft(here, other.position, options)
        if not clear_between(state.board(), here, other.position):
            raise RulesError(f"targets: a wall stands between {here} and {name} (004 L1130)")
        total += step
        if chain and step >= reach:
            raise RulesError(f"targets: {name} is {step} ft from the previous one; each line "
                             f"of a Chain Beam must be less than the {reach} ft range "
                             "(004 L1141)")
        if not chain and total >= reach:
            raise RulesError(f"targets: the Arc Beam's lines reach {total} ft at {name}; their "
                             f"sum must be less than the {reach} ft range (004 L1130)")
        here = other.position
    return list(named)


def _explosions(state: MiridonBattle, options: BattleOptions, caster: UnitState,
                beam: list[str], raw: object) -> list[str]:
    """Explosive Beam Spell (L1150-1155): the chosen beam targets burst, 5 or 10 ft."""
    if raw in (None, "", {}, []):
        return beam
    if not caster.profile.has(EXPLOSIVE_BEAM):
        raise RulesError(f"explode: {caster.id} lacks the {EXPLOSIVE_BEAM} flair (004 L1148)")
    if isinstance(raw, Mapping):
        chosen = {str(k): str(v).casefold() for k, v in raw.items()}
    else:
        names = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
        chosen = {str(n).strip(): "explosive" for n in names if str(n).strip()}
    found = list(beam)
    for name, kind in chosen.items():
        if name not in beam:
            raise RulesError(f"explode: {name} is not a target of the beam; only the beam's "
                             "own targets can explode (004 L1155)")
        if kind not in ("explosive", "advanced"):
            raise RulesError(f"explode: {name}'s burst is explosive or advanced, not {kind!r}")
        if kind == "advanced" and not caster.profile.has("Advanced Explosive Spell"):
            raise RulesError(f"explode: {caster.id} lacks the Advanced Explosive Spell flair")
        where = state.unit(name).position
        assert where is not None
        feet = EXPLOSIVE["Advanced Explosive Spell" if kind == "advanced" else "Explosive Spell"]
        found.extend(u for u in around(state, options, where, feet) if u not in found)
    return found


def area_targets(book: Compendium, options: BattleOptions, state: MiridonBattle,
                 caster: UnitState, casting: Casting, action: Mapping[str, Any],
                 named: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """The targets an area casting reaches now (``named``: the action's ``targets``, in
    order), or None when it has no area modifier (and ``at`` / ``explode`` are refused for
    it)."""
    if not is_area(casting):
        for key in AREA_KEYS:
            if action.get(key) not in (None, "", {}, []):
                raise RulesError(f"{key}: only an Explosive or Beam Spell has an area "
                                 "(004 L2682-2706)")
        return None
    if caster.position is None:
        raise RulesError(f"{caster.id} is not on the map")
    reach = spell_of(book, casting.spell).range_ft or 0
    named = tuple(caster.id if n == SELF else n for n in named)
    burst = next((feet for m, feet in EXPLOSIVE.items() if m in casting.modifiers), None)
    if burst is not None:
        if named:
            raise RulesError("targets: an Explosive Spell reaches every unit within "
                             f"{burst} ft of its point (004 L2682); give at=x,y")
        if action.get("explode") not in (None, "", {}, []):
            raise RulesError("explode: only a Beam Spell's targets explode (004 L1150)")
        point = _point(state, caster, casting, action.get("at"))
        if distance_ft(caster.position, point, options) > reach:
            raise RulesError(f"at: {point} is {distance_ft(caster.position, point, options)} ft "
                             f"away, beyond the {casting.spell}'s {reach} ft range (004 L3249)")
        found = around(state, options, point, burst)
    elif named:
        chain = caster.profile.has(CHAIN)
        if not chain and not caster.profile.has(ARC):
            raise RulesError("targets: a Beam Spell reaches all characters in a straight line "
                             "(004 L2706); choosing them needs Arc Beam Spell (L1130); give "
                             "at=x,y for the line")
        found = _arc(state, options, caster, reach, chain, named)
        found = _explosions(state, options, caster, found, action.get("explode"))
    else:
        line = _beam_line(state, options, caster, reach,
                          _point(state, caster, casting, action.get("at")))
        found = _explosions(state, options, caster, line, action.get("explode"))
    if not found:
        raise RulesError(f"the {casting.spell} reaches nobody there (004 L2424: at least one "
                         "target in range)")
    return tuple(SELF if uid == caster.id else uid for uid in found)
