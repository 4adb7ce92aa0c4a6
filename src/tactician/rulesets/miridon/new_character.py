"""Miridon's character creation through the contract (``Capability.CREATION``).

004's steps (the order is the spec's, ``specs/miridon-004.md`` §2.2): "When a character
chooses a basic class, they gain the initial stats for that class." (L5; the numbers
are ruling ``class_start_stats``, none are printed); "Generally, starting players
should not be allowed to play a unique class" (L244: refused unless the option
``allow_unique_start``); the starting skill points (ruling ``start_skill_points``) are
then spent: "These boosts are purchased with skill points." (L272) on skills, talents
and flairs (L272-399), each purchase checked for its prerequisites and cost; then the
weapons and armor the character can wield (L1418, L1600, L1610).

Each choice comes from ``--choose NAME=VALUE`` or, with an ``Asker`` (a terminal), is
asked; an answer the rules refuse is refused in their words and asked again. Only the
class has no default: with nobody to ask it is refused by name (``NeedChoice``). No
dice: a Miridon character is built, not rolled. The result is the unit file
``build.build_character`` accepts (the same procedure ``character add`` checks with),
so a creation the check would refuse is never written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest, Asker, ChoiceSpec, Row, Section
from tactician.rulesets.contract.creation_choice import take_choice
from tactician.rulesets.miridon.build import build_character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.contract_advance import parse_options, shorthand
from tactician.rulesets.miridon.contract_sheet import sheet_of
from tactician.rulesets.miridon.events import PURCHASES, LedgerEvent
from tactician.rulesets.miridon.options import MiridonOptions
from tactician.rulesets.miridon.sheet import sheet
from tactician.rulesets.miridon.unit import MiridonUnit

# what a new character may buy (a GM's grant is an advancement step, not a creation's)
CREATION_PURCHASES = tuple(kind for kind in PURCHASES if kind != "lose_crew")

CHOICES = (
    ChoiceSpec("class", "The basic class (004 L3-51): Grand Devourer, Skiffmaster, Duelist, "
               "The Vessel, Techie or Ghost Hunter; its initial stats are ruling "
               "class_start_stats (L5)."),
    ChoiceSpec("race", "Human (default) or a mutation tag a racial flair names (L1361, "
               "e.g. Dragon)."),
    ChoiceSpec("buys", "The starting skill points spent, in order, ';'-separated KIND:NAME "
               f"with KIND one of {', '.join(CREATION_PURCHASES)} (e.g. "
               "'buy_flair:Parry; buy_talent:Dodge Boost'); default none: spend them later "
               "with `character advance`."),
    ChoiceSpec("weapons", "Weapons wielded, comma-separated (`compendium list weapons`; "
               "default none: Unarmed)."),
    ChoiceSpec("armor", "The armor worn (`compendium list armor`; default Unarmored)."),
)
_NAMES = {c.name for c in CHOICES}


def create(name: str, request: AdvanceRequest, compendium: Compendium) -> Advancement:
    """A new Miridon character called ``name``: its unit file, checked whole."""
    unknown = sorted(set(request.choices) - _NAMES)
    if unknown:
        raise RulesError(f"miridon creation has no choice {', '.join(unknown)}; "
                         f"choices: {', '.join(sorted(_NAMES))}")
    options = parse_options(request.options)
    build = _Build(name, dict(request.choices), request.asker, compendium, options)
    unit = build.unit()
    character = build_character(unit, compendium, options, source=name)
    klass = compendium.character_class(unit.class_)
    start = klass.start
    assert start is not None  # build_character refuses a class without starting stats
    made = Section("Created", rows=(
        Row("Class", klass.name + (f" (004 L{klass.lines[0]}-{klass.lines[1]})"
                                   if klass.lines else "")),
        Row("Initial stats", f"{start.max_strength} max strength, {start.max_speed} max "
                             f"speed, {start.max_ghost_hp} max ghost HP (ruling "
                             "class_start_stats, L5: not in the text)"),
        Row("Skill points", f"{options.start_skill_points} to start (ruling "
                            f"start_skill_points), {character.unspent_points} unspent"),
        Row("Bought", ", ".join(event.label() for event in unit.ledger) or "nothing yet"),
    ))
    data: dict[str, Any] = {"name": unit.name, "class": unit.class_}
    if unit.race != "Human":
        data["race"] = unit.race
    if unit.weapons:
        data["weapons"] = list(unit.weapons)
    if unit.armor != "Unarmored":
        data["armor"] = unit.armor
    if unit.ledger:
        data["ledger"] = [shorthand(event) for event in unit.ledger]
    report = {"ruleset": "miridon", "name": unit.name, "class": klass.name,
              "race": unit.race, "weapons": list(unit.weapons), "armor": unit.armor,
              "bought": [shorthand(event) for event in unit.ledger],
              "unspent": character.unspent_points}
    shown = sheet_of(sheet(character, compendium, options)).sections
    return Advancement(unit=data, report=report, sections=(made, *shown), rolled=False)


def parse_buys(text: str) -> tuple[LedgerEvent, ...]:
    """``buy_flair:Parry; buy_talent:Dodge Boost`` as ledger events, in order."""
    events: list[LedgerEvent] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        kind, sep, what = (s.strip() for s in part.partition(":"))
        if not sep or not what:
            raise RulesError(f"{part!r} is not KIND:NAME (e.g. buy_flair:Parry)")
        if kind not in CREATION_PURCHASES:
            grant = " (a GM's grant is an advancement step: `character advance`)" \
                if kind.startswith("grant_") else ""
            raise RulesError(f"{kind!r} is no purchase{grant}; use "
                             f"{', '.join(CREATION_PURCHASES)}")
        events.append(LedgerEvent(kind=kind, name=what))  # type: ignore[arg-type]
    return tuple(events)


class _Build:
    """The unit file taking shape, one choice after another, each checked by building
    the character so far (``build_character``: every violation in the rules' words)."""

    def __init__(self, name: str, given: dict[str, str], asker: Asker | None,
                 compendium: Compendium, options: MiridonOptions) -> None:
        self.given, self.asker = given, asker
        self.compendium, self.options = compendium, options
        self.fields: dict[str, Any] = {"name": name}

    def unit(self) -> MiridonUnit:
        basic = [c.name for c in self.compendium.classes.values() if c.kind == "basic"]
        self.choose("class", f"Basic class ({', '.join(self._with_stats(basic))})",
                    lambda raw: {"class": self.compendium.character_class(raw).name}, None)
        self.choose("race", "Race (Human, or a mutation tag)",
                    lambda raw: {"race": raw.strip() or "Human"}, "Human")
        self.choose("buys", "Spend the starting skill points (KIND:NAME; ..., empty: later)",
                    lambda raw: {"ledger": parse_buys(raw)}, "")
        self.choose("weapons", "Weapons (comma-separated, empty: none)",
                    lambda raw: {"weapons": tuple(
                        self.compendium.weapon(w.strip()).name
                        for w in raw.split(",") if w.strip())}, "")
        self.choose("armor", "Armor (empty: Unarmored)",
                    lambda raw: {"armor": self.compendium.armor_piece(
                        raw.strip() or "Unarmored").name}, "")
        return self.draft()

    def _with_stats(self, classes: list[str]) -> list[str]:
        words = []
        for name in classes:
            start = self.compendium.character_class(name).start
            words.append(name if start is None else
                         f"{name} {start.max_strength}/{start.max_speed}")
        return words

    def draft(self, **update: Any) -> MiridonUnit:
        return MiridonUnit.model_validate({**self.fields, **update})

    def choose(self, name: str, question: str, apply: Callable[[str], dict[str, Any]],
               default: str | None) -> None:
        """Take ``name`` from the flags, else ask until the rules accept the answer,
        else (nobody to ask) fill its default or refuse it as missing."""
        if not take_choice(name, question, self.given, self.asker, default,
                           lambda raw: self._problems(raw, apply)):
            raise NeedChoice([(name, f"{question}: give --choose {name}=VALUE")])

    def _problems(self, raw: str, apply: Callable[[str], dict[str, Any]]) -> list[str]:
        """What the rules refuse once ``raw`` is applied; nothing applied if any."""
        try:
            update = apply(raw)
            build_character(self.draft(**update), self.compendium, self.options,
                            source=str(self.fields["name"]))
        except (RulesError, ValueError) as exc:
            found = getattr(exc, "problems", None)
            return list(found) if found else [str(exc)]
        self.fields.update(update)
        return []
