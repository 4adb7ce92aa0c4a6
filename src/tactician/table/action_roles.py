"""Who may send which action kind at a table: the GM, or the controller of the acting
unit (issue 25, hole 10: a player sent fe-classic's ``start`` and ended the GM's
set-up).

The ruleset's action schema says it for every kind (``ActionKind.sender``, read by
``table.actions.may_send``); this module is the table's one question of it, so the
web asks here whatever the schema's shape.
"""

from __future__ import annotations

from tactician.table.actions import may_send, schema_of


def gm_only(ruleset: str, action_type: object) -> bool:
    """Whether an action of ``action_type`` is the GM's alone (the set-up, starts and
    rolls). An unknown type is not: the schema refuses it by name."""
    return schema_of(ruleset).find(action_type) is not None and \
        not may_send(ruleset, action_type, "player")
