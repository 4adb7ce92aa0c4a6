"""Checking and applying one ledger event.

``check`` lists every rule an event would break (it never raises for a rule); ``apply``
returns the new character and its ledger entry. The build replays a ledger through both;
advancement refuses an event unless ``check`` is empty (so nothing changes).
"""

from __future__ import annotations

from collections.abc import Callable

from tactician.errors import RulesError
from tactician.rulesets.miridon import costs
from tactician.rulesets.miridon.character import Character, CrewMember, LedgerEntry, frozen_map
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.events import LedgerEvent
from tactician.rulesets.miridon.models import Flair, Prerequisite
from tactician.rulesets.miridon.options import MiridonOptions
from tactician.rulesets.miridon.specials import rank_in, specials_of
from tactician.rulesets.miridon.violations import Violation

DUAL_CLASS = "Dual-Class"


def _known(
    find: Callable[[str], object], name: str, entry: str, rule: str
) -> tuple[object, list[Violation]]:
    try:
        return find(name), []
    except RulesError as exc:
        return None, [Violation(entry, "name", str(exc), rule)]


def _afford(character: Character, cost: int, entry: str, rule: str) -> list[Violation]:
    unspent = max(0, character.unspent_points)  # an earlier refused purchase may be in debt
    if cost > unspent:
        return [Violation(entry, "cost", f"costs {cost} skill points, {unspent} unspent", rule)]
    return []


def class_skills(character: Character, compendium: Compendium) -> frozenset[str]:
    """Class skills of every class the character has (L121: the union after Dual-Class)."""
    names: set[str] = set()
    for class_name in character.classes:
        names.update(s.casefold() for s in compendium.character_class(class_name).class_skills)
    return frozenset(names)


def prerequisite_met(character: Character, compendium: Compendium, item: Prerequisite) -> bool:
    """One "Pre-requisite:" item of a flair (004 Chapter 5)."""
    if item.kind == "flair":
        return character.has_flair(item.target)
    if item.kind == "talent":
        return character.talent_rank(item.target) >= (item.rank or 1)
    if item.kind == "special":
        return rank_in(character, compendium, item.target) >= (item.rank or 1)
    if item.kind == "mutation":
        return character.has_mutation(item.target)
    return any(c.casefold() == item.target.casefold() for c in character.classes)


def _check_flair(
    character: Character, compendium: Compendium, flair: Flair, entry: str
) -> list[Violation]:
    problems = []
    if character.has_flair(flair.name):
        problems.append(
            Violation(
                entry, "name", f"{flair.name} is already owned: flairs are one-time boosts", "L397"
            )
        )
    rule = f"L{flair.prerequisite_line or flair.first_line}"
    for item in flair.prerequisites:
        if not prerequisite_met(character, compendium, item):
            problems.append(
                Violation(entry, "prerequisites", f"{flair.name} needs {item.describe()}", rule)
            )
    return problems + _afford(character, costs.flair_cost(len(character.flairs)), entry, "L399")


def _check_dual(
    character: Character, compendium: Compendium, event: LedgerEvent, entry: str
) -> list[Violation]:
    found, problems = _known(compendium.character_class, event.name or "", entry, "L117-125")
    base = compendium.character_class(character.base_class)
    if base.kind == "unique":
        problems.append(
            Violation(entry, "kind", f"{base.name} is a unique class and cannot dual-class", "L244")
        )
    if found is not None:
        second = compendium.character_class(event.name or "")
        if second.kind == "unique":
            problems.append(
                Violation(
                    entry,
                    "name",
                    f"{second.name} is a unique class and cannot be a second class",
                    "L244",
                )
            )
        if second.name == base.name:
            problems.append(
                Violation(entry, "name", f"the second class must differ from {base.name}", "L119")
            )
    if character.second_class is not None:
        problems.append(
            Violation(
                entry,
                "kind",
                f"already dual-classed ({character.second_class}); Dual-Class is taken once",
                "L390-393",
            )
        )
    for stat, value in (("strength", character.max_strength), ("speed", character.max_speed)):
        if value < 20:
            problems.append(
                Violation(
                    entry,
                    f"max_{stat}",
                    f"Dual-Class needs 20 Maximum {stat.title()} Points, has {value}",
                    "L392",
                )
            )
    return problems + _afford(character, costs.DUAL_CLASS_COST, entry, "L391")


def check(
    character: Character,
    event: LedgerEvent,
    compendium: Compendium,
    options: MiridonOptions,
    entry: str,
) -> list[Violation]:
    """Every rule ``event`` would break if applied to ``character`` now."""
    kind, name = event.kind, event.name or ""
    if kind.startswith("grant_"):
        return []
    if kind == "buy_skill":
        found, problems = _known(compendium.skill, name, entry, "L270-278")
        if found is None:
            return problems
        rank = character.skill_rank(name) + 1
        if options.skill_max_rank is not None and rank > options.skill_max_rank:
            problems.append(
                Violation(
                    entry,
                    "name",
                    f"{name} is at the maximum rank {options.skill_max_rank}",
                    "ruling skill_max_rank",
                )
            )
        cost = costs.skill_rank_cost(
            rank, name.casefold() in class_skills(character, compendium), options
        )
        return problems + _afford(character, cost, entry, "L276")
    if kind == "buy_talent":
        found, problems = _known(compendium.talent, name, entry, "L280-393")
        if found is None:
            return problems
        talent = compendium.talent(name)
        if talent.name == DUAL_CLASS:
            return [
                Violation(
                    entry,
                    "kind",
                    "Dual-Class is taken with take_dual_class: <second class>",
                    "L390-393",
                )
            ]
        rank = character.talent_rank(talent.name) + 1
        if options.talent_max_rank is not None and rank > options.talent_max_rank:
            problems.append(
                Violation(
                    entry,
                    "name",
                    f"{talent.name} is at the maximum rank {options.talent_max_rank}",
                    "ruling talent_max_rank",
                )
            )
        return problems + _afford(
            character, costs.talent_rank_cost(talent, rank), entry, f"L{talent.first_line + 1}"
        )
    if kind == "buy_flair":
        found, problems = _known(compendium.flair, name, entry, "L395-1582")
        return problems or _check_flair(character, compendium, compendium.flair(name), entry)
    if kind == "take_dual_class":
        return _check_dual(character, compendium, event, entry)
    if kind == "recruit_crew":
        return _check_recruit(character, compendium, name, entry)
    # lose_crew
    if not any(m.name.casefold() == name.casefold() for m in character.crew):
        return [Violation(entry, "name", f"no crew member called {name!r}", "L79")]
    return []


def _check_recruit(
    character: Character, compendium: Compendium, name: str, entry: str
) -> list[Violation]:
    rank = rank_in(character, compendium, "Caravan Master")
    if not any(s.name == "Caravan Master" for s in specials_of(character, compendium)):
        return [
            Violation(
                entry,
                "kind",
                "only a character with Caravan Master (Skiffmaster) recruits Crew Members",
                "L71-81",
            )
        ]
    problems = []
    if len(character.crew) >= rank:
        problems.append(
            Violation(
                entry,
                "name",
                f"Caravan Master rank {rank} allows {rank} crew, has {len(character.crew)}",
                "L75",
            )
        )
    if any(m.name.casefold() == name.casefold() for m in character.crew):
        problems.append(
            Violation(entry, "name", f"a crew member is already called {name!r}", "L75")
        )
    return problems


def apply(
    character: Character, event: LedgerEvent, compendium: Compendium, options: MiridonOptions
) -> tuple[Character, LedgerEntry]:
    """The character after ``event``, and the ledger entry recording it. Assumes the names
    resolve; rule violations are ``check``'s business."""
    index = len(character.ledger)
    entry = LedgerEntry(index=index, event=event)
    kind, name, amount = event.kind, event.name or "", event.amount or 0
    changes: dict[str, object] = {}
    if kind == "grant_points":
        entry = LedgerEntry(index, event, granted=amount, rule="ruling miridon.advancement")
    elif kind == "grant_strength":
        changes["max_strength"] = character.max_strength + amount
        entry = LedgerEntry(index, event, rule="ruling miridon.advancement")
    elif kind == "grant_speed":
        changes["max_speed"] = character.max_speed + amount
        entry = LedgerEntry(index, event, rule="ruling miridon.advancement")
    elif kind == "grant_ghost_hp":
        changes["max_ghost_hp"] = character.max_ghost_hp + amount
        entry = LedgerEntry(index, event, rule="L2997")
    elif kind == "buy_skill":
        skill = compendium.skill(name).name
        rank = character.skill_rank(skill) + 1
        cost = costs.skill_rank_cost(
            rank, skill.casefold() in class_skills(character, compendium), options
        )
        changes["skills"] = frozen_map({**character.skills, skill: rank})
        entry = LedgerEntry(index, event, cost=cost, rank=rank, rule="L276")
    elif kind == "buy_talent":
        talent = compendium.talent(name)
        rank = character.talent_rank(talent.name) + 1
        changes["talents"] = frozen_map({**character.talents, talent.name: rank})
        entry = LedgerEntry(
            index,
            event,
            cost=costs.talent_rank_cost(talent, rank),
            rank=rank,
            rule=f"L{talent.first_line + 1}",
        )
    elif kind == "buy_flair":
        flair = compendium.flair(name)
        changes["flairs"] = (*character.flairs, flair.name)
        entry = LedgerEntry(index, event, cost=costs.flair_cost(len(character.flairs)), rule="L399")
    elif kind == "take_dual_class":
        second = compendium.character_class(name)
        refund = _dual_refund(character, compendium, second.name, options)
        changes["classes"] = (character.base_class, second.name)
        changes["talents"] = frozen_map({**character.talents, DUAL_CLASS: 1})
        entry = LedgerEntry(
            index, event, cost=costs.DUAL_CLASS_COST, refund=refund, rank=1, rule="L121, L391"
        )
    elif kind == "recruit_crew":
        changes["crew"] = (*character.crew, _recruit(character, name, index, options))
        entry = LedgerEntry(index, event, rule="L75, L256-268")
    else:  # lose_crew
        changes["crew"] = tuple(m for m in character.crew if m.name.casefold() != name.casefold())
        entry = LedgerEntry(index, event, rule="L79")
    changes["ledger"] = (*character.ledger, entry)
    return character.with_changes(**changes), entry


def _dual_refund(
    character: Character, compendium: Compendium, second: str, options: MiridonOptions
) -> int:
    """004 L121: "If a skill was previously not a class skill and is a class skill of the
    second class, then it is now a class skill. ... ([Rank] * [Rank + 1] / 2) points will be
    refunded." Under ``skill_cost: rank`` there was no extra cost, so nothing to refund."""
    if options.skill_cost != "class_rank_cross_double":
        return 0
    before = class_skills(character, compendium)
    after = {s.casefold() for s in compendium.character_class(second).class_skills}
    return sum(
        costs.dual_class_refund(rank)
        for skill, rank in character.skills.items()
        if skill.casefold() not in before and skill.casefold() in after
    )


def _recruit(leader: Character, name: str, index: int, options: MiridonOptions) -> CrewMember:
    """004 L256: "When recruited, the crew member will have a maximum strength points equal
    to 3 fewer than their skiffmaster's maximum strength points." (speed alike, L260)."""
    snapshot_all = options.crew_sync == "snapshot_all"
    return CrewMember(
        name=name,
        max_strength=max(0, leader.max_strength - 3),
        max_speed=max(0, leader.max_speed - 3),
        recruited_at=index,
        skills=frozen_map(leader.skills) if snapshot_all else None,
        talents=frozen_map(leader.talents) if snapshot_all else None,
    )
