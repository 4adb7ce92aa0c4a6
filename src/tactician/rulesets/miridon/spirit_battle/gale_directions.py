"""The directions a Gale Burst's caster chooses (Multi-Directional and Aerial Gale Burst,
004 L1169-1195), checked whole before anything moves; ``gale_push.landings`` walks them.

Multi-Directional Gale Burst (a flair, L1169-1184): "When casting [Selective Gale Burst],
the caster can choose to the direction each target is knocked back." (L1172) - so it needs
the flair and the cast's Selective Gale Burst modifier; "The directions of movement ... can
only be non-vertical directions." (L1174): the 8 compass directions of the grid
(``geometry.DIRECTIONS``); "The direction is chosen separately for each target." (L1176);
"This movement can also be a combination of directions up to a total movement up to the
distance of the [Effect] of the original [Spell]." (L1178): a path of legs, each a direction
and its feet, the total 1..the spell's distance; "the caster can be chosen as a target of
the spell" (L1180) - and then it must be given a path (away from itself is no direction).

Aerial Gale Burst (L1188-1195): "The directions of movement ... can include vertical
directions." (L1191): ``up`` and ``down``; "Movement into the ground will cause the target to
take damage as if they hit a wall." (L1193): a ``down`` leg below the ground stops the unit
there, the feet left its wall damage (L3313).

The activation's ``directions``: ``{"aria": "ne", "bo": "n10+e20"}``, ``[["aria", "ne"]]``,
``"aria:ne, bo:n10+e20"``, a path also as ``[["n", 10], ["e", 20]]``. A bare direction
(``ne``) goes the unit's distance (its ``distances`` entry, else the whole); a path of legs
carries its own feet, and naming that unit in ``distances`` too must agree with their total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.geometry import DIRECTIONS
from tactician.rulesets.miridon.battle.state import UnitState

MULTI = "Multi-Directional Gale Burst"
AERIAL = "Aerial Gale Burst"
VERTICAL = ("up", "down")
Leg = tuple[str, int]  # a direction (a compass point, ``up`` or ``down``) and its feet
Path = tuple[Leg, ...]


def pairs(raw: object, key: str, example: str, shape: str = "unit:value"
          ) -> list[tuple[str, object]]:
    """``{"aria": x}``, ``[["aria", x]]`` or ``"aria:x, bo:y"`` as (unit, value) pairs."""
    if isinstance(raw, Mapping):
        return [(str(k), v) for k, v in raw.items()]
    if isinstance(raw, str):
        found: list[tuple[str, object]] = []
        for part in (p.strip() for p in raw.split(",") if p.strip()):
            name, sep, value = part.partition(":")
            if not sep:
                raise RulesError(f"{key}: {part!r} is not {shape} (e.g. {example})")
            found.append((name.strip(), value.strip()))
        return found
    if isinstance(raw, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2
                                              for p in raw):
        return [(str(p[0]), p[1]) for p in raw]
    raise RulesError(f"{key} must map each unit to its {shape.partition(':')[2]} (e.g. "
                     f"{example}), not {raw!r}")


def _raw_legs(name: str, value: object) -> list[tuple[str, object]]:
    """A path's legs as (direction, feet text or None)."""
    if isinstance(value, str):
        legs: list[tuple[str, object]] = []
        for part in (p.strip() for p in value.split("+")):
            word = part.rstrip("0123456789").strip()
            legs.append((word, part[len(word):].strip() or None))
        return legs
    if isinstance(value, (list, tuple)):
        return [(str(leg[0]), leg[1]) if isinstance(leg, (list, tuple)) and len(leg) == 2
                else (str(leg), None) for leg in value]
    raise RulesError(f"directions: {name}'s path must be a direction (e.g. ne) or legs "
                     f"(e.g. n10+e20), not {value!r}")


def _direction(name: str, word: str, aerial: bool) -> str:
    word = word.strip().casefold()
    if word in DIRECTIONS:
        return word
    if word in VERTICAL:
        if not aerial:
            raise RulesError(f"directions: {name}'s {word!r} is vertical - the directions of "
                             "Multi-Directional Gale Burst \"can only be non-vertical\" "
                             f"(004 L1174) without the {AERIAL} flair (L1191)")
        return word
    known = ", ".join((*DIRECTIONS, *(VERTICAL if aerial else ())))
    raise RulesError(f"directions: {name}'s {word!r} is not a direction ({known})")


def _path(name: str, value: object, aerial: bool, goes: int, most: int,
          chosen: int | None) -> Path:
    raw = _raw_legs(name, value)
    if len(raw) == 1 and raw[0][1] is None:  # a bare direction: the unit's distance
        return ((_direction(name, raw[0][0], aerial), goes),)
    legs: list[Leg] = []
    for word, feet in raw:
        if feet is None:
            raise RulesError(f"directions: {name}'s legs each need their feet (e.g. "
                             f"n10+e20), {word!r} has none")
        try:
            whole = int(str(feet))
        except ValueError:
            raise RulesError(f"directions: {name}'s {word} leg must be whole feet, not "
                             f"{feet!r}") from None
        if whole < 1:
            raise RulesError(f"directions: {name}'s {word} leg of {whole} ft must be 1 ft "
                             "or more")
        legs.append((_direction(name, word, aerial), whole))
    total = sum(feet for _, feet in legs)
    if total > most:
        raise RulesError(f"directions: {name}'s legs total {total} ft, more than the "
                         f"spell's {most} ft (\"up to a total movement up to the distance "
                         "of the [Effect]\", 004 L1178)")
    if chosen is not None and chosen != total:
        raise RulesError(f"directions: {name}'s legs total {total} ft but distances gives "
                         f"{chosen} ft: name its distance once")
    return tuple(legs)


def chosen_directions(raw: object, caster: UnitState, modifiers: Sequence[str],
                      targets: Sequence[str], distances: Mapping[str, int],
                      most: int) -> dict[str, Path]:
    """Each named target's path (unit id -> legs with their feet), every entry checked; the
    error names the first fault. The caster, when it is a target, must have one."""
    if raw in (None, "", {}, []):
        if caster.id in targets:
            raise RulesError(f"directions: {caster.id} is a target of its own Gale Burst and "
                             "needs a direction: away from itself is none (004 L1180)")
        return {}
    if not caster.profile.has(MULTI):
        raise RulesError(f"directions: choosing each target's direction needs the {MULTI} "
                         "flair (004 L1169-1172)")
    if "Selective Gale Burst" not in modifiers:
        raise RulesError("directions: Multi-Directional Gale Burst acts \"When casting "
                         "[Selective Gale Burst]\": the cast needs that modifier (004 L1172)")
    aerial = caster.profile.has(AERIAL)
    found: dict[str, Path] = {}
    for name, value in pairs(raw, "directions", "aria:ne", "unit:direction"):
        uid = caster.id if name == "self" else name
        if uid not in targets:
            raise RulesError(f"directions: {name!r} is not a target of this Gale Burst "
                             f"(targets: {', '.join(targets) or 'none'})")
        if uid in found:
            raise RulesError(f"directions: {name!r} is named twice")
        found[uid] = _path(name, value, aerial, distances.get(uid, most), most,
                           distances.get(uid))
    if caster.id in targets and caster.id not in found:
        raise RulesError(f"directions: {caster.id} is a target of its own Gale Burst and "
                         "needs a direction: away from itself is none (004 L1180)")
    return found


def caster_may_be_target(caster: UnitState, modifiers: Sequence[str]) -> bool:
    """"When using [Selective Gale Burst], the caster can be chosen as a target of the spell."
    (L1180, Multi-Directional; Normal L1184: it cannot)."""
    return caster.profile.has(MULTI) and "Selective Gale Burst" in modifiers


def path_text(path: Path) -> str:
    return "+".join(f"{direction}{feet}" for direction, feet in path)
