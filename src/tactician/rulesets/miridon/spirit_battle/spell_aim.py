"""Where an activated spell lands: its targets as the activation procedure reads them
(``magic/activation.Target``), found on the grid - the cast target, an area's (``spell_areas``),
a Gale Burst's radius and landings (``gale_push``, ``gale_directions``), the enchanted weapons
(L3360), the targets' Magic Shield Deflection (``spell_deflection``) - and what an effect
does to a unit's HP (a barrier first, L3331-3347; Unconscious / Dead, L1740-1742).

One procedure for ``activate_spell`` (``spell_actions``) and the spell forecast
(``spell_forecast``): the forecast enumerates the activation on the very targets the action
would strike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import check_targeting
from tactician.rulesets.miridon.battle.costs import Cost
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.activation import FLYING, Effect, Target
from tactician.rulesets.miridon.magic.casting import SELF, Casting, spell_of
from tactician.rulesets.miridon.magic.effects import gale_distance
from tactician.rulesets.miridon.magic.modifiers import check_modifiers, total_cost
from tactician.rulesets.miridon.racial_flairs import AFFINITY_POOL
from tactician.rulesets.miridon.spirit_battle.barriers import absorb_on
from tactician.rulesets.miridon.spirit_battle.enchantments import enchanted_weapon
from tactician.rulesets.miridon.spirit_battle.gale_directions import (
    Path,
    caster_may_be_target,
    chosen_directions,
)
from tactician.rulesets.miridon.spirit_battle.gale_push import (
    Landing,
    chosen_distances,
    gale_targets,
    landings,
)
from tactician.rulesets.miridon.spirit_battle.mech_units import is_mech
from tactician.rulesets.miridon.spirit_battle.spell_areas import area_targets
from tactician.rulesets.miridon.spirit_battle.spell_deflection import spell_deflections
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
)


def names(value: object) -> tuple[str, ...]:
    if value in (None, ""):
        return ()
    if isinstance(value, (list, tuple)):
        return tuple(str(v).strip() for v in value)
    return tuple(part.strip() for part in str(value).split(",") if part.strip())


def spell_target(other: UnitState, room_ft: int | None = None) -> Target:
    """``other`` as the activation procedure reads a target."""
    return Target(other.id, hp=other.hp, sdr=other.profile.sdr, pdr=other.pdr,
                  casting=casting_of(other) is not None, strength=other.strength,
                  speed=other.speed, ghost=ghost_of(other),
                  resist_insanity=other.profile.talent("Resist Insanity"),
                  flairs=tuple(other.profile.flairs),
                  affinity=other.pools.get(AFFINITY_POOL, 0), room_ft=room_ft)


def _target(state: MiridonBattle, unit: UnitState, target_id: str) -> Target:
    other = unit if target_id in (SELF, unit.id) else state.unit(target_id)
    check_targeting(unit, other)  # Death Worm Burrow (L1518)
    return spell_target(other)


def _weapons(state: MiridonBattle, unit: UnitState, casting: Casting, ids: tuple[str, ...],
             raw: object) -> dict[str, str]:
    """The weapon each target's enchantment goes on (L3360), checked for every target."""
    enchanting = {casting.spell, *casting.also} & {"Elemental Weapon", "Vampiric Weapon"}
    if not enchanting:
        if raw not in (None, ""):
            raise RulesError(f"weapon: {casting.spell} enchants no weapon (only Elemental and "
                             "Vampiric Weapon do, L3360, L3375)")
        return {}
    if isinstance(raw, Mapping):
        unknown = [str(k) for k in raw if str(k) not in ids]
        if unknown:
            raise RulesError(f"weapon: {unknown[0]!r} is not a target of this "
                             f"{casting.spell} (targets: {', '.join(ids)})")
    found = {}
    for t in ids:
        other = unit if t in (SELF, unit.id) else state.unit(t)
        chosen = raw.get(t, raw.get(other.id)) if isinstance(raw, Mapping) else raw
        found[other.id] = enchanted_weapon(other, chosen)
    return found


def _pushes(options: BattleOptions, state: MiridonBattle, unit: UnitState, casting: Casting,
            ids: tuple[str, ...], raw: object, raw_paths: object
            ) -> tuple[dict[str, Landing], dict[str, int], dict[str, Path]]:
    """Gale Burst's landings on the grid (L3313) with the chosen distances (L2718-2722) and
    directions (L1169-1195); the distance of a unit given legs is their total."""
    if casting.spell != "Gale Burst":
        for key, raw_value in (("distances", raw), ("directions", raw_paths)):
            if raw_value not in (None, "", {}, []):
                raise RulesError(f"{key}: only a Gale Burst knocks back, not {casting.spell} "
                                 "(L3313)")
        return {}, {}, {}
    pushed = list(ids)
    most = gale_distance(caster_of_unit(unit))
    chosen = chosen_distances(raw, casting.modifiers, pushed, most)
    paths = chosen_directions(raw_paths, unit, casting.modifiers, pushed, chosen, most)
    chosen.update({uid: sum(feet for _, feet in path) for uid, path in paths.items()})
    if unit.position is None or any(m in casting.modifiers for m in FLYING):
        return {}, chosen, paths  # Flying: "Targets ... are not knocked back" (L2736)
    return (landings(state, options, unit.position, pushed, most, chosen, paths), chosen,
            paths)


@dataclass(frozen=True)
class Aim:
    """The activation's inputs: each target as the procedure reads it, the caster as one
    (Magic Shield Redirection, L550-566), the Gale Burst's landings and chosen paths, the
    weapon each enchantment goes on."""

    targets: list[Target]
    caster: Target
    pushes: dict[str, Landing] = field(default_factory=dict)
    paths: dict[str, Path] = field(default_factory=dict)
    weapons: dict[str, str] = field(default_factory=dict)


def aim_spell(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
              casting: Casting, action: Mapping[str, Any]) -> Aim:
    """The targets ``action`` gives ``unit``'s activated ``casting`` (keys ``targets``,
    ``at``, ``explode``, ``distances``, ``directions``, ``weapon``, ``deflect``), every choice
    checked before anything changes."""
    named = names(action.get("targets"))
    ids = named or (() if casting.spell == "Gather Mist" else (casting.target,))
    area = area_targets(book, options, state, unit, casting, action, named)
    if area is not None:  # Explosive / Beam Spell and their flairs (L2682-2706, L1130-1155)
        ids = area
    if casting.spell == "Gale Burst":  # L3313: all other units within the radius
        ids = gale_targets(state, options, unit.id, named,
                           spell_of(book, casting.spell).radius_ft or 0, casting.modifiers,
                           caster_may_be_target(unit, casting.modifiers))
    pushes, chosen, paths = _pushes(options, state, unit, casting, ids, action.get("distances"),
                                    action.get("directions"))
    weapons = _weapons(state, unit, casting, ids, action.get("weapon"))
    targets = [replace(_target(state, unit, t), room_ft=pushes[t].room, chosen_ft=chosen.get(t),
                       fall_ft=pushes[t].fallen)
               if t in pushes else _target(state, unit, t) for t in ids]
    deflecting = spell_deflections(book, options, state, casting.spell, unit.id,
                                   tuple(t.id for t in targets), action.get("deflect"))
    targets = [replace(t, deflect_sdr=deflecting[t.id][0], deflect_when=deflecting[t.id][1])
               if t.id in deflecting else t for t in targets]
    return Aim(targets, _target(state, unit, unit.id), pushes, paths, weapons)


def variant_modifiers(book: Compendium, unit: UnitState, casting: Casting,
                      added: tuple[str, ...]) -> tuple[Casting, Cost, tuple[str, ...]]:
    """Variant Spell (L1353-1356): "The character can add a [Spell Casting Modifier] to a
    [Spell] when they perform [Activate Spell]": each checked with those of the cast (their
    fit and exclusions, L2650-2955); the casting with them, their cost (paid at the
    activation) and their names. A modifier that acts at the cast (Shorten Spell) changes
    nothing any more."""
    if not added:
        return casting, (0, 0), ()
    if not unit.profile.has("Variant Spell"):
        raise RulesError(f"modifiers: adding a casting modifier at Activate Spell needs the "
                         f"Variant Spell flair (004 L1353); {unit.id} lacks it")
    caster = caster_of_unit(unit)
    chosen = check_modifiers(book, spell_of(book, casting.spell), (*casting.modifiers, *added),
                             caster)
    new = tuple(m for m in chosen if m.name not in casting.modifiers)
    cost = total_cost(new, caster)
    return (replace(casting, modifiers=tuple(m.name for m in chosen)),
            (cost.strength, cost.speed), tuple(m.name for m in new))


@dataclass(frozen=True)
class Landed:
    """An effect on one unit's HP: the unit with its barrier spent, the damage past it, the
    HP and status after."""

    unit: UnitState
    damage: int
    absorbed: int
    barrier: str
    hp: int
    status: str


def landed(unit: UnitState, effect: Effect, spell: str) -> Landed:
    """A lasting barrier takes the damage first (L3331, L3339: a knockback's is physical,
    the rest spell); healing up to the Maximum HP; at 0 HP Unconscious, hurt while
    Unconscious Dead (L1740-1742)."""
    kind = "physical" if spell == "Gale Burst" else "spell"
    after, damage, absorbed = absorb_on(unit, kind, effect.damage)
    hp, status = after.hp, after.status
    if effect.healing:
        hp = min(after.profile.max_hp, hp + effect.healing)
    if damage:
        hp = after.hp - damage
        if is_mech(after):
            pass  # a mech at 0 is Disabled, not Unconscious (L3651, ``mech_damage``)
        elif hp <= 0 and status == "ok":
            status = "unconscious"
        elif status == "unconscious":
            status = "dead"
    return Landed(after, damage, absorbed, kind, max(0, hp), status)
