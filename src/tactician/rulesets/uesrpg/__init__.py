"""UESRPG Wounds & Conditions (rules text 003) on the smallest UESRPG 3e v4 core it
needs: d100 tests with degrees and criticals, damage types and AR, hit
locations, wounds and shock tests, death tests, healing and 22 conditions.

Public API (see each module):

- ``character``: ``load_profile(path)``, ``build_profile(Character)``, ``Profile``
- ``state``: ``CombatState`` (frozen, hashable), ``start_state(profile)``, ``Record``
- ``turns``: ``start_of_round``, ``end_of_turn``, ``roll_initiative``
- ``wounds``: ``apply_damage``, ``first_aid``, ``treat_wound``, ``treat_bleeding``
- ``healing``: ``apply_healing``, ``long_rest``, ``days_pass``
- ``death``: ``death_test``, ``stabilise``
- ``conditions``: ``add_condition``, ``remove_condition``, ``extinguish``, ...
- ``attack``: ``plan_attack``, ``forecast``, ``resolve``
- ``options``: ``UesrpgOptions`` (the rulings)
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.registry import Ruleset


def _load_unit(path: Any) -> Any:
    from tactician.rulesets.uesrpg.character import load_profile

    return load_profile(path)


def _start_state(profile: Any) -> Any:
    from tactician.rulesets.uesrpg.state import start_state

    return start_state(profile)


def _options(pairs: Any = ()) -> Any:
    from tactician.rulesets.uesrpg.options import UesrpgOptions

    return UesrpgOptions().with_overrides(list(pairs))


def _plan_attack(*args: Any, **kwargs: Any) -> Any:
    from tactician.rulesets.uesrpg.attack import plan_attack

    return plan_attack(*args, **kwargs)


def _forecast(plan: Any) -> Any:
    from tactician.rulesets.uesrpg.attack import forecast

    return forecast(plan)


def _resolve(plan: Any, dice: Any) -> Any:
    from tactician.rulesets.uesrpg.attack import resolve

    return resolve(plan, dice)


def _start_of_round(unit: Any, chance: Any, options: Any = None) -> Any:
    from tactician.rulesets.uesrpg.turns import start_of_round

    return start_of_round(unit, chance, options)


def _end_of_turn(unit: Any, chance: Any, options: Any = None) -> Any:
    from tactician.rulesets.uesrpg.turns import end_of_turn

    return end_of_turn(unit, chance, options)


def _initiative(unit: Any, chance: Any, options: Any = None) -> Any:
    from tactician.rulesets.uesrpg.turns import roll_initiative

    return roll_initiative(unit, chance, options)


RULESET = Ruleset(
    id="uesrpg",
    title="UESRPG Wounds & Conditions",
    source="003_1bed61d1ae70171f.txt",
    summary="d100 tests, hit locations, AR by damage type, wounds, death tests, conditions",
    services={
        "load_unit": _load_unit,
        "start_state": _start_state,
        "options": _options,
        "plan_attack": _plan_attack,
        "forecast": _forecast,
        "resolve": _resolve,
        "start_of_round": _start_of_round,
        "end_of_turn": _end_of_turn,
        "initiative": _initiative,
    },
)
