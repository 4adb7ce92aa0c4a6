"""The enemy AI (004 has none, gap M28; the design is ``docs/miridon-ai.md``).

One decision at a time for the unit whose turn it is: every candidate action is scored
from the exact forecast (``forecast``/``attack_roll``, with the defender's own reaction
policy in it) and the point economy (``economy``: a point is dearer as the pool empties,
and an attack that leaves no points for the next block pays a penalty), and the best is
taken; when nothing scores above zero the turn ends. Deterministic: the same state gives
the same decision, and ``--explain`` shows every candidate with its numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import ghastly, melee_slots
from tactician.rulesets.miridon.battle.ai_candidate import Candidate
from tactician.rulesets.miridon.battle.ai_charisma import charisma_candidates
from tactician.rulesets.miridon.battle.ai_reload import reload_candidates
from tactician.rulesets.miridon.battle.ammo import loaded
from tactician.rulesets.miridon.battle.attack_actions import ACTION_NAMES, plan_attack
from tactician.rulesets.miridon.battle.attack_numbers import MODIFIER_NAMES, reach_ft
from tactician.rulesets.miridon.battle.attack_roll import Odds, odds
from tactician.rulesets.miridon.battle.burrow import underground
from tactician.rulesets.miridon.battle.costs import Cost, action_cost, affordable
from tactician.rulesets.miridon.battle.economy import cost_value, point_value
from tactician.rulesets.miridon.battle.forecast import economy
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.grapple_actions import (
    crit_grapples,
    grapple_attack_spec,
    grapple_plan,
    may_begin,
)
from tactician.rulesets.miridon.battle.grapple_rules import break_chance, max_grapple_strength
from tactician.rulesets.miridon.battle.move_actions import legal_moves
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.spirit_battle.ai_mechs import mech_candidates
from tactician.rulesets.miridon.spirit_battle.ai_spells import spell_candidates
from tactician.rulesets.miridon.spirit_battle.ai_threats import apply_exposure, threat_terms
from tactician.rulesets.miridon.spirit_battle.ai_veil import hidden, veil_candidates
from tactician.rulesets.miridon.spirit_battle.mech_counter import counter_damage, counter_rank

KNOCKOUT_VALUE = 12.0  # a unit out of the fight is worth this much damage
DEATH_VALUE = 6.0
STARVED_PENALTY = 4.0  # an attack that leaves no points for the next block
FREEDOM_VALUE = 8.0  # breaking a grapple (the drain grows every block, L2985)
DRAIN_VALUE = 3.0  # the speed a grapple drains from its target, from the first block (L2985)
MOVE_DISCOUNT = 0.9  # an attack one move away is worth a little less than one now
APPROACH = 1.0  # a square closer to the nearest foe, for a unit out of reach of all


def enemies(state: MiridonBattle, unit: UnitState) -> list[UnitState]:
    # not one underground (L1518), nor a caster a Veil keeps from its side's view (L3273)
    return [u for u in state.units if u.side != unit.side and u.status != "dead"
            and u.position is not None and not underground(u) and not hidden(u, unit.side)]


ALLY_WEIGHT = 1.5  # damage a Spinning Strike or Shoot Through does to a friend counts against


def area_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    unit: UnitState) -> list[Candidate]:
    """Spinning Strike and Shoot Through: every target's exact odds, a friend's damage
    and knock-out counted against (x ``ALLY_WEIGHT``)."""
    from tactician.rulesets.miridon.battle.attack_actions import plan_targets

    found: list[Candidate] = []
    if "offensive" in unit.slots:
        return found
    for weapon in unit.profile.weapons:
        entry = book.weapon(weapon.name)
        modifier = "spinning_strike" if entry.attack == "melee" else "shoot_through"
        if not unit.profile.has(MODIFIER_NAMES[modifier]) or \
                not loaded(options.track_ammo, unit, weapon.name):
            continue
        aims = [None] if modifier == "spinning_strike" else [t.id for t in enemies(state, unit)]
        # aims on one line plan the same targets (each plan is of its target, not of the
        # aim: ``plan_targets``), so a line is priced once and its numbers shared
        lines: dict[tuple[int, ...], tuple[list[Any], AreaScore]] = {}
        for aim in aims:
            action: dict[str, Any] = {"type": "attack", "unit": unit.id, "weapon": weapon.name,
                                      "modifiers": [modifier]}
            if aim is not None:
                action["target"] = aim
            try:
                plans, cost = plan_targets(book, options, state, action)
            except RulesError:
                continue
            if not affordable(unit, cost):
                continue
            line = tuple(map(id, plans))  # ``plan_one`` is memoised: equal plans are one
            if line not in lines:
                lines[line] = plans, _area_score(book, options, state, unit, action, plans,
                                                 cost, modifier, weapon.name)
            score, why, names, out, expected, defeats = lines[line][1]
            found.append(Candidate(action, score, why, names, weapon.name, unit.position, 0.0,
                                   out, expected, defeats=defeats))
    return found


def _area_score(book: Compendium, options: BattleOptions, state: MiridonBattle,
                unit: UnitState, action: dict[str, Any], plans: list[Any], cost: Cost,
                modifier: str, weapon: str) -> AreaScore:
    """An area attack's score, its reason, its targets' names, E[foes out], E[damage], and
    each foe's P(out)."""
    value, expected, out = 0.0, 0.0, 0.0
    defeats: dict[str, float] = {}
    for target, odds_ in _area_odds(book, options, state, action, plans):
        knocked = odds_.unconscious if target.status == "ok" else 0.0
        worth = odds_.expected_damage + KNOCKOUT_VALUE * knocked
        friend = target.side == unit.side
        value += -ALLY_WEIGHT * worth if friend else worth
        value += threat_terms(book, unit, target, odds_.damage)[0]  # part 3
        if not friend:
            expected, out = expected + odds_.expected_damage, out + knocked
            defeats[target.id] = knocked
    score = value - cost_value(unit, cost)
    names = ", ".join(p.target for p in plans)
    return score, (f"{MODIFIER_NAMES[modifier]} with {weapon} on {names}: E[damage to foes] "
                   f"{expected:.2f}, friends' harm counted against"), names, out, expected, \
        defeats


AreaScore = tuple[float, str, str, float, float, dict[str, float]]


def _area_odds(book: Compendium, options: BattleOptions, state: MiridonBattle,
               action: dict[str, Any], plans: list[Any]) -> list[tuple[UnitState, Odds]]:
    """Each target's exact odds: a Spinning Strike's each alone; a Shoot Through's the
    mixture over the bullets that hit an earlier target (Surprise / Piercing / Advanced
    Piercing Shoot Through, L849-874; ``shoot_through.line_odds``)."""
    if "shoot_through" not in action["modifiers"]:
        return [(state.unit(p.target), odds(p.spec)) for p in plans]
    from tactician.rulesets.miridon.battle.shoot_through import line_odds

    return [(state.unit(row.target), row.odds)
            for row in line_odds(book, options, state, action, plans)]


def bullet_hell_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                           unit: UnitState) -> list[Candidate]:
    """Bullet Hell attacks while the block's budget (the rank) allows (L2366)."""
    found: list[Candidate] = []
    if unit.profile.special("Bullet Hell") < 2:
        return found
    for target in enemies(state, unit):
        if target.status != "ok":
            continue
        for weapon in unit.profile.weapons:
            if not loaded(options.track_ammo, unit, weapon.name):
                continue
            action = {"type": "bullet_hell", "unit": unit.id, "target": target.id,
                      "weapon": weapon.name}
            kind = "melee" if book.weapon(weapon.name).attack == "melee" else "gun"
            name = "Bullet Hell Melee Attack" if kind == "melee" else "Bullet Hell Gun Attack"
            try:
                plan, _ = plan_attack(book, options, state, {**action, "type": "attack",
                                                             "kind": kind})
            except RulesError:
                continue
            cost = action_cost(book, name, unit)
            if affordable(unit, cost):
                found.append(_scored(book, options, state, unit, target, plan, cost, name, action))
    return found


def attack_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                      unit: UnitState) -> list[Candidate]:
    found: list[Candidate] = []
    if "offensive" not in unit.slots:
        found.extend(area_candidates(book, options, state, unit))
    for target in enemies(state, unit):
        if target.status == "unconscious" and not _finish_off(state, unit):
            continue
        for weapon in unit.profile.weapons:
            if not loaded(options.track_ammo, unit, weapon.name):
                continue  # an empty counted gun (ruling track_ammo): Reload first
            entry = book.weapon(weapon.name)
            kinds = ("melee",) if entry.attack == "melee" else ("gun", "aimed")
            for kind in kinds:
                # the offensive action, else the slot Wing Buffet / Maw open (L1448, L1500)
                open_ = melee_slots.free(unit, weapon.name, kind)
                if not open_:
                    continue
                for modifiers, power in _modifier_sets(unit, entry.to_hit, kind):
                    action: dict[str, Any] = {"type": "attack", "unit": unit.id,
                                              "target": target.id, "weapon": weapon.name,
                                              "kind": kind}
                    if open_[0] != "offensive":
                        action["slot"] = open_[0]
                    if modifiers:
                        action["modifiers"] = list(modifiers)
                    if power:
                        action["power"] = power
                    candidate = score_attack(book, options, state, unit, action)
                    if candidate is not None:
                        found.append(candidate)
                        found.extend(_bite(book, options, state, unit, candidate))
    return found


def _bite(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
          candidate: Candidate) -> list[Candidate]:
    """A verbal-slot Maw attack that bites (Death Worm Bite, L1510): the grapple it begins
    on a hit, valued as Initiate Grapple's (``grapple_worth``)."""
    action = candidate.action
    if action.get("slot") != "verbal" or not unit.profile.has("Death Worm Bite") or \
            not may_begin(state, unit.id, str(action["target"])):
        return []
    follow = odds(grapple_attack_spec(book, options, unit, state.unit(action["target"])))
    score = candidate.score + candidate.hit * grapple_worth(follow)
    return [Candidate({**action, "bite": "yes"}, score, candidate.why + ", then bites and "
                      "grapples (Death Worm Bite, L1510)", candidate.target, candidate.weapon,
                      candidate.tile, candidate.hit, candidate.defeat, candidate.expected,
                      candidate.extra)]


def _finish_off(state: MiridonBattle, unit: UnitState) -> bool:
    """Hit an unconscious foe only when no conscious foe is left to fight."""
    return not [u for u in enemies(state, unit) if u.status == "ok"]


def _modifier_sets(unit: UnitState, weapon_hit: int,
                   kind: str) -> list[tuple[tuple[str, ...], int]]:
    sets: list[tuple[tuple[str, ...], int]] = [((), 0)]
    if unit.profile.has(MODIFIER_NAMES["true_strike"]):
        sets.append((("true_strike",), 0))
    if kind == "melee":
        if unit.profile.has(MODIFIER_NAMES["crushing_blow"]):
            sets.append((("crushing_blow",), 0))
        if unit.profile.has(MODIFIER_NAMES["power_attack"]):
            sets.extend(((("power_attack",), x)) for x in range(1, max(0, weapon_hit) + 1))
    return sets


def score_attack(book: Compendium, options: BattleOptions, state: MiridonBattle,
                 unit: UnitState, action: dict[str, Any]) -> Candidate | None:
    try:
        plan, cost = plan_attack(book, options, state, action)
    except RulesError:
        return None
    if not affordable(unit, cost):
        return None
    return _scored(book, options, state, unit, state.unit(plan.target), plan, cost,
                   ACTION_NAMES[plan.acts_as], action)


def follow_up_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                         unit: UnitState) -> list[Candidate]:
    """The bonus attacks the attack just made opens (Redouble first, L2351)."""
    from tactician.rulesets.miridon.battle.follow_up_actions import FOLLOW_UPS, plan_follow_up

    found: list[Candidate] = []
    if state.chain is None or state.chain.unit != unit.id:
        return found
    for kind in FOLLOW_UPS:
        action: dict[str, Any] = {"type": kind, "unit": unit.id}
        try:
            follow = plan_follow_up(book, options, state, action)
        except RulesError:
            continue
        if not affordable(unit, follow.cost):
            continue
        found.append(_scored(book, options, state, unit, state.unit(follow.plan.target),
                             follow.plan, follow.cost, follow.name, action))
    return found


def dragon_recovery(plan: Any, target: UnitState, found: Odds) -> float:
    """E[HP a foe dragon's Dragon Recovery gives back] on an attack whose Elemental Weapon is
    of its affinity (L1384; ``lasting_spells``): the damage the hits deal that the HP after
    does not show."""
    spells = plan.spec.lasting
    if spells is None or spells.elemental_recovers_to is None:
        return 0.0
    lost = target.hp - sum(hp * p for hp, p in found.hp.items())
    dealt = sum(min(d, target.hp) * p for d, p in found.damage.items())
    return max(0.0, dealt - lost)


def grapple_worth(follow: Odds) -> float:
    """A grapple begun: the Grapple Attack that follows at once (L1875), the speed drain
    (``DRAIN_VALUE``) and the knock-out the attack may bring."""
    return follow.expected_damage + DRAIN_VALUE + KNOCKOUT_VALUE * follow.unconscious


def _scored(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
            target: UnitState, plan: Any, cost: Cost, name: str,
            action: dict[str, Any]) -> Candidate:
    found = odds(plan.spec)
    knocked = found.unconscious if target.status == "ok" else 0.0
    points = economy(book, unit, cost)
    score = (found.expected_damage + KNOCKOUT_VALUE * knocked + DEATH_VALUE * found.dead
             - cost_value(unit, cost) - (STARVED_PENALTY if points["no_points_next_block"] else 0))
    why = (f"{name} on {target.id} with {plan.weapon}: P(hit) {found.hit:.0%}, E[damage] "
           f"{found.expected_damage:.2f}, P(out) {knocked + found.dead:.0%}, cost "
           f"{cost[0]}/{cost[1]} worth {cost_value(unit, cost):.2f}"
           + (", leaves no points next block" if points["no_points_next_block"] else ""))
    spirit, spirit_why = threat_terms(book, unit, target, found.damage)  # part 3
    score, why = score + spirit, why + spirit_why
    if counter_rank(state, target):  # a miss on a mech brings its parts' counters (L210)
        price = (1 - found.hit) * counter_damage(book, options, state, target, unit)
        score, why = score - price, why + f", Mech Counter on a miss costs {price:.2f}"
    healed = dragon_recovery(plan, target, found)
    if healed:  # its Elemental Weapon heals a dragon of that element (L1384)
        score, why = score - healed, why + f", Dragon Recovery heals {target.id} {healed:.2f}"
    regain = ghastly.worth(unit, cost, options, plan, target, found)  # L152
    if regain:
        score, why = score + regain, why + f", Ghastly Strength worth {regain:.2f}"
    if found.crit and crit_grapples(book, state, plan):  # Grappling Weapon Critical Hit, L1031
        worth = found.crit * grapple_worth(odds(grapple_attack_spec(book, options, unit,
                                                                    target)))
        score, why = score + worth, why + f", P(crit grapples) {found.crit:.0%}"
    return Candidate(action, score, why, target.id, plan.weapon, unit.position, found.hit,
                     knocked + found.dead, found.expected_damage,
                     {"economy": points, "defender_dodges": plan.dodge})


def grapple_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                       unit: UnitState) -> list[Candidate]:
    found: list[Candidate] = []
    if "offensive" in unit.slots:
        return found
    if unit.grappling:
        target = state.unit(unit.grappling[0])
        cost = action_cost(book, "Grapple Attack", unit)
        if affordable(unit, cost):
            follow = odds(grapple_attack_spec(book, options, unit, target))
            score = follow.expected_damage + KNOCKOUT_VALUE * follow.unconscious - \
                cost_value(unit, cost)
            found.append(Candidate({"type": "grapple_attack", "unit": unit.id,
                                    "target": target.id}, score,
                                   f"Grapple Attack on {target.id}: E[damage] "
                                   f"{follow.expected_damage:.2f}, not reduced (L1885)",
                                   target.id, unit.weapon, unit.position, 1.0,
                                   follow.unconscious, follow.expected_damage))
        return found
    if unit.grappled_by is not None:
        if unit.grappled_blocks >= 2:
            grappler = state.unit(unit.grappled_by)
            most = max_grapple_strength(book, unit, options.grapple_table_index)
            from tactician.rulesets.miridon.battle.grapple_actions import maintain_investment

            hold = maintain_investment(book, options, grappler, most)
            chance = break_chance(most, hold)
            score = chance * FREEDOM_VALUE - most * point_value(unit.strength - most,
                                                                 unit.profile.battle_strength)
            found.append(Candidate({"type": "break_grapple", "unit": unit.id, "invest": most},
                                   score, f"Break Grapple investing {most}: P(break) "
                                   f"{chance:.0%} against {hold}", grappler.id, "-",
                                   unit.position, chance))
        return found
    if unit.profile.talent("Grapple Boost") < 1:
        return found
    cost = action_cost(book, "Initiate Grapple", unit)
    if not affordable(unit, cost):
        return found
    for target in enemies(state, unit):
        if target.down or target.grappled_by or target.grappling:
            continue
        try:
            plan = grapple_plan(book, options, state, unit, target)
        except RulesError:
            continue
        hit = odds(plan.spec).hit
        follow = odds(grapple_attack_spec(book, options, unit, target))
        score = hit * grapple_worth(follow) - cost_value(unit, cost)
        found.append(Candidate({"type": "grapple", "unit": unit.id, "target": target.id},
                               score, f"Initiate Grapple on {target.id}: P(hit) {hit:.0%}, "
                               f"then a Grapple Attack E[damage] {follow.expected_damage:.2f} "
                               "and the speed drain", target.id, unit.weapon, unit.position,
                               hit, hit * follow.unconscious, hit * follow.expected_damage))
    return found


def move_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    unit: UnitState, best_now: float) -> list[Candidate]:
    """Moves that open a better attack (scored by it), else the one that closes in."""
    found: list[Candidate] = []
    if "movement" in unit.slots or unit.obstructed or unit.position is None:
        return found
    foes = [u for u in enemies(state, unit) if u.status == "ok"]
    if not foes:
        return found
    reach = max(reach_ft(book.weapon(w.name)) for w in unit.profile.weapons)
    for how, end, cost in legal_moves(book, state, options, unit):
        moved = unit.model_copy(update={"position": end, "charge": 2 if how == "fast_charge"
                                        else 1 if how == "charge" else 0,
                                        "slots": (*unit.slots, "movement"),
                                        "speed": unit.speed - cost[1],
                                        "strength": unit.strength - cost[0]})
        trial = state.replace_units(moved)
        nearest = min(distance_ft(end, f.position, options) for f in foes if f.position)
        best = 0.0
        if nearest <= reach and any(melee_slots.free(moved, w.name, "melee")
                                    for w in unit.profile.weapons):
            options_here = attack_candidates(book, options, trial, moved) + \
                grapple_candidates(book, options, trial, moved)
            best = max((c.score for c in options_here), default=0.0)
        score = MOVE_DISCOUNT * best - cost_value(unit, cost)
        if best <= best_now:
            # no better attack from there: worth only getting closer
            before = min(distance_ft(unit.position, f.position, options)
                         for f in foes if f.position)
            closer = (before - nearest) / max(1, options.square_feet)
            score = APPROACH * closer - cost_value(unit, cost) if before > reach else -1.0
        found.append(Candidate({"type": "move", "unit": unit.id, "to": list(end), "how": how},
                               score, f"{how} to {end}: best attack there scores {best:.2f}",
                               "-", "-", end))
    return found


def restore_candidates(book: Compendium, unit: UnitState) -> list[Candidate]:
    found: list[Candidate] = []
    if "movement" in unit.slots:
        return found
    for pool, action, talent in (("speed", "restore_speed", "Restore Speed Points Boost"),
                                 ("strength", "restore_strength",
                                  "Restore Strength Points Boost")):
        maximum = unit.profile.battle_speed if pool == "speed" else unit.profile.battle_strength
        now = getattr(unit, pool)
        gain = min(maximum - now, 5 + unit.profile.talent(talent))
        if gain <= 0:
            continue
        score = gain * point_value(now, maximum) * 0.5 - 1.0
        found.append(Candidate({"type": action, "unit": unit.id}, score,
                               f"{action}: +{gain} {pool} (a point now worth "
                               f"{point_value(now, maximum):.2f})"))
    return found


def _best_attack(book: Compendium, options: BattleOptions
                 ) -> Callable[[MiridonBattle, UnitState, set[str]], float]:
    """The best attack score of a unit with the named weapons (``ai_reload``'s worth)."""
    def best(state: MiridonBattle, unit: UnitState, weapons: set[str]) -> float:
        return max((c.score for c in attack_candidates(book, options, state, unit)
                    if c.weapon in weapons), default=0.0)

    return best


def decide(rules: MiridonBattleRules, state: MiridonBattle, unit: UnitState) -> dict[str, Any]:
    book, options = rules.book, rules.options
    candidates = follow_up_candidates(book, options, state, unit) + \
        attack_candidates(book, options, state, unit) + \
        bullet_hell_candidates(book, options, state, unit) + \
        grapple_candidates(book, options, state, unit)
    candidates += reload_candidates(book, options, state, unit, _best_attack(book, options))
    best_now = max((c.score for c in candidates), default=0.0)
    candidates += move_candidates(book, options, state, unit, best_now)
    candidates += restore_candidates(book, unit)
    candidates += charisma_candidates(book, options, state, unit)
    candidates += veil_candidates(book, options, state, unit)  # part 3: L3273
    candidates += [Candidate(c.action, c.score, c.why, target=c.target, expected=c.expected,
                             defeat=c.defeat)
                   for c in spell_candidates(book, options, state, unit)
                   + mech_candidates(book, options, state, unit)]  # part 3
    if options.ai_preset == "tactical":
        from tactician.rulesets.miridon.battle.ai_threat import apply_threat

        apply_threat(book, options, state, unit, candidates)
    apply_exposure(book, options, state, unit, candidates)  # part 3: insanity the foes' hits cause
    candidates.sort(key=lambda c: (-c.score, str(c.action)))
    end = Candidate({"type": "end_turn", "unit": unit.id}, 0.0, "nothing scores above 0")
    chosen = next((c for c in candidates if c.score > 0 and _allowed(rules, state, c)), end)
    for candidate in candidates:
        candidate.tile = candidate.tile or unit.position
    return {"unit": unit.id, "tier": unit.tier, "actions": [chosen.action],
            "reason": chosen.why, "candidates_scored": len(candidates),
            "best": [c.row() for c in candidates[:10]]}


def _allowed(rules: MiridonBattleRules, state: MiridonBattle, candidate: Candidate) -> bool:
    """Whether the rules take the action (a trial on throw-away dice; nothing is kept), so
    the AI never proposes what a lock, a slot or a cost would refuse."""
    try:
        rules.apply(state, candidate.action, SeededDice(0))
    except RulesError:
        return False
    return True


class Planner:
    """The AI for the units it controls (``every_side``: all of them); it ends its units'
    turns itself and stops where a player's unit has the turn."""

    ends_own_turns = True

    def __init__(self, rules: MiridonBattleRules, every_side: bool = False) -> None:
        self.rules = rules
        self.every_side = every_side

    def next(self, state: MiridonBattle) -> dict[str, Any] | None:
        if state.result != "ongoing":
            return None
        if not state.started:
            return {"unit": None, "actions": [{"type": "begin"}],
                    "reason": "roll the turn order (L1594-1596)"}
        unit = state.current
        if unit is None or (unit.controller != "ai" and not self.every_side):
            return None
        return decide(self.rules, state, unit)
