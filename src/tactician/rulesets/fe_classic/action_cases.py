"""A battle where each of fe-classic's action kinds applies (``Examples.actions``): the
Pass at Zaha's set-up for the set-up's kinds, begun (``start``) for the battle's, a unit
moved, hurt, made a thief or given a door or a snag beside it where the kind needs one,
then the kind's example from the action schema. The conformance kit plays each on
seeded and physical dice, in text and ``--json``.
"""

from __future__ import annotations

from tactician.rulesets.contract.values import ActionCase, ExampleBattle
from tactician.rulesets.fe_common.battle.arrange import arrange

BEGUN = ({"type": "start", "unit": "eirika"},)
ROUND_OVER = ({"type": "end_phase"}, {"type": "end_phase"})


def cases(zaha: ExampleBattle) -> tuple[ActionCase, ...]:
    """Seth (3, 11), Moulder (1, 13), Garcia (5, 13), Eirika (4, 10) on the Fort; the
    brute camps far north at (2, 0) until a case brings it near."""
    brute_beside_seth = arrange(at={"brute": (3, 10)})
    seth_beside_eirika = arrange(at={"seth": (4, 11)})
    return (
        ActionCase("deploy", zaha),
        ActionCase("withdraw", zaha),
        ActionCase("start", zaha),
        ActionCase("move", zaha, before=BEGUN),
        ActionCase("attack", zaha, before=BEGUN, arrange=brute_beside_seth),
        ActionCase("staff", zaha, before=BEGUN, arrange=arrange(at={"brute": (1, 12)})),
        ActionCase("seize", zaha, before=BEGUN,
                   arrange=arrange(at={"eirika": (14, 1)}, hp={"oneill": 0})),
        ActionCase("wait", zaha, before=BEGUN),
        ActionCase("open", zaha, before=BEGUN, arrange=arrange(
            fields={"garcia": {"class_name": "Thief"}}, terrain={(6, 13): "Door"})),
        ActionCase("break", zaha, before=BEGUN,
                   arrange=arrange(terrain={(6, 13): "Wall (Unstable)"})),
        ActionCase("rescue", zaha, before=BEGUN, arrange=seth_beside_eirika),
        ActionCase("drop", zaha, before=(*BEGUN, {"type": "rescue", "unit": "seth",
                                                  "target": "eirika"}, *ROUND_OVER),
                   arrange=seth_beside_eirika),
        ActionCase("end_phase", zaha, before=BEGUN),
    )
