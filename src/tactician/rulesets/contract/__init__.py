"""The ruleset contract: the typed interface every ruleset fills in
(``interface``), the values that cross it (``values``) and the capabilities a
ruleset declares (``capabilities``).

The names are read lazily (PEP 562): ``from tactician.rulesets.contract import
FightRequest`` imports ``fight_request`` only, not the other values' modules, so
each command pays at start-up for the values it uses (issue 16: a dataclass
costs its definition on every start). For type checkers the imports below are
the usual ones.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tactician.rulesets.contract.capabilities import (
        Capability,
        Unsupported,
    )
    from tactician.rulesets.contract.fight_request import (
        Combatant,
        FightRequest,
    )
    from tactician.rulesets.contract.interface import (
        Planner,
        RulesetContract,
    )
    from tactician.rulesets.contract.values import (
        DELETE,
        ActionCase,
        Advancement,
        AdvanceRequest,
        Asker,
        CareRequest,
        CareResult,
        CheckRequest,
        CheckResult,
        ChoiceSpec,
        Corruption,
        ExampleBattle,
        ExampleFight,
        Examples,
        OptionSpec,
        Row,
        Section,
        Sheet,
        UnitCheck,
        Violation,
    )

# each public name -> the module of this package that defines it
_WHERE = {
    "ActionCase": "values",
    "AdvanceRequest": "values",
    "Advancement": "values",
    "Asker": "values",
    "Capability": "capabilities",
    "CareRequest": "values",
    "CareResult": "values",
    "CheckRequest": "values",
    "CheckResult": "values",
    "ChoiceSpec": "values",
    "Combatant": "fight_request",
    "Corruption": "values",
    "DELETE": "values",
    "ExampleBattle": "values",
    "ExampleFight": "values",
    "Examples": "values",
    "FightRequest": "fight_request",
    "OptionSpec": "values",
    "Planner": "planner",
    "Row": "values",
    "RulesetContract": "interface",
    "Section": "values",
    "Sheet": "values",
    "UnitCheck": "values",
    "Unsupported": "capabilities",
    "Violation": "values",
}


def __getattr__(name: str) -> object:
    """The public ``name``, imported from its module on first use (then kept)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DELETE",
    "ActionCase",
    "AdvanceRequest",
    "Advancement",
    "CheckRequest",
    "CheckResult",
    "Asker",
    "Capability",
    "CareRequest",
    "CareResult",
    "ChoiceSpec",
    "Combatant",
    "Corruption",
    "ExampleBattle",
    "ExampleFight",
    "Examples",
    "FightRequest",
    "OptionSpec",
    "Planner",
    "Row",
    "RulesetContract",
    "Section",
    "Sheet",
    "UnitCheck",
    "Unsupported",
    "Violation",
]
