"""Fire Emblem Tropera (rules text 000): point-buy characters, d20 growth
level-ups, feats, proficiency ranks, Attack Sequences with True Hit, enemy
tiers and critical wounds."""

from __future__ import annotations

from tactician.rulesets.registry import Ruleset, lazy

_HERE = "tactician.rulesets.tropera"

RULESET = Ruleset(
    id="tropera",
    title="Fire Emblem Tropera",
    source="000_2214244d4b22f60c.txt",
    summary="Point-buy characters, d20 growths, feats, ranks D..S+4, True Hit",
    services={
        "plan_fight": lazy(f"{_HERE}.fight:plan_fight"),
        "forecast_report": lazy(f"{_HERE}.fight:forecast_report"),
        "attack_report": lazy(f"{_HERE}.fight:attack_report"),
        "sheet": lazy(f"{_HERE}.sheet:sheet_of"),
        "battle": lazy(f"{_HERE}.battle_service:battle_rules"),
        "ai": lazy(f"{_HERE}.battle_service:planner"),
        "battle_view": lazy(f"{_HERE}.battle_service:board_view"),
        "battle_forecast": lazy(f"{_HERE}.battle_service:battle_forecast"),
    },
)
