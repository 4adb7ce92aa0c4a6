"""What each Tropera level grants, and the numbers derived from a character.

Every constant here quotes file 000 (the Tropera rules text). A character is
its creation choices plus its level-up records; ``current_stats`` and
``movement`` derive the live numbers from them (nothing derived is stored).
"""

from __future__ import annotations

from collections.abc import Iterable

from tactician.rulesets.tropera.models import Character, Feat, StatLine
from tactician.rulesets.tropera.proficiency import PROFICIENCY_OF
from tactician.rulesets.tropera.stats import STATS, rank_index

# 000: "Characters start with 10 Hit Points and 5 Movement."
BASE_HP = 10
BASE_MOVEMENT = 5

# 000: "players have 35 points they may assign ... not exceeding 10 points per stat
# (20 for HP)."
CREATION_POINTS = 35
CREATION_STAT_CAP = 10
CREATION_HP_CAP = 20

# 000: "assigning a value between 0-3 (0-4 for HP) to each stat"
GROWTH_MAX = 3
GROWTH_HP_MAX = 4

MAX_LEVEL = 20

# 000: "Players start with one rank of proficiency, gaining additional levels at 4, 7,
# 10, 13, 16, 19, and 20th levels."
PROFICIENCY_LEVELS: frozenset[int] = frozenset({4, 7, 10, 13, 16, 19, 20})
# 000: "an additional feat of choice, and an additional space of movement at 8th and
# 16th levels."
FEAT_LEVELS: frozenset[int] = frozenset({8, 16})
# 000: "At levels 8 and 16, players have 9 points to freely assign to their stats
# without rolling (maximum of 2 per stat), and gain 2 additional hit points."
FREE_POINT_LEVELS: frozenset[int] = frozenset({8, 16})
FREE_POINTS = 9
FREE_POINTS_PER_STAT = 2
FREE_LEVEL_HP = 2
# 000: "At 8th level, characters gain an additional slot each for weapons and items"
EXTRA_SLOT_LEVEL = 8

# 000: "New proficiency ranks can be used to either gain a D rank in proficiency (to a
# maximum of 3 different proficiencies), or increase a rank ... to a maximum of S+4."
MAX_PROFICIENCIES = 3
# Proficiency keys a unit file may use: those that wield a weapon type (laguz "take
# 'Clips' as their level 1 weapon proficiency"), plus Perform from 000's rank table.
PROFICIENCY_TYPES: tuple[str, ...] = (*dict.fromkeys(PROFICIENCY_OF.values()), "perform")

# 000 Laguz and Manakete: "choose one of the following options in place of the
# character's level 1 feat".
LEVEL1_OPTIONS: dict[str, str] = {
    "laguz-beast": "Laguz: Beast",
    "laguz-bird": "Laguz: Bird",
    "laguz-dragon": "Laguz: Dragon",
    "manakete": "Manakete",
}
LAGUZ_KINDS: frozenset[str] = frozenset({"laguz-beast", "laguz-bird", "laguz-dragon"})
# 000: "Your claws are your natural weapon" / talons / bite, with the table
# "Beast Claws 4 85 / Bird Talons 2 95 / Dragon Bite 5 80".
NATURAL_WEAPONS: dict[str, str] = {
    "laguz-beast": "Claws",
    "laguz-bird": "Talons",
    "laguz-dragon": "Bite",
}

# Feats that grant proficiency ranks. 000: Focus "You gain one rank in a proficiency of
# your choice"; Versatile "You gain one rank in 3 different proficiencies."
FEAT_PROFICIENCY_RANKS: dict[str, int] = {"focus": 1, "versatile": 3}

# Movement modifiers (000): Mounted "Your movement is increased by 2"; Flying Mount
# "Your movement is increased by 2"; Heavy Armor "your movement is reduced by 1".
FEAT_MOVEMENT: dict[str, int] = {"mounted": 2, "flying mount": 2, "heavy armor": -1}
# 000: Laguz: Beast "increasing your movement by 1"; Bird "increasing your movement by
# 2"; Dragon "suffering a movement penalty of -1" (bestial form only).
TRANSFORMED_MOVEMENT: dict[str, int] = {
    "laguz-beast": 1,
    "laguz-bird": 2,
    "laguz-dragon": -1,
}


#: feats of which only the one taken later counts (000 Flying Mount: "Taking Mounted
#: at a later level negates this feat"; Mounted: "Taking Flying Mount at a later level
#: negates this feat")
MOUNTS = ("Mounted", "Flying Mount")


def mount_feat(character: Character) -> str | None:
    """The mount feat that counts: "Mounted", "Flying Mount" or None.

    With both, the one taken at the later level counts (a level-up record's
    ``feat``; the level-1 feat otherwise), then the one listed later.
    """
    taken = {
        record.feat.casefold(): record.level
        for record in character.level_ups
        if record.feat is not None
    }
    feats = [f.casefold() for f in character.feats]
    held = [
        (taken.get(n.casefold(), 1), feats.index(n.casefold()), n)
        for n in MOUNTS
        if n.casefold() in feats
    ]
    return max(held)[2] if held else None


def negated_feats(character: Character) -> frozenset[str]:
    """Feats the character holds that a later feat negates (casefolded names)."""
    return _negated(character, {f.casefold() for f in character.feats})


def _negated(character: Character, held: set[str]) -> frozenset[str]:
    # every mount feat held but the one that counts; with one or none held, that one
    # counts and nothing is negated (the common case, answered without mount_feat:
    # the enemy AI asks has_feat hundreds of times a phase)
    mounts = [n for n in MOUNTS if n.casefold() in held]
    if len(mounts) < 2:
        return frozenset()
    counted = mount_feat(character)
    return frozenset(n.casefold() for n in mounts if n != counted)


def active_feats(character: Character) -> list[str]:
    """The character's feats without the negated ones."""
    negated = negated_feats(character)
    return [f for f in character.feats if f.casefold() not in negated]


def has_feat(character: Character, name: str) -> bool:
    """Whether ``character`` has the feat ``name`` (case-insensitive) and it counts
    (not negated by a later feat, ``negated_feats``)."""
    wanted = name.casefold()
    held = {feat.casefold() for feat in character.feats}
    return wanted in held and wanted not in _negated(character, held)


def levels_reached(level: int, levels: Iterable[int]) -> int:
    """How many of ``levels`` a character of ``level`` has reached."""
    return sum(1 for grant in levels if grant <= level)


def expected_feat_count(level: int) -> int:
    """000: one feat "To finish character creation" plus "an additional feat of choice
    ... at 8th and 16th levels"."""
    return 1 + levels_reached(level, FEAT_LEVELS)


def feat_proficiency_ranks(feats: Iterable[str]) -> int:
    """Rank steps granted by Focus (1) and Versatile (3) among ``feats`` (000)."""
    return sum(FEAT_PROFICIENCY_RANKS.get(feat.casefold(), 0) for feat in feats)


def expected_rank_steps(level: int, feats: Iterable[str]) -> int:
    """Proficiency rank steps a character of ``level`` holds.

    000: "Players start with one rank of proficiency, gaining additional levels at 4,
    7, 10, 13, 16, 19, and 20th levels", plus Focus ("one rank") and Versatile ("one
    rank in 3 different proficiencies"). A D rank is one step, C two, ... S+4 nine.
    """
    return 1 + levels_reached(level, PROFICIENCY_LEVELS) + feat_proficiency_ranks(feats)


def rank_steps(proficiencies: dict[str, str]) -> int:
    """Steps spent on ``proficiencies``: D=1, C=2, ... S+4=9 each."""
    return sum(rank_index(rank) + 1 for rank in proficiencies.values())


def weapon_slots(character: Character) -> int:
    """000: "3 inventory slots for weapons"; "At 8th level, characters gain an
    additional slot each for weapons and items"; Arsenal: "You can carry one additional
    weapon and item"."""
    return 3 + _extra_slots(character)


def item_slots(character: Character) -> int:
    """000: "2 slots for items", +1 at 8th level, +1 with Arsenal."""
    return 2 + _extra_slots(character)


def relic_slots(character: Character) -> int:
    """000: "1 slot for a relic" ... "but not for relics"."""
    return 1


def _extra_slots(character: Character) -> int:
    return int(character.level >= EXTRA_SLOT_LEVEL) + int(has_feat(character, "Arsenal"))


def stat_increases(character: Character) -> StatLine:
    """All increases from the character's level-up records, summed."""
    totals: dict[str, int] = dict.fromkeys(STATS, 0)
    for record in character.level_ups:
        for stat in STATS:
            totals[stat] += record.increases.get(stat)
    return StatLine.of(totals)


# Characters are immutable and every combat snapshot reads their stats
# (``combatant.build_combatant``): each one's are summed once. The entry holds the
# character, so its id is not reused while the entry lives.
_CURRENT: dict[int, tuple[Character, StatLine]] = {}


def current_stats(character: Character) -> StatLine:
    """The character's base stats now (before weapons, terrain or other bonuses).

    000: "Characters start with 10 Hit Points", plus the creation points, plus every
    level-up increase; Hardy: "You gain 10 hit points and your hit point cap is
    increased by 10" (read as +10 HP on the sheet; the 35 creation points are untouched);
    and the stat boosters the character has used ("Use Item").
    """
    found = _CURRENT.get(id(character))
    if found is None or found[0] is not character:
        if len(_CURRENT) >= 1024:
            _CURRENT.clear()
        found = _CURRENT[id(character)] = (character, _summed_stats(character))
    return found[1]


def _summed_stats(character: Character) -> StatLine:
    increases = stat_increases(character)
    values: dict[str, int] = {
        stat: character.points.get(stat) + increases.get(stat) + character.boosts.get(stat)
        for stat in STATS
    }
    values["hp"] += BASE_HP + (10 if has_feat(character, "Hardy") else 0)
    return StatLine.of(values)


def movement(character: Character, transformed: bool | None = None) -> int:
    """Movement now: 000 "Characters start with ... 5 Movement", "an additional space of
    movement at 8th and 16th levels", Mounted / Flying Mount "+2" (counted once: "Taking
    Flying Mount at a later level negates this feat"), Heavy Armor "reduced by 1", and
    the laguz form's modifier (Beast +1, Bird +2, Dragon -1) only while transformed.

    ``transformed`` defaults to the unit file's ``transformed`` flag (laguz only).
    Weather and terrain are battle state and are not applied here.
    """
    total = BASE_MOVEMENT + levels_reached(character.level, FEAT_LEVELS) + character.movement_boost
    feats = {feat.casefold() for feat in active_feats(character)}
    if feats & {"mounted", "flying mount"}:
        total += 2
    if "heavy armor" in feats:
        total += FEAT_MOVEMENT["heavy armor"]
    in_form = character.transformed if transformed is None else transformed
    if character.kind in LAGUZ_KINDS and in_form:
        total += TRANSFORMED_MOVEMENT[character.kind]
    return total


def feat_tokens(kind: str, feats: Iterable[str]) -> set[str]:
    """What a feat's ``requires``/``requires_any``/``excludes`` may name, casefolded.

    The held feats, the kind's level-1 option (a laguz-beast holds "Laguz: Beast" even
    when the unit file omits it) and, for any laguz, "Laguz" and "Laguz: Any" (000
    writes Anthropomorph's prerequisite as "Requires Laguz: Any").
    """
    tokens = {feat.casefold() for feat in feats}
    option = LEVEL1_OPTIONS.get(kind)
    if option:
        tokens.add(option.casefold())
    if kind in LAGUZ_KINDS:
        tokens |= {"laguz", "laguz: any"}
    return tokens


def prerequisite_problems(feat: Feat, earlier: set[str], held: set[str]) -> list[str]:
    """Problems with taking ``feat``: its ``requires`` (all) and ``requires_any`` (one)
    must be among ``earlier`` (feats and kind held before it was taken); none of its
    ``excludes`` may be among ``held`` (everything the character has). 000 words these
    as "Requires Heavy Armor", "Requires Mounted or Laguz: Beast", "Cannot be Laguz".
    """
    problems = []
    missing = [name for name in feat.requires if name.casefold() not in earlier]
    if missing:
        problems.append(f"feat {feat.name!r} requires {' and '.join(missing)} taken first")
    if feat.requires_any and not any(n.casefold() in earlier for n in feat.requires_any):
        problems.append(
            f"feat {feat.name!r} requires one of {', '.join(feat.requires_any)} taken first"
        )
    clashes = [name for name in feat.excludes if name.casefold() in held]
    if clashes:
        problems.append(f"feat {feat.name!r} cannot be combined with {', '.join(clashes)}")
    return problems


__all__ = [
    "BASE_HP",
    "BASE_MOVEMENT",
    "CREATION_HP_CAP",
    "CREATION_POINTS",
    "CREATION_STAT_CAP",
    "FEAT_LEVELS",
    "FREE_POINT_LEVELS",
    "GROWTH_HP_MAX",
    "GROWTH_MAX",
    "LAGUZ_KINDS",
    "LEVEL1_OPTIONS",
    "MAX_LEVEL",
    "MAX_PROFICIENCIES",
    "NATURAL_WEAPONS",
    "PROFICIENCY_LEVELS",
    "PROFICIENCY_TYPES",
    "current_stats",
    "expected_feat_count",
    "expected_rank_steps",
    "feat_tokens",
    "has_feat",
    "item_slots",
    "movement",
    "prerequisite_problems",
    "rank_steps",
    "relic_slots",
    "stat_increases",
    "weapon_slots",
]
