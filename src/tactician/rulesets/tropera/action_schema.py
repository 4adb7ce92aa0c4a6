"""Tropera's battle actions as a schema (``rulesets.contract.actions``): what
``battle act`` and the web table's forms may send, checked by the table before the
rules see it, and what ``action_registry.ACTIONS`` holds each handler to.

The words are 000's: "Move Action: Move up to your maximum movement total";
"Main Actions ... end your turn after being taken" (Attack, Dash, Defend, Prepare
Attack, Use Item, Use Staff); "Bonus Action: ... You may take one Bonus Action on
your turn" (Equip, Trade, Transform, Search...); the feats' own actions. Tropera has
no set-up stage: every kind is the controller's to send, ending the phase too.
The examples are the action cases' (``action_cases``): the ford's party and the
arena's (``examples/tropera/actions``).
"""

from __future__ import annotations

from tactician.rulesets.contract.actions import ActionSchema, actor, key, kind

ACTION_SCHEMA = ActionSchema("tropera", (
    kind("move", "Move Action: move up to the movement left; moving does not end the turn",
         actor(), key("to", "tile", "where to move", required=True),
         example={"unit": "aria", "to": [4, 4]}),
    kind("attack", "Attack: an Attack Sequence against a hostile target (a main action)",
         actor(), key("target", "unit", "the foe attacked"),
         key("targets", "units", "several foes, for a multi-target attack (Chain Lightning)"),
         key("weapon", "weapon", "the weapon used (it is equipped); default: the one wielded"),
         key("grapple", "flag", "Grapple: hold the target instead of striking"),
         key("trample", "flag", "Trample: ride over the target to the space beyond"),
         key("multishot", "units", "Multishot: the target of each strike, in order"),
         example={"unit": "aria", "target": "brigand-1"}),
    kind("wait", "end this unit's turn without a main action", actor(),
         example={"unit": "aria"}),
    kind("dash", "Dash: sprint, doubling the movement for this turn (a main action)", actor(),
         example={"unit": "aria"}),
    kind("defend", "Defend: add Skill to Avoidance until the unit's next turn (a main action)",
         actor(), example={"unit": "aria"}),
    kind("equip", "Equip: switch which weapon the unit wields (a bonus action)", actor(),
         key("weapon", "weapon", "the weapon to wield", required=True),
         example={"unit": "aria", "weapon": "Steel Sword"}),
    kind("end_phase", "end the side's phase: the next side's units get a fresh turn",
         actor("who ends it (any unit of the side, or none)", required=False),
         example={}),
    kind("item", "Use Item: a Vulnerary, Pure Water or stat booster (a main action)", actor(),
         key("item", "item", "the item used", required=True),
         key("target", "unit", "who it is used on (an adjacent ally); default: the user"),
         example={"unit": "lute", "item": "Vulnerary", "target": "aria"}),
    kind("staff", "Use Staff: cast a spell using the chosen staff's effects (a main action)",
         actor(), key("staff", "weapon", "the staff used", required=True),
         key("target", "unit", "who it is cast on; default: the user"),
         example={"unit": "lute", "staff": "Heal", "target": "aria"}),
    kind("prepare", "Prepare Attack: designate spaces; a foe entering one is struck in its "
         "phase (a main action)", actor(),
         key("tiles", "tiles", "the designated spaces [[x, y], ...]", required=True),
         key("weapon", "weapon", "the weapon to strike with (it is equipped)"),
         example={"unit": "aria", "tiles": [[3, 4], [2, 5]]}),
    kind("rescue", "Rescue (Mounted, Flying Mount): pick up an adjacent ally as a passenger",
         actor(), key("target", "unit", "the ally picked up", required=True),
         example={"unit": "aria", "target": "lute"}),
    kind("drop", "drop the passenger on a free adjacent space (or the passenger dismounts)",
         actor(), key("to", "tile", "where the passenger goes", required=True),
         key("passenger", "unit", "the passenger, when an adjacent ally drops it"),
         example={"unit": "aria", "to": [3, 4]}),
    kind("attack_terrain", "attack destructible terrain (a cracked wall, a dead tree)",
         actor(), key("tile", "tile", "the terrain's tile", required=True),
         key("weapon", "weapon", "the weapon used (it is equipped)"),
         example={"unit": "aria", "tile": [3, 4]}),
    kind("embark", "Embark: take control of the siege space the unit stands on", actor(),
         example={"unit": "aria"}),
    kind("disembark", "Disembark: abandon control of the siege space", actor(),
         example={"unit": "aria"}),
    kind("transform", "Transform: into or out of laguz form (a bonus action)", actor(),
         example={"unit": "lethe"}),
    kind("trade", "Trade: give, take or exchange items with an adjacent ally (a bonus action)",
         actor(), key("with", "unit", "the ally traded with", required=True),
         key("give", "items", "what the unit gives"),
         key("take", "items", "what the unit takes"),
         example={"unit": "lute", "with": "aria", "give": ["Pure Water"]}),
    kind("search", "Search: inspect the house or suspicious space the unit stands on "
         "(a bonus action)", actor(), example={"unit": "aria"}),
    kind("steal", "Steal (Thief): take one item from an adjacent foe", actor(),
         key("target", "unit", "the foe robbed", required=True),
         key("item", "item", "the item taken", required=True),
         example={"unit": "aria", "target": "chief", "item": "Vulnerary"}),
    kind("provoke", "Provoke: taunt all foes within 2 spaces to attack the unit", actor(),
         example={"unit": "aria"}),
    kind("shade", "Shade: mask the unit's presence, forcing foes to target others", actor(),
         example={"unit": "aria"}),
    kind("overload", "Overload: the unit's next spell strikes harder at a cost", actor(),
         example={"unit": "lute"}),
))
