"""Small battles for the Miridon battle tests: units with exactly the numbers a test
needs (a ``Profile`` written out, not derived), on an open map, already begun."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.grid.board import Board
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.battle.state import (
    MapState,
    MiridonBattle,
    Profile,
    UnitState,
    WeaponProfile,
    terrain_set,
)
from tactician.rulesets.miridon.compendium import load_compendium


def unit(uid: str, side: str = "player", at: tuple[int, int] = (0, 0), *,
         weapons: Sequence[str] = ("Longsword",), to_hit: Mapping[str, int] | None = None,
         talents: Mapping[str, int] | None = None, flairs: Sequence[str] = (),
         specials: Mapping[str, int] | None = None, hp: int = 40, strength: int = 10,
         speed: int = 10, pdr: int = 0, sdr: int = 0, passive: int = 7, active: int = 7,
         facing: str = "e", max_speed: int | None = None, **changes: Any) -> UnitState:
    """A unit whose weapons' To Hit Bonus is the weapon's + Melee Boost / 2 x Gun Boost
    (as the sheet derives it) unless ``to_hit`` says otherwise."""
    book = load_compendium()
    talents = dict(talents or {})
    lines = []
    for name in weapons:
        weapon = book.weapon(name)
        bonus = talents.get("Melee Boost", 0) if weapon.attack == "melee" else \
            2 * talents.get("Gun Boost", 0)
        lines.append(WeaponProfile(name=weapon.name,
                                   to_hit=(to_hit or {}).get(name, weapon.to_hit + bonus)))
    profile = Profile(classes=("Duelist",), flairs=tuple(flairs), talents=talents,
                      specials=dict(specials or {}), max_strength=strength,
                      max_speed=max_speed if max_speed is not None else speed,
                      max_hp=max(hp, 1), battle_strength=strength, battle_speed=speed,
                      passive_evasion=passive, active_evasion=active, pdr=pdr, sdr=sdr,
                      mwp=10, weapons=tuple(lines))
    return UnitState(id=uid, name=uid.title(), side=side, number=1, profile=profile,
                     position=at, facing=facing, weapon=lines[0].name, hp=hp,
                     strength=strength, speed=speed, pdr=pdr, **changes)


def battle(*units: UnitState, width: int = 12, height: int = 5,
           order: Sequence[str] | None = None) -> MiridonBattle:
    board = Board(width, height, [terrain_set()["open"]] * (width * height))
    return MiridonBattle(map=MapState.of(board), units=units,
                         order=tuple([u.id for u in units] if order is None else order))


def act(state: MiridonBattle, action: dict[str, Any], rolls: Sequence[int] | None = None,
        seed: int = 1, options: Sequence[str] = ()) -> tuple[MiridonBattle, Any, list[Any]]:
    """Apply ``action``; returns the state, the outcome and the dice drawn."""
    rules = MiridonBattleRules(options)
    dice = PhysicalDice(list(rolls)) if rolls is not None else SeededDice(seed)
    after, outcome = rules.apply(state, action, dice)
    return after, outcome, dice.draws
