"""Whether a pilot may pilot a mech, checked when a battle places it inside and when it
enters one (004 L3593-3601: "A character with [Mech Training] can use any [Mech] that
meets the following requirements"), with the further parts of Mech Spell Training (L224)
and Mech Puzzle Weapon (L238) (``mechs/fitting``)."""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.options import DEFAULT_BATTLE, BattleOptions
from tactician.rulesets.miridon.battle.state import Profile
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.mechs.fitting import fit_problems, pilot_limits
from tactician.rulesets.miridon.mechs.mech import Mech


def fit_refusal(book: Compendium, pilot_id: str, pilot: Profile, mech: Mech,
                options: BattleOptions = DEFAULT_BATTLE) -> str | None:
    """The reason ``pilot`` may not pilot ``mech`` (None: it may)."""
    rank = pilot.special
    puzzle_ranks = rank("Mech Spell Training") if options.puzzle_parts_rank == \
        "mech_spell_training" else None
    try:
        limits = pilot_limits(rank("Mech Training"), rank("Mech Spell Training"),
                              rank("Mech Puzzle Weapon"), puzzle_ranks)
    except RulesError as exc:
        return f"{pilot_id}: {exc}"
    parts = [book.mech_parts[p.name.casefold()] for p in mech.parts]
    problems = fit_problems(parts, limits)
    if problems:
        return f"{pilot_id} cannot pilot the {mech.name}: " + "; ".join(problems)
    return None
