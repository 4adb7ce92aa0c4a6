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

Battles on the map (the ``battle_*`` modules; docs/rulings.md): the same
services Tropera offers the table layer — ``battle`` (rules for the core
engine: initiative, Turns, AP, conditions ticking, death tests at their edge),
``ai`` (the planner for AI-controlled units), ``battle_view``,
``battle_forecast``, and ``plan_fight``/``forecast_report``/``attack_report``
for ``tactician forecast|attack --ruleset uesrpg``, and ``sheet``.
"""

from __future__ import annotations

from tactician.rulesets.registry import Ruleset, lazy

_HERE = "tactician.rulesets.uesrpg"

RULESET = Ruleset(
    id="uesrpg",
    title="UESRPG Wounds & Conditions",
    source="003_1bed61d1ae70171f.txt",
    summary="d100 tests, hit locations, AR by damage type, wounds, death tests, conditions",
    services={
        "load_unit": lazy(f"{_HERE}.character:load_profile"),
        "start_state": lazy(f"{_HERE}.state:start_state"),
        "options": lazy(f"{_HERE}.options:options_from"),
        "plan_attack": lazy(f"{_HERE}.attack:plan_attack"),
        "forecast": lazy(f"{_HERE}.attack:forecast"),
        "resolve": lazy(f"{_HERE}.attack:resolve"),
        "start_of_round": lazy(f"{_HERE}.turns:start_of_round"),
        "end_of_turn": lazy(f"{_HERE}.turns:end_of_turn"),
        "initiative": lazy(f"{_HERE}.turns:roll_initiative"),
        "battle": lazy(f"{_HERE}.battle_rules:battle_rules"),
        "ai": lazy(f"{_HERE}.battle_ai:planner"),
        "battle_view": lazy(f"{_HERE}.battle_service:board_view"),
        "battle_forecast": lazy(f"{_HERE}.battle_service:battle_forecast"),
        "plan_fight": lazy(f"{_HERE}.battle_service:plan_fight"),
        "forecast_report": lazy(f"{_HERE}.battle_service:forecast_report"),
        "attack_report": lazy(f"{_HERE}.battle_service:attack_report"),
        "sheet": lazy(f"{_HERE}.battle_service:sheet"),
    },
)
