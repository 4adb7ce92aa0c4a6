"""What a fe-classic battle leaves a campaign's characters, and what they bring back.

002 L56-58 "If a unit reaches 0HP in combat, they die, and cannot be resurrected
in any way barring a miracle or a particularly kind DM": a fallen player unit is
carried back as dead and refused at the next muster (the DM's miracle is an
edit of the roster). L100-101 a weapon lost to a failed break check "is removed
from the units inventory": the inventory is carried as the battle left it. HP
is not carried: 002 has no rule for healing between battles, and GBA units
start every chapter whole (a Tactician reading). 001's growth is carried on the
card (the shared key ``unit``, which becomes the roster character's card, whole):
level, EXP, stats, growth remainders, ranks and rank uses as the battle left them
(``battle_gains``: ranks by use, 001 L5; EXP per fight under ``exp_per = fight``).
Under ``exp_per = battle`` the EXP is not given in battle: the party chart for
the battle's enemy count (001 L125-128, ``party_award``), each surviving member's
share (``exp_award``), is noted as ``exp_due`` for the GM to give with a level-up's
dice (001 L123: 100 EXP a level, the rest carried).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_common.character.experience import party_award, share
from tactician.rulesets.fe_common.character.unit import Unit


def aftermath(state: ClassicBattle) -> dict[str, dict[str, Any]]:
    """Each first-side character: dead (or, under ``pvp_death = benched``, sitting out
    the next battle: L56-58 "if in PvP, they may simply become unusable for a set
    time"), its inventory, its card and the EXP due."""
    first = state.sides[0]
    mine = [u for u in state.units if isinstance(u, ClassicUnit) and u.side == first]
    fought = [u for u in mine if u.deployed]
    enemies = sum(1 for u in state.units if u.side != first)
    options = state.rules_options()
    survivors = [u for u in fought if not u.out]
    due = share(party_award(enemies, options), len(survivors), options) \
        if survivors and options.exp_per == "battle" else 0
    benched = options.pvp_death == "benched"
    carried: dict[str, dict[str, Any]] = {}
    for u in mine:
        carried[u.character.name] = {
            "dead": u.out and not benched, "inventory": list(u.character.inventory),
            "exp_due": due if u in survivors else 0,
            "unit": u.character.model_copy(update={"hp": u.character.max_hp})
            .model_dump(mode="json", by_alias=True)}
        if u.out and benched:
            carried[u.character.name] |= {
                "sits_out_next_battle": True,
                "why": "fell in a PvP battle: unusable for a set time (002 L56-58)"}
    return carried


def muster(state: ClassicBattle, carried: Mapping[str, Mapping[str, Any]]) -> ClassicBattle:
    changed = []
    for unit in state.units:
        assert isinstance(unit, ClassicUnit)
        mine = carried.get(unit.character.name)
        if mine is None:
            continue
        if mine.get("dead"):
            raise RulesError(f"{unit.character.name} died in battle and cannot be resurrected "
                             "(002 L56-58); take them off the roster")
        character = unit.character
        card = mine.get("unit")
        if isinstance(card, Mapping):
            # the card as the battle left it (levels, ranks), whole again (HP not carried)
            character = Unit.model_validate(card)
            character = character.model_copy(update={"hp": character.max_hp})
        inventory = mine.get("inventory")
        if isinstance(inventory, list):
            character = character.model_copy(
                update={"inventory": tuple(str(i) for i in inventory)})
        if character is not unit.character:
            items = character.inventory
            equipped = unit.equipped if unit.equipped in items else None
            changed.append(unit.model_copy(update={
                "character": character, "equipped": equipped, "hp": character.max_hp,
                "max_hp": character.max_hp}))
    return state.replace_units(*changed)
