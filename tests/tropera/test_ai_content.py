"""``ai_content``: the AI shares a fight between snapshots with equal fields, and
only between those (it used to compare their full text)."""

from __future__ import annotations

from tactician.rulesets.tropera.ai_content import ContentTokens
from tactician.rulesets.tropera.battle_units import combatant
from tactician.rulesets.tropera.combatant import Situation
from tests.tropera.ai_scenarios import build


def _snapshots():  # type: ignore[no-untyped-def]
    state = build(12, 4, 14, 3, "mixed")
    return [combatant(state, u) for u in state.units]


def test_tokens_are_equal_exactly_when_the_texts_are() -> None:
    """Over many snapshots (copies, other units alike, other situations), two get
    one token exactly when their full texts are equal."""
    tokens = ContentTokens()
    snapshots = _snapshots()
    snapshots += [s._replace() for s in snapshots]  # new objects, same fields
    snapshots += [
        s._replace(situation=Situation(hp=s.hp, terrain_avoid=20)) for s in snapshots
    ]
    snapshots += [s._replace(hp=s.hp - 1) for s in snapshots[:8]]
    snapshots += [s._replace(stats={**s.stats, "spd": s.stats["spd"] + 1})
                  for s in snapshots[:8]]
    snapshots += [s._replace(feats=s.feats | {"Vantage"}) for s in snapshots[:8]]
    snapshots += [s._replace(weapon=None) for s in snapshots[:4]]
    texts = [repr(s) for s in snapshots]
    got = [tokens.token(s) for s in snapshots]
    for i in range(len(snapshots)):
        for j in range(len(snapshots)):
            assert (got[i] == got[j]) == (texts[i] == texts[j]), (i, j)
    assert len(set(got)) < len(got)  # some were alike


def test_a_snapshot_keeps_its_token_and_objects_other_than_records_are_read_as_text() -> None:
    tokens = ContentTokens()
    first = _snapshots()[0]
    assert tokens.token(first) == tokens.token(first) == tokens.token(first._replace())
    assert tokens.token({"a": 1}) == tokens.token({"a": 1}) != tokens.token({"a": 2})
    # a field holding a list: read as its text
    listed = first._replace(situation=[1, 2])  # type: ignore[arg-type]
    same = first._replace(situation=[1, 2])  # type: ignore[arg-type]
    assert tokens.token(listed) == tokens.token(same) != tokens.token(first)
    # a value inside a field that cannot be hashed: the full text decides
    odd = [Situation(stat_bonus=(["spd"], 2)) for _ in range(2)]  # type: ignore[arg-type]
    assert tokens.token(odd[0]) == tokens.token(odd[1]) != tokens.token(Situation())
