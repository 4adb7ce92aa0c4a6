"""The conformance kit: every test here runs, unchanged, against every
registered ruleset (``registry.all_rulesets()``), driven by what the ruleset
ships (``RulesetContract.examples()``). A new ruleset is done when it passes."""

from __future__ import annotations

import pytest

from tactician.rulesets.contract import RulesetContract
from tactician.rulesets.registry import all_rulesets

RULESET_IDS = [r.id for r in all_rulesets()]


@pytest.fixture(params=RULESET_IDS)
def contract(request: pytest.FixtureRequest) -> RulesetContract:
    from tactician.rulesets.registry import get

    return get(request.param).contract()
