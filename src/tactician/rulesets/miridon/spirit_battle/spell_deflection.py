"""Magic Shield Deflection against an Elemental Spell in battle (004 L2201-2215) and the
Redirection flairs (L550-566), the battle's half: who may deflect, and what it costs.

"Trigger Action: [Elemental Spell], ..." (L2202): an Elemental Spell's damage is "[Damage
Dealt] that would be reduced with [Spell Damage Reduction]" ("[Spell Damage Reduction]
reduces this damage.", L3288), so a target in a shield block stance with the flair may
deflect it, "after then [Damage Dealt] is rolled" (L2205): the choice is made on the roll in
``magic.activation.elemental_effect`` (the one procedure the forecast enumerates). The
action's ``deflect`` is the targets' choice, as an attack's is the defender's
(``battle/magic_shield``): ``auto`` (default; under ``auto_reactions: policy`` a target that
can deflects a roll exceeding its SDR), ``yes`` (deflect; refused naming why when it cannot)
or ``no``; one word for every target or a mapping per target. The SDR added, the cost and the
stance after are Magic Shield Deflection's (``msd_amount``, L2207-2213).
"""

from __future__ import annotations

from collections.abc import Mapping

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.magic_shield import bonus, why_not
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import Compendium

CHOICES = ("auto", "yes", "no")


def _choices(raw: object, ids: tuple[str, ...]) -> dict[str, str]:
    if raw in (None, ""):
        return dict.fromkeys(ids, "auto")
    if isinstance(raw, str):
        found = dict.fromkeys(ids, raw.strip().lower())
    elif isinstance(raw, Mapping):
        unknown = [str(k) for k in raw if str(k) not in ids]
        if unknown:
            raise RulesError(f"deflect: {unknown[0]!r} is not a target of this spell "
                             f"(targets: {', '.join(ids) or 'none'})")
        found = {t: str(raw.get(t, "auto")).strip().lower() for t in ids}
    else:
        raise RulesError(f"deflect must be one of {', '.join(CHOICES)} or a mapping of target "
                         f"to one, not {raw!r}")
    for who, choice in found.items():
        if choice not in CHOICES:
            raise RulesError(f"deflect: {who}: {choice!r} is not one of {', '.join(CHOICES)}")
    return found


def spell_deflections(book: Compendium, options: BattleOptions, state: MiridonBattle,
                      spell: str, caster: str, ids: tuple[str, ...], raw: object
                      ) -> dict[str, tuple[int, str]]:
    """Each target that may deflect this spell: (the SDR it adds, ``always`` or ``helps``).
    A ``yes`` that cannot be made is refused naming why, before anything changes."""
    found: dict[str, tuple[int, str]] = {}
    for who, choice in _choices(raw, ids).items():
        if choice == "no" or who == caster:
            continue
        target = state.unit(who)
        reason = why_not(book, options, target) if spell == "Elemental Spell" else (
            f"{spell}'s effect is not damage reduced by Spell Damage Reduction: only an "
            f"Elemental Spell's is (004 L2202-2205, L3288)")
        if reason is not None:
            if choice == "yes":
                raise RulesError(f"deflect: {reason}")
            continue
        if choice == "yes":
            found[who] = (bonus(book, options, target), "always")
        elif options.auto_reactions == "policy":
            found[who] = (bonus(book, options, target), "helps")
    return found

