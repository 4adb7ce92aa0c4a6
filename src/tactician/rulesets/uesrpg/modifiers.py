"""Test modifiers from conditions, wounds and fatigue, and taking a test.

Every penalty a unit's own state puts on its tests is gathered here, with its
words from 003:

- wound passive effect: "-20 to all tests until the wound is fully healed"
  (how several combine is the ``wound_penalties`` ruling);
- Fatigued: "1 Fatigued -10 to all tests; 2 Exhausted -20; 3 Drained -30";
- Blinded: "-30 to tests benefiting from sight. Automatically fail tests relying
  solely on sight" (Deafened the same for hearing);
- Lost Eye: "-20 to sight tests"; Lost Ear: "-20 to hearing tests" (with both
  lost, the unit is Blinded/Deafened instead: the -30 replaces the -20);
- Lost Foot-Leg: "-20 to tests requiring two legs"; Lost Hand-Arm: "-20 to tests
  requiring two hands" (a crippled part "Suffers the same penalties as if lost");
- Entangled: "-20 to all Combat Style tests"; Prone: "-20 to all combat tests";
- Frenzied: "-20 to all tests not based on Str, Ag, or End";
- Silenced: "-20 penalty to spellcasting for being unable to speak".

Penalties from the other side (Invisible: "Attacks against the character are
at -30"; Chameleon and Muffled: "tests to detect this character suffer -X")
are in ``detection_modifier`` and the attack.

``target_terms`` lists a test's target as the terms it is summed from (the
characteristic or skill, then each penalty with its line of 003), and
``target_number`` is their sum: the forecast panel lists the very terms the dice
are rolled against (issue 15, ``rulesets.contract.modifiers``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tactician.dice.chance import Chance
from tactician.dice.roller import decide_by
from tactician.rulesets.contract.modifiers import Modifier, total
from tactician.rulesets.uesrpg.characteristics import ABBREVIATION, Characteristic
from tactician.rulesets.uesrpg.checks import D100Test, Grain, TestResult
from tactician.rulesets.uesrpg.locations import ARMS, EARS, EYES, LEGS
from tactician.rulesets.uesrpg.numbers import fatigue_level, has, impaired_parts
from tactician.rulesets.uesrpg.numbers import wound_penalty_count as _wound_count
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState, Log

Sense = Literal["sight", "hearing"]
WOUND_PENALTY = -20
FATIGUE_PENALTY = {1: -10, 2: -20, 3: -30}
_FRENZY_FREE: frozenset[str] = frozenset({"strength", "agility", "endurance"})
# where 003 (and, for a test's base, the core it leans on) says each term
BASE_RULE = ("reference facts (UESRPG 3e core): \"A test is d100 against a target number "
             "(characteristic + modifiers)\"")
RULES = {
    "wound": ("003 L45 \"-20 to all tests until the wound is fully healed\" "
              "(ruling wound_penalties)"),
    "Fatigued": "003 L86 \"1 | Fatigued | -10 to all tests\"",
    "Exhausted": "003 L87 \"2 | Exhausted | -20 to all tests\"",
    "Drained": "003 L88 \"3 | Drained | -30 to all tests\"",
    "Blinded": "003 L69 \"-30 to tests benefiting from sight\"",
    "Deafened": "003 L79 \"-30 to tests benefiting from hearing\"",
    "Lost Eye": "003 L108 \"Lost Eye - -20 to sight tests\" (ruling lost_eye_combat)",
    "Lost Ear": "003 L107 \"Lost Ear - -20 to hearing tests\"",
    "Lost Foot-Leg": "003 L109 \"-20 to tests requiring two legs\"",
    "Lost Hand-Arm": "003 L110 \"-20 to tests requiring two hands\"",
    "Entangled": "003 L81 \"-20 to all Combat Style tests\"",
    "Prone": "003 L117 \"-20 to all combat tests\"",
    "Frenzied": "003 L97 \"-20 to all tests not based on Str, Ag, or End\"",
    "Silenced": "003 L121 \"-20 penalty to spellcasting for being unable to speak\"",
}


@dataclass(frozen=True, slots=True)
class TestKind:
    """What a test is, so the right penalties apply.

    ``skill``: the skill tested (its target is characteristic + rank bonus); without
    it, or when the unit lacks the skill, the characteristic alone (a gap: the core's
    untrained-skill rule is not in the reference facts).
    """

    __test__ = False  # not a pytest class

    characteristic: Characteristic
    skill: str | None = None
    combat: bool = False
    combat_style: bool = False
    senses: frozenset[Sense] = frozenset()
    solely: Sense | None = None
    spellcasting: bool = False
    two_hands: bool = False
    two_legs: bool = False
    label: str = ""

    def describe(self) -> str:
        if self.label:
            return self.label
        return self.skill.title() if self.skill else ABBREVIATION[self.characteristic]


def characteristic_test(characteristic: Characteristic, label: str = "") -> TestKind:
    return TestKind(characteristic, label=label)


def base_target(unit: CombatState, kind: TestKind) -> int:
    if kind.skill is not None:
        target = unit.profile.skill_target(kind.skill)
        if target is not None:
            return target
    return unit.profile.score(kind.characteristic)


def characteristic_of(unit: CombatState, kind: TestKind) -> Characteristic:
    if kind.skill is not None:
        entry = unit.profile.skill(kind.skill)
        if entry is not None:
            return entry.characteristic
    return kind.characteristic


def modifiers(unit: CombatState, kind: TestKind, options: UesrpgOptions) -> list[tuple[str, int]]:
    """Each penalty the unit's own state puts on a test of ``kind``, named."""
    result: list[tuple[str, int]] = []
    wounds = _wound_count(unit, options)
    if wounds:
        result.append((f"{wounds} wound{'s' if wounds > 1 else ''}", WOUND_PENALTY * wounds))
    level = min(fatigue_level(unit), 3)
    if level:
        names = {1: "Fatigued", 2: "Exhausted", 3: "Drained"}
        result.append((names[level], FATIGUE_PENALTY[level]))
    parts = impaired_parts(unit)
    if "sight" in kind.senses:
        if has(unit, "Blinded"):
            result.append(("Blinded", -30))
        elif any(p in parts for p in EYES) and not (
            kind.combat and options.lost_eye_combat == "perception"
        ):
            # attacks and defences are sight tests (the ``lost_eye_combat`` ruling)
            result.append(("Lost Eye", -20))
    if "hearing" in kind.senses:
        if has(unit, "Deafened"):
            result.append(("Deafened", -30))
        elif any(p in parts for p in EARS):
            result.append(("Lost Ear", -20))
    if kind.two_legs and any(p in parts for p in LEGS):
        result.append(("Lost Foot-Leg", -20))
    if kind.two_hands and any(p in parts for p in ARMS):
        result.append(("Lost Hand-Arm", -20))
    if kind.combat_style and unit.condition("Entangled"):
        result.append(("Entangled", -20))
    if kind.combat and unit.condition("Prone"):
        result.append(("Prone", -20))
    if unit.condition("Frenzied") and characteristic_of(unit, kind) not in _FRENZY_FREE:
        result.append(("Frenzied", -20))
    if kind.spellcasting and unit.condition("Silenced"):
        result.append(("Silenced", -20))
    return result


def automatic_failure(unit: CombatState, kind: TestKind) -> str | None:
    """Why the test fails without a roll, if it does: Blinded "Automatically fail tests
    relying solely on sight"; Deafened the same for hearing."""
    if kind.solely == "sight" and has(unit, "Blinded"):
        return "Blinded"
    if kind.solely == "hearing" and has(unit, "Deafened"):
        return "Deafened"
    return None


def rule_of(name: str) -> str:
    """The 003 line a penalty of ``modifiers`` follows ("2 wounds" is the wound's)."""
    return RULES["wound"] if name.endswith(("wound", "wounds")) else RULES[name]


def target_terms(
    unit: CombatState, kind: TestKind, options: UesrpgOptions, extra: tuple[Modifier, ...] = ()
) -> tuple[Modifier, ...]:
    """A test's target as its terms: the characteristic or skill, every penalty of
    the unit's own state (``modifiers``), then ``extra`` (the other side's: Invisible)."""
    skill = kind.skill.title() if kind.skill and unit.profile.skill(kind.skill) else \
        ABBREVIATION[kind.characteristic]
    terms = [Modifier("target", base_target(unit, kind), f"{unit.name}'s {skill}", BASE_RULE)]
    terms.extend(Modifier("target", value, name, rule_of(name))
                 for name, value in modifiers(unit, kind, options))
    return (*terms, *extra)


def target_number(
    unit: CombatState, kind: TestKind, options: UesrpgOptions, modifier: int = 0
) -> int:
    """Target number: characteristic or skill, plus every penalty, plus ``modifier``."""
    return total(target_terms(unit, kind, options)) + modifier


def make_test(
    unit: CombatState,
    kind: TestKind,
    options: UesrpgOptions,
    modifier: int = 0,
    grain: Grain = "pass",
) -> D100Test:
    """The d100 event for ``unit`` taking a test of ``kind`` (its criticals included)."""
    success, failure = unit.profile.critical_numbers()
    target = target_number(unit, kind, options, modifier)
    purpose = f"{unit.name}: {kind.describe()} test vs {target}"
    return D100Test(target, success, failure, grain, purpose)


def take_test(
    unit: CombatState,
    chance: Chance,
    kind: TestKind,
    options: UesrpgOptions,
    log: Log | None = None,
    modifier: int = 0,
    grain: Grain = "pass",
) -> TestResult:
    """Roll a test (or fail it automatically) and log it."""
    reason = automatic_failure(unit, kind)
    if reason is not None:
        result = TestResult(False, 0, False, automatic=True)
        if log is not None:
            log.add(unit, "test", f"{kind.describe()} test fails automatically ({reason})")
        return result
    event = make_test(unit, kind, options, modifier, grain)
    result = decide_by(chance, unit.unit_id, event)  # a unit's test is its own roll
    if log is not None:
        log.add(unit, "test", f"{kind.describe()} test vs {event.target}: {result.describe()}")
    return result


def detection_modifier(target: CombatState, sense: Sense) -> int:
    """Penalty on tests to detect ``target`` by ``sense``. Chameleon (X): "Sight-based
    tests to detect this character suffer -X. Only the highest X applies if stacked";
    Muffled (X) the same for hearing. (Invisible: "All sight-based detection fails" —
    see ``detection_fails``.)"""
    name = "Chameleon" if sense == "sight" else "Muffled"
    return -max((c.x for c in target.conditions_named(name)), default=0)  # type: ignore[arg-type]


def detection_fails(target: CombatState, sense: Sense) -> bool:
    """Invisible: "Cannot be seen. All sight-based detection fails." """
    return sense == "sight" and target.condition("Invisible") is not None
