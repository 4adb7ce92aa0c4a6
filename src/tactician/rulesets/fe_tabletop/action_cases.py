"""A battle where each of fe-tabletop's action kinds applies (``Examples.actions``):
Castle Renvall's start (Ana's eirika (2, 4), lute (1, 3), moulder (1, 4) play first on
seed 4; Ben's kyle (1, 5), vanessa, garcia), a unit moved, hurt or made a thief or a
dancer where the kind needs one, then the kind's example from the action schema. The
conformance kit plays each on seeded and physical dice, in text and ``--json``.
"""

from __future__ import annotations

from dataclasses import replace

from tactician.rulesets.contract.values import ActionCase, ExampleBattle
from tactician.rulesets.fe_common.battle.arrange import arrange

# the players' d100s first, as an entry of their own (the first action would roll them
# with it, and undoing that action would drop the roll too: issue 24 item 6)
ROLLED = ({"type": "turn_order"},)
BENS_TURN = (*ROLLED, {"type": "end_phase"})  # Ana's turn ends


def cases(example: ExampleBattle) -> tuple[ActionCase, ...]:
    castle = replace(example, seed=4)  # the README's seed: Ana's d100 wins the first turn
    next_to_eirika = arrange(at={"brigand-1": (3, 4)})
    return (
        ActionCase("move", castle, before=ROLLED),
        ActionCase("attack", castle, before=ROLLED, arrange=next_to_eirika),
        ActionCase("wait", castle, before=ROLLED),
        ActionCase("equip", castle, before=ROLLED),
        ActionCase("turn_order", castle),
        ActionCase("end_phase", castle, before=ROLLED),
        ActionCase("talk", castle, before=ROLLED, arrange=arrange(
            at={"brigand-1": (3, 4)}, fields={"brigand-1": {"recruit_by": ("eirika",)}})),
        ActionCase("enter_building", castle, before=ROLLED,
                   arrange=arrange(at={"moulder": (2, 5)})),
        ActionCase("seize", castle, before=ROLLED,
                   arrange=arrange(at={"eirika": (10, 2)}, hp={"oneill": 0})),
        ActionCase("rescue", castle, before=BENS_TURN, arrange=arrange(at={"lute": (1, 6)})),
        ActionCase("drop", castle, before=(*BENS_TURN, {"type": "rescue", "unit": "kyle",
                                                        "target": "lute"}),
                   arrange=arrange(at={"lute": (1, 6)})),
        ActionCase("steal", castle, before=ROLLED, arrange=arrange(
            at={"brigand-1": (3, 4)}, character={"eirika": {"class_name": "Thief"}})),
        ActionCase("use_staff", castle, before=ROLLED, arrange=arrange(hp={"lute": 8})),
        ActionCase("vulnerary", castle, before=ROLLED, arrange=arrange(hp={"lute": 8})),
        ActionCase("use_item", castle, before=ROLLED, arrange=arrange(hp={"lute": 8})),
        ActionCase("dance", castle, before=(*ROLLED, {"type": "wait", "unit": "lute"}),
                   arrange=arrange(character={"moulder": {"class_name": "Dancer"}})),
    )
