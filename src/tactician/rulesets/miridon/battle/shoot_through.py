"""The Shoot Through flairs that change the targets after the first hit (004 L847-876),
resolved and forecast by one procedure.

- Surprise Shoot Through (L849): "after the first target is successfully hit via a [To
  Hit Roll], all future targets in the line can not perform a [Dodge] action."
- Piercing Shoot Through (L859): "... all future targets in the line do not gain
  additional [Physical Damage Reduction] from a [Block Stance], a [Heavy Block Stance], a
  [Super Block Stance], a [Shield Block Stance], a [Heavy Shield Block Stance], or a
  [Super Shield Block Stance]." Both the stance a target is already in and a block it
  takes on the hit (L1730) add nothing; a block the policy would pay for nothing is not
  taken (one the action names is still paid and entered).
- Advanced Piercing Shoot Through (L872): "... all future targets in the line that are in
  a [Block Stance] ... will leave their stance and enter [No Stance]. [Shield
  Deflection] can still be used."

"For shotguns, each bullet is calculated individually for factoring if the bullet hit a
previous target" (L851, L861, L874). The line is walked target by target ("The [To Hit
Rolls] for each target must be rolled separately for each target", L2613) carrying one
number, ``marked``: how many of the shot's bullets have hit an earlier target (a 2d6 shot
is one bullet: 0 or 1). Ruling ``shoot_through_shotgun`` (docs/rulings.md): ``per_bullet``
(default) resolves each bullet against each target in the line, a bullet that hit an
earlier target facing the flairs; ``any_bullet`` marks every bullet once any hit;
``off`` never marks a shotgun's. The bullets of a shot are alike, so which bullets are
marked does not matter, only how many: the marked ones are rolled first.

A target with some but not all bullets marked (``per_bullet``) takes its own reactions
(its Dodge, its block on a hit) against the shot; the marked bullets are rolled against
its Passive Evasion (Surprise) and without any block-stance PDR (Piercing); Advanced
Piercing breaks its block stance once any bullet is marked (a stance is the unit's, not a
bullet's).

``TargetRoll.step`` is the one procedure: the battle runs it on the action's dice
(``shoot_line``), the forecast and the AI enumerate it (``line_odds``, the exact mixture
over how many bullets hit before).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from tactician.counted import counted
from tactician.dice.enumerate import branches
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle import attack_roll
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.attack_plan import (
    modifiers_of,
    plan_one,
    plan_reads,
    plan_targets,
)
from tactician.rulesets.miridon.battle.attack_roll import AttackSpec, Odds, Result, summarise
from tactician.rulesets.miridon.battle.dice_events import ToHitRoll
from tactician.rulesets.miridon.battle.memo import Memo, Same, action_key, memoised
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.stances import tier_of
from tactician.rulesets.miridon.battle.state import NO_STANCE, MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

SURPRISE = "Surprise Shoot Through"
PIERCING = "Piercing Shoot Through"
ADVANCED = "Advanced Piercing Shoot Through"
FLAIRS = (SURPRISE, PIERCING, ADVANCED)

Rolled = tuple[Result, int]  # the target's result so far and the unmarked bullets that hit


def has_flairs(shooter: UnitState) -> bool:
    return any(shooter.profile.has(name) for name in FLAIRS)


def bullets_of(book: Compendium, weapon: str) -> int:
    """The bullets of one shot: a shotgun's (L3555), else one 2d6 roll."""
    return book.weapon(weapon).bullets_per_shot or 1


def marked_after(options: BattleOptions, shotgun: bool, bullets: int, marked: int,
                 fresh_hits: int) -> int:
    """How many bullets have hit a target of the line once this target is rolled
    (``fresh_hits``: the unmarked bullets that hit it; ruling ``shoot_through_shotgun``)."""
    if shotgun and options.shoot_through_shotgun == "off":
        return 0
    if shotgun and options.shoot_through_shotgun == "any_bullet":
        return bullets if marked or fresh_hits else 0
    return min(bullets, marked + fresh_hits)


@dataclass(frozen=True)
class TargetRoll:
    """One target's attack: ``count`` marked bullets (rolled first) on ``marked``, the
    rest on ``fresh``; each step is ``attack_roll.step`` on the bullet's spec."""

    fresh: AttackSpec
    marked: AttackSpec
    count: int = 0
    # each spec's to-hit roll, made once (``attack_roll.step`` would make one a step,
    # and the enumerator's outcome memo knows an event by its identity)
    _rolls: tuple[ToHitRoll, ToHitRoll] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fresh = attack_roll.to_hit_roll(self.fresh)
        marked = fresh if self.marked is self.fresh else attack_roll.to_hit_roll(self.marked)
        object.__setattr__(self, "_rolls", (fresh, marked))

    def start(self) -> Rolled:
        return attack_roll.start(self.fresh), 0

    def step(self, state: Rolled, chance: Any) -> Rolled:
        part = self.view(state)
        if part is not None:  # a hit's damage: the step on its part, written back
            return self.patch(state, self.damage(part, chance))
        result, fresh_hits = state
        index = max(1, self.fresh.bullets) - result.stage  # the bullet being rolled
        marked = index < self.count
        after = attack_roll.step(self.marked if marked else self.fresh, result, chance,
                                 self._rolls[marked])
        if not result.pending and not marked and after.hits > result.hits:
            fresh_hits += 1
        return after, fresh_hits

    def view(self, state: Rolled) -> tuple[bool, bool, int | None] | None:
        """A hit awaiting its damage roll (``pending`` 1 or 2): (whether the bullet is a
        marked one, whether it crits, its margin), all the roll reads
        (``attack_roll.damage_roll``); None for any other step."""
        result = state[0]
        if result.pending not in (1, 2):
            return None
        return (max(1, self.fresh.bullets) - result.stage < self.count, result.pending == 2,
                result.margin)

    def damage(self, part: tuple[bool, bool, int | None], chance: Any) -> tuple[int, int]:
        marked, crit, margin = part
        return attack_roll.damage_roll(self.marked if marked else self.fresh, crit, margin,
                                       chance)

    def patch(self, state: Rolled, rolled: tuple[int, int]) -> Rolled:
        """The state once the damage roll gave ``rolled`` (a damage step counts no
        fresh hit: the hit was counted on its to-hit step)."""
        result, fresh_hits = state
        marked = max(1, self.fresh.bullets) - result.stage < self.count
        return attack_roll.after_damage(self.marked if marked else self.fresh, result,
                                        *rolled), fresh_hits

    def resolve(self, chance: Any) -> Rolled:
        state = self.start()
        while state[0].stage != -1:
            state = self.step(state, chance)
        return state

    def outcomes(self) -> dict[Rolled, float]:
        """Every end with its exact probability (shared: not to be changed)."""
        return self.outcomes_by_count(frozenset((self.count,)))[self.count]

    def outcomes_by_count(self, counts: frozenset[int]) -> dict[int, dict[Rolled, float]]:
        """``outcomes`` for each marked count in ``counts`` at once: the marked bullets are
        rolled first, so the counts share the prefix of marked bullets (enumerated once).
        Memoised (the AI asks the same specs from square after square); not to be changed."""
        return _by_count(self.fresh, self.marked, counts)


@memoised(maxsize=512)
def _by_count(fresh: AttackSpec, marked: AttackSpec,
              counts: frozenset[int]) -> dict[int, dict[Rolled, float]]:
    bullets = max(1, fresh.bullets)
    every = TargetRoll(fresh, marked, bullets)
    prefix: dict[Rolled, float] = {every.start(): 1.0}
    found: dict[int, dict[Rolled, float]] = {}
    for done in range(bullets + 1):  # ``done`` marked bullets rolled
        if done in counts:
            found[done] = _spread(prefix, TargetRoll(fresh, marked, done), _finished)
        if done < bullets and done < max(counts):
            left = bullets - done - 1  # the stage once one more bullet is rolled

            def rolled(state: Rolled, left: int = left) -> bool:
                return state[0].stage == -1 or (state[0].stage <= left
                                                and not state[0].pending)

            prefix = _spread(prefix, every, rolled)
    return found


def _finished(state: Rolled) -> bool:
    return state[0].stage == -1


def _spread(frontier: dict[Rolled, float], roll: TargetRoll,
            done: Any) -> dict[Rolled, float]:
    """``dice.enumerate.distribution`` from a distribution of states: each stepped (every
    branch, equal states merged) until ``done``; a hit's damage roll (``TargetRoll.view``)
    is rolled once per distinct part and patched into each state, as ``distribution``'s
    ``Local`` does (the same results in the same order, so the same floats)."""
    finished: dict[Rolled, float] = {}
    known: dict[int, Any] = {}
    parts: dict[tuple[bool, bool, int | None], list[tuple[tuple[int, int], float]]] = {}
    step, view, patch = roll.step, roll.view, roll.patch
    while frontier:
        following: dict[Rolled, float] = {}
        for state, p in frontier.items():
            if done(state):
                finished[state] = finished.get(state, 0.0) + p
                continue
            part = view(state)
            if part is None:
                for result, q in branches(state, step, known):
                    following[result] = following.get(result, 0.0) + p * q
                continue
            found = parts.get(part)
            if found is None:
                found = parts[part] = branches(part, roll.damage, known)
            for rolled, q in found:
                result = patch(state, rolled)
                following[result] = following.get(result, 0.0) + p * q
        frontier = following
    return finished


def later_action(shooter: UnitState, action: Mapping[str, Any]) -> dict[str, Any]:
    """The action as a later target after a hit faces it: no Dodge with Surprise (L849);
    no policy block with Piercing, a block adding no PDR (L859)."""
    later = dict(action)
    if shooter.profile.has(SURPRISE):
        later["dodge"] = "no"
    if shooter.profile.has(PIERCING) and str(action.get("block", "auto")).casefold() == "auto":
        later["block"] = "none"
    return later


def broken(book: Compendium, shooter: UnitState, target: UnitState) -> UnitState:
    """Advanced Piercing Shoot Through (L872): a later target in a block stance leaves it."""
    if not shooter.profile.has(ADVANCED) or not tier_of(book, target.stance):
        return target
    return target.model_copy(update={"stance": NO_STANCE})


def pierce(book: Compendium, shooter: UnitState, target: UnitState,
           plan: AttackPlan) -> AttackPlan:
    """Piercing Shoot Through (L859): the later target's PDR without any block stance's."""
    if not shooter.profile.has(PIERCING) or book.weapon(plan.weapon).category == "tesla":
        return plan  # a tesla is reduced by SDR, which no stance raises (L1658)
    spec = replace(plan.spec, reduction=target.pdr, block_pdr=0, block_pdr_crit=0)
    return replace(plan, spec=spec, notes=(*plan.notes, "no block-stance PDR (L859)"))


def marked_spec(book: Compendium, options: BattleOptions, state: MiridonBattle,
                shooter: UnitState, plan: AttackPlan) -> AttackSpec:
    """What a bullet that hit an earlier target faces when the target reacted to the shot:
    its Passive Evasion despite a Dodge (Surprise, L849), no block-stance PDR (L859)."""
    target = state.unit(plan.target)
    plan = pierce(book, shooter, target, plan)
    if shooter.profile.has(SURPRISE) and plan.dodge:
        plan = replace(plan, spec=replace(plan.spec,
                                          evasion=numbers.evasions(state, target, options)[0]))
    return plan.spec


def prepare(book: Compendium, options: BattleOptions, state: MiridonBattle,
            shooter: UnitState, action: Mapping[str, Any], weapon: str,
            modifiers: tuple[str, ...], marked: int
            ) -> tuple[MiridonBattle, AttackPlan, TargetRoll]:
    """The target's plan (what the strike pays and narrates) and roll, ``marked`` bullets
    having hit before (``prepared``); the state with an Advanced Piercing stance break."""
    plan, roll = prepared(book, options, state, shooter, action, weapon, modifiers, marked)
    return _broken_state(book, state, shooter, action, marked), plan, roll


def prepared(book: Compendium, options: BattleOptions, state: MiridonBattle,
             shooter: UnitState, action: Mapping[str, Any], weapon: str,
             modifiers: tuple[str, ...], marked: int) -> tuple[AttackPlan, TargetRoll]:
    """``prepare``'s plan and roll: a pure function of its arguments (the state frozen),
    memoised by what it reads of them (issue 28: the AI asks it for a target in every
    line it stands in, from every square it weighs): ``plan_reads`` of the state (the
    broken stance is the target's, which the reads hold; no other unit's read changes
    with it: ``guardian`` and Flanking leave the target out), the shooter's profile (all
    that is read of it: its flairs), the action, weapon, modifiers and marked count."""
    try:
        reads = plan_reads(book, options, state, action, weapon)
    except RulesError:  # the plan's own refusal, not memoised
        return _prepare(book, options, state, shooter, action, weapon, modifiers, marked)[1:]
    key = (Same(book), Same(options), reads, Same(shooter.profile), action_key(action),
           weapon, modifiers, marked)
    return _PREPARED.get(key, lambda: _prepare(book, options, state, shooter, action, weapon,
                                               modifiers, marked)[1:])


_PREPARED: Memo[tuple[AttackPlan, TargetRoll]] = Memo(1024)
_BROKEN: Memo[MiridonBattle] = Memo(256)  # one state for a target's every marked count


def _broken_state(book: Compendium, state: MiridonBattle, shooter: UnitState,
                  action: Mapping[str, Any], marked: int) -> MiridonBattle:
    """The state once the target left its block stance (Advanced Piercing, L872); the same
    state when none breaks."""
    if not marked or not has_flairs(shooter):
        return state
    target = state.unit(action.get("target"))
    after = broken(book, shooter, target)
    if after is target:  # the same state when no stance breaks (its plans memoised)
        return state
    return _BROKEN.get((Same(book), Same(state), Same(shooter), Same(target)),
                       lambda: state.replace_units(after))


def _prepare(book: Compendium, options: BattleOptions, state: MiridonBattle,
             shooter: UnitState, action: Mapping[str, Any], weapon: str,
             modifiers: tuple[str, ...], marked: int
             ) -> tuple[MiridonBattle, AttackPlan, TargetRoll]:
    if not marked or not has_flairs(shooter):
        plan = plan_one(book, options, state, action, weapon, modifiers)
        return state, plan, TargetRoll(plan.spec, plan.spec)
    target = state.unit(action.get("target"))
    state = _broken_state(book, state, shooter, action, marked)
    if marked >= bullets_of(book, weapon):  # every bullet after a hit (L849, L859)
        plan = plan_one(book, options, state, later_action(shooter, action), weapon, modifiers)
        plan = pierce(book, shooter, state.unit(target.id), plan)
        return state, plan, TargetRoll(plan.spec, plan.spec, marked)
    plan = plan_one(book, options, state, action, weapon, modifiers)
    return state, plan, TargetRoll(plan.spec, marked_spec(book, options, state, shooter, plan),
                                   marked)


def shoot_line(ctx: Context, state: MiridonBattle, plans: list[AttackPlan], name: str,
               action: Mapping[str, Any]) -> MiridonBattle:
    """A Shoot Through (L2607-2616): each target's attack rolled separately, nearest first,
    each planned on the state the earlier ones left, with the bullets that hit before."""
    from tactician.rulesets.miridon.battle.strike import strike

    strikes: list[dict[str, Any]] = []
    modifiers = modifiers_of(action)
    label = f"{name} ({', '.join(numbers.MODIFIER_NAMES[m] for m in modifiers)})"
    shooter = state.unit(plans[0].attacker)
    weapon = plans[0].weapon
    bullets, shotgun = bullets_of(ctx.book, weapon), bool(plans[0].spec.bullets)
    marked = 0
    rolled: list[Rolled] = []  # each target's end and its unmarked bullets that hit
    for number, first in enumerate(plans, start=1):
        target = state.unit(first.target)
        if target.status == "dead":
            continue
        state, plan, roll = prepare(ctx.book, ctx.options, state, shooter,
                                    {**action, "target": target.id}, weapon, modifiers, marked)
        if state.unit(target.id).stance != target.stance:
            ctx.say(f"{target.id} leaves {target.stance} for {NO_STANCE} (Advanced Piercing "
                    "Shoot Through, L872)")
        if marked and has_flairs(shooter):
            ctx.say(f"{target.id}: {marked} of {counted(bullets, 'bullet')} "
                    f"hit{'s' if marked == 1 else ''} an earlier target (L849-874)")
        # the record's odds: the plan's own unless the bullets face two specs
        shown = target_odds(roll) if 0 < roll.count < bullets else None
        state, _, record = strike(ctx, state, plan, label, number,
                                  resolver=partial(_resolve_into, roll, rolled), shown=shown)
        marked = marked_after(ctx.options, shotgun, bullets, marked, rolled[-1][1])
        strikes.append(record)
    ctx.records.append({"type": "attack", "strikes": strikes, "lines": []})
    return state


def _resolve_into(roll: TargetRoll, rolled: list[Rolled], chance: Any) -> Result:
    rolled.append(roll.resolve(chance))
    return rolled[-1][0]


def target_odds(roll: TargetRoll) -> Odds:
    ends: dict[Result, float] = {}
    for (result, _), p in roll.outcomes().items():
        ends[result] = ends.get(result, 0.0) + p
    return summarise(ends)


@dataclass(frozen=True)
class LineTarget:
    """One target's exact odds in the line and the chance bullets hit before it."""

    target: str
    odds: Odds
    marked: dict[int, float]  # bullets that hit an earlier target -> probability

    @property
    def after_hit(self) -> float:
        return 1.0 - self.marked.get(0, 0.0)


def line_odds(book: Compendium, options: BattleOptions, state: MiridonBattle,
              action: Mapping[str, Any], plans: list[AttackPlan] | None = None
              ) -> list[LineTarget]:
    """Every target's exact odds of a Shoot Through: the mixture, over how many bullets hit
    an earlier target, of ``TargetRoll`` enumerated (the battle's own procedure).
    ``plans``: ``plan_targets``'s for the action, when the caller has them."""
    if plans is None:
        plans, _ = plan_targets(book, options, state, action)
    modifiers = modifiers_of(action)
    shooter = state.unit(plans[0].attacker)
    weapon = plans[0].weapon
    bullets, shotgun = bullets_of(book, weapon), bool(plans[0].spec.bullets)
    tracked = has_flairs(shooter) and "shoot_through" in modifiers
    frontier: tuple[tuple[int, float], ...] = ((0, 1.0),)
    rows: list[LineTarget] = []
    for first in plans:
        target = state.unit(first.target)
        if target.status == "dead":
            continue
        # the plans depend only on none / some / every bullet marked (``prepare``); the
        # counts of one plan are enumerated together (``outcomes_by_count``); none marked
        # is ``plan_targets``'s own plan
        phases: dict[int, list[int]] = {}
        for marked, _ in frontier:
            phases.setdefault(0 if not marked else 2 if marked >= bullets else 1,
                              []).append(marked)
        rolls = []
        for phase, counts in phases.items():
            if phase == 0:
                roll = TargetRoll(first.spec, first.spec)
            else:  # a plan per phase: one marked bullet stands for some, all for every
                _, roll = prepared(book, options, state, shooter,
                                   {**action, "target": target.id}, weapon, modifiers,
                                   1 if phase == 1 else bullets)
            rolls.append((roll, tuple(counts)))
        found, following = _mixed(frontier, tuple(rolls), Same(options), shotgun, bullets,
                                  tracked)
        rows.append(LineTarget(target.id, found, dict(sorted(frontier))))
        frontier = following
    return rows


@memoised(maxsize=1024)
def _mixed(frontier: tuple[tuple[int, float], ...],
           rolls: tuple[tuple[TargetRoll, tuple[int, ...]], ...], options_: Same,
           shotgun: bool, bullets: int, tracked: bool
           ) -> tuple[Odds, tuple[tuple[int, float], ...]]:
    """One target of the line: its odds, the mixture over ``frontier`` (marked bullets ->
    probability) of its rolls, and the frontier the next target meets. A pure function of
    its arguments, memoised (squares that see the same line ask it again, issue 28); the
    sums run in the frontier's order, as they always did, so the floats do not move."""
    options = options_.thing
    assert isinstance(options, BattleOptions)
    weight = dict(frontier)
    ends: dict[Result, float] = {}
    following: dict[int, float] = {}
    for roll, counts in rolls:
        table = roll.outcomes_by_count(frozenset(counts))
        for marked in counts:
            p = weight[marked]
            for (result, fresh_hits), q in table[marked].items():
                ends[result] = ends.get(result, 0.0) + p * q
                after = marked_after(options, shotgun, bullets, marked, fresh_hits) \
                    if tracked else 0
                following[after] = following.get(after, 0.0) + p * q
    return summarise(ends), tuple(following.items())
