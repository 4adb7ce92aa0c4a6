"""The enemy phase, played by the book's three tiers.

Source: 000 "Enemy Actions": Mob — "always act in numerical order and solely
prioritize the easiest targets to hit above all other concerns"; Army —
"always act in numerical order, and consider both chance to hit and chance to
be hit by counterattacks when choosing their targets, but take less notice of
how much damage they will potentially deal or take"; Elite — "can act in any
order during their phase, and prioritize targets based on a trade off of their
likelihood to defeat the target with their turn, and the likelihood of being
defeated themself". Each tier's allowed actions follow the text's lists (``tiers``).

Every candidate (each reachable tile x each usable weapon x each foe in range)
is scored with the exact forecast of the Attack Sequence from that tile — the
same procedure that resolves it. Identical situations share one forecast (a
cache, not a shortcut). Choices are deterministic: ties break on fixed keys.

At scale (issue 16): before each action every Elite is weighed again, but what
it found last time is kept and only what the action can have changed is redone
(``ai_memo``); candidates walk the weapon's ring around each foe in reach, not
every tile against every foe; the approach to the nearest foe reads one
multi-source distance field per set of foes (``nearest_field``). Mob and Army
score on first strikes alone, so a fight's plan and forecast are worked out only
when a tie-break between two fights or a shown candidate reads them (``ai_odds``),
and a foe's fights are made once per weapon, terrain and distance. Their best is
found without scoring what cannot win (``best_of``: an Army's counters only for
fights whose hit can reach the best score). Fights are shared by their snapshots'
content (``ai_content``). The choices are those of the planner that re-decided
everyone (``tests/tropera/test_ai_decisions``; the cut: ``test_ai_cut``).
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from typing import Any

from tactician.grid.board import Board
from tactician.grid.ranges import ring_offsets
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.ai_content import ContentTokens
from tactician.rulesets.tropera.ai_memo import DecisionMemo, Kept, touched_indexes
from tactician.rulesets.tropera.ai_objectives import take_objective
from tactician.rulesets.tropera.ai_odds import FightOdds
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import (
    combatant,
    movement_left,
    reach,
    reach_through_allies,
    side_tiles,
    situation,
)
from tactician.rulesets.tropera.combatant import Combatant, carried_weapons, usable_problem
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.maneuvers import quick_draw
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import Forecast, NumbersMemo
from tactician.rulesets.tropera.targeting import PROVOKED, shaded_ignored, targetable_foes
from tactician.rulesets.tropera.tiers import may

Tile = tuple[int, int]

@dataclass(frozen=True, slots=True, init=False)
class Candidate:
    """One attack the unit could make: from ``tile``, on ``target``, with ``weapon``.

    Frozen, built by its own ``__init__`` (as ``contract.modifiers.Modifier``): a
    phase builds hundreds, and the generated one sets each field through
    ``object.__setattr__``.
    """

    tile: Tile
    target: str
    weapon: str
    tier: str  # whose priorities ``score`` follows
    moved: int
    # the fight, shared by the candidates that fight it; what a figure below needs
    # is worked out when it is first read (``ai_odds``)
    odds: FightOdds = field(repr=False, compare=False)
    # the score if worked out already: an Elite's, which ranks every candidate
    # again after each action; a Mob's or an Army's is read from the fight if asked
    known: float | None = field(default=None, repr=False, compare=False)

    def __init__(
        self,
        tile: Tile,
        target: str,
        weapon: str,
        tier: str,
        moved: int,
        odds: FightOdds,
        known: float | None = None,
    ) -> None:
        _SET_CANDIDATE["tile"](self, tile)
        _SET_CANDIDATE["target"](self, target)
        _SET_CANDIDATE["weapon"](self, weapon)
        _SET_CANDIDATE["tier"](self, tier)
        _SET_CANDIDATE["moved"](self, moved)
        _SET_CANDIDATE["odds"](self, odds)
        _SET_CANDIDATE["known"](self, known)

    @property
    def score(self) -> float:
        """The tier's priority (``score``)."""
        known = self.known
        return score(self.tier, self.odds) if known is None else known

    @property
    def hit(self) -> float:
        """The chance the first strike lands."""
        return self.odds.hit

    @property
    def counter_hit(self) -> float:
        """The chance the target's first counter lands (0 without counters)."""
        return self.odds.counter

    @property
    def defeat_target(self) -> float:
        return self.odds.figures[0]

    @property
    def defeated(self) -> float:
        return self.odds.figures[1]

    @property
    def damage_dealt(self) -> float:
        return self.odds.figures[2]

    @property
    def damage_taken(self) -> float:
        return self.odds.figures[3]

    def describe(self) -> dict[str, Any]:
        return {
            "tile": list(self.tile),
            "target": self.target,
            "weapon": self.weapon,
            "hit": round(self.hit, 4),
            "counter_hit": round(self.counter_hit, 4),
            "defeat_target": round(self.defeat_target, 4),
            "defeated": round(self.defeated, 4),
            "damage_dealt": round(self.damage_dealt, 3),
            "damage_taken": round(self.damage_taken, 3),
            "score": round(self.score, 4),
        }


# the slots' own setters, which bypass the frozen ``__setattr__``
_SET_CANDIDATE = {name: vars(Candidate)[name].__set__ for name in Candidate.__slots__}


@dataclass
class Decision:
    unit: str
    tier: str
    actions: list[dict[str, Any]]
    reason: str
    scored: list[Candidate] = field(default_factory=list)
    in_order: bool = True  # False: ``scored`` is ranked when first read

    @property
    def candidates(self) -> list[Candidate]:
        """Every candidate scored, best first (``ranked``'s order)."""
        if not self.in_order:
            self.scored.sort(key=rank_key)
            self.in_order = True
        return self.scored

    def describe(self, limit: int = 5) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "tier": self.tier,
            "actions": self.actions,
            "reason": self.reason,
            "candidates_scored": len(self.candidates),
            "best": [c.describe() for c in self.candidates[:limit]],
        }


class Scorer:
    """Scores candidates for one enemy phase, sharing forecasts between identical cases."""

    def __init__(self, options: TroperaOptions, share: bool = True) -> None:
        self.options = options
        self.share = share  # False recomputes every snapshot and forecast (for comparisons)
        self.compendium = load_compendium()
        self._units: dict[tuple[Any, ...], Combatant] = {}
        self._fights: dict[tuple[Any, ...], FightOdds] = {}
        self._numbers: NumbersMemo = {}  # strike numbers by snapshot pair (``unit_at`` keeps them)
        self._fields: dict[tuple[Any, ...], list[int]] = {}
        self._tokens = ContentTokens()
        self._alike: dict[tuple[Any, ...], tuple[Any, Combatant]] = {}
        self.memo = DecisionMemo()
        self.scored = 0

    def field(self, board: Board, foes: list[Tile]) -> list[int]:
        """``nearest_field`` for these foes, computed once per set of foe tiles."""
        key = (board.width, board.height, tuple(sorted(foes)))  # terrain plays no part
        found = self._fields.get(key)
        if found is None:
            if len(self._fields) >= 64:
                self._fields.clear()
            found = self._fields[key] = nearest_field(board, foes)
        return found

    def unit_at(
        self, state: TroperaBattle, unit: Unit, tile: Tile, weapon: str | None
    ) -> Combatant:
        terrain = state.map.board().terrain_at(tile).name
        key = (
            state.round,
            state.phase,
            unit.id,
            unit.hp,
            terrain,
            weapon,
            unit.equipped,
            tuple(sorted(e.name for e in state.effects_on(unit.id))),
        )
        found = self._units.get(key) if self.share else None
        if found is None:
            found = self._units[key] = self._snapshot(state, unit, tile, weapon)
        return found

    def _snapshot(
        self, state: TroperaBattle, unit: Unit, tile: Tile, weapon: str | None
    ) -> Combatant:
        """``combatant``, shared between units made alike: one character (the same
        object, as a roster of brigands shares it) in the same situation with the
        same weapon builds the same snapshot."""
        where = situation(state, unit, tile)
        key = (
            id(unit.character),
            unit.transformed,
            weapon,
            unit.equipped,
            unit.embarked,
            unit.carried_by is None,
            where,
        )
        found = self._alike.get(key) if self.share else None
        if found is None or found[0] is not unit.character:
            # the entry holds the character, so its id is not reused while it lives
            found = self._alike[key] = (
                unit.character,
                combatant(state, unit, tile, weapon, self.compendium),
            )
        return found[1]

    def content(self, unit: Combatant) -> int:
        """A token of the snapshot's content (``ai_content``): two snapshots with the
        same token fight alike, whoever they are."""
        return self._tokens.token(unit)

    def planned(self, attacker: Combatant, defender: Combatant, distance: int) -> FightOdds:
        """``attacker`` striking ``defender`` at ``distance``: planned now, forecast
        when first asked (``ai_odds``).

        Fights are shared between identical fights: the key is what the fight is
        made of (both snapshots' content and the distance), not who fights, so every
        brigand with the same numbers on the same terrain shares one.
        """
        key = (self.content(attacker), self.content(defender), distance)
        found = self._fights.get(key) if self.share else None
        if found is None:
            found = self._fights[key] = FightOdds(
                attacker, defender, distance, self.options, self._numbers
            )
        return found

    def fight(
        self, attacker: Combatant, defender: Combatant, distance: int
    ) -> tuple[Forecast, float, float]:
        """The forecast of the fight, with the chances of the first strike and of
        the first counter landing."""
        odds = self.planned(attacker, defender, distance)
        return odds.forecast, odds.hit, odds.counter


def _weapons(unit: Unit) -> list[str]:
    if unit.embarked is not None and unit.carried_by is None:
        return [unit.embarked]  # an embarked unit attacks with its siege weapon (siege.py)
    compendium = load_compendium()
    character = unit.character
    names = []
    for weapon in carried_weapons(character, compendium):
        if weapon.heal is not None or weapon.is_staff:
            continue
        if usable_problem(character, weapon, unit.transformed) is None:
            left = unit.uses.get(weapon.name, weapon.charges) if weapon.charges else None
            if left is None or left > 0:
                names.append(weapon.name)
    return names


def score(tier: str, odds: FightOdds) -> float:
    """The tier's priority for one candidate (higher is better): Mob and Army read
    the first strikes only, Elites the forecast."""
    if tier == "mob":
        return odds.hit
    if tier == "army":
        return odds.hit - odds.counter
    kill, killed, _, _ = odds.figures
    return kill - killed


def eager(tier: str, odds: FightOdds) -> float | None:
    """The score now for an Elite (it ranks every candidate, so every score is
    read, often); None for a Mob or an Army, whose ``best_of`` reads few."""
    return score(tier, odds) if tier == "elite" else None


def score_bound(tier: str, odds: FightOdds) -> float:
    """A number no lower than ``score(tier, odds)``, read without working out
    anything but the first strike: an Army's counter chance is never below 0, so
    its score is at most its hit; an Elite's chance to defeat is at most 1 and its
    chance to be defeated at least 0."""
    if tier == "elite":
        return 1.0
    return odds.hit


class _Context:
    """Per-decision memos: each tile's terrain, the attacker's snapshot per weapon and terrain."""

    __slots__ = ("terrain_of", "attackers", "weapons", "budget", "drawn")

    def __init__(self, state: TroperaBattle, unit: Unit) -> None:
        self.terrain_of: dict[Tile, str] = {}
        self.attackers: dict[tuple[str, str], Combatant] = {}
        # Quick Draw's choice by (foe, attacker snapshot, distance), each object kept
        # beside its id so no id is reused while the entry lives
        self.drawn: dict[tuple[int, int, int], tuple[Unit, Combatant, str | None]] = {}
        self.weapons = _weapons(unit)
        self.budget = movement_left(state, unit)


def candidates(
    state: TroperaBattle, unit: Unit, scorer: Scorer, spots: dict[Tile, int] | None = None
) -> list[Candidate]:
    """Every (tile, weapon, foe) attack the unit could make this turn, scored.

    ``spots`` is the unit's ``reach`` when the caller has it already.
    """
    if spots is None:
        spots = reach(state, unit)
    context = _Context(state, unit)
    found: list[Candidate] = []
    for foe in targetable_foes(state, unit):  # Provoke
        found += foe_candidates(state, unit, scorer, spots, foe, context)
    return ranked(state, found)


def rank_key(c: Candidate) -> tuple[Any, ...]:
    """Best first. A total order (no two candidates share target, tile and weapon),
    so the order found does not show. (The figures read straight from the fight:
    an Elite re-ranks its candidates after every action.)"""
    figures = c.odds.figures  # damage dealt, damage taken: [2], [3]
    return (-c.score, -figures[2] + figures[3], c.moved, c.target, c.tile, c.weapon)


def unshaded(state: TroperaBattle, found: list[Candidate]) -> list[Candidate]:
    """The candidates but those against Shade's ignored targets."""
    ignored = shaded_ignored(state, {c.target for c in found})  # Shade
    return [c for c in found if c.target not in ignored] if ignored else list(found)


def ranked(state: TroperaBattle, found: list[Candidate]) -> list[Candidate]:
    """Shade's ignored targets removed, best first (``rank_key``)."""
    kept = unshaded(state, found)
    kept.sort(key=rank_key)
    return kept


def best_of(found: list[Candidate]) -> Candidate:
    """``ranked``'s first without ranking the rest.

    The score leads ``rank_key``, so the best is among the highest scores. Fights
    are weighed best bound first (``score_bound``): once a fight's bound is below
    the best score found, neither it nor any after it can reach that score, so
    their scores are never worked out (an Army's counters). Among the highest,
    the tie-break figures (a forecast each) are read only when two fights tie:
    candidates of one fight share its figures, so the keys after them decide.
    """
    fights: dict[int, tuple[FightOdds, str]] = {}
    for c in found:
        fights.setdefault(id(c.odds), (c.odds, c.tier))
    top = float("-inf")
    for bound, odds, tier in sorted(
        ((score_bound(tier, odds), odds, tier) for odds, tier in fights.values()),
        key=lambda entry: -entry[0],
    ):
        if bound < top:
            break  # a score is at most its bound: this fight and those after it lose
        top = max(top, score(tier, odds))
    # a fight not weighed has a bound, so a score, below ``top``: test the bound first
    tied = [c for c in found if score_bound(c.tier, c.odds) >= top and c.score == top]
    if len({id(c.odds) for c in tied}) == 1:
        return min(tied, key=lambda c: (c.moved, c.target, c.tile, c.weapon))
    return min(tied, key=rank_key)


def foe_candidates(
    state: TroperaBattle,
    unit: Unit,
    scorer: Scorer,
    spots: dict[Tile, int],
    foe: Unit,
    context: _Context | None = None,
) -> list[Candidate]:
    """The scored attacks on one foe: each usable weapon from each reachable tile in range.

    For each weapon the tiles at a distance inside its range are walked (the ring
    around the foe, or every reachable tile if that is fewer): the same tiles.
    What a tile's attack is made of (the attacker's snapshot there, the range,
    Quick Draw's answer, the fight) depends on the weapon, the tile's terrain and
    the distance only, so it is worked out once per such triple.
    """
    context = context or _Context(state, unit)
    tier = unit.tier or "mob"
    compendium = scorer.compendium
    board = state.map.board()
    terrain_of = context.terrain_of
    assert foe.position is not None
    fx, fy = foe.position
    found: list[Candidate] = []
    # (weapon, terrain, distance) -> the fight and its score if known, None out of range
    made: dict[tuple[str, str, int], tuple[FightOdds, float | None] | None] = {}
    # the foe's snapshot by the weapon Quick Draw gives it: one state, one foe here
    defenders: dict[str | None, Combatant] = {}
    budget = context.budget
    for weapon_name in context.weapons:
        low, high = compendium.weapon(weapon_name).range
        ring = ring_offsets(low, high) if 0 <= low <= high else ()
        if len(ring) < len(spots):
            near = [(fx + dx, fy + dy) for dx, dy in ring if (fx + dx, fy + dy) in spots]
        else:
            near = [t for t in spots if low <= abs(t[0] - fx) + abs(t[1] - fy) <= high]
        for tile in near:
            distance = abs(tile[0] - fx) + abs(tile[1] - fy)
            terrain = terrain_of.get(tile)
            if terrain is None:
                terrain = terrain_of[tile] = board.terrain_at(tile).name
            kind = (weapon_name, terrain, distance)
            if kind in made:
                fight = made[kind]
            else:
                odds = _fight_from(
                    state, unit, scorer, foe, context, tile, weapon_name, terrain, distance,
                    defenders,
                )
                fight = made[kind] = None if odds is None else (odds, eager(tier, odds))
            if fight is None:
                continue
            scorer.scored += 1
            found.append(
                Candidate(tile, foe.id, weapon_name, tier, max(0, budget - spots[tile]), *fight)
            )
    return found


def _fight_from(
    state: TroperaBattle,
    unit: Unit,
    scorer: Scorer,
    foe: Unit,
    context: _Context,
    tile: Tile,
    weapon_name: str,
    terrain: str,
    distance: int,
    defenders: dict[str | None, Combatant],
) -> FightOdds | None:
    """The fight ``unit`` would start from ``tile`` (on ``terrain``) against ``foe``
    with ``weapon_name``; None when the weapon does not reach. ``defenders`` keeps
    the foe's snapshots (on this state) by the weapon it fights with."""
    attacker = context.attackers.get((weapon_name, terrain))
    if attacker is None:
        attacker = context.attackers[(weapon_name, terrain)] = scorer.unit_at(
            state, unit, tile, weapon_name
        )
    if not numbers.in_range(attacker.weapon, attacker, distance):
        return None
    # Quick Draw: the defender switches to its best weapon against this attack
    known = context.drawn.get((id(foe), id(attacker), distance))
    if known is not None and known[0] is foe and known[1] is attacker:
        drawn = known[2]
    else:
        drawn = quick_draw(state, foe, attacker, distance, scorer.options, scorer.compendium)
        context.drawn[(id(foe), id(attacker), distance)] = (foe, attacker, drawn)
    defender = defenders.get(drawn)
    if defender is None:
        assert foe.position is not None
        defender = defenders[drawn] = scorer.unit_at(state, foe, foe.position, drawn)
    return scorer.planned(attacker, defender, distance)


def _approach(
    state: TroperaBattle,
    unit: Unit,
    movement: int | None = None,
    scorer: Scorer | None = None,
    spots: dict[Tile, int] | None = None,
) -> Tile | None:
    """The reachable tile closest (Manhattan) to the nearest foe; None to stay.

    The distance to the nearest foe comes from one multi-source search over the
    board (``nearest_field``), shared by every unit approaching the same
    foes, instead of a minimum over the foes for every reachable tile.
    """
    foes = [f.position for f in targetable_foes(state, unit) if f.position is not None]
    if not foes or unit.position is None:
        return None
    if spots is None:
        spots = reach(state, unit, movement)
    board = state.map.board()
    field = (scorer.field(board, foes) if scorer is not None else nearest_field(board, foes))
    width = board.width
    best = min(spots, key=lambda t: (field[t[1] * width + t[0]], -spots[t], t))
    return None if best == unit.position else best


def nearest_field(board: Board, sources: list[Tile]) -> list[int]:
    """For every flat index, the Manhattan distance to the nearest of ``sources``.

    A breadth-first search from all sources at once over the 4-neighbour grid,
    terrain ignored: on a full grid the step count of a shortest path is the
    Manhattan distance, so this equals ``min(manhattan(tile, s) for s in sources)``.
    """
    far = board.width + board.height
    out = [far] * board.size
    frontier = []
    for tile in sources:
        i = board.index(tile)
        if out[i]:
            out[i] = 0
            frontier.append(i)
    near = board.neighbour_indexes
    step = 0
    while frontier:
        step += 1
        following = []
        for here in frontier:
            for there in near[here]:
                if out[there] > step:
                    out[there] = step
                    following.append(there)
        frontier = following
    return out


def decide(state: TroperaBattle, unit: Unit, scorer: Scorer) -> Decision:
    """What one enemy does this turn, and why."""
    spots = reach(state, unit)
    found = unshaded(state, _scored(state, unit, scorer, spots))
    return _choose(state, unit, scorer, spots, found, in_order=False)


def _scored(
    state: TroperaBattle,
    unit: Unit,
    scorer: Scorer,
    spots: dict[Tile, int],
    context: _Context | None = None,
    per_foe: dict[str, list[Candidate]] | None = None,
    skip: set[str] | frozenset[str] = frozenset(),
) -> list[Candidate]:
    """Every candidate from ``spots`` (``per_foe`` gains them by target id), but
    against the foes in ``skip``.

    Foes outside the box around ``spots`` widened by the longest weapon range
    cannot be in range: they are skipped without looking at a tile.
    """
    context = context or _Context(state, unit)
    found: list[Candidate] = []
    if not spots or not context.weapons:
        return found
    reach_far = max(scorer.compendium.weapon(name).range[1] for name in context.weapons)
    xs = [t[0] for t in spots]
    ys = [t[1] for t in spots]
    x0, x1 = min(xs) - reach_far, max(xs) + reach_far
    y0, y1 = min(ys) - reach_far, max(ys) + reach_far
    for foe in targetable_foes(state, unit):  # Provoke
        assert foe.position is not None
        if not (x0 <= foe.position[0] <= x1 and y0 <= foe.position[1] <= y1) or foe.id in skip:
            continue
        listed = foe_candidates(state, unit, scorer, spots, foe, context)
        if listed:
            found += listed
            if per_foe is not None:
                per_foe[foe.id] = listed
    return found


def _choose(
    state: TroperaBattle,
    unit: Unit,
    scorer: Scorer,
    spots: dict[Tile, int],
    found: list[Candidate],
    in_order: bool = True,
) -> Decision:
    """The decision from the candidates (``spots`` is the unit's reach), ranked
    already or (``in_order`` False) when the decision's candidates are first read."""
    tier = unit.tier or "mob"
    actions: list[dict[str, Any]] = []
    if found:
        best = found[0] if in_order else best_of(found)
        if best.tile != unit.position:
            actions.append({"type": "move", "unit": unit.id, "to": list(best.tile)})
        action: dict[str, Any] = {"type": "attack", "unit": unit.id, "target": best.target}
        if best.weapon != unit.equipped:
            action["weapon"] = best.weapon
        actions.append(action)
        why = _why(tier, best)
        return Decision(
            unit.id, tier, actions, f"attack {best.target} from {best.tile}: {why}", found, in_order
        )
    if may(tier, "dash"):
        # Dash first ("doubling your movement distance for this turn"), then move on
        dashed = unit.model_copy(update={"dashed": True})
        dashed_state = state.replace_units(dashed)
        goal = _approach(dashed_state, dashed, scorer=scorer)
        if goal is not None:
            actions = [
                {"type": "dash", "unit": unit.id},
                {"type": "move", "unit": unit.id, "to": list(goal)},
            ]
            return Decision(
                unit.id, tier, actions, "no target in reach: dash toward the nearest foe"
            )
    goal = _approach(state, unit, scorer=scorer, spots=spots)
    if goal is not None:
        actions.append({"type": "move", "unit": unit.id, "to": list(goal)})
    if may(tier, "defend"):
        actions.append({"type": "defend", "unit": unit.id})
        return Decision(unit.id, tier, actions, "no target in reach: approach and Defend")
    actions.append({"type": "wait", "unit": unit.id})
    return Decision(unit.id, tier, actions, "no target in reach: approach the nearest foe")


def _why(tier: str, best: Candidate) -> str:
    """The tier's reason for its choice; only the figures it names are read (an
    Elite's need the forecast, a Mob's the first strike alone)."""
    if tier == "mob":
        return f"easiest target to hit ({best.hit:.1%})"
    if tier == "army":
        return f"best hit {best.hit:.1%} against counter {best.counter_hit:.1%}"
    return f"defeat {best.defeat_target:.1%} against defeated {best.defeated:.1%}"


def _kept(state: TroperaBattle, unit: Unit, scorer: Scorer) -> Kept:
    """The unit's ranked candidates, reusing what it found before where no change since
    can alter it: all of it, or all but the candidates against foes that changed."""
    kept = scorer.memo.get(unit)
    if kept is None:
        passing = reach_through_allies(state, unit)
        spots = _without_allies(state, unit, passing)
        context = _Context(state, unit)
        per_foe: dict[str, list[Candidate]] = {}
        found = ranked(state, _scored(state, unit, scorer, spots, context, per_foe))
        ranges = tuple(scorer.compendium.weapon(name).range for name in context.weapons)
        kept = Kept(
            unit,
            spots,
            touched_indexes(state, [passing]),
            ranges,
            per_foe,
            found,
            bool(state.effects_on(unit.id, PROVOKED)),
            context,
        )
        kept.passing = passing
        scorer.memo.put(kept)
        return kept
    if kept.respot:
        _respot(state, unit, scorer, kept)
    if kept.dirty:
        foes = {f.id: f for f in targetable_foes(state, unit)}
        for foe_id in kept.dirty:
            foe = foes.get(foe_id)
            listed = (
                foe_candidates(state, unit, scorer, kept.spots, foe, kept.context)
                if foe is not None
                else []
            )
            if listed:
                kept.per_foe[foe_id] = listed
            else:
                kept.per_foe.pop(foe_id, None)
        kept.dirty.clear()
        kept.stale = True
    # ranked again only when its candidates changed: ``found`` is ``ranked`` of
    # ``per_foe``, and what else ranking reads (Shade's effects on the targets) is
    # a change to a foe in range, so a dirty one (issue 28: re-ranking every
    # Elite's candidates before each action was a phase's quadratic term)
    if kept.stale:
        kept.stale = False
        kept.found = ranked(state, [c for listed in kept.per_foe.values() for c in listed])
        kept.decision = None
    return kept


def _without_allies(state: TroperaBattle, unit: Unit, passing: dict[Tile, int]) -> dict[Tile, int]:
    """``reach`` from ``reach_through_allies``: the tiles allies stand on taken out."""
    allies = side_tiles(state, unit.side)  # the unit's own tile is kept below
    spots = dict(passing)  # a copy keeps the order and the keys' hashes
    here = unit.position
    # issue 28 (each action respots most Elites of a crowded phase): hashing only the
    # reach's tiles, then deleting the few allies stand on, leaves the same dict in
    # the same order as filtering every tile
    for tile in allies.intersection(passing):
        if tile != here:
            del spots[tile]
    return spots


def _respot(state: TroperaBattle, unit: Unit, scorer: Scorer, kept: Kept) -> None:
    """Allies moved on tiles the unit's search passed: the same search, other tiles
    free to stop on. Candidates from tiles now taken go; tiles now free are scored.

    ``found`` is kept ranked without ranking it all again (issue 28: in a crowded
    phase most Elites respot after every action): the candidates dropped are taken
    out of it, those added inserted in place. That is ``ranked`` of the new
    candidates exactly, ``rank_key`` being a total order, as long as the same foes
    have candidates: Shade reads which foes do, so when that set changes the
    whole is ranked again.
    """
    spots = _without_allies(state, unit, kept.passing)
    taken = kept.spots.keys() - spots.keys()
    freed = {t: spots[t] for t in spots.keys() - kept.spots.keys()}
    kept.spots = spots
    kept.respot = False
    targets = set(kept.per_foe)
    found = kept.found
    if taken:
        for foe_id in list(kept.per_foe):
            left = [c for c in kept.per_foe[foe_id] if c.tile not in taken]
            if left:
                kept.per_foe[foe_id] = left
            else:
                del kept.per_foe[foe_id]
        found = [c for c in found if c.tile not in taken]
    added: list[Candidate] = []
    if freed:
        more: dict[str, list[Candidate]] = {}
        added = _scored(state, unit, scorer, freed, kept.context, more, skip=kept.dirty)
        for foe_id, listed in more.items():
            kept.per_foe[foe_id] = kept.per_foe.get(foe_id, []) + listed
    if set(kept.per_foe) != targets:
        kept.stale = True  # Shade's "at least one other target" may read otherwise
        return
    if added:
        ignored = shaded_ignored(state, targets)  # Shade, as ``unshaded`` reads it
        found = list(found) if found is kept.found else found
        for candidate in added:
            if candidate.target not in ignored:
                insort(found, candidate, key=rank_key)
    if found is not kept.found:
        kept.found = found
        kept.decision = None


def turn_order(state: TroperaBattle) -> list[Unit]:
    """Units of the side that still act: Elites first (they "can act in any order";
    the engine picks theirs best-first), then the rest in numerical order."""
    side = state.side  # a property: read once, not per unit
    ready = [
        u
        for u in state.units
        if u.side == side
        and u.hp > 0
        and not u.acted
        and u.position is not None
        and u.carried_by is None
    ]
    return sorted(ready, key=lambda u: (u.tier != "elite", u.number))


def next_decision(state: TroperaBattle, scorer: Scorer) -> Decision | None:
    """The next enemy to act and its decision (Elites compete on their best score)."""
    order = turn_order(state)
    if not order:
        return None
    objective = take_objective(state, order)
    if objective is not None:
        unit, move, why = objective
        return Decision(unit.id, unit.tier or "mob", [move], why)
    elites = [u for u in order if u.tier == "elite"]
    if elites:
        # Every Elite is weighed before each action, on its best candidate's score;
        # most keep what they found (``ai_memo``). One with nothing in range scores
        # -inf whatever its approach, so only the Elite chosen works its approach out.
        scorer.memo.sync(state)
        weighed = [_kept(state, u, scorer) for u in elites]

        def best_score(kept: Kept) -> float:
            return kept.found[0].score if kept.found else float("-inf")

        chosen = max(weighed, key=lambda k: (best_score(k), -k.unit.number))
        if chosen.decision is None:
            chosen.decision = _choose(state, chosen.unit, scorer, chosen.spots, chosen.found)
        decision: Decision = chosen.decision
        return decision
    return decide(state, order[0], scorer)
