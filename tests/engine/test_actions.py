"""The action registry: lookup, aliases, and keys refused by name."""

from __future__ import annotations

import pytest

from tactician.engine.actions import ActionRegistry
from tactician.errors import RulesError


def _registry() -> ActionRegistry:  # type: ignore[type-arg]
    actions: ActionRegistry = ActionRegistry("test")  # type: ignore[type-arg]

    @actions.register("wait", aliases=("pass",))
    def wait() -> str:
        return "waited"

    @actions.register("move", keys=("to",))
    def move() -> str:
        return "moved"

    return actions


def test_lookup_and_aliases() -> None:
    actions = _registry()
    assert actions.checked({"type": "pass", "unit": "a"}).handler() == "waited"
    assert actions.names() == ["wait", "move", "pass"]


def test_unknown_action_lists_every_action() -> None:
    with pytest.raises(RulesError, match="unknown action 'fly'; actions are: wait, move, pass"):
        _registry().checked({"type": "fly"})


def test_unknown_key_is_refused_naming_it_and_the_allowed_keys() -> None:
    with pytest.raises(RulesError, match="wait takes no 'bogus'; its keys are: none"):
        _registry().checked({"type": "wait", "unit": "a", "bogus": 1})
    with pytest.raises(RulesError, match="move takes no 'tp'; its keys are: to"):
        _registry().checked({"type": "move", "unit": "a", "tp": [1, 1]})


def test_a_name_registered_twice_is_a_bug() -> None:
    actions = _registry()
    with pytest.raises(ValueError, match="registered twice"):
        actions.register("move")(lambda: "again")
