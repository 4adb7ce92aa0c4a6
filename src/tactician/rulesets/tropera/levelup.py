"""Tropera level-ups: the d20 growth roll, ties at the fifth place, levels 8 and 16.

Source, file 000: "Whenever the character levels up, the GM rolls a d20 for each stat,
and add the character's growth rates to the results. Of the 5 highest results, the
player chooses 4 to increase by 1 point. In the event of a tie, the roll with the
higher growth rate is selected. If two or more tied rolls have the same growth rate,
they are rerolled and the highest result wins. A natural 20 grants a free point in the
corresponding stat and does not count as one of the 5 eligible stats for increase,
while a natural 1 renders the stat ineligible for increase for this level, even if
modifiers would raise it to eligibility. At levels 8 and 16, players have 9 points to
freely assign to their stats without rolling (maximum of 2 per stat), and gain 2
additional hit points."

Dice order (what physical dice are consumed for): one d20 per stat in the order HP,
Str, Mag, Skl, Spd, Lck, Def, Res; then, only if a tie at the fifth place must be
rerolled, one d20 per tied stat in that same order, round after round until settled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.tropera.compendium import Compendium, load_compendium
from tactician.rulesets.tropera.models import Character, LevelUp, StatLine
from tactician.rulesets.tropera.progression import (
    FEAT_LEVELS,
    FEAT_PROFICIENCY_RANKS,
    FREE_LEVEL_HP,
    FREE_POINT_LEVELS,
    FREE_POINTS,
    FREE_POINTS_PER_STAT,
    LEVEL1_OPTIONS,
    MAX_LEVEL,
    MAX_PROFICIENCIES,
    PROFICIENCY_LEVELS,
    PROFICIENCY_TYPES,
    current_stats,
    feat_tokens,
    has_feat,
    movement,
    prerequisite_problems,
)
from tactician.rulesets.tropera.stats import RANKS, STAT_NAMES, STATS, Rank, rank_index

CANDIDATES = 5  # "Of the 5 highest results"
PICKS = 4  # "the player chooses 4 to increase by 1 point"

_NAME: dict[str, str] = {str(k): v for k, v in STAT_NAMES.items()}
_STAT_ALIASES: dict[str, str] = {
    "hit points": "hp",
    "strength": "str",
    "magic": "mag",
    "skill": "skl",
    "speed": "spd",
    "luck": "lck",
    "defense": "def",
    "defence": "def",
    "resistance": "res",
    "str_": "str",
    "def_": "def",
}


@dataclass(frozen=True)
class LevelUpOptions:
    """Rulings for level-ups (each a switchable option; see docs/rulings.md).

    ``stat_cap_after_creation`` caps Str..Res and ``hp_cap_after_creation`` caps HP
    (raised by 10 with Hardy: "your hit point cap is increased by 10") after creation.
    Default ``None``: no caps, because 000 states caps only for creation ("not exceeding
    10 points per stat (20 for HP)"). When a cap is set, increases beyond it are lost
    (the report shows them under ``lost``).
    """

    stat_cap_after_creation: int | None = None
    hp_cap_after_creation: int | None = None

    def cap(self, stat: str, character: Character) -> int | None:
        if stat == "hp":
            if self.hp_cap_after_creation is None:
                return None
            return self.hp_cap_after_creation + (10 if has_feat(character, "Hardy") else 0)
        return self.stat_cap_after_creation


@dataclass(frozen=True)
class StatRoll:
    """One stat's level-up die: the d20, growth, total and what it decided."""

    stat: str
    die: int
    growth: int
    total: int
    natural_20: bool
    natural_1: bool
    rerolls: tuple[int, ...] = ()
    candidate: bool = False
    increase: int = 0
    lost: int = 0

    def as_dict(self) -> dict[str, Any]:
        return _plain(asdict(self))


@dataclass(frozen=True)
class LevelUpReport:
    """Everything a level-up decided, die by die. ``picked`` is empty on a callback's
    view (it is what the callback decides)."""

    name: str
    level: int
    rolled: bool
    rolls: tuple[StatRoll, ...] = ()
    candidates: tuple[str, ...] = ()
    picked: tuple[str, ...] = ()
    free_points: tuple[str, ...] = ()  # natural 20s
    assigned: dict[str, int] = field(default_factory=dict)  # levels 8 and 16
    increases: StatLine = StatLine()
    lost: dict[str, int] = field(default_factory=dict)
    proficiency: str | None = None
    proficiency_rank: str | None = None
    feat: str | None = None
    feat_proficiencies: tuple[str, ...] = ()
    proficiencies: dict[str, str] = field(default_factory=dict)
    stats: StatLine = StatLine()
    movement: int = 0

    def as_dict(self) -> dict[str, Any]:
        data = _plain(asdict(self))
        data["increases"] = self.increases.as_dict()
        data["stats"] = self.stats.as_dict()
        return data


def _plain(value: Any) -> Any:
    """JSON-shaped: tuples become lists, all the way down."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


Chooser = Callable[[LevelUpReport], Sequence[str]]


def stat_key(name: str) -> str | None:
    """``Str``, ``STR``, ``strength`` -> ``str``; None if no stat is meant."""
    text = name.strip().casefold()
    if text in STATS:
        return text
    return _STAT_ALIASES.get(text)


# --- the roll and the fifth place ---------------------------------------------------


def select_candidates(
    rolls: Sequence[StatRoll], reroll: Callable[[str], int]
) -> tuple[list[str], dict[str, list[int]]]:
    """The stats among the 5 highest eligible results, and any tie rerolls.

    000: "Of the 5 highest results ... In the event of a tie, the roll with the higher
    growth rate is selected. If two or more tied rolls have the same growth rate, they
    are rerolled and the highest result wins." Natural 20s and natural 1s are not
    eligible ("does not count as one of the 5 eligible stats"; "renders the stat
    ineligible"). With 5 or fewer eligible stats all of them are candidates and nothing
    is rerolled. Only the stats tied at the fifth place with the same growth reroll,
    one d20 each in stat order; those tied again at the boundary reroll again until the
    open places are filled. A reroll only breaks the tie: its natural 20 or 1 means
    nothing more.
    """
    eligible = [roll for roll in rolls if not roll.natural_20 and not roll.natural_1]
    rerolls: dict[str, list[int]] = {}
    if len(eligible) <= CANDIDATES:
        return [roll.stat for roll in eligible], rerolls
    threshold = sorted((roll.total for roll in eligible), reverse=True)[CANDIDATES - 1]
    chosen = {roll.stat for roll in eligible if roll.total > threshold}
    tied = [roll for roll in eligible if roll.total == threshold]
    need = CANDIDATES - len(chosen)
    for growth in sorted({roll.growth for roll in tied}, reverse=True):
        group = [roll.stat for roll in tied if roll.growth == growth]
        if len(group) <= need:
            chosen.update(group)
            need -= len(group)
        else:
            chosen.update(_reroll_off(group, need, reroll, rerolls))
            need = 0
        if need == 0:
            break
    return [roll.stat for roll in rolls if roll.stat in chosen], rerolls


def _reroll_off(
    group: list[str], need: int, reroll: Callable[[str], int], log: dict[str, list[int]]
) -> list[str]:
    winners: list[str] = []
    while need > 0:
        results = {}
        for stat in group:
            results[stat] = reroll(stat)
            log.setdefault(stat, []).append(results[stat])
        boundary = sorted(results.values(), reverse=True)[need - 1]
        above = [stat for stat in group if results[stat] > boundary]
        level = [stat for stat in group if results[stat] == boundary]
        winners += above
        need -= len(above)
        if len(level) <= need:
            winners += level
            need -= len(level)
        else:
            group = level
    return winners


def default_picks(rolls: Sequence[StatRoll], candidates: Sequence[str]) -> list[str]:
    """The 4 highest results, ties by higher growth, then stat order: what ``highest``
    picks when the player asks for it (never when nobody chose)."""
    pool = [roll for roll in rolls if roll.stat in candidates]
    pool.sort(key=lambda roll: (-roll.total, -roll.growth, STATS.index(roll.stat)))
    return [roll.stat for roll in pool[:PICKS]]


def highest(view: LevelUpReport) -> list[str]:
    """A chooser for a player who lets the 4 highest results rise (``pick=highest``)."""
    return default_picks(view.rolls, view.candidates)


def pick_needed(view: LevelUpReport) -> NeedChoice:
    """The refusal when nobody chose: 000 "Of the 5 highest results, the player
    chooses 4", so the engine does not; it lists the candidates and their totals."""
    pool = [roll for roll in view.rolls if roll.candidate]
    labels = ", ".join(f"{_NAME[r.stat]} {r.total}" for r in pool)
    example = ",".join(stat for stat in STATS if stat in highest(view))
    return NeedChoice([("pick", (
        f"{view.name} level {view.level}: the player chooses {PICKS} of the 5 highest (000 "
        f"'Of the 5 highest results, the player chooses 4'): {labels}; give --choose "
        f"pick=STATS, e.g. pick={example}, or pick=highest for the 4 highest"))])


def check_picks(candidates: Sequence[str], picks: Sequence[str]) -> tuple[list[str], list[str]]:
    """Normalize ``picks`` and list what is wrong with them.

    000: "Of the 5 highest results, the player chooses 4 to increase by 1 point." The
    picks must be 4 different candidates; with 4 or fewer candidates every candidate
    increases, so the picks (if given) must be exactly those.
    """
    problems: list[str] = []
    keys: list[str] = []
    for raw in picks:
        key = stat_key(raw)
        if key is None:
            problems.append(f"{raw!r} is not a stat; use {', '.join(STAT_NAMES.values())}")
        else:
            keys.append(key)
    repeated = sorted({k for k, n in Counter(keys).items() if n > 1}, key=STATS.index)
    if repeated:
        problems.append(f"each stat can be picked once: {_names(repeated)} repeated")
    outside = [k for k in dict.fromkeys(keys) if k not in candidates]
    if outside:
        problems.append(
            f"{_names(outside)} not among the candidates ({_names(candidates)}): "
            "000 'Of the 5 highest results, the player chooses 4'"
        )
    needed = min(PICKS, len(candidates))
    if len(set(keys)) != needed and not problems:
        problems.append(f"pick exactly {needed} of {_names(candidates)} (got {len(set(keys))})")
    return keys, problems


def _pick_form_problems(picks: Sequence[str]) -> list[str]:
    """What can be said of explicit picks before the dice are rolled."""
    if isinstance(picks, str):
        return ["picks must be a list of stat names, not one string"]
    problems = []
    keys = []
    for raw in picks:
        key = stat_key(raw)
        if key is None:
            problems.append(f"{raw!r} is not a stat; use {', '.join(STAT_NAMES.values())}")
        else:
            keys.append(key)
    if len(keys) != len(set(keys)):
        problems.append("each stat can be picked once")
    if len(set(keys)) > PICKS:
        problems.append(f"pick at most {PICKS} stats (000 'the player chooses 4')")
    return problems


def _names(stats: Sequence[str]) -> str:
    return ", ".join(_NAME.get(s, s) for s in stats)


# --- proficiencies and feats ---------------------------------------------------------


def raise_proficiency(proficiencies: dict[str, Rank], kind: str) -> tuple[Rank | None, str | None]:
    """Spend one proficiency rank on ``kind`` in place; return (new rank, problem).

    000: "New proficiency ranks can be used to either gain a D rank in proficiency (to
    a maximum of 3 different proficiencies), or increase a rank in an existing class to
    a maximum of S+4."
    """
    key = kind.strip().casefold()
    if key not in PROFICIENCY_TYPES:
        return None, f"unknown proficiency {kind!r}; use {', '.join(PROFICIENCY_TYPES)}"
    if key in proficiencies:
        index = rank_index(proficiencies[key])
        if index + 1 >= len(RANKS):
            return None, f"{key} is already S+4, 000's highest rank ('to a maximum of S+4')"
        proficiencies[key] = RANKS[index + 1]
        return proficiencies[key], None
    if len(proficiencies) >= MAX_PROFICIENCIES:
        return None, (
            f"cannot gain a D rank in {key}: already {len(proficiencies)} proficiencies "
            f"({', '.join(proficiencies)}); 000 allows 'a maximum of 3 different proficiencies'"
        )
    proficiencies[key] = "D"
    return "D", None


def new_feat_problems(character: Character, name: str, compendium: Compendium) -> list[str]:
    """Whether ``character`` may take feat ``name`` now (levels 8 and 16)."""
    try:
        feat = compendium.feat(name)
    except RulesError as exc:
        return exc.problems
    if any(held.casefold() == feat.name.casefold() for held in character.feats):
        return [f"already has feat {feat.name!r}"]
    if feat.name in LEVEL1_OPTIONS.values() or feat.level1_option:
        return [
            f"{feat.name!r} is chosen 'in place of the character's level 1 feat' (000), "
            "not at a later level"
        ]
    held = feat_tokens(character.kind, character.feats)
    problems = prerequisite_problems(feat, held, held)
    for other in character.feats:
        existing = compendium.feats.get(other.casefold())
        if existing and feat.name.casefold() in {n.casefold() for n in existing.excludes}:
            problems.append(f"feat {existing.name!r} cannot be combined with {feat.name}")
    return problems


# --- the level-up --------------------------------------------------------------------


#: feats that ask the player to choose, the choice's key and its values (000
#: Dragon's Breath: "Choose Fire, Ice, or Lightning as your element")
FEAT_CHOICES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "dragon's breath": ("element", "breath", ("Fire", "Ice", "Lightning")),
}


def feat_choices(
    feat: str, choices: Mapping[str, str]
) -> tuple[str, dict[str, str], list[str]]:
    """The feat's name, the character fields its choice sets, and what is wrong.

    A choice comes from ``choices`` (``{"element": "Fire"}``) or from the feat's
    name in parentheses (``"Dragon's Breath (Fire)"``); a feat that needs one and
    gets none is refused, so a level-up never writes a unit file that fails its check.
    """
    name, inline = feat.strip(), None
    if name.endswith(")") and "(" in name:
        name, _, rest = name.rpartition("(")
        name, inline = name.strip(), rest[:-1].strip()
    spec = FEAT_CHOICES.get(name.casefold())
    if spec is None:
        extra = sorted(choices) + (["(" + inline + ")"] if inline else [])
        if extra:
            return name, {}, [f"feat {name!r} takes no choice (got {', '.join(extra)})"]
        return name, {}, []
    key, field, values = spec
    unknown = sorted(k for k in choices if k != key)
    if unknown:
        return name, {}, [f"feat {name!r} takes the choice {key!r}, not {', '.join(unknown)}"]
    given = choices.get(key, inline)
    if given is None:
        return name, {}, [
            f"feat {name!r} needs a choice of {key} ({', '.join(values)}): give it as "
            f'"{name} ({values[0]})" or the choice {key}={values[0]}'
        ]
    match = next((v for v in values if v.casefold() == given.casefold()), None)
    if match is None:
        return name, {}, [f"feat {name!r}: {key} {given!r} is not one of {', '.join(values)}"]
    return name, {field: match}, []


def _proficiency_rank(
    level: int, proficiency: str | None, proficiencies: dict[str, Rank], problems: list[str]
) -> tuple[str | None, Rank | None]:
    """000: "gaining additional levels at 4, 7, 10, 13, 16, 19, and 20th levels": the
    proficiency raised (``proficiencies`` is updated) and its new rank."""
    if level not in PROFICIENCY_LEVELS:
        if proficiency:
            problems.append(
                f"level {level} grants no proficiency rank (only 4, 7, 10, 13, 16, 19, 20)"
            )
        return None, None
    if not proficiency:
        problems.append(
            f"level {level} grants a proficiency rank (000: 'gaining additional levels "
            "at 4, 7, 10, 13, 16, 19, and 20th levels'): name a proficiency"
        )
        return None, None
    new_rank, problem = raise_proficiency(proficiencies, proficiency)
    if problem:
        problems.append(problem)
    return proficiency.strip().casefold(), new_rank


@dataclass(frozen=True)
class FeatTaken:
    """The feat a level grants: its name, the ranks it grants, the fields it sets."""

    name: str | None = None
    granted: list[str] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)


def _feat_taken(
    character: Character,
    level: int,
    feat: str | None,
    feat_proficiencies: Sequence[str],
    choices: Mapping[str, str],
    proficiencies: dict[str, Rank],
    compendium: Compendium | None,
    problems: list[str],
) -> FeatTaken:
    """000: "an additional feat of choice ... at 8th and 16th levels", with Focus and
    Versatile's ranks and a choice such as Dragon's Breath's element."""
    taken = FeatTaken()
    if level in FEAT_LEVELS:
        if not feat:
            problems.append(
                f"level {level} grants a feat (000: 'an additional feat of choice'): name one"
            )
        else:
            comp = compendium or load_compendium()
            feat, chosen, choice_problems = feat_choices(feat, choices)
            problems += choice_problems
            feat_problems = new_feat_problems(character, feat, comp)
            problems += feat_problems
            if not feat_problems:
                name = comp.feat(feat).name
                granted, grant_problems = _feat_proficiencies(
                    name, feat_proficiencies, proficiencies
                )
                problems += grant_problems
                taken = FeatTaken(name, granted, chosen)
    elif feat:
        problems.append(f"level {level} grants no feat (only 8 and 16)")
    if choices and taken.name is None and not problems:
        problems.append(f"choices {sorted(choices)} belong to a feat taken this level")
    feat_problem_reported = level in FEAT_LEVELS and taken.name is None
    grants_ranks = taken.name is not None and taken.name.casefold() in FEAT_PROFICIENCY_RANKS
    if feat_proficiencies and not grants_ranks and not feat_problem_reported:
        problems.append("feat proficiencies are only for Focus or Versatile taken this level")
    return taken


def _free_points(
    level: int,
    free_level: bool,
    points: Mapping[str, int] | Sequence[str] | None,
    picks: Sequence[str] | Chooser | None,
    dice: DiceSource | None,
    problems: list[str],
) -> dict[str, int]:
    """000 levels 8 and 16: "9 points to freely assign to their stats without rolling
    (maximum of 2 per stat)"; every other level is rolled and takes no points."""
    if free_level:
        if picks is not None and not callable(picks):
            problems.append(
                f"level {level} is not rolled, so there is nothing to pick; "
                "assign the 9 points instead"
            )
        if points is None:
            problems.append(
                f"level {level}: assign 9 points (000: '9 points to freely assign to their "
                "stats without rolling (maximum of 2 per stat)')"
            )
            return {}
        assigned, point_problems = check_points(points)
        problems += point_problems
        return assigned
    if points is not None:
        problems.append(f"level {level} is rolled; free points are only for levels 8 and 16")
    if dice is None:
        problems.append(f"level {level} is rolled: dice are needed")
    if picks is not None and not callable(picks):
        problems += _pick_form_problems(picks)
    return {}


def _capped(
    character: Character, increases: dict[str, int], options: LevelUpOptions
) -> dict[str, int]:
    """The increases lost to the ``stat_cap_after_creation`` / ``hp_cap_after_creation``
    rulings (``increases`` is reduced in place); none by default."""
    now = current_stats(character)
    lost: dict[str, int] = {}
    for stat in STATS:
        cap = options.cap(stat, character)
        gain = increases.get(stat, 0)
        if cap is not None and gain:
            over = now.get(stat) + gain - cap
            if over > 0:
                lost[stat] = min(gain, over)
                increases[stat] = gain - lost[stat]
    return lost


def level_up(
    character: Character,
    dice: DiceSource | None = None,
    picks: Sequence[str] | Chooser | None = None,
    *,
    points: Mapping[str, int] | Sequence[str] | None = None,
    proficiency: str | None = None,
    feat: str | None = None,
    feat_proficiencies: Sequence[str] = (),
    compendium: Compendium | None = None,
    options: LevelUpOptions | None = None,
    choices: Mapping[str, str] | None = None,
) -> tuple[Character, LevelUpReport]:
    """Gain one level; return the new character and a report of every die.

    Rolled levels (all but 8 and 16): 000 "the GM rolls a d20 for each stat, and add
    the character's growth rates to the results" -- dice are drawn from ``dice`` in the
    order HP, Str, Mag, Skl, Spd, Lck, Def, Res, then tie rerolls (see
    ``select_candidates``). "A natural 20 grants a free point"; "Of the 5 highest
    results, the player chooses 4": ``picks`` is a list of 4 stat names or a callback
    given the report so far (returns the names; not called when there is nothing to
    choose, e.g. at levels 8 and 16; ``highest`` picks the 4 highest). None, where there
    is a choice, raises ``NeedChoice`` (the engine never picks for the player). With 4
    or fewer candidates all of them increase.

    Levels 8 and 16: "9 points to freely assign to their stats without rolling (maximum
    of 2 per stat), and gain 2 additional hit points" -- ``points`` is required (a
    mapping stat -> points, or a list with one stat name per point); no dice are drawn.

    ``proficiency`` is required at levels 4, 7, 10, 13, 16, 19, 20 ("gaining additional
    levels at 4, 7, 10, 13, 16, 19, and 20th levels"); ``feat`` at 8 and 16 ("an
    additional feat of choice ... at 8th and 16th levels"); Focus and Versatile also
    need ``feat_proficiencies`` (1 and 3 different types); Dragon's Breath needs its
    element ("Choose Fire, Ice, or Lightning as your element"), given as
    ``choices={"element": "Fire"}`` or in the feat's name, ``"Dragon's Breath (Fire)"``
    (``feat_choices``). "Characters ... 5 Movement"
    rises by one at 8 and 16 (derived by ``movement``). Max level 20.

    Invalid input raises ``RulesError`` listing every problem; inputs are checked before
    any die is drawn where possible (the picks can only be checked after the roll). The
    given ``character`` is never changed.
    """
    options = options or LevelUpOptions()
    level = character.level + 1
    problems: list[str] = []
    if level > MAX_LEVEL:
        raise RulesError(f"{character.name} is already level {MAX_LEVEL}, the highest level")
    free_level = level in FREE_POINT_LEVELS

    # proficiency rank and feat, checked before any die is drawn
    proficiencies: dict[str, Rank] = dict(character.proficiencies)
    prof_key, new_rank = _proficiency_rank(level, proficiency, proficiencies, problems)
    taken = _feat_taken(
        character, level, feat, feat_proficiencies, choices or {}, proficiencies, compendium,
        problems,
    )
    feat_name, granted, chosen_choices = taken.name, taken.granted, taken.choices
    assigned = _free_points(level, free_level, points, picks, dice, problems)
    if problems:
        raise RulesError(problems)

    if free_level:
        increases = dict(assigned)
        increases["hp"] = increases.get("hp", 0) + FREE_LEVEL_HP
        rolls: tuple[StatRoll, ...] = ()
        candidates: list[str] = []
        chosen: list[str] = []
        record_rolls: dict[str, list[int]] = {}
    else:
        assert dice is not None
        rolls, candidates, chosen, record_rolls = _roll(character, level, dice, picks)
        increases = {str(stat): 0 for stat in STATS}
        for roll in rolls:
            increases[roll.stat] += int(roll.natural_20) + int(roll.stat in chosen)

    lost = _capped(character, increases, options)
    increase_line = StatLine.of(increases)

    record = LevelUp(
        level=level,
        rolls=record_rolls,
        increases=increase_line,
        proficiency=prof_key,
        feat=feat_name,
    )
    update: dict[str, Any] = {
        "level_ups": [*character.level_ups, record],
        "proficiencies": proficiencies,
    }
    if feat_name:
        update["feats"] = [*character.feats, feat_name]
        if feat_name.casefold() == "focus" and granted:
            update["focus"] = granted[0]
        update.update(chosen_choices)
    leveled = character.model_copy(update=update)
    rolls = tuple(
        replace(roll, increase=increase_line.get(roll.stat), lost=lost.get(roll.stat, 0))
        for roll in rolls
    )
    report = LevelUpReport(
        name=character.name,
        level=level,
        rolled=not free_level,
        rolls=rolls,
        candidates=tuple(candidates),
        picked=tuple(chosen),
        free_points=tuple(roll.stat for roll in rolls if roll.natural_20),
        assigned=assigned,
        increases=increase_line,
        lost=lost,
        proficiency=prof_key,
        proficiency_rank=new_rank,
        feat=feat_name,
        feat_proficiencies=tuple(granted),
        proficiencies=dict(proficiencies),
        stats=current_stats(leveled),
        movement=movement(leveled),
    )
    return leveled, report


def _roll(
    character: Character, level: int, dice: DiceSource, picks: Sequence[str] | Chooser | None
) -> tuple[tuple[StatRoll, ...], list[str], list[str], dict[str, list[int]]]:
    label = f"{character.name} level {level}"
    rolls: list[StatRoll] = []
    for stat in STATS:
        die = dice.draw(20, f"{label}: {_NAME[stat]}")
        growth = character.growths.get(stat)
        rolls.append(StatRoll(stat, die, growth, die + growth, die == 20, die == 1))

    def reroll(stat: str) -> int:
        return dice.draw(20, f"{label}: {_NAME[stat]} tie reroll")

    candidates, rerolls = select_candidates(rolls, reroll)
    rolls = [
        replace(roll, rerolls=tuple(rerolls.get(roll.stat, ())), candidate=roll.stat in candidates)
        for roll in rolls
    ]
    if len(candidates) <= PICKS:
        chosen = list(candidates)
        if picks is not None and not callable(picks):
            keys, problems = check_picks(candidates, picks)
            if problems or set(keys) != set(candidates):
                raise RulesError(problems or [f"every candidate increases: {_names(candidates)}"])
    else:
        if picks is None or callable(picks):
            view = LevelUpReport(
                name=character.name,
                level=level,
                rolled=True,
                rolls=tuple(rolls),
                candidates=tuple(candidates),
            )
            if picks is None:
                raise pick_needed(view)
            wanted = list(picks(view))
        else:
            wanted = list(picks)
        keys, problems = check_picks(candidates, wanted)
        if problems:
            raise RulesError(problems)
        chosen = keys
    chosen = [stat for stat in STATS if stat in chosen]
    record = {roll.stat: [roll.die, *roll.rerolls] for roll in rolls}
    return tuple(rolls), candidates, chosen, record


def check_points(points: Mapping[str, int] | Sequence[str]) -> tuple[dict[str, int], list[str]]:
    """Normalize level 8/16 points and list what is wrong: 000 "9 points to freely
    assign to their stats without rolling (maximum of 2 per stat)"."""
    problems: list[str] = []
    raw: list[tuple[str, int]]
    if isinstance(points, Mapping):
        raw = [(str(k), v) for k, v in points.items()]
    else:
        raw = [(str(name), 1) for name in points]
    assigned: dict[str, int] = {}
    for name, value in raw:
        key = stat_key(name)
        if key is None:
            problems.append(f"{name!r} is not a stat; use {', '.join(STAT_NAMES.values())}")
            continue
        if not isinstance(value, int) or value < 0:
            problems.append(f"{_NAME[key]}: {value!r} is not a number of points")
            continue
        assigned[key] = assigned.get(key, 0) + value
    over = [k for k, v in assigned.items() if v > FREE_POINTS_PER_STAT]
    if over:
        problems.append(f"at most 2 points per stat (000 'maximum of 2 per stat'): {_names(over)}")
    total = sum(assigned.values())
    if total != FREE_POINTS and not any("not a" in p for p in problems):
        problems.append(f"assign exactly 9 points (000 '9 points to freely assign'); got {total}")
    assigned = {k: v for k, v in assigned.items() if v}
    return {stat: assigned[stat] for stat in STATS if stat in assigned}, problems


def _feat_proficiencies(
    feat: str, chosen: Sequence[str], proficiencies: dict[str, Rank]
) -> tuple[list[str], list[str]]:
    """Focus: "one rank in a proficiency of your choice"; Versatile: "one rank in 3
    different proficiencies". Applied in place after the level's own rank."""
    needed = FEAT_PROFICIENCY_RANKS.get(feat.casefold(), 0)
    if not needed:
        return [], []
    keys = [name.strip().casefold() for name in chosen]
    if len(keys) != needed or len(set(keys)) != needed:
        what = "1 proficiency" if needed == 1 else f"{needed} different proficiencies"
        return [], [f"{feat} grants a rank in {what}: name {what} (got {len(keys)})"]
    problems = []
    for key in keys:
        _, problem = raise_proficiency(proficiencies, key)
        if problem:
            problems.append(f"{feat}: {problem}")
    return keys, problems


# --- checking recorded level-ups -----------------------------------------------------


def record_problems(character: Character, options: LevelUpOptions | None = None) -> list[str]:
    """Whether the unit file's level-up records could have happened.

    Levels run 2, 3, ... in order up to 20. Levels 8 and 16 hold no rolls and "9 points
    ... (maximum of 2 per stat), and gain 2 additional hit points" (HP +2..+4, the rest
    +0..+2, 11 in all). Other levels hold a d20 (then any tie rerolls) for each of the
    8 stats; replaying ``select_candidates`` on them must give the candidates, every
    natural 20 must give exactly +1, a natural 1 nothing, and exactly 4 (or all, if
    fewer) candidates +1. With a cap option set, a stat that reached its cap may show
    less. A proficiency is recorded exactly at 4, 7, 10, 13, 16, 19, 20; a feat exactly
    at 8 and 16.
    """
    options = options or LevelUpOptions()
    problems: list[str] = []
    if len(character.level_ups) > MAX_LEVEL - 1:
        problems.append(f"{len(character.level_ups)} level-ups go past level {MAX_LEVEL}")
    running = dict(current_stats(character.model_copy(update={"level_ups": []})).as_dict())
    for index, record in enumerate(character.level_ups):
        level = index + 2
        where = f"level-up #{index + 1}"
        if record.level != level:
            problems.append(
                f"{where} says level {record.level}; levels go 2, 3, ... so it should be {level}"
            )
        if level in PROFICIENCY_LEVELS and not record.proficiency:
            problems.append(f"level {level}: the proficiency rank gained is not recorded")
        if level not in PROFICIENCY_LEVELS and record.proficiency:
            problems.append(
                f"level {level} grants no proficiency rank, but records {record.proficiency!r}"
            )
        if record.proficiency and record.proficiency not in PROFICIENCY_TYPES:
            problems.append(f"level {level}: unknown proficiency {record.proficiency!r}")
        if level in FEAT_LEVELS and not record.feat:
            problems.append(f"level {level}: the feat gained is not recorded")
        if level not in FEAT_LEVELS and record.feat:
            problems.append(f"level {level} grants no feat, but records {record.feat!r}")
        gains = record.increases.as_dict()
        capped: set[str] = {
            stat
            for stat in STATS
            if (cap := options.cap(stat, character)) is not None
            and running[stat] + gains[stat] >= cap
        }
        if level in FREE_POINT_LEVELS:
            problems += _free_record_problems(level, record, gains, capped)
        else:
            problems += _rolled_record_problems(character, level, record, gains, capped)
        for stat in STATS:
            running[stat] += gains[stat]
    return problems


def _free_record_problems(
    level: int, record: LevelUp, gains: dict[str, int], capped: set[str]
) -> list[str]:
    problems = []
    if record.rolls:
        problems.append(f"level {level} is not rolled (000 'without rolling'), but records rolls")
    hp_free = gains["hp"] - FREE_LEVEL_HP
    bad = [
        s
        for s in STATS
        if s not in capped and not 0 <= (hp_free if s == "hp" else gains[s]) <= FREE_POINTS_PER_STAT
    ]
    if bad:
        problems.append(
            f"level {level}: {_names(bad)} out of range (HP +2 to +4, others +0 "
            "to +2: 'maximum of 2 per stat, and gain 2 additional hit points')"
        )
    total = sum(gains.values())
    if total != FREE_POINTS + FREE_LEVEL_HP and not (capped and total < 11):
        problems.append(f"level {level}: increases total {total}; 9 points plus 2 HP make 11")
    return problems


def _rolled_record_problems(
    character: Character, level: int, record: LevelUp, gains: dict[str, int], capped: set[str]
) -> list[str]:
    where = f"level {level}"
    problems = []
    missing = [s for s in STATS if not record.rolls.get(s)]
    unknown = sorted(set(record.rolls) - set(STATS))
    if unknown:
        problems.append(f"{where}: rolls for unknown stat(s) {', '.join(unknown)}")
    if missing:
        return [*problems, f"{where}: no d20 recorded for {_names(missing)}"]
    bad = [s for s in STATS if any(not 1 <= v <= 20 for v in record.rolls[s])]
    if bad:
        return [*problems, f"{where}: {_names(bad)} recorded a d20 result outside 1-20"]
    rolls = []
    for stat in STATS:
        die = record.rolls[stat][0]
        growth = character.growths.get(stat)
        rolls.append(StatRoll(stat, die, growth, die + growth, die == 20, die == 1))
    pending: dict[str, list[int]] = {stat: list(record.rolls[stat][1:]) for stat in STATS}

    class _Short(Exception):
        pass

    def reroll(stat: str) -> int:
        if not pending[stat]:
            raise _Short(stat)
        return pending[stat].pop(0)

    try:
        candidates, _ = select_candidates(rolls, reroll)
    except _Short as short:
        return [
            *problems,
            f"{where}: the tie at the fifth place needs another reroll for "
            f"{_names([str(short.args[0])])}",
        ]
    extra = [s for s in STATS if pending[s]]
    if extra:
        problems.append(f"{where}: {_names(extra)} record rerolls no tie called for")
    picked = []
    for roll in rolls:
        gain = gains[roll.stat]
        if roll.natural_20:
            if gain != 1 and not (roll.stat in capped and gain < 1):
                problems.append(
                    f"{where}: {_NAME[roll.stat]} rolled a natural 20, so it "
                    f"rises by exactly 1 ('grants a free point'), not {gain}"
                )
        elif roll.stat in candidates:
            if gain == 1:
                picked.append(roll.stat)
            elif gain != 0:
                problems.append(f"{where}: {_NAME[roll.stat]} rises by {gain}; a pick is +1")
        elif gain:
            reason = "rolled a natural 1" if roll.natural_1 else "was not among the 5 highest"
            problems.append(f"{where}: {_NAME[roll.stat]} {reason} but rises by {gain}")
    needed = min(PICKS, len(candidates))
    lost = len([s for s in candidates if s in capped and gains[s] == 0])
    if len(picked) > needed or len(picked) + lost < needed:
        problems.append(
            f"{where}: {len(picked)} candidates rise; the player chooses "
            f"{needed} ('the player chooses 4 to increase by 1 point')"
        )
    return problems


__all__ = [
    "LevelUpOptions",
    "LevelUpReport",
    "StatRoll",
    "check_picks",
    "check_points",
    "default_picks",
    "highest",
    "level_up",
    "new_feat_problems",
    "pick_needed",
    "raise_proficiency",
    "record_problems",
    "select_candidates",
    "stat_key",
]
