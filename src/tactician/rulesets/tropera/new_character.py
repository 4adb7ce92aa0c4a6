"""Tropera's character creation through the contract (``Capability.CREATION``).

000's steps, in its order: "Characters start with 10 Hit Points and 5 Movement. From
there, players have 35 points they may assign to Hit Points, Strength, Magic, Skill,
Speed, Luck, Defense, and Resistance as they choose, but not exceeding 10 points per
stat (20 for HP)." "Once a character's points are assigned, the player chooses their
stat growth rates by assigning a value between 0-3 (0-4 for HP) to each stat." "To
finish character creation, the player chooses a feat ... and a D-rank weapon or magic
proficiency." A laguz or manakete (000's optional rule) takes its kind's option "in
place of the character's level 1 feat", and a laguz "'Clips' as their level 1 weapon
proficiency". "Characters start the game with 3 inventory slots for weapons, 2 slots
for items, and 1 slot for a relic": 000 names no starting gear, so the weapons, items
and relic are the table's to give (by name, default none; docs/rulings.md).

Each choice comes from ``--choose NAME=VALUE`` or, with an ``Asker`` (a terminal),
is asked in that order, showing the points left; an answer that breaks a rule is
refused in the rules' words and asked again. With nobody to ask, every missing choice
is refused at once (``NeedChoice``). No dice: creation is point-buy. The character is
checked whole (``creation.character_problems``) before it is returned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest, Asker, ChoiceSpec, Section
from tactician.rulesets.contract.creation_choice import take_choice
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.contract_advance import parse_points, split
from tactician.rulesets.tropera.contract_sheet import sheet_of
from tactician.rulesets.tropera.creation import (
    character_data,
    character_problems,
    feat_problems,
    growth_problems,
    inventory_problems,
    point_problems,
    proficiency_problems,
)
from tactician.rulesets.tropera.levelup import stat_key
from tactician.rulesets.tropera.models import Character, Kind, StatLine
from tactician.rulesets.tropera.progression import (
    CREATION_HP_CAP,
    CREATION_POINTS,
    CREATION_STAT_CAP,
    FEAT_PROFICIENCY_RANKS,
    GROWTH_HP_MAX,
    GROWTH_MAX,
    LAGUZ_KINDS,
    LEVEL1_OPTIONS,
    PROFICIENCY_TYPES,
)
from tactician.rulesets.tropera.sheet import sheet_data
from tactician.rulesets.tropera.stats import STAT_NAMES, STATS

KINDS: tuple[str, ...] = get_args(Kind)
_NAME: dict[str, str] = {str(k): v for k, v in STAT_NAMES.items()}
_ORDER: list[str] = [str(stat) for stat in STATS]

CHOICES = (
    ChoiceSpec("kind", f"human (default) or, by 000's optional rule, {', '.join(KINDS[1:])}."),
    ChoiceSpec("points", "The 35 points, at most 10 a stat (20 HP), e.g. "
               "hp=5,str=6,skl=7,spd=8,lck=4,def=3,res=2 (a stat left out has 0)."),
    ChoiceSpec("growths", "A growth rate for each stat, 0-3 (HP 0-4), e.g. "
               "hp=3,str=2,skl=3,spd=3,lck=2,def=1,res=1."),
    ChoiceSpec("feat", "The level-1 feat (`compendium list feats`); a laguz or manakete "
               "takes its kind's option in its place."),
    ChoiceSpec("proficiency", "The D-rank weapon or magic proficiency, e.g. sword (a "
               "laguz takes clips)."),
    ChoiceSpec("feat_proficiency", "Focus: 1 type; Versatile: 3 types, comma-separated."),
    ChoiceSpec("weapons", "Weapons carried, up to 3, comma-separated (default none)."),
    ChoiceSpec("items", "Items carried, up to 2, comma-separated (default none)."),
    ChoiceSpec("relic", "A relic for the relic slot (default none)."),
    ChoiceSpec("equipped", "The weapon in hand (default: the first carried)."),
)

Check = Callable[[Character], list[str]]
_EXAMPLES = {"points": "hp=5,str=6,skl=7,spd=8,lck=4,def=3,res=2",
             "growths": "hp=3,str=2,skl=3,spd=3,lck=2,def=1,res=1", "feat": "NAME",
             "proficiency": "TYPE", "feat_proficiency": "TYPE"}


def create(name: str, request: AdvanceRequest, compendium: Compendium) -> Advancement:
    """A new level-1 character called ``name`` by 000's creation."""
    unknown = sorted(set(request.choices) - {c.name for c in CHOICES})
    if unknown:
        extra = (" (000: 'Instead of choosing unit classes, players customize their "
                 "characters' abilities by choosing feats')" if "class" in unknown else "")
        raise RulesError(f"tropera creation has no choice {', '.join(unknown)}{extra}; "
                         f"choices: {', '.join(c.name for c in CHOICES)}")
    build = _Build(name, dict(request.choices), request.asker, compendium)
    character = build.character()
    problems = character_problems(character, compendium)
    if problems:
        raise RulesError(problems)
    data = sheet_data(character, compendium)
    report = {"ruleset": "tropera", "name": character.name, "kind": character.kind,
              "points": character.points.as_dict(), "growths": character.growths.as_dict(),
              "feats": list(character.feats), "proficiencies": dict(character.proficiencies),
              "weapons": [str(w) for w in character.weapons], "items": list(character.items),
              "relic": character.relic}
    return Advancement(unit=character_data(character), report=report,
                       sections=sheet_of(data).sections, rolled=False)


def _stat_line(text: str, what: str) -> StatLine:
    """``hp=5,str=6`` as a StatLine (omitted stats 0); refuses an unknown stat."""
    values: dict[str, int] = {}
    for key, value in parse_points(text).items():
        stat = stat_key(key)
        if stat is None:
            raise RulesError(f"{what}: {key!r} is not a stat; use {', '.join(_NAME.values())}")
        values[stat] = values.get(stat, 0) + value
    return StatLine.of(values)


class _Build:
    """The character taking shape, one choice after another (each checked)."""

    def __init__(self, name: str, given: dict[str, str], asker: Asker | None,
                 compendium: Compendium) -> None:
        self.given, self.asker, self.compendium = given, asker, compendium
        self.fields: dict[str, Any] = {"name": name, "points": StatLine(),
                                       "growths": StatLine()}
        self.missing: list[tuple[str, str]] = []

    def tell(self, line: str) -> None:
        if self.asker is not None:
            self.asker.show([Section(lines=(line,))])

    def draft(self, **update: Any) -> Character:
        return Character.model_validate({**self.fields, **update})

    def character(self) -> Character:
        self.kind()
        self.stats("points", point_problems, self._point_question)
        self.stats("growths", growth_problems, self._growth_question)
        self.feat()
        self.proficiency()
        self.gear()
        if self.missing:
            raise NeedChoice(self.missing)
        return self.draft()

    # --- one choice ------------------------------------------------------------------

    def choose(self, name: str, question: str, apply: Callable[[str], dict[str, Any]],
               check: Check, default: str | None = None) -> None:
        """Take ``name`` from the flags, else ask until the rules accept the answer,
        else (nobody to ask) note it as missing; ``default`` fills an optional one."""
        if not take_choice(name, question, self.given, self.asker, default,
                           lambda raw: self._problems(raw, apply, check)):
            example = _EXAMPLES.get(name, "...")
            self.missing.append((name, f"{question}: give --choose {name}={example}"))

    def _problems(self, raw: str, apply: Callable[[str], dict[str, Any]],
                  check: Check) -> list[str]:
        try:
            update = apply(raw)
            problems = check(self.draft(**update))
        except (RulesError, ValueError) as exc:
            return getattr(exc, "problems", None) or [str(exc)]
        if not problems:
            self.fields.update(update)
        return problems

    # --- the steps -------------------------------------------------------------------

    def kind(self) -> None:
        def apply(raw: str) -> dict[str, Any]:
            kind = raw.strip().casefold() or "human"
            if kind not in KINDS:
                raise RulesError(f"{raw!r} is no kind; use {', '.join(KINDS)}")
            return {"kind": kind}

        self.choose("kind", f"Kind ({', '.join(KINDS)})", apply, lambda c: [], "human")

    def stats(self, name: str, check: Check, question: Callable[[str, StatLine], str]) -> None:
        """Points or growths: a stat line from the flags, else asked stat by stat."""
        if name in self.given or self.asker is None:
            self.choose(name, question("", StatLine()),
                        lambda raw: {name: _stat_line(raw, name)}, check)
            return
        self.tell(question("", StatLine()))
        values: dict[str, int] = {}
        for stat in STATS:
            def apply(raw: str, stat: str = stat) -> dict[str, Any]:
                return {name: StatLine.of({**values, stat: int(raw)})}

            def partial(character: Character, stat: str = stat) -> list[str]:
                return _partial_problems(name, character, stat)

            self.choose(f"{name}.{stat}", question(stat, StatLine.of(values)), apply, partial)
            values[stat] = self.fields[name].get(stat)
        problems = check(self.draft())
        if problems:  # the stat-by-stat bounds make a full line legal; say so if not
            raise RulesError(problems)

    @staticmethod
    def _point_question(stat: str, so_far: StatLine) -> str:
        if not stat:
            return (f"{CREATION_POINTS} points to assign, at most {CREATION_STAT_CAP} a "
                    f"stat ({CREATION_HP_CAP} HP) (000)")
        low, high, left = _point_bounds(stat, so_far)
        span = str(low) if low == high else f"{low}-{high}"
        return f"{_NAME[stat]} points ({span}; {left} of {CREATION_POINTS} left)"

    @staticmethod
    def _growth_question(stat: str, so_far: StatLine) -> str:
        if not stat:
            return "a growth rate for each stat, 0-3 (0-4 for HP) (000)"
        high = GROWTH_HP_MAX if stat == "hp" else GROWTH_MAX
        return f"{_NAME[stat]} growth (0-{high})"

    def feat(self) -> None:
        kind = self.fields.get("kind", "human")
        option = LEVEL1_OPTIONS.get(kind)
        if option is not None:  # "in place of the character's level 1 feat"
            self.fields["feats"] = [option]
            if "feat" in self.given and self.given["feat"].casefold() != option.casefold():
                raise RulesError(f"feat: a {kind} takes {option!r} in place of the level-1 "
                                 "feat (000)")
            clips = " and 'Clips' as the D rank" if kind in LAGUZ_KINDS else ""
            self.tell(f"A {kind} takes {option!r} in place of the level-1 feat{clips} (000)")
            return
        self.choose("feat", f"Level-1 feat, one of {', '.join(self._feats())}",
                    lambda raw: {"feats": [self.compendium.feat(raw).name]},
                    lambda c: feat_problems(c, self.compendium))
        feats = self.fields.get("feats", [])
        needed = FEAT_PROFICIENCY_RANKS.get(feats[0].casefold(), 0) if feats else 0
        if needed:
            self.fields["feat_ranks"] = needed

    def _feats(self) -> list[str]:
        return [feat.name for feat in self.compendium.feats.values()
                if not feat.level1_option and not feat_problems(
                    self.draft(feats=[feat.name]), self.compendium)]

    def proficiency(self) -> None:
        """The D rank ("a D-rank weapon or magic proficiency"; a laguz: Clips), then a
        Focus or Versatile feat's ranks on top."""
        ranks = self.fields.pop("feat_ranks", 0)
        if self.fields.get("kind") in LAGUZ_KINDS:
            self.fields["proficiencies"] = {"clips": "D"}
        else:
            self.choose("proficiency", f"D-rank proficiency, one of {', '.join(PROFICIENCY_TYPES)}",
                        lambda raw: {"proficiencies": {_type(raw): "D"}},
                        lambda c: [] if ranks else proficiency_problems(c))
        if not ranks or "proficiencies" not in self.fields:
            return
        feat = self.fields["feats"][0]
        self.choose("feat_proficiency", f"{feat}: {ranks} proficiency type(s) for its "
                    "rank(s), comma-separated", lambda raw: self._feat_ranks(feat, raw),
                    proficiency_problems)

    def _feat_ranks(self, feat: str, raw: str) -> dict[str, Any]:
        from tactician.rulesets.tropera.levelup import raise_proficiency

        profs = dict(self.fields["proficiencies"])
        kinds = [_type(part) for part in split(raw)]
        for kind in kinds:
            _, problem = raise_proficiency(profs, kind)
            if problem:
                raise RulesError(problem)
        update: dict[str, Any] = {"proficiencies": profs}
        if feat.casefold() == "focus" and kinds:
            update["focus"] = kinds[0]
        return update

    def gear(self) -> None:
        """000 "3 inventory slots for weapons, 2 slots for items, and 1 slot for a
        relic": the table's gear by name, none by default."""
        def check(character: Character) -> list[str]:
            return inventory_problems(character, self.compendium)

        self.choose("weapons", "Weapons carried (up to 3, comma-separated; empty: none)",
                    lambda raw: {"weapons": [self.compendium.weapon(w).name
                                             for w in split(raw)]}, check, "")
        self.choose("items", "Items carried (up to 2, comma-separated; empty: none)",
                    lambda raw: {"items": [self.compendium.item(i).name for i in split(raw)]},
                    check, "")
        self.choose("relic", "Relic (empty: none)",
                    lambda raw: {"relic": self.compendium.item(raw).name if raw.strip()
                                 else None}, check, "")
        weapons = self.fields.get("weapons") or []
        if len(weapons) < 2 and "equipped" not in self.given:  # nothing to choose
            self.fields["equipped"] = weapons[0] if weapons else None
            return
        self.choose("equipped", f"Weapon in hand, one of {', '.join(weapons)}",
                    lambda raw: {"equipped": raw.strip() or None}, check,
                    weapons[0] if weapons else "")


def _type(raw: str) -> str:
    kind = raw.strip().casefold()
    if kind not in PROFICIENCY_TYPES:
        raise RulesError(f"unknown proficiency {raw!r}; use {', '.join(PROFICIENCY_TYPES)}")
    return kind


def _point_bounds(stat: str, so_far: StatLine) -> tuple[int, int, int]:
    """(lowest, highest, points left) for ``stat`` so that the stats after it can still
    take exactly what is left (no answer leads to a dead end)."""
    left = CREATION_POINTS - sum(so_far.as_dict().values())
    after = _ORDER[_ORDER.index(stat) + 1:]
    room = sum(CREATION_HP_CAP if s == "hp" else CREATION_STAT_CAP for s in after)
    cap = CREATION_HP_CAP if stat == "hp" else CREATION_STAT_CAP
    return max(0, left - room), min(cap, left), left


def _partial_problems(name: str, character: Character, stat: str) -> list[str]:
    """One stat's answer while a line is asked: in range, and (points) leaving the
    stats after it a legal rest."""
    value = getattr(character, name).get(stat)
    label = _NAME[stat]
    if name == "growths":
        high = GROWTH_HP_MAX if stat == "hp" else GROWTH_MAX
        return [] if 0 <= value <= high else [
            f"{label} growth is {value}; 000 allows 'a value between 0-3 (0-4 for HP)'"]
    before = StatLine.of({s: v for s, v in character.points.as_dict().items()
                          if _ORDER.index(s) < _ORDER.index(stat)})
    low, high, left = _point_bounds(stat, before)
    if low <= value <= high:
        return []
    span = str(low) if low == high else f"{low}-{high}"
    return [f"{label} takes {span} points here ({left} of {CREATION_POINTS} left; "
            f"000: 35 points, 'not exceeding 10 points per stat (20 for HP)')"]


def creation_choices() -> list[ChoiceSpec]:
    return list(CHOICES)


__all__ = ["CHOICES", "create", "creation_choices"]
