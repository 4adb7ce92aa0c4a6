"""Fixed Attack Sequences whose exact forecasts are recorded in ``data/forecasts.json``.

The records were written by this module running on the forecast before issue
16's speed work (commit f1f98bd): every end state with its probability, as
``repr`` of the float, so ``test_forecast_records`` checks the faster
enumeration gives the very same numbers, bit for bit. The cases cover what the
strike procedure reads: True Hit and crits on both sides, Brave and Reckless,
several targets, Cleave chains, Miracle, Shield, Guard Break, Silencer,
Vantage, Trample, Grappler and Multishot.

Re-record (only when a rules change is meant to change odds):
``PYTHONPATH=src .venv/bin/python -m tests.tropera.forecast_cases``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tactician.rulesets.tropera.models import Weapon
from tactician.rulesets.tropera.sequence import Maneuver, Plan, forecast, plan_sequence
from tests.tropera.units import FIRE, IRON_AXE, IRON_BOW, IRON_SWORD, unit

DATA = Path(__file__).resolve().parent / "data" / "forecasts.json"

BRAVE = Weapon(name="Brave Sword", type="sword", might=9, accuracy=60, critical=15, brave=True)
KILLER_AXE = Weapon(name="Killer Axe", type="axe", might=11, accuracy=80, critical=30)
CHAIN = FIRE.model_copy(
    update={"name": "Chain Lightning", "extra_targets": 3, "critical": 10, "accuracy": 70}
)
AXE = IRON_AXE.model_copy(update={"critical": 20, "accuracy": 85})


def hard() -> Plan:
    """The benchmark's hard fight: True Hit and crits on both sides, 4 strikes against 2."""
    hero = unit(
        "Hero", hp=52, str_=11, skl=12, spd=15, lck=8, def_=7, weapon=BRAVE, feats=("Reckless",)
    )
    brigand = unit("Brigand", hp=44, str_=13, skl=14, spd=8, lck=4, def_=6, weapon=KILLER_AXE)
    return plan_sequence(hero, [brigand])


def mage() -> Any:
    return unit(
        "Mage", hp=30, mag=14, skl=10, spd=12, lck=8, def_=5, res=6, weapon=CHAIN,
        ranks={"anima": "B"},
    )


def foes(count: int) -> list[Any]:
    return [
        unit(f"E{i}", hp=20 + 3 * i, str_=10, skl=12, spd=6, lck=3, def_=5, res=2, weapon=AXE)
        for i in range(count)
    ]


def chain(targets: int) -> Plan:
    """The benchmark's multi-target attack: a tome striking ``targets`` foes, crits live."""
    return plan_sequence(mage(), foes(targets), distance=1)


def cleave() -> Plan:
    axeman = unit("Axeman", hp=30, str_=12, skl=12, spd=9, lck=5, weapon=AXE, feats=("Cleave",))
    enemies = foes(3)
    return plan_sequence(axeman, enemies[:1], distance=1, bystanders=enemies[1:])


def feats(attacker: tuple[str, ...], defender: tuple[str, ...], **kw: Any) -> Callable[[], Plan]:
    def build() -> Plan:
        a = unit("A", hp=40, str_=10, skl=14, spd=10, lck=6, weapon=IRON_SWORD, feats=attacker)
        d = unit("D", hp=44, str_=9, skl=11, spd=12, lck=5, weapon=AXE, feats=defender)
        return plan_sequence(a, [d], distance=1, maneuver=Maneuver(**kw) if kw else None)

    return build


def multishot() -> Plan:
    archer = unit(
        "Archer", hp=24, str_=10, skl=14, spd=14, lck=6, weapon=IRON_BOW, feats=("Multishot",)
    )
    return plan_sequence(archer, foes(2), distance=2, maneuver=Maneuver(multishot=(1, 2)))


CASES: dict[str, Callable[[], Plan]] = {
    "hard": hard,
    "chain-2": lambda: chain(2),
    "chain-3": lambda: chain(3),
    "chain-4": lambda: chain(4),
    "cleave-3": cleave,
    "miracle-shield": feats(("Miracle",), ("Shield", "Miracle")),
    "guard-break-silencer": feats(("Guard Break", "Silencer"), ()),
    "vantage": feats((), ("Vantage",)),
    "trample": feats(("Trample",), (), trample=6),
    "grapple": feats(("Grappler",), (), grapple=True),
    "multishot": multishot,
}


def record(name: str) -> dict[str, str]:
    """Every end state of the case's forecast (as text) with ``repr`` of its probability."""
    final = forecast(CASES[name]()).final
    return {json.dumps(state): repr(p) for state, p in final.items()}


def main() -> int:
    data = {name: record(name) for name in CASES}
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"recorded {sum(len(v) for v in data.values())} end states in {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
