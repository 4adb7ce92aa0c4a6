"""Tropera's Attack action: an Attack Sequence on the map.

Source: 000 Main Actions "Attack: Initiates an Attack Sequence against a
hostile target"; Equip: "Attacking with a weapon or tome ... automatically
equips it". Cleave, Multishot, Grappler and Trample shape the Sequence
(``maneuvers``); Quick Draw switches the defender's weapon first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.effects import Effect
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera.action_checks import actor, finish, main_action
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.aftermath import charges_left, settle
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import combatant, foes_of
from tactician.rulesets.tropera.combatant import Combatant
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.fight import attack_records
from tactician.rulesets.tropera.maneuvers import maneuver, multishot_in_range, quick_draw
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import plan_sequence, resolve
from tactician.rulesets.tropera.siege import check_weapon_choice


@ACTIONS.register(
    "attack", keys=("target", "targets", "weapon", "grapple", "trample", "multishot")
)
def attack(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Attack: "Initiates an Attack Sequence against a hostile target." Attacking
    with a weapon "automatically equips it". Other adjacent enemies can be
    reached by Cleave; several targets make a multi-target Sequence."""
    unit = actor(state, action)
    main_action(unit, "Attack")
    target_ids = action.get("targets") or [action.get("target")]
    if not all(isinstance(t, str) for t in target_ids):
        raise RulesError("attack needs 'target' (a unit id) or 'targets' (a list of ids)")
    targets = [state.unit(t) for t in target_ids]
    for target in targets:
        if target.side == unit.side:
            raise RulesError(f"{target.name} is an ally of {unit.name}")
        if target.hp == 0 or target.position is None:
            raise RulesError(f"{target.name} is not standing on the map")
    weapon = action.get("weapon")
    check_weapon_choice(unit, weapon)  # an embarked unit attacks with its siege weapon
    assert unit.position is not None
    distance = manhattan(unit.position, targets[0].position)  # type: ignore[arg-type]
    compendium = load_compendium()
    attacker = combatant(state, unit, weapon=weapon, compendium=compendium)
    chosen, landing = maneuver(state, unit, targets, action)
    if chosen.multishot:
        multishot_in_range(state, attacker, unit, targets)
    elif len(targets) > 1:
        _check_jumps(attacker, targets)
    # Quick Draw: the attacked unit switches to its most favourable weapon first
    switched: dict[str, str] = {}
    for target in targets:
        assert target.position is not None
        pick = quick_draw(
            state,
            target,
            attacker,
            manhattan(unit.position, target.position),
            options,
            compendium,
        )
        if pick is not None and pick != target.equipped:
            switched[target.id] = pick
    if switched:
        state = state.replace_units(
            *(state.unit(i).model_copy(update={"equipped": w}) for i, w in switched.items())
        )
        targets = [state.unit(t.id) for t in targets]
    defenders = [combatant(state, t, compendium=compendium) for t in targets]
    nearby = (
        [
            foe
            for foe in sorted(foes_of(state, unit), key=lambda f: f.number)
            if foe.id not in target_ids
            and foe.position is not None
            and manhattan(unit.position, foe.position) == 1
        ]
        if attacker.has("Cleave")
        else []
    )
    bystanders = [combatant(state, foe, compendium=compendium) for foe in nearby]
    plan = plan_sequence(attacker, defenders, distance, options, bystanders, chosen)
    if attacker.weapon is not None and attacker.weapon.charges is not None:
        charges_left(unit, attacker.weapon)
    involved = [unit, *targets, *nearby]  # the same order as plan.units
    resolution = resolve(plan, dice, [u.id for u in involved])
    records = attack_records(resolution)
    new_state, notes = settle(state, involved, plan, resolution, options)
    used_weapon = plan.units[0].weapon
    after = new_state.unit(unit.id)
    new_state = new_state.replace_units(
        after.model_copy(
            update={"acted": True, "equipped": used_weapon.name if used_weapon else unit.equipped}
        )
    )
    final_hps = resolution.final[1]
    new_state = _hit_effects(new_state, unit, involved, resolution, used_weapon, chosen.grapple)
    trampled = any("Trample" in " ".join(n.record.effects) for n in resolution.records)
    if trampled and landing is not None and new_state.unit(unit.id).hp > 0:
        mover = new_state.unit(unit.id)
        new_state = new_state.replace_units(mover.model_copy(update={"position": landing}))
    quick = [f"{state.unit(i).name} quick-draws {w}" for i, w in switched.items()]
    notes = quick + notes
    hp_line = ", ".join(f"{s.name} {final_hps[i]} HP" for i, s in enumerate(plan.units))
    summary = f"{unit.name} attacks {', '.join(t.name for t in targets)}: {hp_line}"
    if notes:
        summary += "; " + "; ".join(notes)
    return finish(
        new_state, Outcome(summary, [{"type": "attack", "strikes": records, "notes": notes}])
    )


def _hit_effects(
    state: TroperaBattle,
    unit: Unit,
    involved: list[Unit],
    resolution: Any,
    weapon: Any,
    grapple: bool,
) -> TroperaBattle:
    """Effects the attacker's hits leave on their targets.

    A weapon that inflicts a status (a Sleep or Silence staff; the Frost Tome's
    "Slowed condition") inflicts it on a hit until the end of the target's next
    phase (000 gives no duration: a ruling). Grappler: "their movement becomes 0,
    and their avoidance is halved (not including terrain bonuses) until your next
    turn" (the grappler's side's next phase).
    """
    effects = list(state.effects)

    def already(unit_id: str, name: str) -> bool:  # ``effects_on`` of the effects so far
        return any(e.unit == unit_id and e.name == name for e in effects)

    for note in resolution.records:
        record = note.record
        if record.striker_index != 0 or record.outcome == "miss":
            continue
        target = involved[record.target_index]
        if state.unit(target.id).hp == 0:
            continue
        if weapon is not None and weapon.inflicts and not already(target.id, weapon.inflicts):
            effects.append(
                Effect(
                    name=weapon.inflicts,
                    unit=target.id,
                    source=unit.id,
                    ends="phase_end",
                    ends_owner=target.side,
                    made_round=state.round,
                    made_phase_owner=state.side,
                )
            )
        if grapple and not already(target.id, "grappled"):
            effects.append(
                Effect(
                    name="grappled",
                    unit=target.id,
                    source=unit.id,
                    ends="phase_start",
                    ends_owner=unit.side,
                    made_round=state.round,
                    made_phase_owner=state.side,
                )
            )
    if len(effects) == len(state.effects):
        return state  # nothing inflicted: the same state, not a copy
    return state.model_copy(update={"effects": tuple(effects)})


def _check_jumps(attacker: Combatant, targets: list[Unit]) -> None:
    """A multi-target attack "jumps to further enemies" (000 Chain Lightning); each
    must stand within the weapon's ``jump`` spaces of the one before (a ruling: 2
    for Chain Lightning). How many it may reach is ``sequence._check_targets``'s."""
    weapon = attacker.weapon
    if weapon is None or weapon.extra_targets == 0:
        return
    for before, after in zip(targets, targets[1:], strict=False):
        assert before.position is not None and after.position is not None
        gap = manhattan(before.position, after.position)
        if gap > weapon.jump:
            raise RulesError(
                f"{weapon.name} jumps at most {weapon.jump} spaces; {after.name} is {gap} "
                f"from {before.name}"
            )

