"""Ledger invariants under random advancement (hypothesis).

Whatever a GM grants and a player tries to buy, in any order:
- points spent = the sum of the ledger's costs minus refunds; unspent = granted - spent >= 0;
- an accepted event adds exactly one ledger entry; a refused one changes nothing;
- the n-th flair cost 10(n-1) (L399), the r-th talent rank 5r (L291);
- the unit file of the result rebuilds the same character.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.miridon.advance import advance
from tactician.rulesets.miridon.build import build_character, unit_of
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.events import LedgerEvent

COMP = load_compendium()
FLAIRS = [
    "True Strike", "Spinning Strike", "Whirlwind Strike", "Parry", "Second Attack",
    "Third Attack", "Greater Third Attack", "Redouble Specialist", "Dragon Claw", "Nope",
]  # fmt: skip
TALENTS = ["Melee Boost", "Redouble", "Dodge Boost", "Dual-Class", "Nope"]
SKILLS = ["Taunt", "Recruit", "Tech Training", "Nope"]
CLASSES = ["Grand Devourer", "Skiffmaster", "Duelist", "The Vessel", "Techie", "Ghost Hunter"]

events = st.one_of(
    st.builds(lambda n: LedgerEvent(kind="grant_points", amount=n), st.integers(1, 40)),
    st.builds(lambda n: LedgerEvent(kind="grant_strength", amount=n), st.integers(1, 6)),
    st.builds(lambda n: LedgerEvent(kind="grant_speed", amount=n), st.integers(1, 6)),
    st.builds(lambda n: LedgerEvent(kind="buy_flair", name=n), st.sampled_from(FLAIRS)),
    st.builds(lambda n: LedgerEvent(kind="buy_talent", name=n), st.sampled_from(TALENTS)),
    st.builds(lambda n: LedgerEvent(kind="buy_skill", name=n), st.sampled_from(SKILLS)),
    st.builds(lambda n: LedgerEvent(kind="take_dual_class", name=n), st.sampled_from(CLASSES)),
    st.builds(lambda n: LedgerEvent(kind="recruit_crew", name=n), st.sampled_from(["A", "B", "C"])),
)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CLASSES), st.lists(events, max_size=25))
def test_ledger_invariants(klass: str, script: list[LedgerEvent]) -> None:
    from tactician.rulesets.miridon.unit import MiridonUnit

    character = build_character(MiridonUnit.model_validate({"name": "P", "class": klass}), COMP)
    for event in script:
        before = character
        snapshot = (before.ledger, dict(before.talents), before.flairs, before.unspent_points)
        try:
            character, entry = advance(character, event, COMP)
        except RulesError as err:
            assert err.problems and all("(004 " in p for p in err.problems)
            assert character is before
            assert (
                before.ledger,
                dict(before.talents),
                before.flairs,
                before.unspent_points,
            ) == snapshot
            continue
        assert character.ledger == (*before.ledger, entry)
        if event.kind == "buy_flair":
            assert entry.cost == 10 * len(before.flairs)
        if event.kind == "buy_talent":
            assert entry.cost == 5 * character.talent_rank(event.name or "")
    granted = sum(e.granted for e in character.ledger)
    spent = sum(e.cost for e in character.ledger) - sum(e.refund for e in character.ledger)
    assert character.points_granted == granted and character.points_spent == spent
    assert character.unspent_points == granted - spent >= 0
    assert build_character(unit_of(character), COMP) == character
