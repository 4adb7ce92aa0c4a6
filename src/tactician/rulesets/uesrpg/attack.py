"""One attack, as one procedure for both resolution and forecast.

The attack itself is from outside the text (UESRPG 3e v4 core): the attacker
makes a combat test (the weapon's combat style); the defender may react with
an evade, parry or block, an opposed test. Ruling (minimal, from the core):
the attack lands when the attacker passes and the defender either fails or is
beaten — a critical success beats a plain one; otherwise more degrees of
success win; a tie goes to the defender (``defence_tie``). A successful
defence stops the whole attack.

From 003: "Hit locations — Determined by the ones digit of the attack roll";
"Damage is reduced by the AR of the hit location struck, then subtracted from
HP"; wounds, shock tests, magic extras (``wounds.inflict_wound``); Invisible
"Attacks against the character are at -30"; Hidden "Enemies cannot defend
against the character's attacks, but attacking immediately ends the
condition"; Restrained "Cannot move, attack, or defend"; Lost Hand-Arm "cannot
use two-handed weapons or shields (if whole arm)", "Both hands lost = cannot
wield weapons".

``step`` is the procedure: ``resolve`` runs it on real dice, ``forecast`` runs
it through the enumerator (design principle 1). Action points are the battle
engine's to spend (the attack, and 1 AP for the defender's reaction).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from tactician.dice.chance import Chance, Note, SampledChance
from tactician.dice.enumerate import distribution
from tactician.dice.roller import decide_by
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract.modifiers import Modifier
from tactician.rulesets.uesrpg.checks import D100Test, TestResult
from tactician.rulesets.uesrpg.conditions import remove_condition
from tactician.rulesets.uesrpg.content import Weapon
from tactician.rulesets.uesrpg.damage import DiceSum, parse_damage
from tactician.rulesets.uesrpg.locations import LOCATIONS, Location, label, struck_location
from tactician.rulesets.uesrpg.modifiers import BASE_RULE, TestKind, make_test, target_terms
from tactician.rulesets.uesrpg.numbers import bonus, can_attack, can_defend, one_arm
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState, Log, Record
from tactician.rulesets.uesrpg.wounds import reduce_damage, take_damage

Defence = Literal["none", "evade", "parry", "block"]
DEFENCES: tuple[Defence, ...] = ("none", "evade", "parry", "block")
Phase = Literal["roll", "damage", "done"]


@dataclass(frozen=True, slots=True)
class AttackState:
    """Where the attack stands: ``roll`` (to be rolled), ``damage`` (it hit
    ``location``), ``done``; ``damage`` is the damage dealt after AR."""

    phase: Phase
    defender: CombatState
    hit: bool = False
    location: Location | None = None
    damage: int = 0
    wounded: bool = False


@dataclass(frozen=True)
class AttackPlan:
    """Everything fixed before the dice: who, with what, against which defence."""

    attacker: CombatState
    defender: CombatState
    weapon: Weapon
    defence: Defence
    attack_test: D100Test
    defence_test: D100Test | None
    damage_roll: DiceSum
    options: UesrpgOptions
    # 003 Burning: "Must pass Willpower -20 to take any action other than
    # extinguishing": a burning defender's test before its defence (None: not burning)
    defence_gate: D100Test | None = None
    # the terms each test's target is summed from (``modifiers.target_terms``), for
    # the forecast panel: they sum to ``attack_test.target`` and ``defence_test.target``
    attack_terms: tuple[Modifier, ...] = ()
    defence_terms: tuple[Modifier, ...] = ()

    def start(self) -> AttackState:
        return AttackState("roll", self.defender)


def attacker_wins(attack: TestResult, defence: TestResult | None, options: UesrpgOptions) -> bool:
    """The opposed-test ruling (core, from outside 003)."""
    if not attack.passed:
        return False
    if defence is None or not defence.passed:
        return True
    if attack.critical != defence.critical:
        return attack.critical
    if attack.degrees != defence.degrees:
        return attack.degrees > defence.degrees
    return options.defence_tie == "attacker"


BURNING_GATE = TestKind("willpower", label="Willpower (burning)")


def _defence_kind(defender: CombatState, defence: Defence) -> TestKind:
    if defence == "evade":
        return TestKind(
            "agility", skill="evade", combat=True, senses=frozenset({"sight"}), label="Evade"
        )
    weapons = defender.profile.weapons
    if defence == "block":
        shields = [w for w in weapons if w.shield]
        if not shields:
            raise RulesError(f"{defender.name} has no shield to block with")
        if one_arm(defender):
            raise RulesError(f"{defender.name} cannot use a shield with a lost or crippled arm")
        skill = shields[0].skill
    else:
        usable = [w for w in weapons if not w.shield and w.type == "physical"]
        if not usable:
            raise RulesError(f"{defender.name} has no weapon to parry with")
        skill = usable[0].skill
    entry = defender.profile.skill(skill)
    characteristic = entry.characteristic if entry else "strength"
    return TestKind(
        characteristic,
        skill=skill,
        combat=True,
        combat_style=True,
        senses=frozenset({"sight"}),
        label=defence.title(),
    )


def plan_attack(
    attacker: CombatState,
    defender: CombatState,
    weapon: str | Weapon | None = None,
    defence: Defence = "none",
    *,
    attack_modifier: int = 0,
    defence_modifier: int = 0,
    options: UesrpgOptions | None = None,
) -> AttackPlan:
    """Check the attack is allowed and fix its numbers. Refuses (changing nothing) a
    dead, unconscious, restrained or paralysed attacker, a weapon it lacks or cannot
    use, a dead defender, and a defence the defender cannot make."""
    options = options or UesrpgOptions()
    if defence not in DEFENCES:
        raise RulesError(f"unknown defence {defence!r}; choose one of {', '.join(DEFENCES)}")
    if not can_attack(attacker):
        raise RulesError(f"{attacker.name} cannot attack now")
    if defender.dead:
        raise RulesError(f"{defender.name} is already dead")
    chosen = weapon if isinstance(weapon, Weapon) else attacker.profile.weapon(weapon)
    if chosen.shield and chosen.damage.strip() in ("0", ""):
        raise RulesError(f"{chosen.name} cannot attack")
    if chosen.hands == 2 and one_arm(attacker):
        raise RulesError(
            f"{attacker.name} cannot use the two-handed {chosen.name} with a lost or crippled arm"
        )
    entry = attacker.profile.skill(chosen.skill)
    characteristic = entry.characteristic if entry else "strength"
    kind = TestKind(
        characteristic,
        skill=chosen.skill,
        combat=True,
        combat_style=True,
        senses=frozenset({"sight"}),
        # 003 Silenced: "-20 penalty to spellcasting for being unable to speak"
        spellcasting=chosen.spell,
        label=f"Attack ({chosen.name})",
    )
    modifier = attack_modifier - (30 if defender.condition("Invisible") else 0)
    extra = [Modifier("target", attack_modifier, "the attack's own modifier", BASE_RULE)]
    if defender.condition("Invisible"):
        extra.append(Modifier("target", -30, f"{defender.name} is Invisible",
                              "003 L104 \"Attacks against the character are at -30\""))
    attack_terms = target_terms(attacker, kind, options, tuple(extra))
    attack_test = make_test(attacker, kind, options, modifier, "attack")
    attack_test = replace(
        attack_test,
        purpose=f"{attacker.name} attacks {defender.name} with {chosen.name} "
        f"(vs {attack_test.target})",
    )
    defence_test: D100Test | None = None
    defence_terms: tuple[Modifier, ...] = ()
    if defence != "none":
        if attacker.condition("Hidden"):
            raise RulesError(f"{defender.name} cannot defend: {attacker.name} is Hidden")
        if not can_defend(defender):
            raise RulesError(f"{defender.name} cannot defend now")
        defence_kind = _defence_kind(defender, defence)
        defence_test = make_test(defender, defence_kind, options, defence_modifier, "opposed")
        defence_terms = target_terms(defender, defence_kind, options, (Modifier(
            "target", defence_modifier, "the defence's own modifier", BASE_RULE),))
        defence_test = replace(
            defence_test, purpose=f"{defender.name} defends ({defence}, vs {defence_test.target})"
        )
    formula = parse_damage(chosen.damage)
    flat = formula.flat + sum(sign * bonus(attacker, name) for name, sign in formula.bonuses)
    damage_roll = DiceSum(formula.dice, flat, f"{chosen.name} damage")
    gate = None
    if defence_test is not None and defender.condition("Burning") is not None:
        gate = make_test(defender, BURNING_GATE, options, -20)
        gate = replace(gate, purpose=f"{defender.name} tries to {defence} while burning "
                                     f"(Willpower -20, vs {gate.target})")
    return AttackPlan(
        attacker, defender, chosen, defence, attack_test, defence_test, damage_roll, options,
        gate, attack_terms, defence_terms,
    )


@dataclass(frozen=True)
class AttackRecord:
    """The attack's own summary line for the roll log."""

    attacker: str
    defender: str
    text: str


def make_step(plan: AttackPlan) -> Any:
    """The one procedure: advance ``AttackState`` by one phase."""
    options = plan.options
    weapon = plan.weapon

    def step(state: AttackState, chance: Chance) -> AttackState:
        if state.phase == "roll":
            # the attack test is the attacker's roll, the defence (and the burning
            # defender's Willpower test before it) the defender's; damage the attacker's
            rolls, defends = plan.attacker.unit_id, plan.defender.unit_id
            attack: TestResult = decide_by(chance, rolls, plan.attack_test)
            defence = None
            flames = False  # the burning defender failed its Willpower test
            if attack.passed and plan.defence_test is not None:
                if plan.defence_gate is not None:
                    flames = not decide_by(chance, defends, plan.defence_gate).passed
                if not flames:
                    defence = decide_by(chance, defends, plan.defence_test)
            hit = attacker_wins(attack, defence, options)
            if chance.narrating:
                text = f"attack: {attack.describe()}"
                if flames:
                    text += f"; cannot {plan.defence} through the flames"
                if defence is not None:
                    text += f"; {plan.defence}: {defence.describe()}"
                text += "; hits" if hit else "; misses"
                chance.note(AttackRecord(plan.attacker.name, plan.defender.name, text))
            if not hit:
                return AttackState("done", state.defender)
            aimed = attack.location or "body"
            location = struck_location(aimed, state.defender.lost)
            return AttackState("damage", state.defender, True, location)
        location = state.location or "body"
        raw = decide_by(chance, plan.attacker.unit_id, plan.damage_roll)
        defender = state.defender
        dealt = reduce_damage(defender, raw, location, weapon.type, options)
        log = Log(chance)
        log.add(
            defender,
            "damage",
            f"{weapon.name} rolls {raw} {weapon.type} damage on the "
            f"{label(location)}; {dealt} after AR",
        )
        wounds_before = defender.wound_count
        defender = take_damage(
            defender,
            chance,
            dealt,
            log,
            options,
            location=location,
            damage_type=weapon.type,
            attack=True,
        )
        return AttackState(
            "done", defender, True, location, dealt, defender.wound_count > wounds_before
        )

    return step


def _done(state: AttackState) -> bool:
    return state.phase == "done"


@dataclass
class AttackForecast:
    """Exact odds of one attack, from the enumerator over the same ``step``."""

    plan: AttackPlan
    final: dict[AttackState, float]

    @property
    def hit(self) -> float:
        return sum((p for s, p in self.final.items() if s.hit), 0.0)

    @property
    def locations(self) -> dict[Location, float]:
        result = dict.fromkeys(LOCATIONS, 0.0)
        for s, p in self.final.items():
            if s.location is not None:
                result[s.location] += p
        return result

    @property
    def wound(self) -> float:
        return sum((p for s, p in self.final.items() if s.wounded), 0.0)

    @property
    def kill(self) -> float:
        """The defender ends at 0 HP (down) or dead."""
        return sum((p for s, p in self.final.items() if s.defender.hp == 0 or s.defender.dead), 0.0)

    @property
    def dead(self) -> float:
        return sum((p for s, p in self.final.items() if s.defender.dead), 0.0)

    def hp_distribution(self) -> dict[int, float]:
        result: dict[int, float] = {}
        for s, p in self.final.items():
            result[s.defender.hp] = result.get(s.defender.hp, 0.0) + p
        return dict(sorted(result.items()))

    def damage_distribution(self) -> dict[int, float]:
        result: dict[int, float] = {}
        for s, p in self.final.items():
            result[s.damage] = result.get(s.damage, 0.0) + p
        return dict(sorted(result.items()))

    def expected_damage(self) -> float:
        return sum(d * p for d, p in self.damage_distribution().items())

    def summary(self) -> dict[str, Any]:
        return {
            "attacker": self.plan.attacker.name,
            "defender": self.plan.defender.name,
            "weapon": self.plan.weapon.name,
            "defence": self.plan.defence,
            "attack_target": self.plan.attack_test.target,
            "defence_target": self.plan.defence_test.target if self.plan.defence_test else None,
            "hit": self.hit,
            "locations": self.locations,
            "wound": self.wound,
            "kill": self.kill,
            "dead": self.dead,
            "expected_damage": self.expected_damage(),
            "hp": self.hp_distribution(),
        }


def forecast(plan: AttackPlan) -> AttackForecast:
    """Exact distribution of the attack's end states (same ``step`` as ``resolve``)."""
    return AttackForecast(plan, distribution(plan.start(), make_step(plan), _done))


@dataclass
class AttackResolution:
    plan: AttackPlan
    final: AttackState
    attacker: CombatState  # the attacker after attacking (Hidden ends)
    notes: list[Note]  # each record with the dice that decided it
    chance: SampledChance = field(repr=False)

    @property
    def defender(self) -> CombatState:
        return self.final.defender

    def records(self) -> list[Any]:
        return [note.record for note in self.notes]


def resolve(plan: AttackPlan, dice: DiceSource) -> AttackResolution:
    """Run the attack on real dice (seeded or the table's), recording every die."""
    chance = SampledChance(dice)
    step = make_step(plan)
    state = plan.start()
    while not _done(state):
        state = step(state, chance)
    attacker = plan.attacker
    if attacker.condition("Hidden"):
        attacker, records = remove_condition(attacker, "Hidden", options=plan.options)
        for record in records:
            chance.note(record)
    return AttackResolution(plan, state, attacker, chance.notes, chance)


__all__ = [
    "AttackForecast",
    "AttackPlan",
    "AttackResolution",
    "AttackState",
    "Record",
    "attacker_wins",
    "forecast",
    "make_step",
    "plan_attack",
    "resolve",
]
