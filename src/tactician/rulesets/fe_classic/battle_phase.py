"""What the start of a side's phase does on 002's terrain and to statuses.

002 L169-170 "Some terrain provides HP recovery. This recovery is applied at the
beginning of the unit owners turn." (Fort 20%, Gate, Gate (Castle), Throne 10%:
⌊max HP × % / 100⌋, C-66; the Castle Gate and Throne restore status). The
damaging rows ("Unit takes 5 damage each turn it is on caltrops", Spikes 10,
Maelstrom 5, "Unit takes 30 damage each turn they are in lava") hit at the same
moment (G2-22), fliers too unless ``terrain_damage_fliers = false``, and can
kill. Quicksand: "If a unit spends 3 turns in a single tile of quicksand, that
unit takes 40 damage." (counted at each turn start there, then restarted).
Jungle: "50% chance of poison per turn spent in jungle." (a d100 ≤ 50 at each
turn start there). FE8's poison deals 1d3 at the start of the unit's phase; a
status lasts ``status_turns`` of its owner's phases (``tick`` counts one off as
each of them ends).
"""

from __future__ import annotations

from tactician.counted import counted
from tactician.dice.events import AveragedRoll, Bands
from tactician.dice.source import DiceSource
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_classic.terrain import heal_amount
from tactician.rulesets.fe_classic.unit_types import unit_type
from tactician.rulesets.fe_common.compendium import load_fe8

POISON_DAMAGE = (1, 3)  # FE8 NextRN_N(3) + 1


def _flier(unit: ClassicUnit) -> bool:
    return unit_type(load_fe8().klass(unit.class_name)) == "flier"


def phase_start(state: ClassicBattle, side: str, dice: DiceSource
                ) -> tuple[ClassicBattle, list[str]]:
    options = state.rules_options()
    lines: list[str] = []
    changed = []
    for unit in state.units:
        if unit.side != side or not unit.on_map or unit.position is None:
            continue
        assert isinstance(unit, ClassicUnit)
        tile = state.tile_at(unit.position)
        hp, statuses, quicksand = unit.hp, dict(unit.statuses), unit.quicksand
        exposed = options.terrain_damage_fliers or not _flier(unit)
        if tile.heal_percent and hp < unit.max_hp:
            gain = min(unit.max_hp - hp, heal_amount(unit.max_hp, tile))
            hp += gain
            lines.append(f"{unit.name} recovers {gain} HP on the {tile.name}")
        if tile.restores_status and statuses:
            lines.append(f"{unit.name}'s {', '.join(sorted(statuses))} is cured on the "
                         f"{tile.name}")
            statuses = {}
        if tile.damage_per_turn and exposed:
            hp = max(0, hp - tile.damage_per_turn)
            lines.append(f"{unit.name} takes {tile.damage_per_turn} damage from the {tile.name}")
        if tile.quicksand_turns is not None and exposed:
            quicksand += 1
            if quicksand >= tile.quicksand_turns:
                hp = max(0, hp - tile.quicksand_damage)
                lines.append(f"{unit.name} takes {tile.quicksand_damage} damage: "
                             f"{counted(quicksand, 'turn')} in the quicksand")
                quicksand = 0
        else:
            quicksand = 0
        if tile.poison_percent and exposed and hp > 0 and "poison" not in statuses:
            roll = Bands(AveragedRoll(1, 100), (tile.poison_percent,), (True, False),
                         f"jungle poison ({unit.name})")
            if roll.sample(dice):
                statuses["poison"] = options.status_turns
                lines.append(f"{unit.name} is poisoned in the {tile.name}")
        if "poison" in statuses and hp > 0:
            low, high = POISON_DAMAGE
            harm = dice.draw(high, f"poison ({unit.name})") + low - 1
            hp = max(0, hp - harm)
            lines.append(f"{unit.name} takes {harm} poison damage")
        if hp == 0:
            lines.append(f"{unit.name} falls")
        if (hp, statuses, quicksand) != (unit.hp, unit.statuses, unit.quicksand):
            changed.append(unit.with_hp(hp).model_copy(
                update={"statuses": statuses, "quicksand": quicksand}))
    return state.replace_units(*changed), lines


def tick(state: ClassicBattle, side: str) -> ClassicBattle:
    """The ending phase's side: one turn off each status; a status at 0 is gone."""
    changed = []
    for unit in state.units:
        assert isinstance(unit, ClassicUnit)
        if unit.side == side and unit.statuses:
            statuses = {n: t - 1 for n, t in unit.statuses.items() if t > 1}
            changed.append(unit.model_copy(update={"statuses": statuses}))
    return state.replace_units(*changed)
