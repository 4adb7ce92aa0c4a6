"""The ruleset contract: the typed interface every ruleset fills in
(``interface``), the values that cross it (``values``) and the capabilities a
ruleset declares (``capabilities``)."""

from tactician.rulesets.contract.capabilities import Capability, Unsupported
from tactician.rulesets.contract.interface import Planner, RulesetContract
from tactician.rulesets.contract.values import (
    DELETE,
    Advancement,
    AdvanceRequest,
    Asker,
    CareRequest,
    CareResult,
    CheckRequest,
    CheckResult,
    ChoiceSpec,
    Combatant,
    Corruption,
    ExampleBattle,
    ExampleFight,
    Examples,
    FightRequest,
    OptionSpec,
    Row,
    Section,
    Sheet,
    UnitCheck,
    Violation,
)

__all__ = [
    "DELETE",
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
