"""UESRPG's battle actions as a schema (``rulesets.contract.actions``): what ``battle
act`` and the web table's forms may send, checked by the table before the rules see
it, and what ``action_registry.ACTIONS`` holds each handler to.

A battle runs in initiative order, Turn by Turn; every action spends Action Points
(core: an attack 1 AP, a Move action 1 AP); 003's care ("first aid (a Survival or
Profession [Medicine] test, 1 Turn, requires a healer's kit)", stabilising, treating
wounds and Bleeding) and its conditions' own actions (Burning's "To extinguish: 1 AP",
Prone's "Arise", Frenzied's calming). Rolling initiative begins the battle: the GM's
to send. The examples are the action cases' (``action_cases``): the skirmish and its
arena (``examples/uesrpg/actions``).
"""

from __future__ import annotations

from tactician.rulesets.contract.actions import ActionSchema, actor, key, kind

DEFENCES = ("none", "evade", "parry", "block")  # attack.DEFENCES, held equal by a test

ACTION_SCHEMA = ActionSchema("uesrpg", (
    kind("begin", "roll initiative (1d6 + rating) and start round 1",
         actor("any unit (the roll is the table's)", required=False), sender="gm",
         example={"unit": "aela"}),
    kind("end_turn", "end the current unit's Turn: its end-of-Turn edge, then the next Turn",
         actor("the unit whose Turn it is (or none)", required=False),
         aliases=("end_phase", "wait"), example={"unit": "aela"}),
    kind("move", "a Move action (1 AP) buys Speed metres for this Turn", actor(),
         key("to", "tile", "where to move", required=True),
         example={"unit": "aela", "to": [3, 1]}),
    kind("stand", "stand up from Prone: half base Speed in movement, or Arise (1 AP)", actor(),
         aliases=("arise",), example={"unit": "aela"}),
    kind("extinguish", "put out Burning: 1 AP, a Strength or Agility test at +20 (falls Prone)",
         actor(), key("where", "name", "the burning hit location; default: the first",
                      of="hit location"),
         example={"unit": "aela"}),
    kind("calm", "end Frenzied: a Willpower -20 test as an action (1 AP)", actor(),
         example={"unit": "aela"}),
    kind("attack", "attack with a weapon (1 AP); the target may defend (evade, parry, block)",
         actor(), key("target", "unit", "the unit attacked", required=True),
         key("weapon", "weapon", "the weapon used; default: the last or first carried"),
         key("defence", "choice", "the target's defence; default: its best",
             values=DEFENCES),
         example={"unit": "aela", "target": "bandit-1"}),
    kind("first_aid", "first aid: a Survival or Profession [Medicine] test with a healer's kit "
         "(the healer's Turn)", actor(),
         key("target", "unit", "the unit tended, next to the healer; default: the healer"),
         key("wound", "integer", "the wound's number; default: the first", minimum=1,
             maximum=999),
         example={"unit": "aela", "target": "brand"}),
    kind("stabilise", "stabilise a dying unit (Survival or Profession [Medicine] test + "
         "healer's kit) to stop its death tests", actor(),
         key("target", "unit", "the dying unit, next to the healer", required=True),
         aliases=("stabilize",), example={"unit": "aela", "target": "brand"}),
    kind("heal", "magical healing: restores the HP a spell or potion gives (1 AP)", actor(),
         key("target", "unit", "the unit healed, the healer or next to it; default: the healer"),
         key("amount", "integer", "the HP restored", required=True, minimum=1, maximum=999),
         key("magical", "flag", "magical healing (default yes) or mundane HP regained"),
         example={"unit": "aela", "target": "brand", "amount": 4}),
    kind("treat_wound", "treat a wound: a Profession [Medicine] test (takes the healer's Turn)",
         actor(), key("target", "unit", "the wounded unit; default: the healer"),
         key("wound", "integer", "the wound's number; default: the first untreated",
             minimum=1, maximum=999),
         example={"unit": "aela", "target": "brand"}),
    kind("treat_bleeding", "reduce Bleeding by a Profession [Medicine] test + healer's kit",
         actor(), key("target", "unit", "the bleeding unit; default: the healer"),
         example={"unit": "aela", "target": "brand"}),
))
