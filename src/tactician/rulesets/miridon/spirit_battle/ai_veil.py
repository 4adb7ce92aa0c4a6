"""The AI and Veil (004 L2076, L2520, L3273; ``battle/verbal_actions.veil``; docs/miridon-ai.md
"Veil").

What Veil does in Tactician: a side all of whose units lose the contest "does not see the
casting" - the caster is out of that side's view until its spell ends. The AI plays from
what its side may see (``hidden``): a unit veiled from its side is neither attacked nor
aimed at (``ai.enemies``, ``ai_spell_worth.foes``). So a Veil is worth, for each enemy side,
P(every one of its units is deceived) x the damage that side's units could deal the caster
in their next block (``ai_threat.foe_threat``) x the blocks of cast time still to go - what
it keeps off the caster and its spell (a hit drains it, L3257) - less the points' value.
The Verbal Action Veil while its verbal action is free; the Bonus Action Veil (L2520) in the
block of the cast.
"""

from __future__ import annotations

from math import prod

from tactician.rulesets.miridon.battle.ai_candidate import Candidate
from tactician.rulesets.miridon.battle.ai_threat import foe_threat
from tactician.rulesets.miridon.battle.charisma_actions import bonuses, success_chance
from tactician.rulesets.miridon.battle.costs import action_cost, affordable
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.battle.verbal_actions import VEIL, VEIL_BONUS, veiled_from
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.casting import spell_of
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of


def hidden(unit: UnitState, side: str) -> bool:
    """Whether ``side`` does not see ``unit`` (a Veil deceived it, L3273)."""
    return side in veiled_from(unit)


def veil_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    unit: UnitState) -> list[Candidate]:
    casting = casting_of(unit)
    if options.charisma_roll == "not_offered" or unit.profile.skill(VEIL) < 1 or \
            casting is None or not casting.active:
        return []
    bonus = casting.cast_block == state.block and VEIL_BONUS not in unit.once
    if not bonus and "verbal" in unit.slots:
        return []
    name = VEIL_BONUS if bonus else VEIL
    cost = action_cost(book, name, unit)
    if not affordable(unit, cost):
        return []
    subtlety = spell_of(book, casting.spell).subtlety
    blocks = max(1, casting.remaining)
    value, words = 0.0, []
    for side in sorted({u.side for u in state.units if u.side != unit.side}):
        if hidden(unit, side):
            continue
        watchers = [u for u in state.units if u.side == side and u.status == "ok"
                    and u.position is not None]
        if not watchers:
            continue
        offence_defence = [bonuses(VEIL, unit, w) for w in watchers]
        deceived = prod(success_chance(o + subtlety, d) for o, d in offence_defence)
        kept_off = sum(foe_threat(book, options, state, w, unit) for w in watchers)
        value += deceived * kept_off * blocks
        words.append(f"{side}: P(all deceived) {deceived:.0%}, keeps off {kept_off:.2f} a "
                     "block")
    if not words:
        return []
    score = value - cost_value(unit, cost)
    action = {"type": "veil", "unit": unit.id, **({"bonus": "yes"} if bonus else {})}
    return [Candidate(action, score, f"{name} on its {casting.spell} (Subtlety "
                      f"{subtlety:+d}, L3273): " + "; ".join(words) + f", {blocks} block(s) "
                      "of cast time to go", "-", "-", unit.position)]
