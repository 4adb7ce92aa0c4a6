"""UESRPG's care actions: first aid, stabilising a dying unit, magical healing,
treating a wound and the Medicine test against Bleeding.

003's words are quoted at each handler; the time each takes is a ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.uesrpg.action_checks import actor, burning_gate
from tactician.rulesets.uesrpg.action_registry import ACTIONS, Result
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator, finish
from tactician.rulesets.uesrpg.death import stabilise
from tactician.rulesets.uesrpg.healing import apply_healing
from tactician.rulesets.uesrpg.state import CombatState
from tactician.rulesets.uesrpg.wounds import first_aid, treat_bleeding, treat_wound


def _patient(
    state: UesrpgBattle, unit: UnitState, action: Mapping[str, Any], kit: bool = True
) -> UnitState:
    """The unit to tend: ``target`` (default the healer), next to the healer; with
    ``kit``, the healer must carry a healer's kit."""
    target_id = action.get("target", unit.id)
    if not isinstance(target_id, str):
        raise RulesError("'target' is the id of the unit to tend")
    target = state.unit(target_id)
    if target.position is None or unit.position is None:
        raise RulesError(f"{target.name} is not on the map")
    if manhattan(unit.position, target.position) > 1:
        raise RulesError(f"{target.name} is not next to {unit.name}")
    if kit and not unit.kit:
        raise RulesError(f"{unit.name} has no healer's kit (003: it \"requires a healer's kit\")")
    return target


def _care(
    state: UesrpgBattle,
    unit: UnitState,
    target: UnitState,
    done: tuple[CombatState, CombatState],
) -> UesrpgBattle:
    """Store the healer and the patient after a Turn of care: the healer's AP and
    Move action are spent (003 first aid: "1 Turn")."""
    patient_after, healer_after = done
    if target.id == unit.id:
        healer_after = patient_after
    spent = healer_after.ap
    healer = with_combat(unit, replace(healer_after, ap=0)).model_copy(
        update={"move_left": 0, "spent": unit.spent + spent}
    )
    if target.id == unit.id:
        return finish(state.replace_units(healer))
    return finish(state.replace_units(healer, with_combat(target, patient_after)))


@ACTIONS.register("first_aid", keys=("target", "wound"))
def first_aid_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003 L48: "These effects can be removed by first aid (a Survival or Profession
    [Medicine] test, 1 Turn, requires a healer's kit)" (the wound's passive effects,
    L44-47). The healer's Turn: it needs 1 AP or more and spends all it has left
    (ruling)."""
    unit = actor(state, action)
    target = _patient(state, unit, action)
    healer = combat(unit)
    if healer.ap < 1:
        raise RulesError(f"{unit.name} has no AP left: first aid takes a Turn")
    patient = healer if target.id == unit.id else combat(target)
    wound = action.get("wound")
    failed = burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} gives no first aid (Burning)", {}
    after, _, result = first_aid(
        patient, healer, narrator.chance, wound_id=wound if isinstance(wound, int) else None,
        kit=True, options=rules.options,
    )
    state = _care(state, unit, target, (after, healer))
    word = "succeeds" if result.passed else "fails"
    return state, f"{unit.name} gives {target.name} first aid: {word}", {
        "target": target.id, "passed": result.passed}


@ACTIONS.register("stabilise", keys=("target",), aliases=("stabilize",))
def stabilise_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003 L51: "A character can be stabilized (Survival or Profession [Medicine] test +
    healer's kit) ... to stop testing" - the test of L50, "At 0 HP, the character falls
    Unconscious. Each Turn they must pass an Endurance test". One test, the better of
    the healer's two skills (``death.stabilise``): passed, no more death tests; failed,
    the unit keeps testing. It takes the healer's Turn, as first aid does (ruling: the
    same test and kit, so the same time)."""
    unit = actor(state, action)
    if "target" not in action:
        raise RulesError("stabilise needs 'target': the dying unit")
    target = _patient(state, unit, action)
    healer = combat(unit)
    if healer.ap < 1:
        raise RulesError(f"{unit.name} has no AP left: stabilising takes a Turn")
    failed = burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not stabilise (Burning)", {}
    after, _, result = stabilise(combat(target), healer, narrator.chance, kit=True,
                                 options=rules.options)
    state = _care(state, unit, target, (after, healer))
    word = "succeeds" if result.passed else "fails"
    return state, f"{unit.name} tries to stabilise {target.name}: {word}", {
        "target": target.id, "passed": result.passed}


def _turn_of_care(unit: UnitState, what: str) -> None:
    if combat(unit).ap < 1:
        raise RulesError(f"{unit.name} has no AP left: {what} takes a Turn")


@ACTIONS.register("heal", keys=("target", "amount", "magical"))
def heal_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003 Magical healing: "Restores the specified HP instantly. While wounded,
    magical healing also temporarily removes wound passive effects and forestalls
    unconsciousness for a number of rounds equal to the HP restored"
    (``healing.apply_healing``). 003 names no healing spell or potion: ``amount`` is
    the HP the GM's spell or potion restores; ``magical=0`` for mundane HP regained.
    Rulings: 1 AP (``heal_ap``), on the healer or a unit next to it, no kit."""
    unit = actor(state, action)
    target = _patient(state, unit, action, kit=False)
    amount = action.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise RulesError("heal needs 'amount': the HP the spell or potion restores (1 or more)")
    magical = action.get("magical", 1)
    if magical not in (0, 1, True, False, "yes", "no"):
        raise RulesError(f"'magical' is 1 (magical healing, default) or 0, not {magical!r}")
    cost = rules.battle_options.heal_ap
    healer = combat(unit)
    if healer.ap < cost:
        raise RulesError(f"{unit.name} has {healer.ap} AP; healing costs {cost} AP")
    failed = burning_gate(unit, narrator, rules, cost)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not heal (Burning)", {}
    patient = healer if target.id == unit.id else combat(target)
    after, records = apply_healing(
        patient, amount, magical=magical in (1, True, "yes"), options=rules.options
    )
    narrator.add_records(records)
    if target.id == unit.id:
        changed = [with_combat(unit, replace(after, ap=after.ap - cost))]
    else:
        changed = [with_combat(unit, replace(healer, ap=healer.ap - cost)),
                   with_combat(target, after)]
    changed[0] = changed[0].model_copy(update={"spent": unit.spent + cost})
    state = finish(state.replace_units(*changed))
    healed = after.hp - patient.hp
    return state, f"{unit.name} heals {target.name}: +{healed} HP ({after.hp} HP)", {
        "target": target.id, "healed": healed}


@ACTIONS.register("treat_wound", keys=("target", "wound"))
def treat_wound_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003: "A wound can be treated with a successful Profession [Medicine] test
    (takes ~1 hour) ... Treating a crippled body part can only be attempted once per
    Long Rest. A dramatic failure causes the limb to become Maimed immediately"
    (``wounds.treat_wound``). ``wound`` is the wound's number (default: the patient's
    first untreated one). An hour is no battle Turn: the ``treat_wound_in_battle``
    ruling takes the healer's Turn (default) or refuses it; no kit is named."""
    if rules.battle_options.treat_wound_in_battle == "refuse":
        raise RulesError(
            "treating a wound 'takes ~1 hour' (003): not during a battle "
            "(option treat_wound_in_battle=refuse)"
        )
    unit = actor(state, action)
    target = _patient(state, unit, action, kit=False)
    _turn_of_care(unit, "treating a wound")
    healer = combat(unit)
    patient = healer if target.id == unit.id else combat(target)
    wound = action.get("wound")
    if wound is None:
        untreated = [w.id for w in patient.wounds if not w.treated]
        if not untreated:
            raise RulesError(f"{target.name} has no untreated wound")
        wound = untreated[0]
    if not isinstance(wound, int) or isinstance(wound, bool):
        raise RulesError(f"'wound' is a wound's number, not {wound!r}")
    failed = burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} treats no wound (Burning)", {}
    after, _, result = treat_wound(patient, wound, healer, narrator.chance, rules.options)
    state = _care(state, unit, target, (after, healer))
    word = "treated" if result.passed else "not treated"
    return state, f"{unit.name} treats {target.name}'s wound {wound}: {word}", {
        "target": target.id, "wound": wound, "passed": result.passed}


@ACTIONS.register("treat_bleeding", keys=("target",))
def treat_bleeding_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003 L67, Bleeding (X): "Can also be reduced by Profession [Medicine] test +
    healer's kit (reduce X by DoS; kit not consumed). At X = 0 the condition is removed"
    (``wounds.treat_bleeding``): passed, X falls by the test's degrees of success and
    the condition goes at 0; failed, Bleeding X is kept. It takes the healer's Turn,
    as first aid does (a ruling: the same test and kit, so the same time)."""
    unit = actor(state, action)
    target = _patient(state, unit, action)
    _turn_of_care(unit, "stopping the bleeding")
    healer = combat(unit)
    patient = healer if target.id == unit.id else combat(target)
    if patient.condition("Bleeding") is None:
        raise RulesError(f"{target.name} is not bleeding")
    failed = burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not tend the bleeding (Burning)", {}
    after, _, result = treat_bleeding(patient, healer, narrator.chance, options=rules.options)
    state = _care(state, unit, target, (after, healer))
    left = after.condition("Bleeding")
    how = f"Bleeding {left.x} left" if left is not None else "the bleeding stops"
    word = how if result.passed else "fails"
    return state, f"{unit.name} tends {target.name}'s bleeding: {word}", {
        "target": target.id, "passed": result.passed}

