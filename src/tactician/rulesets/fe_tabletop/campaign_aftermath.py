"""What a fe-tabletop battle's party carries to the campaign's roster, and back.

001 keeps a unit's growth between battles: level, EXP and the carried growth
remainders (L18-26, L123), weapon ranks and the uses toward the next (L5), the
inventory (L49) and supports ("Fights are cumulative from battle to battle", L118).
``aftermath`` carries each party unit's 001 sheet, its items' uses left, its
support fights and ranks (by partner name) and whether it fell; the sheet (the
shared key ``unit``) becomes the roster character's card, and ``muster`` puts the
rest on the units of the next battle. 001 says nothing of HP between battles or
of a fallen unit: by ruling (``docs/rulings.md``, Battles) a unit starts the
next battle at full HP (the card is carried whole), and one that fell is refused
until the GM revives or replaces it (GBA's fallen units are gone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_tabletop.battle_state import SupportLink, TabletopBattle, TabletopUnit


def aftermath(state: TabletopBattle) -> dict[str, dict[str, Any]]:
    names = {u.id: u.character.name for u in state.units}
    carried: dict[str, dict[str, Any]] = {}
    for unit in state.units:
        if unit.side != state.party:
            continue
        links = {}
        for link in state.supports:
            if unit.id in link.units:
                other = next(i for i in link.units if i != unit.id)
                links[names.get(other, other)] = {"fights": link.fights, "rank": link.rank}
        whole = unit.character.model_copy(update={"hp": unit.character.max_hp})
        carried[unit.character.name] = {
            "unit": whole.model_dump(mode="json", by_alias=True),
            "uses": dict(unit.uses), "fallen": unit.out, "supports": links,
        }
    return carried


def muster(state: TabletopBattle, carried: Mapping[str, Mapping[str, Any]]) -> TabletopBattle:
    changed: list[TabletopUnit] = []
    for unit in state.units:
        data = carried.get(unit.character.name)
        if not data or unit.side != state.party:
            continue  # nothing carried: the roster's card as it stands
        if data.get("fallen"):
            raise RulesError(f"{unit.character.name} fell in an earlier battle; the GM "
                             "revives or replaces them (001 has no rule for it)")
        # the card is the roster's (the campaign keeps the aftermath's ``unit`` as it);
        # a card still in ``carried`` was stored so by an earlier version
        card = data.get("unit")
        sheet = Unit.model_validate(card) if isinstance(card, Mapping) else unit.character
        sheet = sheet.model_copy(update={"hp": sheet.max_hp})
        uses = {k: int(v) for k, v in dict(data.get("uses", {})).items()
                if k in sheet.inventory}
        fresh = unit.with_character(sheet)
        changed.append(fresh.model_copy(update={"uses": {**fresh.uses, **uses}}))
    after = state.replace_units(*changed) if changed else state
    return _supports(after, carried)


def _supports(state: TabletopBattle, carried: Mapping[str, Mapping[str, Any]]) -> TabletopBattle:
    ids = {u.character.name: u.id for u in state.units if u.side == state.party}
    links = {tuple(sorted(s.units)): s for s in state.supports}
    for name, data in carried.items():
        for partner, held in dict(data.get("supports", {})).items():
            if name not in ids or partner not in ids:
                continue
            key = tuple(sorted((ids[name], ids[partner])))
            old = links.get(key)
            fights = max(int(held.get("fights", 0)), old.fights if old else 0)
            rank = held.get("rank") or (old.rank if old else None)
            links[key] = SupportLink(units=(key[0], key[1]), fights=fights, rank=rank)
    return state.model_copy(update={"supports": tuple(links[k] for k in sorted(links))})
