"""Tropera character creation: load, check and save a unit file.

Source, file 000: "Characters start with 10 Hit Points and 5 Movement. From there,
players have 35 points they may assign to Hit Points, Strength, Magic, Skill, Speed,
Luck, Defense, and Resistance as they choose, but not exceeding 10 points per stat (20
for HP)." ... "To finish character creation, the player chooses a feat ... and a
D-rank weapon or magic proficiency." The 10 HP and 5 MOV are constants of
``progression`` (a unit file cannot state other bases), so they need no check.

``validate_character`` collects every violation before refusing (design principle 6).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from tactician.content.loader import read_yaml, validate_entry
from tactician.content.writing import write_text_atomic
from tactician.errors import ContentError, RulesError
from tactician.rulesets.tropera.combatant import usable_problem
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.levelup import LevelUpOptions, record_problems
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.natural_weapons import natural_weapons, weapon_name
from tactician.rulesets.tropera.progression import (
    CREATION_HP_CAP,
    CREATION_POINTS,
    CREATION_STAT_CAP,
    FEAT_LEVELS,
    GROWTH_HP_MAX,
    GROWTH_MAX,
    LAGUZ_KINDS,
    LEVEL1_OPTIONS,
    MAX_PROFICIENCIES,
    PROFICIENCY_TYPES,
    expected_feat_count,
    expected_rank_steps,
    feat_tokens,
    has_feat,
    item_slots,
    prerequisite_problems,
    rank_steps,
    weapon_slots,
)
from tactician.rulesets.tropera.stats import STAT_NAMES

_NAME: dict[str, str] = {str(k): v for k, v in STAT_NAMES.items()}


# --- unit files ----------------------------------------------------------------------


def load_character(path: Path | str) -> Character:
    """Read a unit file (YAML) into a ``Character``; errors name the file and field."""
    path = Path(path)
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(f"{path}: a unit file is a mapping of fields (name:, points:, ...)")
    return validate_entry(Character, data, str(path), str(data.get("name") or path.stem))


def character_from(data: dict[str, Any], source: str) -> Character:
    """A unit file's data (a campaign roster's sheet) as a ``Character``; errors name
    ``source``."""
    return validate_entry(Character, data, source, str(data.get("name") or source))


def character_data(character: Character) -> dict[str, Any]:
    """The unit-file form of ``character`` (what ``load_character`` reads back)."""
    data = character.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    for key in ("points", "growths"):
        data[key] = character.model_dump(mode="json", by_alias=True)[key]
    records = data.pop("level_ups", None)
    if records:
        data["level_ups"] = records
    return data


class _UnitDumper(yaml.SafeDumper):
    """Block style for the file's shape, flow style for short leaves (stat lines, rolls,
    name lists), so a unit file stays readable."""


def _is_leaf(value: Any) -> bool:
    if isinstance(value, list):
        return all(not isinstance(v, (list, dict)) for v in value)
    return not isinstance(value, dict)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    flow = (
        bool(data)
        and all(_is_leaf(v) for v in data.values())
        and not any(isinstance(v, str) and len(v) > 30 for v in data.values())
    )
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=_is_leaf(data))


_UnitDumper.add_representer(dict, _represent_dict)
_UnitDumper.add_representer(list, _represent_list)


def dump_character(character: Character) -> str:
    """``character`` as unit-file YAML."""
    return yaml.dump(
        character_data(character),
        Dumper=_UnitDumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )


def save_character(character: Character, path: Path | str) -> None:
    """Write a unit file atomically: a temporary file beside it, then ``os.replace``.
    On any error the original file is left as it was."""
    path = Path(path)
    text = dump_character(character)
    write_text_atomic(path, text)


# --- validation ----------------------------------------------------------------------


def validate_character(
    character: Character, compendium: Compendium, options: LevelUpOptions | None = None
) -> None:
    """Refuse an illegal character, listing every violation (``RulesError.problems``)."""
    problems = character_problems(character, compendium, options)
    if problems:
        raise RulesError(problems)


def character_problems(
    character: Character, compendium: Compendium, options: LevelUpOptions | None = None
) -> list[str]:
    """Every way ``character`` breaks 000's creation and progression rules."""
    return [
        *point_problems(character),
        *growth_problems(character),
        *record_problems(character, options),
        *feat_problems(character, compendium),
        *proficiency_problems(character),
        *inventory_problems(character, compendium),
    ]


def point_problems(character: Character) -> list[str]:
    """000: "35 points they may assign ... but not exceeding 10 points per stat (20 for
    HP)". Hardy's "You gain 10 hit points" is added on the sheet, not spent from the 35
    nor counted against the 20."""
    problems = []
    points = character.points.as_dict()
    for stat, value in points.items():
        cap = CREATION_HP_CAP if stat == "hp" else CREATION_STAT_CAP
        if value < 0:
            problems.append(f"points: {_NAME[stat]} is {value}; points cannot be negative")
        elif value > cap:
            problems.append(
                f"points: {_NAME[stat]} has {value} points; 000 allows 'not exceeding 10 "
                f"points per stat (20 for HP)', so at most {cap}"
            )
    total = sum(points.values())
    if total != CREATION_POINTS:
        diff = abs(total - CREATION_POINTS)
        more = "more" if total > CREATION_POINTS else "fewer"
        problems.append(
            f"points: {total} assigned, {diff} {more} than the 35 of 000 ('players have 35 "
            "points they may assign')"
        )
    return problems


def growth_problems(character: Character) -> list[str]:
    """000: "assigning a value between 0-3 (0-4 for HP) to each stat"."""
    problems = []
    for stat, value in character.growths.as_dict().items():
        high = GROWTH_HP_MAX if stat == "hp" else GROWTH_MAX
        if not 0 <= value <= high:
            problems.append(
                f"growths: {_NAME[stat]} is {value}; 000 allows 'a value between 0-3 (0-4 "
                f"for HP)', so 0-{high}"
            )
    return problems


def feat_problems(character: Character, compendium: Compendium) -> list[str]:
    """Feats: one at creation ("the player chooses a feat") or, for laguz and manakete,
    the kind's option "in place of the character's level 1 feat"; one more "at 8th and
    16th levels" (recorded on those level-ups); each known to the compendium; each
    feat's prerequisites met by the feats and kind held before it. A feat is taken once.
    """
    problems: list[str] = []
    feats = character.feats
    if has_feat(character, "Dragon's Breath") and character.breath is None:
        problems.append(
            "breath: Dragon's Breath needs an element ('Choose Fire, Ice, or Lightning as "
            "your element'): set breath: Fire, Ice or Lightning"
        )
    repeated = sorted(name for name, n in Counter(f.casefold() for f in feats).items() if n > 1)
    if repeated:
        problems.append(f"feats: {', '.join(repeated)} listed more than once")
    level = character.level
    expected = expected_feat_count(level)
    if len(feats) != expected:
        reached = [str(lv) for lv in sorted(FEAT_LEVELS) if lv <= level]
        grants = f" + 1 at level {' and '.join(reached)}" if reached else ""
        problems.append(
            f"feats: {len(feats)} listed; a level {level} character has {expected} "
            f"(1 at creation{grants})"
        )
    later = [
        (record.level, record.feat)
        for record in character.level_ups
        if record.feat and record.level in FEAT_LEVELS
    ]
    remaining = [f.casefold() for f in feats]
    for lv, name in later:
        if name.casefold() in remaining:
            remaining.remove(name.casefold())
        else:
            problems.append(f"feats: {name!r} (taken at level {lv}) is missing from feats")
    first = [f for f in feats if f.casefold() in remaining]
    option = LEVEL1_OPTIONS.get(character.kind)
    options_held = [f for f in feats if f.casefold() in _option_names()]
    if option and option.casefold() not in {f.casefold() for f in first}:
        problems.append(
            f"feats: a {character.kind} character takes {option!r} in place of the level-1 "
            "feat (000 'choose one of the following options in place of the character's "
            "level 1 feat')"
        )
    for name in options_held:
        if option is None or name.casefold() != option.casefold():
            kind = next(k for k, v in LEVEL1_OPTIONS.items() if v.casefold() == name.casefold())
            problems.append(
                f"feats: {name!r} is the level-1 option of kind {kind}, but this character's "
                f"kind is {character.kind}"
            )
    for lv, name in later:
        if name.casefold() in _option_names():
            problems.append(
                f"feats: {name!r} can only replace the level-1 feat, not the level-{lv} feat"
            )

    # existence and prerequisites, in the order the feats were taken
    kind_tokens = feat_tokens(character.kind, [])
    held = feat_tokens(character.kind, feats)
    order = [(1, f) for f in first] + later
    earlier = set(kind_tokens)
    for _, name in order:
        if name.casefold() in _option_names():
            earlier.add(name.casefold())
            continue
        try:
            feat = compendium.feat(name)
        except RulesError as exc:
            problems += [f"feats: {p}" for p in exc.problems]
            continue
        problems += [f"feats: {p}" for p in prerequisite_problems(feat, earlier, held)]
        earlier.add(name.casefold())
    return problems


def _option_names() -> set[str]:
    return {name.casefold() for name in LEVEL1_OPTIONS.values()}


def proficiency_problems(character: Character) -> list[str]:
    """000: "Players start with one rank of proficiency, gaining additional levels at 4,
    7, 10, 13, 16, 19, and 20th levels", "to a maximum of 3 different proficiencies",
    "a maximum of S+4"; Focus and Versatile add 1 and 3 ranks; a laguz takes "'Clips' as
    their level 1 weapon proficiency". Ranks count D=1 ... S+4=9 steps."""
    problems = []
    profs = character.proficiencies
    unknown = [key for key in profs if key not in PROFICIENCY_TYPES]
    if unknown:
        problems.append(
            f"proficiencies: unknown type(s) {', '.join(unknown)}; use "
            f"{', '.join(PROFICIENCY_TYPES)}"
        )
    if len(profs) > MAX_PROFICIENCIES:
        problems.append(
            f"proficiencies: {len(profs)} types; 000 allows 'a maximum of 3 different "
            "proficiencies'"
        )
    expected = expected_rank_steps(character.level, character.feats)
    spent = rank_steps(dict(profs))
    if spent != expected:
        ranks = ", ".join(f"{k} {v}" for k, v in profs.items()) or "none"
        problems.append(
            f"proficiencies: {ranks} make {spent} rank(s) (D=1, C=2, ...); a level "
            f"{character.level} character with these feats has {expected} (1 at creation, "
            "1 at each of levels 4, 7, 10, 13, 16, 19, 20 reached, Focus 1, Versatile 3)"
        )
    if character.kind in LAGUZ_KINDS and "clips" not in profs:
        problems.append(
            "proficiencies: a laguz takes 'Clips' as their level 1 weapon proficiency (000); "
            "add clips"
        )
    if has_feat(character, "Focus"):
        if not character.focus:
            problems.append(
                "focus: name the proficiency Focus was taken for (000 Focus: 'one rank in a "
                "proficiency of your choice')"
            )
        elif character.focus.casefold() not in profs:
            problems.append(f"focus: {character.focus!r} is not among the proficiencies")
    elif character.focus:
        problems.append(f"focus: {character.focus!r} is set but the character lacks Focus")
    for record in character.level_ups:
        if record.proficiency and record.proficiency not in profs:
            problems.append(
                f"proficiencies: level {record.level} raised {record.proficiency!r}, which "
                "is missing from proficiencies"
            )
    return problems


def inventory_problems(character: Character, compendium: Compendium) -> list[str]:
    """000: "3 inventory slots for weapons, 2 slots for items, and 1 slot for a relic.
    At 8th level, characters gain an additional slot each for weapons and items, but not
    for relics"; Arsenal: "one additional weapon and item". Every named weapon and item
    must be in the compendium; natural weapons use no slot; the equipped weapon must be
    carried (or natural)."""
    problems: list[str] = []
    natural = {w.name.casefold() for w in natural_weapons(character, compendium)}
    carried = [ref for ref in character.weapons if weapon_name(ref).casefold() not in natural]
    slots = weapon_slots(character)
    if len(carried) > slots:
        problems.append(
            f"weapons: {len(carried)} carried in {slots} slots ({_slot_reason('weapon')})"
        )
    for ref in carried:
        try:
            weapon = compendium.weapon(ref) if isinstance(ref, str) else ref
        except RulesError as exc:
            problems += [f"weapons: {p}" for p in exc.problems]
            continue
        # issue 7: a weapon the character cannot wield is the unit's fault, not only a
        # refusal at the first forecast (000 "D Rank: Usable"; checked out of beast form)
        problem = usable_problem(character, weapon, transformed=False)
        if problem is not None:
            problems.append(f"weapons: {problem}")
    if len(character.items) > item_slots(character):
        problems.append(
            f"items: {len(character.items)} carried in {item_slots(character)} slots "
            f"({_slot_reason('item')})"
        )
    for name in character.items:
        try:
            item = compendium.item(name)
        except RulesError as exc:
            problems += [f"items: {p}" for p in exc.problems]
            continue
        if item.kind == "relic":
            problems.append(
                f"items: {item.name!r} is a relic; it goes in the relic slot, and a character "
                "has one (000: '1 slot for a relic')"
            )
    if character.relic:
        try:
            relic = compendium.item(character.relic)
        except RulesError as exc:
            problems += [f"relic: {p}" for p in exc.problems]
        else:
            if relic.kind != "relic":
                problems.append(f"relic: {relic.name!r} is not a relic (it is {relic.kind})")
    if character.equipped:
        names = {weapon_name(ref).casefold() for ref in carried} | natural
        if character.equipped.casefold() not in names:
            problems.append(
                f"equipped: {character.equipped!r} is not a carried weapon"
                + (
                    f" (carried: {', '.join(sorted(weapon_name(r) for r in carried))})"
                    if carried
                    else ""
                )
            )
    return problems


def _slot_reason(what: str) -> str:
    base = {"weapon": 3, "item": 2}[what]
    return f"000: {base} {what} slots, +1 at 8th level, +1 with Arsenal"


__all__ = [
    "character_data",
    "character_problems",
    "dump_character",
    "feat_problems",
    "growth_problems",
    "inventory_problems",
    "load_character",
    "natural_weapons",
    "point_problems",
    "proficiency_problems",
    "save_character",
    "validate_character",
    "weapon_name",
]
