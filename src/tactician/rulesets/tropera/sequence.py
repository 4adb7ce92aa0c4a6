"""The Attack Sequence: who strikes, in what order, and what each strike does.

Source: 000 "Attack Sequences" — "Each participant takes turns to attack their
opponent, alternating until either one is defeated, or both characters have
exhausted their total number of attacks. If one character runs out of attacks
before the other, the other character's remaining attacks are all executed
back to back. By default the first attack in an Attack Sequence goes to the
character who initiated the Attack action"; multi-target sequences "the turn
order starts with the Attacker, then goes down the list of each enemy involved
in the attack in the order which the attack targeted them ... and then back to
Player A"; Vantage: "Your first counterattack goes before your attacker's first
attack whenever your Speed is higher than your attacker's."

One procedure, two uses (design principle 1): ``step`` advances the sequence by
one strike through a ``Chance``. ``resolve`` runs it on real dice;
``forecast`` runs it through the enumerator for the exact distribution.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tactician.counted import counted
from tactician.dice.chance import Chance, Note, SampledChance
from tactician.dice.enumerate import Local, distribution
from tactician.dice.roller import rolled_by
from tactician.errors import RulesError
from tactician.rulesets.contract.modifiers import Modifier, clamp_terms, total
from tactician.rulesets.fe_common.triangle import triangle_accuracy
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.attack_roll import CRIT, MISS, AttackRoll, attack_roll
from tactician.rulesets.tropera.combatant import Combatant
from tactician.rulesets.tropera.gear import WeaponLike
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.proficiency import s_plus
from tactician.rulesets.tropera.relics import relic_effect
from tactician.rulesets.tropera.sequence_packing import Packing, packing_for, unpack_all

if TYPE_CHECKING:  # annotations only: a forecast never imports the dice sources
    from tactician.dice.source import DiceSource

# marks per participant: bit 0 Miracle spent, bit 1 Shield spent, bits 2+ = guard breaker + 1
_MIRACLE = 1
_SHIELD = 2
# a Cleave chain in progress: (successive Cleaves so far, bit set of units struck in it)
_NO_CHAIN = (0, 0)
CLEAVE_PENALTY = 15  # 000 Cleave: "with -15 accuracy ... the accuracy penalty stacking"

# (next strike, HP of every unit, marks of every unit, Cleave chain)
State = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, int]]


class StrikeNumbers(NamedTuple):
    """Everything one strike needs, fixed before the sequence starts.

    This and the other small records here are ``NamedTuple``s: immutable values
    like frozen dataclasses, about ten times cheaper to define (issue 16: every
    forecast imports this module).
    """

    hit: int  # displayed Hit Chance, 0..100
    crit: int  # displayed Critical Hit Chance, 0..100
    damage: int
    crit_damage: int
    roll: AttackRoll
    # the terms ``hit`` and ``crit`` are summed from, for the forecast's modifiers
    terms: tuple[Modifier, ...] = ()


class Strike(NamedTuple):
    striker: int
    target: int


class Maneuver(NamedTuple):
    """Choices the attacker's feats offer for one Attack action.

    ``grapple`` (Grappler): "you can choose to grapple your target instead of
    dealing damage". ``trample`` (Trample): the Movement stat added "the first time
    you deal damage to an enemy", after which the attacker will "end your attack
    sequence"; 0 when not trampling. ``multishot`` (Multishot): the index in
    ``Plan.units`` each of the attacker's strikes goes to, "divide however many
    strikes you are eligible to make against that target between any other
    targets within your attack range. You only provoke counterattacks from your
    initial target." ``no_extra_attacks`` (Destructible Terrain): "Attack
    Sequences against terrain do not benefit from Extra Attacks": the attacker
    strikes once, whatever Speed, Adept, Brave, Reckless or S+3 would add.
    """

    grapple: bool = False
    trample: int = 0
    multishot: tuple[int, ...] = ()
    no_extra_attacks: bool = False


class Plan(NamedTuple):
    """A sequence ready to run: participants, strike order, and the numbers of
    each (striker, target, guard breaker) combination."""

    units: list[Combatant]  # attacker, the targets in order, then Cleave bystanders
    counts: list[int]
    strikes: list[Strike]
    # (striker, target, guard breaker or -1, Cleave step) -> numbers
    table: dict[tuple[int, int, int, int], StrikeNumbers]
    options: TroperaOptions
    distance: int
    targets: int  # how many of ``units`` after the attacker are in the Sequence
    cleave: bool  # the attacker's hits can set off Cleave
    maneuver: Maneuver = Maneuver()

    def packing(self) -> Packing:
        """How the forecast packs this Sequence's states (``sequence_packing``; one
        layout object per distinct layout, kept by ``packing_for``)."""
        return packing_for(len(self.units), len(self.strikes), self.start()[1], self.targets)

    def start(self) -> State:
        marks = tuple(
            (_MIRACLE if u.situation.miracle_spent else 0)
            | (_SHIELD if u.situation.shield_spent else 0)
            for u in self.units
        )
        return (0, tuple(u.hp for u in self.units), marks, _NO_CHAIN)

    def side_defeated(self, hps: tuple[int, ...]) -> bool:
        """000: "until all involved characters on one side have been defeated":
        the attacker against the targets (Cleave bystanders are not involved)."""
        return hps[0] == 0 or not any(hps[1 : 1 + self.targets])

    def done(self, state: State) -> bool:
        return done_test(self)(self.packing().pack(state))


def done_test(plan: Plan) -> Callable[[int], bool]:
    """``Plan.done`` on packed states: every strike made or one side defeated
    (``side_defeated``, on the packed HP bits: the enumerator asks this of every
    state it holds), and no Cleave chain under way (its level is 1 or more)."""
    packing = plan.packing()
    last = len(plan.strikes)
    index_mask, level_at, level_mask = packing.index_mask, packing.level_at, packing.level_mask
    attacker_at, hp_mask, targets_hp = packing.hp_at[0], packing.hp_mask, packing.targets_hp

    def done(packed: int) -> bool:
        if packed >> level_at & level_mask:
            return False
        return (
            packed & index_mask >= last
            or not packed >> attacker_at & hp_mask
            or not packed & targets_hp
        )

    return done


def strike_numbers(
    unit: Combatant,
    target: Combatant,
    options: TroperaOptions,
    guard_break: int = 0,
    accuracy_penalty: int = 0,
) -> StrikeNumbers:
    """Hit Chance, Crit Chance and damage of ``unit`` striking ``target``.

    000: "Hit Chance: (Attacker's Hit) - (Target's Avoid)"; "Critical Accuracy:
    (Attacker's Critical Hit) - (Defender's Critical Avoidance)"; Gamble: "You add
    your Luck to your Critical Hit Chance". Chances are clamped to 0..100.
    """
    weapon = unit.weapon
    if weapon is None:
        raise RulesError(f"{unit.name} has no weapon equipped")
    target_weapon = target.weapon
    triangle = triangle_accuracy(
        weapon.type,
        target_weapon.type if target_weapon else None,
        attacker_s_plus=s_plus(unit.rank_for(weapon)),
        defender_s_plus=s_plus(target.rank_for(target_weapon)) if target_weapon else 0,
        attacker_ignores=unit.has("Martial Artist"),
    )
    # Resistant: "have a 15 Avoidance bonus against staves that inflict ailments"
    ailment_ward = 15 if weapon.is_staff and weapon.inflicts and target.has("Resistant") else 0
    hit_terms = (
        *numbers.hit_terms(unit, weapon),
        Modifier("hit", triangle, "weapon triangle",
                 '000 L182: "grants +15 Accuracy to the attack"'),
        Modifier("hit", -accuracy_penalty, "Cleave's free attack",
                 '000 L87 Cleave: "a free attack ... with -15 accuracy"'),
        Modifier("hit", -numbers.avoid(target, guard_break), f"{target.name}'s Avoid",
                 '000 L69: "Hit Chance: (Attacker\'s Hit) - (Target\'s Avoid)"'),
        Modifier("hit", -ailment_ward, f"{target.name} is Resistant to ailments",
                 '000 Resistant: "a 15 Avoidance bonus against staves that inflict ailments"'),
    )
    crit_terms: tuple[Modifier, ...] = (
        *numbers.crit_terms(unit, weapon, options),
        Modifier("crit", -numbers.crit_avoid(target), f"{target.name}'s Critical Avoid",
                 '000 L74: "(Attacker\'s Critical Hit) - (Defender\'s Critical Avoidance)"'),
    )
    gamble = unit.has("Gamble")
    if gamble:
        crit_terms += (Modifier("crit", unit.stats["lck"], "Gamble",
                                '000 L95 Gamble: "You add your Luck to your Critical Hit Chance"'),)
    if target.relic is not None and relic_effect(target.relic.effect).no_crit_against:
        # a relic that prevents critical hits (``relics``): whatever the terms sum to
        crit_terms += (Modifier("crit", -total(crit_terms), target.relic.name,
                                "relic: the holder cannot be critically hit (rulings)"),)
    clamped = "Tactician: a chance under 0 or over 100 reads as 0 or 100 (000 L61)"
    hit_terms = clamp_terms("hit", hit_terms, 0, 100, clamped)
    crit_terms = clamp_terms("crit", crit_terms, 0, 100, clamped)
    hit_chance, crit_chance = total(hit_terms), total(crit_terms)
    normal, critical = numbers.damage(unit, weapon, target, options)
    return StrikeNumbers(
        hit_chance,
        crit_chance,
        normal,
        critical,
        attack_roll(hit_chance, crit_chance, gamble, options),
        hit_terms + crit_terms,
    )


#: strike numbers already worked out, by (id of striker, id of target, Guard Break
#: reduction, accuracy penalty); each entry holds the two snapshots and the options
#: it was computed with, so an id is not reused while its entry lives
NumbersMemo = dict[
    tuple[int, int, int, int], tuple[Combatant, Combatant, TroperaOptions, StrikeNumbers]
]


def remembered_numbers(
    memo: NumbersMemo | None,
    unit: Combatant,
    target: Combatant,
    options: TroperaOptions,
    guard_break: int = 0,
    accuracy_penalty: int = 0,
) -> StrikeNumbers:
    """``strike_numbers``, read from ``memo`` when these very snapshots met before.

    The enemy AI plans the same attacker snapshot against several foes and the same
    foe against several attackers (``ai.Scorer``); snapshots are immutable, so the
    numbers of a pair never change.
    """
    if memo is None:
        return strike_numbers(unit, target, options, guard_break, accuracy_penalty)
    key = (id(unit), id(target), guard_break, accuracy_penalty)
    found = memo.get(key)
    if found is None or found[0] is not unit or found[1] is not target or found[2] is not options:
        numbers_ = strike_numbers(unit, target, options, guard_break, accuracy_penalty)
        memo[key] = (unit, target, options, numbers_)
        return numbers_
    return found[3]


def strike_order(counts: list[int], first: int = 0) -> list[int]:
    """Rotation order of strikers: each participant with attacks left strikes once
    per pass, starting at ``first``, until all are exhausted — which for two
    participants is "alternating ... the other character's remaining attacks are
    all executed back to back"."""
    left = list(counts)
    order: list[int] = []
    rotation = list(range(first, len(counts))) + list(range(first))
    while any(left):
        for index in rotation:
            if left[index]:
                order.append(index)
                left[index] -= 1
    return order


def _check_targets(
    attacker: Combatant,
    weapon: WeaponLike,
    targets: list[Combatant],
    bystanders: list[Combatant],
    maneuver: Maneuver,
) -> None:
    """Refuse more targets than the attack may have, and Cleave's bystanders for an
    attacker without Cleave (issue 7: both were accepted silently).

    000: some attacks "target multiple opponents, such as the Chain Lightning Tome"
    (the weapon's ``extra_targets``: up to 2 further enemies for Chain Lightning, a
    ruling); Multishot's targets are its own (``_check_multishot``); Cleave: "you
    make a free attack against a different adjacent enemy".
    """
    if bystanders and not attacker.has("Cleave"):
        names = ", ".join(b.name for b in bystanders)
        raise RulesError(
            f"{attacker.name} has no Cleave feat, so no other enemy ({names}) can be "
            "struck in this Sequence"
        )
    extra = len(targets) - 1
    if extra and not maneuver.multishot and extra > weapon.extra_targets:
        if weapon.extra_targets == 0:
            raise RulesError(f"{weapon.name} strikes one target; {len(targets)} were given")
        raise RulesError(
            f"{weapon.name} jumps to at most {weapon.extra_targets} further enemies; "
            f"{extra} were given"
        )


def plan_sequence(
    attacker: Combatant,
    targets: list[Combatant],
    distance: int | None = None,
    options: TroperaOptions | None = None,
    bystanders: list[Combatant] | None = None,
    maneuver: Maneuver | None = None,
    memo: NumbersMemo | None = None,
) -> Plan:
    """Count every participant's attacks and lay out the strikes.

    With several targets (Chain Lightning) each of the attacker's turns strikes
    every target in the order targeted (``chain_attacker_strikes_each_target``),
    and each target counterattacks the attacker. ``bystanders`` are other enemies
    adjacent to the attacker that only Cleave can reach. ``maneuver`` holds the
    attacker's Grappler, Trample and Multishot choices. ``memo`` keeps strike
    numbers between plans (``remembered_numbers``).
    """
    options = options or TroperaOptions()
    maneuver = maneuver or Maneuver()
    if not targets:
        raise RulesError("an Attack Sequence needs at least one target")
    weapon = attacker.weapon
    if weapon is None:
        raise RulesError(f"{attacker.name} has no usable weapon equipped")
    if weapon.heal is not None:
        raise RulesError(f"{weapon.name} heals allies; it cannot start an Attack Sequence")
    if distance is None:
        distance = weapon.range[0] if weapon.range[0] > 0 else 1
    if not numbers.in_range(weapon, attacker, distance):
        low, high = weapon.range
        raise RulesError(
            f"{attacker.name}'s {weapon.name} reaches {low}-{high}, not distance {distance}"
        )
    bystanders = bystanders or []
    _check_targets(attacker, weapon, targets, bystanders, maneuver)
    units = [attacker, *targets, *bystanders]
    primary = targets[0]
    counts = [
        numbers.attack_count(
            attacker, weapon, primary, primary.weapon, is_target=False, options=options
        )
    ]
    if maneuver.no_extra_attacks:
        counts[0] = min(counts[0], 1)
    for position, target in enumerate(targets):
        if maneuver.multishot and position > 0:
            counts.append(0)  # "You only provoke counterattacks from your initial target"
            continue
        counts.append(counterattacks(target, attacker, distance, options))
    first = 0
    if (
        len(targets) == 1
        and counts[1] > 0
        and primary.has("Vantage")
        and primary.stats["spd"] > attacker.stats["spd"]
    ):
        first = 1
    if maneuver.multishot:
        _check_multishot(attacker, maneuver.multishot, counts[0], len(targets), distance)
    strikes: list[Strike] = []
    attacker_turns = 0
    for striker in strike_order(counts, first):
        if striker == 0 and maneuver.multishot:
            strikes.append(Strike(0, maneuver.multishot[attacker_turns]))
            attacker_turns += 1
        elif striker == 0:
            chain = options.chain_attacker_strikes_each_target
            victims = range(1, 1 + len(targets)) if chain else [1]
            strikes.extend(Strike(0, t) for t in victims)
        else:
            strikes.append(Strike(striker, 0))
    # Cleave: "Whenever you hit an adjacent enemy with a weapon attack on your turn,
    # you make a free attack against a different adjacent enemy" (a tome or staff is
    # not a weapon attack; the attacker is the one whose turn it is)
    cleave = (
        attacker.has("Cleave")
        and distance == 1
        and not weapon.is_staff
        and weapon.type not in ("light", "anima", "dark")
        and len(units) > 2
    )
    pairs = {(s.striker, s.target, 0) for s in strikes}
    if cleave:
        chain_length = len(units) - 2
        pairs |= {(0, t, k) for t in range(1, len(units)) for k in range(1, chain_length + 1)}
    table: dict[tuple[int, int, int, int], StrikeNumbers] = {}
    # a guard breaker's entries are only read once it has struck (``make_step``
    # marks the victim with the breaker), so units without the feat need none
    breakers = [-1] + [b for b, unit in enumerate(units) if unit.has("Guard Break")]
    for striker, victim, step in pairs:
        for breaker in breakers:
            if breaker == victim:
                continue
            reduction = numbers.half(units[breaker].stats["str"], options) if breaker >= 0 else 0
            table[(striker, victim, breaker, step)] = remembered_numbers(
                memo, units[striker], units[victim], options, reduction, CLEAVE_PENALTY * step
            )
    if maneuver.grapple:
        if not attacker.has("Grappler"):
            raise RulesError(f"{attacker.name} needs the Grappler feat to grapple")
        table = {
            key: numbers_._replace(damage=0, crit_damage=0) if key[0] == 0 else numbers_
            for key, numbers_ in table.items()
        }
    if maneuver.trample and not attacker.has("Trample"):
        raise RulesError(f"{attacker.name} needs the Trample feat to trample")
    return Plan(
        units, counts, strikes, table, options, distance, len(targets), cleave, maneuver
    )


def counterattacks(
    target: Combatant, attacker: Combatant, distance: int, options: TroperaOptions
) -> int:
    """How many times ``target`` strikes back at ``attacker`` (one target, no
    Multishot). 000 Range: "A character who is attacked from a range which their
    equipped weapon cannot target does not get to make any attacks"; otherwise
    ``numbers.attack_count``."""
    if not numbers.in_range(target.weapon, target, distance):
        return 0
    return numbers.attack_count(
        target, target.weapon, attacker, attacker.weapon, is_target=True, options=options
    )


def _check_multishot(
    attacker: Combatant, assignment: tuple[int, ...], eligible: int, targets: int, distance: int
) -> None:
    """Multishot: "Whenever you take the Attack action targeting an enemy that is not
    adjacent to you, you can divide however many strikes you are eligible to make
    against that target between any other targets within your attack range"."""
    if not attacker.has("Multishot"):
        raise RulesError(f"{attacker.name} needs the Multishot feat to divide strikes")
    if distance < 2:
        raise RulesError("Multishot needs an initial target that is not adjacent")
    if len(assignment) != eligible:
        raise RulesError(
            f"Multishot divides the {counted(eligible, 'strike')} {attacker.name} is eligible "
            "to make; "
            f"{len(assignment)} were assigned"
        )
    bad = [t for t in assignment if not 1 <= t <= targets]
    if bad:
        raise RulesError(f"Multishot strikes must go to the named targets, not {bad}")


class StrikeRecord(NamedTuple):
    """What one strike did, for the roll log."""

    striker: str
    target: str
    hit: int
    crit: int
    outcome: str
    damage: int
    target_hp: int
    effects: tuple[str, ...] = ()
    cleave: int = 0  # 0 for a Sequence strike, k for the k-th successive Cleave
    striker_index: int = 0  # positions in ``Plan.units``
    target_index: int = 0


def make_step(plan: Plan) -> Any:
    """The one procedure: advance ``state`` by one strike (or one Cleave)."""
    return _procedure(plan)[0]


def _procedure(plan: Plan) -> tuple[Any, Local[Any, Any, Any], Any]:
    """``step``, and the same step as a ``Local`` (for the enumerator's memo).

    A Sequence strike reads only its own part of the state: who strikes whom,
    the striker's and the target's HP and the target's marks. ``local`` is the
    strike on that part (the dice, the damage, the feats that act on a hit);
    ``patch`` writes it back and says what comes next (Trample's end, a Cleave);
    ``step`` is ``patch`` after ``local`` (so resolving and forecasting still run
    one procedure). The same part recurs across strikes and end states, so the
    enumerator rolls it once. A Cleave chain in progress reads every unit's HP
    and is stepped whole.
    """
    units = plan.units
    strikes = plan.strikes
    table = plan.table
    options = plan.options
    miracle = [u.has("Miracle") for u in units]
    shield = [u.has("Shield") for u in units]
    guard_breaker = [u.has("Guard Break") for u in units]
    silencer = [numbers.half(u.stats["skl"], options) if u.has("Silencer") else -1 for u in units]
    last = len(strikes)
    cleaves = plan.cleave
    pairs = [(strike.striker, strike.target) for strike in strikes]

    trample = plan.maneuver.trample

    def strike(
        chance: Chance, s: int, t: int, cleave_step: int, hp: int, mark: int
    ) -> tuple[int, int, bool, int]:
        """One attack of ``s`` on ``t`` (at ``hp`` with ``mark``): roll, damage, and
        the feats that act on a hit. Returns (HP, mark, hit, damage dealt)."""
        breaker = (mark >> 2) - 1
        numbers_ = table[(s, t, breaker, cleave_step)]
        outcome = numbers_.roll.resolve(chance)
        if outcome == MISS:
            if chance.narrating:
                chance.note(
                    StrikeRecord(
                        units[s].name, units[t].name, numbers_.hit, numbers_.crit, outcome,
                        0, hp, (), cleave_step, s, t,
                    )
                )
            return hp, mark, False, 0
        effects: list[str] = []
        dealt = numbers_.crit_damage if outcome == CRIT else numbers_.damage
        # Shield: "You take no damage from the first attack to hit you in each phase."
        if shield[t] and not mark & _SHIELD:
            mark |= _SHIELD
            if dealt:
                effects.append("Shield: no damage")
            dealt = 0
        # Trample: "The first time you deal damage to an enemy as part of your Attack
        # action ... you can deal extra damage equal to your Movement stat"
        if trample and s == 0 and dealt > 0:
            dealt += trample
            effects.append(f"Trample: +{trample} damage")
        hp = max(0, hp - dealt)
        # Miracle: "the first time per round that you are dealt lethal damage, you
        # are instead reduced to 1 hit point."
        if hp == 0 and miracle[t] and not mark & _MIRACLE:
            mark |= _MIRACLE
            hp = 1
            effects.append("Miracle: left at 1 HP")
        # Silencer: "When you hit an enemy with an attack that does not kill them, if
        # their remaining hit points are equal to or less than half your Skill stat
        # (rounded down), the attack kills them instantly."
        if hp > 0 and hp <= silencer[s]:
            hp = 0
            effects.append("Silencer: killed instantly")
        # Guard Break: "their Avoidance is reduced by half your Strength until the
        # start of your next phase. This effect does not stack."
        if guard_breaker[s] and breaker < 0:
            mark = (mark & 3) | ((s + 1) << 2)
            effects.append("Guard Break")
        if chance.narrating:
            chance.note(
                StrikeRecord(
                    units[s].name, units[t].name, numbers_.hit, numbers_.crit, outcome,
                    dealt, hp, tuple(effects), cleave_step, s, t,
                )
            )
        return hp, mark, True, dealt

    def next_cleave_target(hps: tuple[int, ...], struck: int) -> int | None:
        """Cleave: "a different adjacent enemy": the first enemy, in the order given,
        not yet struck in this chain and still standing (a ruling)."""
        for t in range(1, len(units)):
            if not struck >> t & 1 and hps[t] > 0:
                return t
        return None

    packing = plan.packing()
    index_mask, level_at, level_mask = packing.index_mask, packing.level_at, packing.level_mask
    hp_at, hp_mask, mark_at, mark_mask = (
        packing.hp_at, packing.hp_mask, packing.mark_at, packing.mark_mask
    )
    struck_at = packing.struck_at

    def view(packed: int) -> tuple[int, int, int, int, int] | None:
        """(striker, target, whether the striker stands, target's HP, target's marks)
        of the next Sequence strike, from a packed state; None in a Cleave chain.
        The strike reads of its striker's HP only whether it is 0 (``local``), so
        states that differ only there share one roll of the strike."""
        if packed >> level_at & level_mask:
            return None
        s, t = pairs[packed & index_mask]
        return (
            s, t, packed >> hp_at[s] & hp_mask > 0, packed >> hp_at[t] & hp_mask,
            packed >> mark_at[t] & mark_mask,
        )

    def local(
        part: tuple[int, int, int, int, int], chance: Chance
    ) -> tuple[int, int, bool, int] | None:
        """The strike on its part of the state: (target HP, marks, hit, damage), or
        None when the striker or the target is already down (the strike is skipped).
        ``hp_s`` is the striker's HP, or from ``view`` whether it stands: either
        is 0 exactly when it is down."""
        s, t, hp_s, hp_t, mark_t = part
        if hp_s == 0 or hp_t == 0:
            return None
        return strike(chance, s, t, 0, hp_t, mark_t)

    def packed_patch(packed: int, result: tuple[int, int, bool, int] | None) -> int:
        """The packed state after the strike: its target's HP and marks written in,
        and what comes next (the next strike, Trample's end or a Cleave chain)."""
        index = packed & index_mask
        after = packed + 1  # the next strike
        if result is None:  # the striker or the target is down: on to the next
            return after
        s, t = pairs[index]
        hp, mark, hit, dealt = result
        hp_shift, mark_shift = hp_at[t], mark_at[t]
        whole = (
            after
            + ((hp - (packed >> hp_shift & hp_mask)) << hp_shift)
            + ((mark - (packed >> mark_shift & mark_mask)) << mark_shift)
        )
        if trample and s == 0 and dealt > 0:
            # Trample: "... and end your attack sequence in an empty space on the
            # opposite side of your enemy"
            whole += last - index - 1
        elif hit and s == 0 and cleaves:
            whole += 1 << level_at | 1 << t << struck_at  # a chain: (1, {t})
        return whole

    def patch(state: State, result: tuple[int, int, bool, int] | None) -> State:
        """The whole state after the strike (``packed_patch``)."""
        return packing.unpack(packed_patch(packing.pack(state), result))

    def step(state: State, chance: Chance) -> State:
        index, hps, marks, chain = state
        if chain == _NO_CHAIN:
            s, t = pairs[index]
            return patch(state, local((s, t, hps[s], hps[t], marks[t]), chance))
        level, struck = chain
        found = next_cleave_target(hps, struck)
        if found is None or hps[0] == 0:
            return (index, hps, marks, _NO_CHAIN)
        v = found
        hp, mark, hit, _ = strike(chance, 0, v, level, hps[v], marks[v])
        if hp != hps[v] or mark != marks[v]:
            hps = hps[:v] + (hp,) + hps[v + 1 :]
            marks = marks[:v] + (mark,) + marks[v + 1 :]
        # "This effect can repeat off of itself, the accuracy penalty stacking"
        return (index, hps, marks, (level + 1, struck | 1 << v) if hit else _NO_CHAIN)

    def packed_step(packed: int, chance: Chance) -> int:
        """``step`` on a packed state (a Cleave chain in progress reads every unit)."""
        return packing.pack(step(packing.unpack(packed), chance))

    attacker_at, targets_hp = hp_at[0], packing.targets_hp
    # per strike: the bits of its target's HP and marks, where its striker's HP
    # sits, and a code in the index's bits: which (striker, target) pair strikes,
    # or with Trample the strike itself (its end skips the strikes left)
    codes = {pair: code for code, pair in enumerate(dict.fromkeys(pairs))}
    keyed = [
        (hp_mask << hp_at[t] | mark_mask << mark_at[t], hp_at[s],
         index if trample else codes[(s, t)])
        for index, (s, t) in enumerate(pairs)
    ]

    def key(packed: int) -> int | None:
        """None when the Sequence is over (``done_test``); else what the strike's
        results depend on, packed: the code of the strike (``keyed``) and its
        target's HP and marks in place, negated (``~``) when the striker is down.
        A Cleave chain in progress is its own key (``~packed``: it has level
        bits, no strike's key has)."""
        if packed >> level_at & level_mask:
            return ~packed
        index = packed & index_mask
        if index >= last or not packed >> attacker_at & hp_mask or not packed & targets_hp:
            return None
        mask, striker_at, code = keyed[index]
        part = packed & mask | code
        return part if packed >> striker_at & hp_mask else ~part

    return step, Local(view, local, packed_patch, key), packed_step


class Forecast:
    """The end states of a forecast Sequence and their probabilities.

    The enumerator's states are packed ints (``sequence_packing``); the figures
    below read them packed, and ``final`` unpacks them into ``State`` tuples (in
    the same order) the first time it is asked.
    """

    __slots__ = ("plan", "packed", "_final")

    def __init__(self, plan: Plan, packed: dict[int, float]) -> None:
        self.plan = plan
        self.packed = packed
        self._final: dict[State, float] | None = None

    @property
    def final(self) -> dict[State, float]:
        if self._final is None:
            self._final = unpack_all(self.plan.packing(), self.packed)
        return self._final

    def hp_distribution(self, index: int) -> dict[int, float]:
        packing = self.plan.packing()
        at, mask = packing.hp_at[index], packing.hp_mask
        result: dict[int, float] = {}
        for state, p in self.packed.items():
            hp = state >> at & mask
            result[hp] = result.get(hp, 0.0) + p
        return dict(sorted(result.items()))

    def defeated(self, index: int) -> float:
        return self.hp_distribution(index).get(0, 0.0)

    def expected_damage_taken(self, index: int) -> float:
        start = self.plan.units[index].hp
        return sum((start - hp) * p for hp, p in self.hp_distribution(index).items())

    def all_targets_defeated(self) -> float:
        targets_hp = self.plan.packing().targets_hp
        return sum(p for state, p in self.packed.items() if not state & targets_hp)


def forecast(plan: Plan) -> Forecast:
    """Exact distribution of the sequence's end states (same ``step`` as ``resolve``).

    The enumerator rolls each strike once per distinct part of the state it
    reads (``_procedure``) and adds the result into every state sharing it.
    """
    _, local, packed_step = _procedure(plan)
    final = distribution(plan.packing().pack(plan.start()), packed_step, done_test(plan),
                         local=local)
    return Forecast(plan, final)


class Resolution(NamedTuple):
    plan: Plan
    final: State
    records: list[Note]  # each holds a StrikeRecord and the dice that decided it
    chance: SampledChance

    def hp(self, index: int) -> int:
        return self.final[1][index]


def resolve(plan: Plan, dice: DiceSource, rollers: Sequence[str | None] = ()) -> Resolution:
    """Run the sequence on real dice, recording every strike and die; each strike's
    dice are its striker's roll (``rollers``: unit ids in ``plan.units`` order, issue
    25's dice authority; a Cleave chain is the attacker's, ``plan.units[0]``)."""
    chance = SampledChance(dice)
    step = make_step(plan)
    state = plan.start()
    while not plan.done(state):
        index, _, _, chain = state
        striker = plan.strikes[index].striker if chain == _NO_CHAIN else 0
        with rolled_by(rollers[striker] if striker < len(rollers) else None):
            state = step(state, chance)
    return Resolution(plan, state, chance.notes, chance)
