"""The charisma-skill verbal actions (L2046-2092): Stunning Scream, Battle Strategy, Taunt,
Stealth, Veil, False Reload, False Weakness, each "This [Verbal Action] can be performed
to use [Taunt] in battle." (L2064), by the procedure of L1772-1784:

    "The character chooses a target. Various [Charisma Skills] allow multiple targets to
    be chosen, but the rolls for target are calculated separately. The character rolls
    their [Offensive Charisma Roll]. The target rolls their [Defensive Charisma Roll]. If
    the [Offensive Charisma Roll] is greater than or equal to the [Defensive Charisma
    Roll], then the [Charisma Skill] is successful."

The rolls and the "Charisma Skills" page are missing (gap M9). Ruling ``charisma_roll``
(spec 004 §3.18 default ``2d6_plus_rank``): each side rolls 2d6 + its rank in the skill
used (the defender's in the same skill, else 0); + Guidance on offence (L2134-2138), - 5
on defence with Phobia or Minor Insanity (L3151, L3157). The effect of a success is the
GM's: the log records the contest and its outcome, and nothing else changes. Which skills
take several targets is undefined, so every skill may name several (``targets=``); the
text gives no range, so none is enforced. ``not_offered`` refuses the actions. Stealth used
while casting adds the spell's Subtlety Modifier to the offence (L3273, ``subtlety``).

Action keys: ``skill`` (one of the seven, e.g. ``taunt`` / ``false_weakness``),
``target`` or ``targets`` (a list). The exact chance of success is narrated before the
dice, enumerated from the same ``contest`` step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.enumerate import distribution
from tactician.dice.roller import decide_by
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import check_targeting
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.dice_events import D6Pool
from tactician.rulesets.miridon.battle.memo import memoised
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.insanity_conditions import charisma_defence_penalty
from tactician.rulesets.miridon.magic.casting import spell_of
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of, mind_of

SKILLS = ("Stunning Scream", "Battle Strategy", "Taunt", "Stealth", "Veil", "False Reload",
          "False Weakness")  # L2046-2092
Contest = tuple[int, int, bool | None]


def skill_of(raw: object) -> str:
    key = str(raw or "").replace("_", " ").replace("-", " ").casefold()
    for name in SKILLS:
        if name.casefold() == key:
            return name
    keys = ", ".join(s.lower().replace(" ", "_") for s in SKILLS)
    raise RulesError(f"skill must be one of {keys}, not {raw!r} (004 L2046-2092)")


def bonuses(skill: str, user: UnitState, target: UnitState) -> tuple[int, int]:
    """(offence bonus, defence bonus) added to each side's 2d6 (ruling ``charisma_roll``)."""
    guidance = user.condition("Guidance")
    offence = user.profile.skill(skill) + (guidance.value if guidance is not None else 0)
    defence = target.profile.skill(skill) - charisma_defence_penalty(mind_of(target))
    return offence, defence


def contest(offence: int, defence: int, chance: Any,
            rollers: tuple[str | None, str | None] = (None, None)) -> Contest:
    """One target's contest: (offensive roll, defensive roll, success on >=, L1780);
    ``rollers``: the user's and the target's unit ids (whose roll each is)."""
    attack = decide_by(chance, rollers[0], D6Pool.of(2, offence, 0, "Offensive Charisma Roll"))
    guard = decide_by(chance, rollers[1], D6Pool.of(2, defence, 0, "Defensive Charisma Roll"))
    return attack, guard, attack >= guard


@memoised(maxsize=1024)
def success_chance(offence: int, defence: int) -> float:
    """P(success), enumerated from ``contest``; memoised by the two bonuses (the AI asks it
    for every skill on every foe at every decision, issue 28)."""
    def step(state: Contest, chance: Any) -> Contest:
        return contest(state[0], state[1], chance)

    start: Contest = (offence, defence, None)
    ends = distribution(start, step, lambda s: s[2] is not None)
    return sum(p for s, p in ends.items() if s[2])


def subtlety(ctx: Context, unit: UnitState, skill: str) -> int | None:
    """Stealth's Subtlety: "Each spell has a [Subtlety Modifier]. If the character is in
    [Stealth] ... then this modifier is added to the [Stealth] ... roll." (L3273). The battle
    keeps no Stealth state (its effect is the GM's, M9), so the Stealth roll is this action's
    Offensive Charisma Roll: made while the unit casts a spell, it gains that spell's Subtlety
    Modifier (L3287-3387; None: not Stealth, or no spell being cast)."""
    casting = casting_of(unit)
    if skill != "Stealth" or casting is None or not casting.active:
        return None
    return spell_of(ctx.book, casting.spell).subtlety


def _targets(state: MiridonBattle, action: Mapping[str, Any]) -> list[UnitState]:
    raw = action.get("targets", action.get("target"))
    ids = raw if isinstance(raw, list) else [raw] if raw is not None else []
    if not ids:
        raise RulesError("a charisma skill needs target=UNIT or targets=[...] (004 L1774)")
    found = [state.unit(i) for i in ids]
    if len({t.id for t in found}) != len(found):
        raise RulesError("a target is named twice")
    return found


@ACTIONS.register("charisma", keys=("skill", "target", "targets"))
def charisma(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    if ctx.options.charisma_roll == "not_offered":
        raise RulesError("charisma skills are not offered (ruling charisma_roll=not_offered, "
                         "gap M9)")
    unit = acting(state, action, "charisma")
    skill = skill_of(action.get("skill"))
    if unit.profile.skill(skill) < 1:
        raise RulesError(f"{unit.id} has no rank in {skill} (004 L2046-2092)")
    targets = _targets(state, action)
    for target in targets:
        if target.id == unit.id or target.position is None or target.status == "dead":
            raise RulesError(f"{target.id} cannot be the target of {unit.id}'s {skill}")
        check_targeting(unit, target)  # Death Worm Burrow (L1518)
    cost = action_cost(ctx.book, skill, unit)
    unit = active(pay(use_slot(unit, "verbal", skill), cost, skill), state.block)
    state = state.replace_units(unit)
    ctx.say(f"{unit.id}: {skill} ({text(cost)}; a charisma skill, L1772-1784)")
    outcomes: list[dict[str, Any]] = []
    subtle = subtlety(ctx, unit, skill)
    if subtle is not None:
        ctx.say(f"{unit.id} uses Stealth while casting: its spell's Subtlety Modifier "
                f"{subtle:+d} is added to the Stealth roll (L3273)")
    for target in targets:
        offence, defence = bonuses(skill, unit, state.unit(target.id))
        offence += subtle or 0
        odds = success_chance(offence, defence)
        attack, guard, won = contest(offence, defence, ctx.chance, (unit.id, target.id))
        ctx.say(f"{skill} on {target.id}: Offensive Charisma Roll 2d6{offence:+d} = {attack} "
                f"vs Defensive 2d6{defence:+d} = {guard} ({round(100 * odds)}%): "
                + ("SUCCESS, its effect is the GM's (M9)" if won else "fails (L1780)"))
        outcomes.append({"target": target.name, "offence": attack, "defence": guard,
                         "chance": round(100 * odds), "success": won})
    ctx.records.append({"type": "charisma", "skill": skill, "user": unit.name,
                        "contests": outcomes})
    wins = [str(o["target"]) for o in outcomes if o["success"]]
    ctx.summary = f"{unit.id}: {skill} " + (f"succeeds on {', '.join(wins)}" if wins
                                            else "fails")
    return state
