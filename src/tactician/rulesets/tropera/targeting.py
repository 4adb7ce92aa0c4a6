"""Whom a foe may choose to attack: Provoke and Shade, as the enemy AI honours them.

Source: 000 Provoke: "As an action you can taunt all foes within 2 spaces,
forcing them to ignore any allied units but you on their next turn"; Shade:
"As an action you can mask your presence, forcing all foes to ignore you on
their next turn as long as at least one other target is in their range."

The actions (``special_actions.provoke`` / ``shade``) put a ``provoked`` effect
on each taunted foe (its ``source`` is the provoker) and a ``shaded`` effect
on the masked unit. Only the enemy AI reads them (ruling: the GM decides for
the units the players command). Pure functions of the state: no dice, no
changes.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import foes_of

PROVOKED = "provoked"
SHADED = "shaded"


def provoker(state: TroperaBattle, unit: Unit) -> Unit | None:
    """The foe whose taunt holds ``unit`` now, if any.

    Ruling: a taunt lapses when its provoker is out of the fight (0 HP, off the
    map or carried): there is no one left to be drawn to. A later taunt replaces
    an earlier one (``special_actions.provoke`` keeps one ``provoked`` per unit).
    """
    for effect in state.effects_on(unit.id, PROVOKED):
        if effect.source is None:
            continue
        for foe in foes_of(state, unit):
            if foe.id == effect.source:
                return foe
    return None


def targetable_foes(state: TroperaBattle, unit: Unit) -> list[Unit]:
    """The foes ``unit`` may attack or approach this turn.

    Provoke: "forcing them to ignore any allied units but you": while taunted,
    every unit on the provoker's side other than the provoker is ignored (a
    third side's units are not the provoker's allies and stay targets). The
    text sets no condition, so a provoked unit that cannot reach its provoker
    attacks no one of that side and moves toward the provoker (ruling).
    """
    foes = list(foes_of(state, unit))
    taunter = provoker(state, unit)
    if taunter is None:
        return foes
    return [f for f in foes if f.side != taunter.side or f.id == taunter.id]


def is_shaded(state: TroperaBattle, unit_id: str) -> bool:
    return bool(state.effects_on(unit_id, SHADED))


def shaded_ignored(state: TroperaBattle, target_ids: Iterable[str]) -> set[str]:
    """Of the targets a foe could attack this turn (``target_ids``: every foe some
    reachable tile and usable weapon puts in range), the shaded ones it ignores.

    Shade: "forcing all foes to ignore you ... as long as at least one other
    target is in their range". "In their range" is read as attackable this turn
    (after moving). Ruling: only an unshaded target counts as the "other target";
    when every target in range is shaded, none of them is ignored (otherwise two
    shaded units would each hide behind the other).
    """
    ids = set(target_ids)
    shaded = {t for t in ids if is_shaded(state, t)}
    if shaded and ids - shaded:
        return shaded
    return set()
