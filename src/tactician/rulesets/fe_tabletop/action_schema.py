"""fe-tabletop's battle actions as a schema (``rulesets.contract.actions``): what
``battle act`` and the web table's forms may send, checked by the table before the
rules see it, and what ``battle_registry.ACTIONS`` holds each handler to.

001 L44: "Move" once a turn, whole, before or after one Standard action (L55:
"Attack", "Use Staff", "Vulnerary", "Talk", "Enter Building", "Seize Throne",
"Dance", "Rescue Unit"), and the Free actions of L56 ("Equip Weapon", "Drop
unit"). L42: the players roll a d100 each for their turn order, which the GM (or
the first action of the Player turn) rolls. The examples are the action cases'
(``action_cases``): the castle and its arena (``examples/fe_tabletop/actions``).
"""

from __future__ import annotations

from tactician.rulesets.contract.actions import ActionSchema, actor, key, kind

ACTION_SCHEMA = ActionSchema("fe-tabletop", (
    kind("move", "Move (L44): the whole move, once a turn, before or after the Standard "
         "action", actor(), key("to", "tile", "where to move", required=True),
         example={"unit": "lute", "to": [3, 3]}),
    kind("attack", "Attack (L45-53, a Standard action): 1d100 against the Hit chance, the "
         "weapon's damage dice, the counter", actor(),
         key("target", "unit", "the foe attacked", required=True),
         key("weapon", "weapon", "the weapon used (it is equipped); default: the one equipped"),
         example={"unit": "eirika", "target": "brigand-1"}),
    kind("wait", "end this unit's turn", actor(), example={"unit": "lute"}),
    kind("equip", "Equip Weapon (L56, a Free action): any carried weapon the unit's rank "
         "allows", actor(), key("weapon", "weapon", "the weapon to equip", required=True),
         example={"unit": "eirika", "weapon": "Iron Sword"}),
    kind("turn_order", "roll the players' d100s for the Player turn's order now (L42; the "
         "first action of the turn rolls them anyway)",
         actor("any unit (the roll is the table's)", required=False), sender="gm",
         aliases=("roll_order",), example={"unit": "eirika"}),
    kind("end_phase", "end the current player's turn, or the side's phase",
         actor("who ends it (any unit of the turn, or none)", required=False), example={}),
    kind("talk", "Talk (L55): recruit the adjacent unit the scenario lets this one recruit",
         actor(), key("target", "unit", "the unit talked to", required=True),
         example={"unit": "eirika", "target": "brigand-1"}),
    kind("enter_building", "Enter Building (L55): take the gift of the building the unit "
         "stands on", actor(), aliases=("visit",), example={"unit": "moulder"}),
    kind("seize", "Seize Throne (L111): a Lord on the Throne or Gate, the boss defeated, wins",
         actor(), example={"unit": "eirika"}),
    kind("rescue", "Rescue Unit (L43, L55): carry an adjacent ally whose CON the Aid allows",
         actor(), key("target", "unit", "the ally carried", required=True),
         example={"unit": "kyle", "target": "lute"}),
    kind("drop", "Drop unit (L56, a Free action): set the carried ally down next to the unit",
         actor(), key("to", "tile", "where the ally goes", required=True),
         example={"unit": "kyle", "to": [1, 6]}),
    kind("steal", "Steal (L42, FE8's rule): a thief takes an item, not a weapon, from an "
         "adjacent foe", actor(), key("target", "unit", "the foe robbed", required=True),
         key("item", "item", "the item taken", required=True),
         example={"unit": "eirika", "target": "brigand-1", "item": "Vulnerary"}),
    kind("use_staff", "Use Staff (L55): heal an ally in the staff's range", actor(),
         key("target", "unit", "the ally healed", required=True),
         key("staff", "weapon", "the staff used; default: the first the unit can use"),
         aliases=("staff", "heal"), example={"unit": "moulder", "target": "lute"}),
    kind("vulnerary", "Vulnerary (L55): the unit drinks a Vulnerary", actor(),
         example={"unit": "lute"}),
    kind("use_item", "use a carried item: a healing item or a Torch (L110)", actor(),
         key("item", "item", "the item used", required=True),
         example={"unit": "lute", "item": "Vulnerary"}),
    kind("dance", "Dance (L50): an adjacent ally whose turn is spent regains it", actor(),
         key("target", "unit", "the ally danced for", required=True),
         example={"unit": "moulder", "target": "lute"}),
))
