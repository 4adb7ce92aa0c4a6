"""Relics' effects: named behaviours a relic entry references from data.

Source: 000 "1 slot for a relic"; "Some relics or feats may give your character
access to a special command". 000 names no relic: the entries are FE8's (see
``data/items.yaml``), each with ``effect:`` naming one behaviour below.

A behaviour is a small set of hook values the rules read where they apply:
``removes_tags`` (effectiveness tags the holder no longer has: Delphi Shield,
"weapons effective against flying units deal the holder normal damage") and
``no_crit_against`` (the holder cannot be critically hit: Hoplon Guard; the
Crit chance against it is 0, so no crit chance shows). How they combine: a
character holds one relic (the relic slot), and only a relic in that slot
works (a ruling: "While held" read as held in its slot); a relic carried as an
item is refused by the unit check.
"""

from __future__ import annotations

from typing import NamedTuple


class RelicEffect(NamedTuple):
    """What one named relic behaviour changes (a record, cheap to define: see ``gear``)."""

    name: str
    removes_tags: frozenset[str] = frozenset()
    no_crit_against: bool = False


RELIC_EFFECTS: dict[str, RelicEffect] = {
    effect.name: effect
    for effect in (
        RelicEffect("negate_flying_effectiveness", removes_tags=frozenset({"flying"})),
        RelicEffect("negate_crit", no_crit_against=True),
    )
}
NO_EFFECT = RelicEffect("none")


def relic_effect(name: str | None) -> RelicEffect:
    """The behaviour ``name`` (None: a relic with no effect the engine applies)."""
    if name is None:
        return NO_EFFECT
    try:
        return RELIC_EFFECTS[name]
    except KeyError:
        known = ", ".join(RELIC_EFFECTS)
        raise ValueError(f"unknown relic effect {name!r}; effects are: {known}") from None
