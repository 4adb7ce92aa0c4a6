"""A UESRPG character's carried state (what a battle left on it, kept on the
campaign's roster) both ways: ``carried_of`` a unit, and a unit ``with_carried``.
``campaign_aftermath`` writes it when a battle ends and puts it on the units of the
next; ``roster_care`` reads and writes it for care between battles."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.state import CombatState, Condition, Wound


def carried_of(unit: Any) -> dict[str, Any]:
    """What a unit (a battle's ``UnitState`` or a ``CombatState``) carries: JSON-ready."""
    return {
        "hp": unit.hp,
        "sp": unit.sp,
        "mp": unit.mp,
        "wounds": [_plain(asdict(w)) for w in unit.wounds],
        "lost": sorted(unit.lost),
        "conditions": [_plain(asdict(c)) for c in unit.conditions],
        "dead": unit.dead,
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_plain(v) for v in value]
    return value


def with_carried(unit: CombatState, carried: Mapping[str, Any]) -> CombatState:
    """``unit`` with what a battle left on it (``carried_of``)."""
    if not carried:
        return unit
    try:
        wounds = tuple(Wound(**{**w, "crippled": tuple(w.get("crippled", ()))})
                       for w in carried.get("wounds", ()))
        conditions = tuple(Condition(**c) for c in carried.get("conditions", ()))
        return replace(unit, hp=int(carried.get("hp", unit.hp)),
                       sp=int(carried.get("sp", unit.sp)), mp=int(carried.get("mp", unit.mp)),
                       wounds=wounds, conditions=conditions,
                       lost=frozenset(carried.get("lost", ())) | unit.lost,
                       dead=bool(carried.get("dead", False)),
                       wound_count=max((w.id for w in wounds), default=0))
    except (TypeError, ValueError) as exc:
        raise RulesError(f"the roster's carried state does not read: {exc}") from None
