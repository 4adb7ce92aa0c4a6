"""Round and Turn edges: what happens to a unit at the start of each round and at
the end of its Turn, and its initiative.

Which edge each condition acts on, with 003's words:

- start of round (``start_of_round``): AP refill (core: "AP refill at the start of
  the round"); Dazed "Gain 1 fewer AP at the start of each round (minimum 1)";
  Stunned "Do not regain AP at the start of each round while stunned"; Silenced
  "At the start of each round, may test Perception to realize"; then every duration
  counts down one round (a condition of N rounds covers the next N round starts), the
  blood-loss countdown of each wound and magical relief.
- end of the unit's Turn (``end_of_turn``): the death test ("Each Turn they must
  pass an Endurance test"); Bleeding "At the end of each Turn, take X damage
  (bypasses AR/Resistance); then X decreases by 1"; Burning "At the end of each
  Turn, take X fire damage to the affected location ..., then X increases by 1";
  blood loss dropping the unit to 0 HP once its countdown has run out.

Ruling (blood loss): "30 seconds (5 rounds) before blood loss drops them to 0 HP"
counts 5 round starts, and the drop comes at the end of the unit's Turn in that
round: on average 5 rounds after the wound, whatever the turn order.
"""

from __future__ import annotations

from dataclasses import replace

from tactician.dice.chance import Chance
from tactician.dice.roller import decide_by
from tactician.rulesets.uesrpg.character import ACTION_POINTS
from tactician.rulesets.uesrpg.conditions import add_logged
from tactician.rulesets.uesrpg.damage import DiceSum
from tactician.rulesets.uesrpg.death import death_test_logged
from tactician.rulesets.uesrpg.locations import label
from tactician.rulesets.uesrpg.modifiers import TestKind, take_test
from tactician.rulesets.uesrpg.numbers import has, initiative_rating, passive_wounds
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import Changed, CombatState, Condition, Log, Record
from tactician.rulesets.uesrpg.wounds import reduce_damage, take_damage

SILENCE_CHECK = TestKind("perception", senses=frozenset({"hearing"}), label="Perception (silenced)")


def _count_down(unit: CombatState, log: Log, names: frozenset[str] | None) -> CombatState:
    """Count down durations (of ``names`` only, or all); remove those run out."""
    kept: list[Condition] = []
    changed = False
    for c in unit.conditions:
        if c.rounds is not None and (names is None or c.name in names):
            changed = True
            if c.rounds <= 1:
                log.add(unit, "condition", f"{c.name} ends")
                continue
            c = replace(c, rounds=c.rounds - 1)
        kept.append(c)
    return unit.with_conditions(kept) if changed else unit


def refill_ap(unit: CombatState) -> tuple[int, int]:
    """AP and AP debt after the start-of-round refill (no state change)."""
    if unit.dead or has(unit, "Unconscious"):
        return 0, unit.ap_debt
    if unit.condition("Stunned"):
        return unit.ap, unit.ap_debt
    ap = ACTION_POINTS
    if unit.condition("Dazed"):
        ap = max(1, ap - 1)
    return max(0, ap - unit.ap_debt), 0


def start_of_round(
    unit: CombatState, chance: Chance, options: UesrpgOptions | None = None
) -> Changed:
    """Everything that happens to ``unit`` when a round starts (see the module notes)."""
    options = options or UesrpgOptions()
    if unit.dead:
        return unit, ()
    log = Log(chance)
    if not options.head_stun_skips_refill:
        unit = _count_down(unit, log, frozenset({"Stunned"}))
    ap, debt = refill_ap(unit)
    if unit.condition("Stunned") and not has(unit, "Unconscious"):
        log.add(unit, "ap", "regains no AP (Stunned)")
    elif ap != ACTION_POINTS and not has(unit, "Unconscious"):
        log.add(unit, "ap", f"starts the round with {ap} AP")
    unit = replace(unit, ap=ap, ap_debt=debt)
    silenced = unit.condition("Silenced")
    if (
        silenced is not None
        and not silenced.x
        and not has(unit, "Unconscious")
        and take_test(unit, chance, SILENCE_CHECK, options, log).passed
    ):
        unit = unit.with_conditions(
            [c for c in unit.conditions if c is not silenced] + [replace(silenced, x=1)]
        )
        log.add(unit, "condition", "realises it is Silenced")
    unit = _count_down(unit, log, None)
    if passive_wounds(unit):
        wounds = tuple(
            replace(w, blood_loss=w.blood_loss - 1)
            if w.passive and w.blood_loss is not None and w.blood_loss > 0
            else w
            for w in unit.wounds
        )
        unit = replace(unit, wounds=wounds)
    if unit.relief:
        unit = replace(unit, relief=unit.relief - 1)
        if not unit.relief:
            log.add(unit, "wound", "magical relief from wound effects ends")
    return log.done(unit)


def end_of_turn(unit: CombatState, chance: Chance, options: UesrpgOptions | None = None) -> Changed:
    """Everything that happens to ``unit`` at the end of its Turn (see the module notes)."""
    options = options or UesrpgOptions()
    if unit.dead:
        return unit, ()
    log = Log(chance)
    unit = death_test_logged(unit, chance, options, log)
    bleeding = unit.condition("Bleeding")
    if bleeding is not None and not unit.dead:
        unit = take_damage(unit, chance, bleeding.x, log, options, damage_type="physical")
        rest = [c for c in unit.conditions if c.name != "Bleeding"]
        if bleeding.x - 1 <= 0:
            log.add(unit, "condition", "Bleeding stops")
            unit = unit.with_conditions(rest)
        else:
            unit = unit.with_conditions([*rest, replace(bleeding, x=bleeding.x - 1)])
    for fire in unit.conditions_named("Burning"):
        if unit.dead:
            break
        where = fire.where or "body"
        amount = reduce_damage(unit, fire.x, where, "fire", options)  # type: ignore[arg-type]
        log.add(unit, "damage", f"burns for {fire.x} fire damage on the {label(where)}")
        unit = take_damage(
            unit,
            chance,
            amount,
            log,
            options,
            location=where,  # type: ignore[arg-type]
            damage_type="fire",
            attack=options.burning_can_wound,
        )
        current = unit.condition("Burning", fire.where)
        if current is not None:
            hotter = replace(current, x=current.x + 1)
            unit = unit.with_conditions([c for c in unit.conditions if c is not current] + [hotter])
    if not unit.dead and passive_wounds(unit):
        due = [w for w in unit.wounds if w.passive and w.blood_loss == 0]
        if due:
            unit = replace(
                unit,
                wounds=tuple(replace(w, blood_loss=None) if w in due else w for w in unit.wounds),
            )
            if unit.hp > 0:
                unit = replace(unit, hp=0, death_failures=0, stable=False, next_test_fails=False)
                log.add(unit, "death", "blood loss drops it to 0 HP; it falls Unconscious")
                unit = add_logged(unit, "Unconscious", log, cause="hp")
    return log.done(unit)


def roll_initiative(
    unit: CombatState, chance: Chance, options: UesrpgOptions | None = None
) -> tuple[int, tuple[Record, ...]]:
    """Core: "initiative = 1d6 + rating" (AB + IB + PcB); 003: each wound gives "-2 to
    future initiative rolls"."""
    options = options or UesrpgOptions()
    rating = initiative_rating(unit, options)
    log = Log(chance)
    value = decide_by(chance, unit.unit_id, DiceSum((6,), rating, f"{unit.name}: initiative"))
    log.add(unit, "test", f"initiative {value} (1d6 + {rating})")
    return value, tuple(log.records)
