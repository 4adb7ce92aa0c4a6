"""Miridon's advancement through the contract: one ledger event per step, named by
its choice (``--choose buy_flair=Parry``, ``--choose grant_points=20``).

004 has no experience or levels (ruling ``advancement``): a step is a purchase
(skill rank L272-278, talent rank at [Rank] x 5 L284-291, flair at 10 x flairs
owned L399, Dual-Class L390-393, a crew member L75) or a GM grant (skill points,
Maximum Strength / Speed Points, Maximum Ghost HP). ``advance.advance`` does the
rules; this module only translates. No dice are rolled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest, ChoiceSpec, Row, Section
from tactician.rulesets.miridon.advance import advance as advance_event
from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.contract_sheet import sheet_of
from tactician.rulesets.miridon.events import GRANTS, LedgerEvent
from tactician.rulesets.miridon.options import MiridonOptions
from tactician.rulesets.miridon.sheet import sheet

EVENT_CHOICES = (
    ChoiceSpec("buy_skill", "Buy one rank of a skill (004 L272-278), e.g. Taunt."),
    ChoiceSpec("buy_talent", "Buy one rank of a talent at [Rank] x 5 (L284-291)."),
    ChoiceSpec("buy_flair", "Buy a flair at 10 x flairs owned (L399), prerequisites met."),
    ChoiceSpec("take_dual_class", "Take the Dual-Class talent: the second class "
               "(100 points, 20/20 maxima, L390-393)."),
    ChoiceSpec("recruit_crew", "Recruit a crew member by name (Skiffmaster, L75)."),
    ChoiceSpec("grant_points", "GM grant: skill points (a whole number >= 1)."),
    ChoiceSpec("grant_strength", "GM grant: Maximum Strength Points."),
    ChoiceSpec("grant_speed", "GM grant: Maximum Speed Points."),
    ChoiceSpec("grant_ghost_hp", "GM grant: Maximum Ghost HP."),
)
CHOICES = (*EVENT_CHOICES, ChoiceSpec("note", "A note kept on the ledger entry."))


def parse_options(pairs: tuple[str, ...]) -> MiridonOptions:
    """``name=value`` pairs as options; ``none`` clears an optional number (as
    ``docs/rulings.md`` and ``tactician rulesets --options`` write it)."""
    values: dict[str, str | None] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise RulesError(f"option {pair!r}: give it as name=value")
        text = value.strip()
        values[name.strip()] = None if text.casefold() == "none" else text
    return MiridonOptions.parse(values)


def event_of(choices: Mapping[str, str]) -> LedgerEvent:
    """The one ledger event the choices name; refuses none, several or unknown ones."""
    known = {c.name for c in CHOICES}
    unknown = sorted(set(choices) - known)
    if unknown:
        raise RulesError(f"miridon advancement takes no choice {', '.join(unknown)}; "
                         f"choices: {', '.join(c.name for c in CHOICES)}")
    events = [k for k in choices if k != "note"]
    if not events:  # the player's purchase: never chosen for them
        names = "|".join(c.name for c in EVENT_CHOICES)
        raise NeedChoice([(names, "a miridon advancement is one purchase or grant: give "
                                  f"exactly one of --choose {names}=VALUE (given: none)")])
    if len(events) != 1:
        raise RulesError("a miridon advancement is one purchase or grant: give exactly one "
                         f"of --choose {'|'.join(c.name for c in EVENT_CHOICES)}=VALUE "
                         f"(given: {', '.join(events) or 'none'})")
    kind = events[0]
    raw = choices[kind]
    note = choices.get("note", "")
    if kind in GRANTS:
        try:
            amount = int(raw)
        except ValueError:
            raise RulesError(f"{kind}: {raw!r} is not a whole number") from None
        if amount < 1:
            raise RulesError(f"{kind}: {amount} is not at least 1")
        return LedgerEvent(kind=kind, amount=amount, note=note)  # type: ignore[arg-type]
    if not raw:
        raise RulesError(f"{kind}: give a name")
    return LedgerEvent(kind=kind, name=raw, note=note)  # type: ignore[arg-type]


def shorthand(event: LedgerEvent) -> dict[str, Any]:
    """The event as a unit file writes it: ``{buy_flair: Parry}``."""
    value = event.amount if event.kind in GRANTS else event.name
    return {event.kind: value, **({"note": event.note} if event.note else {})}


def advance(
    character: Character, raw_unit: Mapping[str, Any], compendium: Compendium,
    request: AdvanceRequest,
) -> Advancement:
    """The character one ledger event further; a refusal names every violation."""
    options = parse_options(request.options)
    choices = dict(request.choices)
    if not choices and request.asker is not None:
        request.asker.show(sheet_of(sheet(character, compendium, options)).sections[:3])
        answer = request.asker.ask(
            f"Which step ({', '.join(c.name for c in EVENT_CHOICES)})? as NAME=VALUE")
        name, _, value = answer.partition("=")
        choices = {name.strip(): value.strip()}
    event = event_of(choices)
    new, entry = advance_event(character, event, compendium, options)
    ledger = list(raw_unit.get("ledger") or [])
    unit = {**raw_unit, "ledger": [*ledger, shorthand(event)]}
    # the file's own ledger entries stay as written; the new one is appended
    report = {
        "event": event.model_dump(exclude_defaults=True),
        "cost": entry.cost,
        "refund": entry.refund,
        "granted": entry.granted,
        "rank": entry.rank,
        "rule": entry.rule,
        "unspent": new.unspent_points,
    }
    cost = (f"granted {entry.granted}" if entry.granted else
            f"cost {entry.cost}" + (f", refund {entry.refund}" if entry.refund else ""))
    done = Section("Advanced", rows=tuple(
        Row(k, v) for k, v in (
            ("Step", event.label()), ("Points", cost),
            ("Rank", "-" if entry.rank is None else str(entry.rank)),
            ("Rule", entry.rule or "-"), ("Unspent", str(new.unspent_points)))))
    shown = sheet_of(sheet(new, compendium, options)).sections
    return Advancement(unit=unit, report=report, sections=(done, *shown), rolled=False)
